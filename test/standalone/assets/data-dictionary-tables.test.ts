// The data dictionary covers what the pipeline really writes: every staged, derived and quarantine Parquet
// file that the assets produce on the sample (every non-index asset of the graph, run in dependency order,
// partition by partition) belongs to a table of the dictionary, and each file's columns are the table's
// schema columns, in order, with the Parquet types the dictionary states (and a spatial table's GeoParquet
// columns after them). The block texts kept beside a typed block table (`<table>/texts/`) are its own, not
// tables: each holds the table's key and the text.
import { mkdtemp, readdir, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AssetContext, AssetDefinition } from '../../../pipelines/orchestration/definition';
import { dictionaryTables } from '../../../pipelines/catalog/dictionary-tables';
import { ASSETS } from '../../../pipelines/assets/graph';
import { partitionKeys } from '../../../pipelines/orchestration/materialize';
import { planWaves } from '../../../pipelines/orchestration/plan';
import { dataPaths, loadConfig } from '../../../pipelines/config';
import { geoParquetPlan } from '../../../pipelines/io/geoparquet';
import { parquetPath, queryParquet } from '../../../pipelines/io/parquet';
import { duckdbType } from '../../../pipelines/io/nested-type';
import { parquetColumnsFor } from '../../../pipelines/io/parquet-columns';
import { generateSampleData } from '../../../pipelines/sample-data';

let parquetRoot: string;
const files: string[] = [];
/** The block texts files (blockTextsPath), apart from the tables. */
const texts: string[] = [];
/** Each file's columns as `name TYPE`, read by DuckDB. */
const columnsOf = new Map<string, string[]>();

async function listParquet(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir)) {
    const path = join(dir, entry);
    if ((await stat(path)).isDirectory()) out.push(...(await listParquet(path)));
    else if (entry.endsWith('.parquet')) out.push(path);
  }
  return out;
}

/** The dictionary table a file belongs to: its layer folder's file name, or the folder of a partitioned table. */
function tableOf(file: string): { layer: string; table: string } {
  const [layer, first, second] = relative(parquetRoot, file).split('/') as [string, string, string?];
  if (layer === 'quarantine') return { layer, table: 'quarantine' };
  if (second === undefined) return { layer, table: first.replace(/\.parquet$/, '') };
  return { layer, table: first };
}

beforeAll(async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'pds-dictionary-'));
  const ctx: AssetContext = {
    config: loadConfig({ PDS_DATA_DIR: dataDir }),
    runId: 'dictionary-test',
    log: () => {},
    heartbeat: () => {},
  };
  await generateSampleData({ outDir: ctx.config.sourcesDir, scale: 0.05 });
  const runnable = ASSETS.filter((a) => a.kind !== 'index');
  const byName = new Map<string, AssetDefinition>(runnable.map((a) => [a.name, a]));
  for (const wave of planWaves(runnable))
    for (const name of wave) {
      const asset = byName.get(name)!;
      if (!asset.partitioning) await asset.materialize(ctx);
      else
        for (const key of await partitionKeys(asset, ctx))
          await asset.materialize({ ...ctx, partition: key });
    }
  parquetRoot = dirname(dataPaths(dataDir).staged);
  for (const file of await listParquet(parquetRoot))
    (basename(dirname(file)) === 'texts' ? texts : files).push(file);
  for (const file of [...files, ...texts]) {
    const columns: string[] = [];
    for await (const row of queryParquet(`DESCRIBE SELECT * FROM ${parquetPath(file)}`))
      columns.push(`${String(row.column_name)} ${String(row.column_type)}`);
    columnsOf.set(file, columns);
  }
}, 600_000);

describe('data dictionary against the files the assets write', () => {
  const tables = new Map(dictionaryTables().map((t) => [t.name, t]));

  it('every staged, derived and quarantine file belongs to a table of the dictionary, in its layer', () => {
    expect(files.length).toBeGreaterThan(50);
    const missing = files
      .map(tableOf)
      .filter(({ layer, table }) => tables.get(table)?.layer !== layer)
      .map(({ layer, table }) => `${layer}/${table}`);
    expect([...new Set(missing)]).toEqual([]);
    // The block tables of the properties documents are among them.
    for (const name of [
      'uprn_epc_blocks',
      'uprn_area_blocks',
      'uprn_flood_blocks',
      'uprn_location_blocks',
      'uprn_environment_blocks',
      'hpi',
      'deprivation',
      'air_quality_cells',
    ])
      expect(files.map(tableOf).map((t) => t.table)).toContain(name);
  });

  it("each file's columns are its table's schema columns, in order, with the dictionary's types", () => {
    const mismatches: string[] = [];
    for (const file of files) {
      const table = tables.get(tableOf(file).table);
      if (!table) continue;
      // Spatial tables also carry the GeoParquet columns the writer adds (a point geometry, the bbox covering).
      const declared = parquetColumnsFor(table.schema);
      // A typed block's columns are its schema's nested type (compared without the names' quotes: DuckDB
      // quotes only those that need it).
      const expected = [...declared, ...(geoParquetPlan(declared)?.extraColumns ?? [])].map(
        (c) => `${c.name} ${'nested' in c && c.nested ? duckdbType(c.nested).replaceAll('"', '') : c.type}`,
      );
      const actual = columnsOf.get(file)!.map((c) => c.replaceAll('"', ''));
      if (actual.join(', ') !== expected.join(', '))
        mismatches.push(
          `${relative(parquetRoot, file)}: file has [${actual.filter((c) => !expected.includes(c)).join(', ')}], schema has [${expected.filter((c) => !actual.includes(c)).join(', ')}]`,
        );
    }
    expect(mismatches).toEqual([]);
  });

  it('keeps block texts beside typed block tables only, each file its key and the text', () => {
    expect(texts.length).toBeGreaterThan(5);
    for (const file of texts) {
      const table = tables.get(tableOf(dirname(file)).table);
      expect(table, file).toBeDefined();
      const key = parquetColumnsFor(table!.schema)[0]!.name;
      expect(columnsOf.get(file), file).toEqual([`${key} BIGINT`, 'text VARCHAR']);
    }
  });
});
