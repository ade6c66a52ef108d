// Per UPRN: the climate block (spec 2.8; docs/climate.md). Both grids are small (UK: ~240,000 land cells at
// 1 km, ~2,100 cells at 12 km), so they are held in memory and each UPRN finds its cells by index arithmetic:
//  1. DuckDB reduces the staged HadUK-Grid months to each cell's 12-month statistics (latest `mon-30y`
//     period per variable); historicalGrid ranks them into percentiles (pure, transforms/climate).
//  2. The staged UKCP18 values are grouped by 12 km cell into future_projections (pure).
//  3. Every UPRN gets the 1 km cell holding it (on the coast, the nearest land cell among its 8 neighbours
//     when its own cell is sea) and the 12 km cell holding it. UPRNs sharing both cells share one block, so
//     each distinct pair's block is written once (`climate_cell_blocks`), each UPRN's pair id in
//     `uprn_climate_cells`, and DuckDB joins them into `uprn_climate_blocks` (no block JSON per UPRN in JS).
import type { ClimateBlock, ClimateFutureProjections } from '../../schemas/api/climate';
import { CLIMATE_TABLES } from '../../schemas/climate-tables';
import {
  copyQueryToParquet,
  ParquetTableWriter,
  parquetPath,
  queryParquet,
  writeParquet,
} from '../io/parquet';
import { parquetColumnsFor } from '../io/parquet-columns';
import { CellGrid } from '../transforms/climate/cell-grid';
import { historicalGrid, type HistoricalCell, type MonthlyCellStats } from '../transforms/climate/historical';
import { futureProjections, type ProjectionValue } from '../transforms/climate/projections';
import { HADUK_GRID_TABLE, UKCP18_TABLE } from './climate-sources';
import { defineAsset, type AssetContext } from './definition';
import { derivedPath, stagedPath } from './ingest';

export const UPRN_CLIMATE_BLOCKS_TABLE = 'uprn_climate_blocks';
export const CLIMATE_CELL_BLOCKS_TABLE = 'climate_cell_blocks';
export const UPRN_CLIMATE_CELLS_TABLE = 'uprn_climate_cells';

/** UKCP18's regional grid: 12 km cells. */
export const UKCP18_CELL = 12_000;
/** How far (in cells) a coastal home looks for a land cell when its own 1 km cell is sea. */
const COAST_RING = 1;

/** The 1 km grids only: the historical keys are defined on them (docs/climate.md). */
const HADUK_RESOLUTION = '1km';
const HADUK_CELL = 1000;

/** Step 1: each variable's 12-month statistics per cell, from its latest 30-year monthly climatology. */
export async function loadHistoricalGrid(ctx: AssetContext): Promise<CellGrid<HistoricalCell> | null> {
  const staged = parquetPath(stagedPath(ctx, HADUK_GRID_TABLE));
  const where = `frequency = 'mon-30y' AND resolution = '${HADUK_RESOLUTION}'`;
  const sql = `
    WITH latest AS (SELECT variable, max(period_end) AS period_end FROM ${staged} WHERE ${where} GROUP BY variable)
    SELECT h.variable, h.x_coord AS x, h.y_coord AS y,
      count(DISTINCT h.month) AS months, avg(h.value) AS mean, sum(h.value) AS sum, max(h.value) AS max
    FROM ${staged} h JOIN latest l USING (variable, period_end)
    WHERE ${where}
    GROUP BY ALL`;
  const stats: MonthlyCellStats[] = [];
  for await (const row of queryParquet(sql))
    stats.push({
      variable: String(row.variable),
      x: Number(row.x),
      y: Number(row.y),
      months: Number(row.months),
      mean: Number(row.mean),
      sum: Number(row.sum),
      max: Number(row.max),
    });
  return stats.length ? historicalGrid(stats, HADUK_CELL) : null;
}

interface ProjectionCell {
  x: number;
  y: number;
  future: ClimateFutureProjections;
}

/** Step 2: future_projections per 12 km cell. */
export async function loadProjectionGrid(ctx: AssetContext): Promise<CellGrid<ProjectionCell>> {
  const byCell = new Map<string, { x: number; y: number; values: ProjectionValue[] }>();
  const sql = `SELECT measure, period, statistic, kind, x_coord, y_coord, value
    FROM ${parquetPath(stagedPath(ctx, UKCP18_TABLE))}`;
  for await (const row of queryParquet(sql)) {
    const x = Number(row.x_coord);
    const y = Number(row.y_coord);
    const id = `${x},${y}`;
    let cell = byCell.get(id);
    if (!cell) byCell.set(id, (cell = { x, y, values: [] }));
    cell.values.push(row as unknown as ProjectionValue);
  }
  const grid = new CellGrid<ProjectionCell>(UKCP18_CELL);
  for (const { x, y, values } of byCell.values()) {
    const future = futureProjections(values);
    if (future) grid.set(x, y, { x, y, future });
  }
  return grid;
}

export const uprnClimateBlocks = defineAsset({
  name: UPRN_CLIMATE_BLOCKS_TABLE,
  kind: 'derived',
  description:
    'Per UPRN: the climate block (HadUK-Grid 1991-2020 averages with UK percentiles; UKCP18 warming-level projections)',
  upstream: ['os_open_uprn', HADUK_GRID_TABLE, UKCP18_TABLE],
  codeVersion: '1',
  owner: 'environment-social',
  cadence: 'yearly',
  async materialize(ctx) {
    const historical = await loadHistoricalGrid(ctx);
    const projections = await loadProjectionGrid(ctx);
    ctx.log(
      `${UPRN_CLIMATE_BLOCKS_TABLE}: ${historical?.size ?? 0} 1 km land cells, ${projections.size} 12 km cells`,
    );

    // Step 3: pair ids in first-seen order (UPRNs are read in UPRN order, so reruns number them alike).
    const pairs = new Map<HistoricalCell | undefined, Map<ProjectionCell | undefined, number>>();
    const cells: { h: HistoricalCell | undefined; p: ProjectionCell | undefined }[] = [];
    let coastal = 0;
    let uncovered = 0;
    // Two plain columns per UPRN: CSV staging is several times cheaper than the appender's per-value calls.
    const cellsWriter = await ParquetTableWriter.open(
      derivedPath(ctx, UPRN_CLIMATE_CELLS_TABLE),
      parquetColumnsFor(CLIMATE_TABLES.uprn_climate_cells.schema),
      { staging: 'csv' },
    );
    try {
      const sql = `SELECT uprn, x_coord, y_coord FROM ${parquetPath(stagedPath(ctx, 'os_open_uprn'))} ORDER BY uprn`;
      for await (const row of queryParquet(sql)) {
        const x = Number(row.x_coord);
        const y = Number(row.y_coord);
        const own = historical?.at(x, y);
        const h = own ?? historical?.nearest(x, y, COAST_RING);
        if (!own && h) coastal++;
        const p = projections.at(x, y);
        let id: number | null = null;
        if (h || p) {
          let inner = pairs.get(h);
          if (!inner) pairs.set(h, (inner = new Map()));
          id = inner.get(p) ?? null;
          if (id === null) {
            id = cells.length;
            inner.set(p, id);
            cells.push({ h, p });
          }
        } else uncovered++;
        cellsWriter.append({ uprn: row.uprn, climate_id: id });
        if (cellsWriter.rowCount % 100_000 === 0)
          ctx.heartbeat({ step: 'uprn cells', rows: cellsWriter.rowCount });
      }
    } catch (error) {
      await cellsWriter.abort();
      throw error;
    }
    const perUprn = await cellsWriter.close();
    const perPair = await writeParquet(
      derivedPath(ctx, CLIMATE_CELL_BLOCKS_TABLE),
      parquetColumnsFor(CLIMATE_TABLES.climate_cell_blocks.schema),
      cells.map(({ h, p }, climate_id) => ({
        climate_id,
        haduk_x_coord: h?.x ?? null,
        haduk_y_coord: h?.y ?? null,
        ukcp18_x_coord: p?.x ?? null,
        ukcp18_y_coord: p?.y ?? null,
        block: {
          historical: h?.historical ?? null,
          future_projections: p?.future ?? null,
        } satisfies ClimateBlock,
      })),
    );
    const written = await copyQueryToParquet(
      `SELECT u.uprn, b.block
       FROM ${parquetPath(perUprn.path)} u LEFT JOIN ${parquetPath(perPair.path)} b USING (climate_id)
       ORDER BY u.uprn`,
      derivedPath(ctx, UPRN_CLIMATE_BLOCKS_TABLE),
    );
    return {
      rows: written.rows,
      outputs: [written.path, perUprn.path, perPair.path],
      metrics: {
        land_cells: historical?.size ?? 0,
        projection_cells: projections.size,
        cell_pairs: cells.length,
        coastal_fallback: coastal,
        uncovered,
      },
    };
  },
});
