// uprn_climate_blocks end to end on the sample data (no servers): the generated NetCDF-4 grids and Climate
// Data Portal exports → the two staged tables (planted bad values quarantined) → one block per UPRN. The
// sample UPRNs of England, Wales and Scotland all get every historical key and every projection.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { hadukGridCells, ukcp18Projections } from '../../../pipelines/assets/climate/climate-sources';
import type { AssetContext, MaterializeResult } from '../../../pipelines/orchestration/definition';
import { quarantinePath } from '../../../pipelines/orchestration/ingest';
import { osOpenUprn } from '../../../pipelines/assets/address/os-open-uprn';
import {
  CLIMATE_CELL_BLOCKS_TABLE,
  climateCells,
  climateTableGlob,
  uprnClimateBlocks,
  UPRN_CLIMATE_BLOCKS_TABLE,
  UPRN_CLIMATE_CELLS_TABLE,
} from '../../../pipelines/assets/climate/uprn-climate-blocks';
import { tilesHoldingUprns } from '../../../pipelines/assets/location/uprn-location-blocks';
import { loadConfig } from '../../../pipelines/config';
import { blockTextsPath, parquetPath, queryParquet, queryRows } from '../../../pipelines/io/parquet';
import { generateSampleData, type SampleManifest } from '../../../pipelines/sample-data';
import { ClimateBlockSchema, HISTORICAL_KEYS, type ClimateBlock } from '../../../schemas/api/climate';

let ctx: AssetContext;
let manifest: SampleManifest;
let result: MaterializeResult;
const staged: Record<string, number> = {};
const quarantine: Record<string, string[]> = {};
const blocks = new Map<string, ClimateBlock | null>();

beforeAll(async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'pds-climate-'));
  ctx = {
    config: loadConfig({ PDS_DATA_DIR: dataDir }),
    runId: 'climate-test',
    log: () => {},
    heartbeat: () => {},
  };
  manifest = await generateSampleData({ outDir: ctx.config.sourcesDir, scale: 0.05 });
  await osOpenUprn.materialize(ctx);
  for (const asset of [hadukGridCells, ukcp18Projections]) {
    staged[asset.name] = (await asset.materialize(ctx)).rows;
    quarantine[asset.name] = [];
    for await (const row of queryParquet(
      `SELECT reason FROM ${parquetPath(quarantinePath(ctx, asset.name))}`,
    ))
      quarantine[asset.name]!.push(String(row.reason));
  }
  await climateCells.materialize(ctx);
  // One partition per tile; the metrics summed over them.
  const metrics: Record<string, number> = {};
  for (const tile of await tilesHoldingUprns(ctx)) {
    const r = await uprnClimateBlocks.materialize({ ...ctx, partition: tile });
    for (const [k, v] of Object.entries(r.metrics ?? {})) metrics[k] = (metrics[k] ?? 0) + Number(v);
  }
  result = { rows: 0, outputs: [], metrics };
  for await (const row of queryParquet(
    `SELECT uprn, block FROM ${parquetPath(climateTableGlob(ctx, UPRN_CLIMATE_BLOCKS_TABLE))}`,
  ))
    blocks.set(
      String(row.uprn),
      row.block === null
        ? null
        : ((typeof row.block === 'string' ? JSON.parse(row.block) : row.block) as ClimateBlock),
    );
}, 300_000);

const sampleOf = (country: string) => manifest.samples.find((s) => s.country === country)!;

describe('climate staged tables on the sample', () => {
  it('stages the land cells and quarantines the fill summary, the NaN month, the null value and the short row', () => {
    // 6 variables × 12 months × the land cells, less the one NaN month.
    expect(staged.haduk_grid_cells! % 12).toBe(11);
    const fills = quarantine.haduk_grid_cells!.filter((r) =>
      r.startsWith('_FillValue 100000000000000000000'),
    );
    expect(fills).toHaveLength(6 * 12);
    expect(quarantine.haduk_grid_cells!.filter((r) => !r.startsWith('_FillValue'))).toEqual([
      'rainfall is NaN, not a number',
    ]);
    expect(quarantine.ukcp18_projections!.sort()).toEqual([
      'HSD_40_upper: null is not a number',
      'expected 29 columns, found 12',
    ]);
    expect(staged.ukcp18_projections).toBeGreaterThan(4 * 70 * 20);
  });
});

describe('uprn_climate_blocks on the sample', () => {
  it('writes one row per UPRN, every block schema-valid and covered by both grids', () => {
    const uprns = manifest.areas.reduce((n, a) => n + a.uprns, 0);
    expect(blocks.size).toBe(uprns);
    expect(result.metrics).toMatchObject({ uncovered: 0 });
    for (const block of blocks.values()) {
      expect(block).not.toBeNull();
      ClimateBlockSchema.parse(block);
    }
  });

  it.each(['England', 'Wales', 'Scotland'])(
    'answers every historical key and projection for %s',
    (country) => {
      const block = blocks.get(sampleOf(country).uprn)!;
      for (const key of HISTORICAL_KEYS) {
        expect(block.historical![key]!.percentile).toBeGreaterThanOrEqual(0);
        expect(block.historical![key]!.percentile).toBeLessThanOrEqual(100);
      }
      const h = block.historical!;
      expect(h.maximum_temperature!.value).toBeGreaterThan(h.average_temperature!.value);
      expect(h.average_temperature!.value).toBeGreaterThan(h.minimum_temperature!.value);
      expect(h.highest_rainfall!.value).toBeLessThan(h.average_rainfall!.value / 6);
      const f = block.future_projections!;
      expect(f.maximum_temperature!.upper_maximum_temperature_change).toBeGreaterThan(4);
      expect(f.winter_precipitation!.upper_winter_precipitation_change_relative).toBeCloseTo(0.36, 2);
      expect(f.summer_precipitation!.lower_summer_precipitation_change_relative).toBeCloseTo(-0.21, 2);
    },
  );

  it('ranks Scotland coolest and gives its zero hot-day baseline no relative change', () => {
    const get = (c: string) => blocks.get(sampleOf(c).uprn)!;
    const scot = get('Scotland');
    expect(scot.historical!.average_temperature!.value).toBeLessThan(
      get('England').historical!.average_temperature!.value,
    );
    expect(scot.historical!.average_temperature!.percentile).toBeLessThan(40);
    const hot = scot.future_projections!.annual_hot_days!;
    expect(hot.baseline_hot_days).toBe(0);
    expect(hot.upper_hot_days).toBeGreaterThan(0);
    expect(hot.upper_hot_days_change).toBe(hot.upper_hot_days);
    expect(hot.upper_hot_days_change_relative).toBeNull();
    const eng = get('England').future_projections!.annual_hot_days!;
    expect(eng.upper_hot_days_change_relative).toBeCloseTo(
      eng.upper_hot_days_change! / eng.baseline_hot_days!,
      3,
    );
  });

  it("gives each UPRN its cell pair's block and text, in UPRN order within its tile's file", async () => {
    // Every file of a table with its tile (its name) and row number.
    const scan = (path: string) =>
      `(SELECT *, parse_filename(filename, true) AS tile FROM read_parquet('${path}', filename = true, file_row_number = true))`;
    const table = (name: string) => scan(climateTableGlob(ctx, name));
    const texts = (name: string) => scan(blockTextsPath(climateTableGlob(ctx, name)));
    const [check] = await queryRows(`
      SELECT count(*) AS uprns, count(DISTINCT u.climate_id) AS pairs,
        count(*) FILTER (WHERE b.block_digest IS NOT DISTINCT FROM p.block_digest) AS same_block,
        count(*) FILTER (WHERE t.text IS NOT DISTINCT FROM pt.text) AS same_text,
        (SELECT count(*) FROM (
           SELECT uprn < lag(uprn) OVER (PARTITION BY tile ORDER BY file_row_number) AS back
           FROM ${table(UPRN_CLIMATE_BLOCKS_TABLE)}) WHERE back) AS out_of_order
      FROM ${table(UPRN_CLIMATE_CELLS_TABLE)} u
      JOIN ${table(UPRN_CLIMATE_BLOCKS_TABLE)} b USING (tile, uprn)
      JOIN ${texts(UPRN_CLIMATE_BLOCKS_TABLE)} t USING (tile, uprn)
      LEFT JOIN ${table(CLIMATE_CELL_BLOCKS_TABLE)} p ON p.tile = u.tile AND p.climate_id = u.climate_id
      LEFT JOIN ${texts(CLIMATE_CELL_BLOCKS_TABLE)} pt ON pt.tile = u.tile AND pt.climate_id = u.climate_id`);
    expect(Number(check!.uprns)).toBe(blocks.size);
    expect(Number(check!.pairs)).toBeGreaterThan(1);
    expect(Number(check!.same_block)).toBe(blocks.size);
    expect(Number(check!.same_text)).toBe(blocks.size);
    expect(Number(check!.out_of_order)).toBe(0);
  });
});
