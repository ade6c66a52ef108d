// properties_wide per UPRN: a tile built again keeps the rows whose latest certificate and area block held
// (when the location, flood and heritage inputs are the same builds) and builds only the others; the result
// is what a build from scratch writes, row for row.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AssetContext, PreviousBuild } from '../../../pipelines/orchestration/definition';
import { gbHeritagePath } from '../../../pipelines/assets/heritage/gb-heritage';
import { derivedPath, stagedPath } from '../../../pipelines/orchestration/ingest';
import { partitionKeys } from '../../../pipelines/orchestration/materialize';
import { osOpenUprn } from '../../../pipelines/assets/address/os-open-uprn';
import { propertiesWide } from '../../../pipelines/assets/analyst/properties-wide';
import { loadConfig } from '../../../pipelines/config';
import { inTileSql } from '../../../pipelines/geo/tiles';
import { copyQueryToParquet, parquetPath } from '../../../pipelines/io/parquet';
import { generateSampleData } from '../../../pipelines/sample-data';
import { rows } from '../../helpers/parquet-rows';
import { writeEpcLatestTable } from '../../helpers/epc-latest';

let ctx: AssetContext;
let tile: string;

const uprns = () => parquetPath(stagedPath(ctx, 'os_open_uprn'));

/** A latest certificate for every UPRN: band D, or `band` for the UPRNs `rerated` selects. */
async function writeEpcLatest(band = 'D', rerated = 'SELECT NULL') {
  await writeEpcLatestTable(
    ctx,
    `SELECT uprn, x_coord, y_coord, TIMESTAMP '2020-01-01' AS lodgement_date,
       CASE WHEN uprn IN (${rerated}) THEN '${band}' ELSE 'D' END AS energy_rating_current,
       60 AS energy_efficiency_current, 'C' AS energy_rating_potential, 'House' AS property_type,
       'Detached' AS built_form, '1950-1966' AS construction_age_band, 90.0 AS total_floor_area,
       'Mains gas' AS main_fuel, 3.1 AS co2_emissions_current,
       200.0 AS energy_consumption_per_floor_area_m2_current
     FROM ${uprns()}`,
  );
}

let previousBuild: PreviousBuild | undefined;

/** Builds the tile as a refresh would (the catalog gives it its last build); returns how many rows it built. */
async function build(force = false): Promise<number> {
  const upstream = { os_open_uprn: 'u1', gb_listed_buildings: 'g1', uprn_location_blocks: 'l1' };
  const startedAt = new Date().toISOString();
  const result = await propertiesWide.materialize({
    ...ctx,
    partition: tile,
    upstream,
    force,
    ...(previousBuild ? { previousBuild } : {}),
  });
  previousBuild = { upstream, codeVersion: propertiesWide.codeVersion, startedAt };
  return result.metrics?.built ?? -1;
}

const table = () => `SELECT * FROM ${parquetPath(derivedPath(ctx, `properties_wide/${tile}`))} ORDER BY uprn`;

beforeAll(async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'pds-wide-incremental-'));
  ctx = { config: loadConfig({ PDS_DATA_DIR: dataDir }), runId: 't', log: () => {}, heartbeat: () => {} };
  await generateSampleData({ outDir: ctx.config.sourcesDir, scale: 0.05 });
  await osOpenUprn.materialize(ctx);
  tile = (await partitionKeys(propertiesWide, ctx))[0]!;
  // Listed buildings beside a few homes; no location, area or flood blocks (their columns are null).
  await copyQueryToParquet(
    `SELECT x_coord + 10 AS x_coord, y_coord FROM ${uprns()} LIMIT 20`,
    gbHeritagePath(ctx, 'gb_listed_buildings'),
  );
  await writeEpcLatest();
}, 120_000);

describe('properties_wide, per UPRN', () => {
  it('builds again only the rows whose latest certificate changed, and equals a build from scratch', async () => {
    const all = await build();
    expect(all).toBeGreaterThan(5);
    expect(await build()).toBe(0);
    const rerated = `SELECT uprn FROM ${uprns()} WHERE ${inTileSql(tile)} ORDER BY uprn LIMIT 2`;
    await writeEpcLatest('G', rerated);
    expect(await build()).toBe(2);
    const incremental = await rows(table());
    expect(incremental.filter((r) => r.epc_rating === 'G')).toHaveLength(2);
    expect(await build(true)).toBe(all);
    expect(incremental).toEqual(await rows(table()));
  }, 60_000);

  it('writes a whole build in runs of UPRN ranges (4 × PDS_RUN_ROWS), the same rows in UPRN order', async () => {
    const whole = await rows(table());
    process.env.PDS_RUN_ROWS = '2';
    try {
      expect(await build(true)).toBe(whole.length);
    } finally {
      delete process.env.PDS_RUN_ROWS;
    }
    expect(whole.length).toBeGreaterThan(8);
    expect(await rows(`SELECT * FROM ${parquetPath(derivedPath(ctx, `properties_wide/${tile}`))}`)).toEqual(
      whole,
    );
  }, 60_000);
});
