// What an analyst gets after a refresh (docs/analysts.md, issue #20), checked on a test's freshly refreshed
// sample: the DuckDB catalog has a view per output table; the five worked questions of docs/analysts.md run
// as written, in SQL against the catalog and in pandas/pyarrow against the files, and agree; the flood and
// EPC question's answer equals a recount straight from the block tables; GeoPandas reads every spatial table
// in EPSG:27700 and pyarrow every block as nested typed columns. Called from a test file that has refreshed the sample (refresh-and-epcs.test.ts), so it
// costs no refresh of its own: the catalog is the one that refresh's workflow wrote as its last step.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { DATA_CONTRACT_VERSION } from '../../schemas/data-contract';
import { REPO_ROOT } from '../../pipelines/config';
import { geoPython, hasPython, runPythonJson } from '../helpers/python-geo';
import type { RefreshedStack } from '../helpers/refreshed-stack';

/** The fenced blocks of one language under "## Worked questions", in order. */
export function workedBlocks(markdown: string, language: 'sql' | 'python'): string[] {
  const section = markdown.split(/^## Worked questions$/m)[1]?.split(/^## /m)[0] ?? '';
  return [...section.matchAll(new RegExp('```' + language + '\\n([\\s\\S]*?)```', 'g'))].map((m) => m[1]!);
}

const PRESENT_DAY_MAPS = [
  'england.rivers_and_seas',
  'england.surface_water',
  'wales.coast',
  'wales.rivers',
  'wales.surface_water',
  'scotland.coast',
  'scotland.rivers',
  'scotland.surface_water',
];

// Runs each snippet as its own script and collects its stdout; one interpreter start for all of them.
const RUN_SNIPPETS = `
import contextlib, io, json, sys
out = []
for code in json.load(sys.stdin):
    buffer = io.StringIO()
    with contextlib.redirect_stdout(buffer):
        exec(compile(code, "snippet", "exec"), {"__name__": "__main__"})
    out.append(buffer.getvalue())
print(json.dumps(out))
`;

// Every block table's \`block\` as pyarrow reads it: a struct, and how many leaf fields under it are strings
// holding JSON (none may).
const READ_BLOCKS = `
import json, sys, pyarrow as pa, pyarrow.parquet as pq
def leaves(t):
    if pa.types.is_struct(t):
        return [l for i in range(t.num_fields) for l in leaves(t.field(i).type)]
    if pa.types.is_list(t) or pa.types.is_large_list(t):
        return leaves(t.value_type)
    if pa.types.is_map(t):
        return leaves(t.key_type) + leaves(t.item_type)
    return [t]
out = {}
for path in json.load(sys.stdin):
    t = pq.read_schema(path).field("block").type
    out[path] = {"struct": pa.types.is_struct(t), "leaves": len(leaves(t)),
                 "json": sum(1 for l in leaves(t) if "json" in str(l).lower())}
print(json.dumps(out))
`;

const READ_SPATIAL = `
import json, sys, geopandas, pyarrow.parquet as pq
out = {}
for path in json.load(sys.stdin):
    frame = geopandas.read_parquet(path)
    out[path] = {"epsg": frame.crs.to_epsg() if frame.crs else None, "rows": len(frame),
                 "geometries": int(frame.geometry.notna().sum()), "valid_types": sorted(set(frame.geometry.geom_type.dropna()))}
print(json.dumps(out))
`;

async function rows(db: DuckDBConnection, sql: string): Promise<Record<string, unknown>[]> {
  return (await db.runAndReadAll(sql)).getRowObjectsJS() as Record<string, unknown>[];
}

export function describeAnalystOutputs(stack: RefreshedStack): void {
  describe('analyst outputs (docs/analysts.md)', () => {
    const { config } = stack;
    const markdown = readFileSync(resolve(REPO_ROOT, 'docs/analysts.md'), 'utf8');
    const parquetRoot = resolve(config.dataDir, 'parquet');
    let db: DuckDBConnection;
    let views: number;

    beforeAll(async () => {
      const written = stack.progress.analystCatalog;
      if (!written || 'error' in written)
        throw new Error(`the refresh wrote no catalog: ${JSON.stringify(written)}`);
      ({ views } = written);
      const instance = await DuckDBInstance.create(written.path, {
        access_mode: 'READ_ONLY',
      });
      db = await instance.connect();
    }, 120_000);

    it('is written by the refresh itself, beside the data', () => {
      expect(stack.progress.analystCatalog).toEqual({
        path: resolve(config.dataDir, 'catalog.duckdb'),
        views,
      });
    });

    it('the catalog has one view per output table over the current files, and says its contract version', async () => {
      const tables = await rows(
        db,
        "SELECT table_schema || '.' || table_name AS t FROM information_schema.tables WHERE table_type = 'VIEW'",
      );
      const names = tables.map((r) => String(r.t));
      expect(names.length).toBe(views);
      expect(names).toEqual(
        expect.arrayContaining([
          'main.properties_wide',
          'main.uprn_flood_blocks',
          'main.flood_zones',
          'main.epc_latest',
          'quarantine.flood_zones',
        ]),
      );
      const [uprns] = await rows(db, 'SELECT count(*) AS n FROM os_open_uprn');
      const [wide] = await rows(
        db,
        'SELECT count(*) AS n, count(DISTINCT uprn) AS distinct_uprns FROM properties_wide',
      );
      expect(Number(wide!.n)).toBe(Number(uprns!.n));
      expect(Number(wide!.distinct_uprns)).toBe(Number(uprns!.n));
      const [about] = await rows(db, 'SELECT contract_version, parquet_root FROM pds_catalog');
      expect(about).toMatchObject({ contract_version: DATA_CONTRACT_VERSION, parquet_root: parquetRoot });
    });

    it('the five worked questions run as written, and the flood and EPC one matches a recount from the blocks', async () => {
      const questions = workedBlocks(markdown, 'sql');
      expect(questions).toHaveLength(5);
      for (const sql of questions) expect((await rows(db, sql)).length).toBeGreaterThan(0);
      const [answer] = await rows(db, questions[0]!);
      const high = PRESENT_DAY_MAPS.map((m) => {
        const [country, source] = m.split('.');
        return `(f.block.${country}.${source}.in_flood_risk_zone AND f.block.${country}.${source}.flood_risk_description = 'High')`;
      }).join(' OR ');
      const [recount] = await rows(
        db,
        `SELECT count(*) AS homes FROM uprn_flood_blocks f
           JOIN uprn_location_blocks l USING (uprn) JOIN epc_latest e USING (uprn)
          WHERE l.block.admin_boundaries.local_authority_district_name = 'Hammersmith and Fulham'
            AND e.energy_rating_current IN ('F', 'G') AND (${high})`,
      );
      expect(Number(answer!.homes)).toBe(Number(recount!.homes));
      // The sample's Fulham area has such homes: the question is not answered by an empty table.
      expect(Number(answer!.homes)).toBeGreaterThan(0);
    });

    const python = hasPython().then((yes) => (yes ? geoPython() : undefined));

    it('the pandas and pyarrow snippets run as written and give the same first answer', async (ctx) => {
      const interpreter = await python;
      if (!interpreter) return ctx.skip('python3 with venv not found');
      const snippets = workedBlocks(markdown, 'python');
      expect(snippets).toHaveLength(5);
      const outputs = (await runPythonJson(interpreter, RUN_SNIPPETS, [], {
        input: JSON.stringify(snippets),
        env: { PDS_PARQUET: parquetRoot },
      })) as string[];
      for (const out of outputs) expect(out.trim().length).toBeGreaterThan(0);
      const [answer] = await rows(db, workedBlocks(markdown, 'sql')[0]!);
      expect(Number(outputs[0]!.trim())).toBe(Number(answer!.homes));
    }, 300_000);

    it('pyarrow reads every block as nested typed columns, with no JSON text', async (ctx) => {
      const interpreter = await python;
      if (!interpreter) return ctx.skip('python3 with venv not found');
      const tables = [
        'uprn_flood_blocks',
        'uprn_location_blocks',
        'uprn_environment_blocks',
        'uprn_area_blocks',
        'uprn_climate_blocks',
        'uprn_epc_blocks',
      ];
      const files = [];
      for (const table of tables) {
        const [first] = await rows(
          db,
          `SELECT file FROM glob('${parquetRoot}/derived/${table}/*.parquet') ORDER BY file LIMIT 1`,
        );
        files.push(String(first!.file));
      }
      const read = (await runPythonJson(interpreter, READ_BLOCKS, [], {
        input: JSON.stringify(files),
      })) as Record<string, { struct: boolean; leaves: number; json: number }>;
      for (const file of files) {
        expect(read[file], file).toMatchObject({ struct: true, json: 0 });
        expect(read[file]!.leaves, file).toBeGreaterThan(10);
      }
    }, 300_000);

    it('GeoPandas reads every spatial table as geometry in EPSG:27700', async (ctx) => {
      const interpreter = await python;
      if (!interpreter) return ctx.skip('python3 with venv not found');
      // One file of every table whose files carry GeoParquet metadata.
      const spatial = await rows(
        db,
        `SELECT DISTINCT file_name AS file FROM parquet_kv_metadata('${parquetRoot}/**/*.parquet')
          WHERE decode(key) = 'geo' ORDER BY file`,
      );
      // A table is its file under the layer folder, or its folder of partitions: one file of each.
      const tableOf = (file: string) => {
        const [layer, first] = file.slice(parquetRoot.length + 1).split('/');
        return `${layer}/${first!.replace(/\.parquet$/, '')}`;
      };
      const byTable = new Map(spatial.map((r) => [tableOf(String(r.file)), String(r.file)]));
      const files = [...byTable.values()];
      expect(files.length).toBeGreaterThan(20);
      expect(files.some((f) => f.includes('/properties_wide/'))).toBe(true);
      const read = (await runPythonJson(interpreter, READ_SPATIAL, [], {
        input: JSON.stringify(files),
      })) as Record<string, { epsg: number | null; rows: number; geometries: number }>;
      const wrong = Object.entries(read)
        .filter(([, r]) => r.epsg !== 27700 || r.geometries !== r.rows)
        .map(([file, r]) => `${file}: ${JSON.stringify(r)}`);
      expect(wrong).toEqual([]);
    }, 300_000);
  });
}
