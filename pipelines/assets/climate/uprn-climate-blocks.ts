// Per UPRN: the climate block (spec 2.8; docs/climate.md). Two assets:
//  - climate_cells (unpartitioned, work per grid cell): DuckDB reduces the staged HadUK-Grid months to each
//    1 km cell's 12-month statistics (latest `mon-30y` period per variable) and historicalGrid ranks them into
//    percentiles among all land cells (pure, transforms/climate); the staged UKCP18 values are grouped by 12 km
//    cell into future_projections. Written as climate_historical_cells and climate_projection_cells.
//  - uprn_climate_blocks, partitioned per 10 km tile (keys: the tiles holding staged UPRNs, as the other
//    block assets): a tile loads only the cells near it (the 1 km cells within COAST_RING of its square, the
//    12 km cells meeting it), so memory holds one tile's cells. Every UPRN of the tile gets the 1 km cell
//    holding it (on the coast, the nearest land cell among its 8 neighbours when its own cell is sea) and
//    the 12 km cell holding it. UPRNs sharing both cells share one block, so each distinct pair's block is
//    written once (`climate_cell_blocks`), each UPRN's pair id in `uprn_climate_cells`, and DuckDB joins them
//    into `uprn_climate_blocks` (no block JSON per UPRN in JS); each table is derived/<table>/<tile>.parquet.
import { rm } from 'node:fs/promises';
import type { ClimateBlock, ClimateFutureProjections } from '../../../schemas/api/climate';
import { CLIMATE_TABLES } from '../../../schemas/climate-tables';
import {
  blockTextsPath,
  copyQueryToParquet,
  digestedBlock,
  ParquetTableWriter,
  parquetPath,
  queryParquet,
  writeParquet,
} from '../../io/parquet';
import { parquetColumnsFor } from '../../io/parquet-columns';
import { inTileSql, tileBBox } from '../../geo/tiles';
import { CellGrid } from '../../transforms/climate/cell-grid';
import {
  historicalGrid,
  type HistoricalCell,
  type MonthlyCellStats,
} from '../../transforms/climate/historical';
import { futureProjections, type ProjectionValue } from '../../transforms/climate/projections';
import { HADUK_GRID_TABLE, UKCP18_TABLE } from './climate-sources';
import { partitionOf, type AssetContext } from '../../orchestration/definition';
import { defineAsset } from '../define';
import { derivedGlob } from '../epc/epc-enhanced';
import { derivedPath, stagedPath } from '../../orchestration/ingest';
import { tilesHoldingUprns } from '../location/uprn-location-blocks';

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

/** Each variable's 12-month statistics per cell, from its latest 30-year monthly climatology. */
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

/** future_projections per 12 km cell. */
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

export const CLIMATE_HISTORICAL_CELLS_TABLE = 'climate_historical_cells';
export const CLIMATE_PROJECTION_CELLS_TABLE = 'climate_projection_cells';

/** Every tile's file of one of the per-tile tables (readers join on this glob). */
export const climateTableGlob = (ctx: Pick<AssetContext, 'config'>, table: string): string =>
  derivedGlob(ctx as AssetContext, table);

export const climateCells = defineAsset({
  name: 'climate_cells',
  kind: 'derived',
  description:
    'Every HadUK-Grid 1 km land cell with its historical block (percentiles ranked nationally) and every UKCP18 12 km cell with its future_projections',
  upstream: [HADUK_GRID_TABLE, UKCP18_TABLE],
  // 2: rows sorted by cell.
  codeVersion: '2',
  owner: 'environment-social',
  cadence: 'yearly',
  async materialize(ctx) {
    const historical = await loadHistoricalGrid(ctx);
    const projections = await loadProjectionGrid(ctx);
    const h = await writeParquet(
      derivedPath(ctx, CLIMATE_HISTORICAL_CELLS_TABLE),
      parquetColumnsFor(CLIMATE_TABLES.climate_historical_cells.schema),
      [...(historical?.values() ?? [])].map((c) => ({
        x_coord: c.x,
        y_coord: c.y,
        historical: c.historical,
      })),
      // Sorted, so a rebuild writes the same bytes whatever order the grid was read in.
      { orderBy: ['x_coord', 'y_coord'] },
    );
    const p = await writeParquet(
      derivedPath(ctx, CLIMATE_PROJECTION_CELLS_TABLE),
      parquetColumnsFor(CLIMATE_TABLES.climate_projection_cells.schema),
      [...projections.values()].map((c) => ({ x_coord: c.x, y_coord: c.y, future_projections: c.future })),
      { orderBy: ['x_coord', 'y_coord'] },
    );
    return {
      rows: h.rows + p.rows,
      outputs: [h.path, p.path],
      metrics: { land_cells: h.rows, projection_cells: p.rows },
    };
  },
});

/** The cells of climate_cells whose centres lie within `reach` metres of the tile's square. */
async function tileCells<T>(
  ctx: AssetContext,
  table: string,
  tile: string,
  reach: number,
  step: number,
  cell: (row: Record<string, unknown>) => T,
): Promise<CellGrid<T> | null> {
  const b = tileBBox(tile);
  const sql = `SELECT * FROM ${parquetPath(derivedPath(ctx, table))}
    WHERE x_coord >= ${b.minX - reach} AND x_coord <= ${b.maxX + reach}
      AND y_coord >= ${b.minY - reach} AND y_coord <= ${b.maxY + reach}`;
  const grid = new CellGrid<T>(step);
  for await (const row of queryParquet(sql)) grid.set(Number(row.x_coord), Number(row.y_coord), cell(row));
  return grid.size ? grid : null;
}

export const uprnClimateBlocks = defineAsset({
  name: UPRN_CLIMATE_BLOCKS_TABLE,
  kind: 'derived',
  description:
    'Per UPRN: the climate block (HadUK-Grid 1991-2020 averages with UK percentiles; UKCP18 warming-level projections); one Parquet file per 10 km tile',
  upstream: ['os_open_uprn', 'climate_cells'],
  // 2: partitioned per 10 km tile, the cells from climate_cells. 3: the block as typed nested columns.
  // 4: the block texts kept beside the table (blockTextsPath).
  codeVersion: '4',
  owner: 'environment-social',
  cadence: 'yearly',
  partitioning: { kind: 'bng-tile', keys: (ctx) => tilesHoldingUprns(ctx) },
  async materialize(ctx) {
    const tile = partitionOf(ctx);
    // A point of the tile is held by a 1 km cell whose centre is within half a cell of the square, and looks
    // COAST_RING cells further; a 12 km cell holding one has its centre within 6 km (a cell more is spare).
    const historical = await tileCells<HistoricalCell>(
      ctx,
      CLIMATE_HISTORICAL_CELLS_TABLE,
      tile,
      (COAST_RING + 1) * HADUK_CELL,
      HADUK_CELL,
      (row) => ({
        x: Number(row.x_coord),
        y: Number(row.y_coord),
        historical: row.historical as HistoricalCell['historical'],
      }),
    );
    const projections = await tileCells<ProjectionCell>(
      ctx,
      CLIMATE_PROJECTION_CELLS_TABLE,
      tile,
      UKCP18_CELL,
      UKCP18_CELL,
      (row) => ({
        x: Number(row.x_coord),
        y: Number(row.y_coord),
        future: row.future_projections as ClimateFutureProjections,
      }),
    );

    // Pair ids in first-seen order (UPRNs are read in UPRN order, so reruns number them alike).
    const pairs = new Map<HistoricalCell | undefined, Map<ProjectionCell | undefined, number>>();
    const cells: { h: HistoricalCell | undefined; p: ProjectionCell | undefined }[] = [];
    let coastal = 0;
    let uncovered = 0;
    // Two plain columns per UPRN: CSV staging is several times cheaper than the appender's per-value calls.
    const cellsWriter = await ParquetTableWriter.open(
      derivedPath(ctx, `${UPRN_CLIMATE_CELLS_TABLE}/${tile}`),
      parquetColumnsFor(CLIMATE_TABLES.uprn_climate_cells.schema),
      { staging: 'csv' },
    );
    try {
      const sql = `SELECT uprn, x_coord, y_coord FROM ${parquetPath(stagedPath(ctx, 'os_open_uprn'))}
        WHERE ${inTileSql(tile)}
        ORDER BY uprn`;
      for await (const row of queryParquet(sql)) {
        const x = Number(row.x_coord);
        const y = Number(row.y_coord);
        const own = historical?.at(x, y);
        const h = own ?? historical?.nearest(x, y, COAST_RING);
        if (!own && h) coastal++;
        const p = projections?.at(x, y);
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
      derivedPath(ctx, `${CLIMATE_CELL_BLOCKS_TABLE}/${tile}`),
      parquetColumnsFor(CLIMATE_TABLES.climate_cell_blocks.schema),
      cells.map(({ h, p }, climate_id) => ({
        climate_id,
        haduk_x_coord: h?.x ?? null,
        haduk_y_coord: h?.y ?? null,
        ukcp18_x_coord: p?.x ?? null,
        ukcp18_y_coord: p?.y ?? null,
        ...digestedBlock({
          historical: h?.historical ?? null,
          future_projections: p?.future ?? null,
        } satisfies ClimateBlock),
      })),
      { texts: { key: 'climate_id' } },
    );
    // Each UPRN's block and its text from its pair's, looked up by climate_id (0, 1, … in first-seen order)
    // in lists of the pairs' (a tile's few hundred at most). The per-UPRN file is in UPRN order and the
    // lookup keeps it: joined, then sorted, every UPRN's copy of its pair's text went through the sort (ST76
    // at scale 80, 120,000 UPRNs of ~2.7 KB: +330 MB and twice the CPU; the files byte for byte the same).
    const uprnBlocks = (columns: readonly string[], pairs: string) =>
      `SELECT u.uprn, ${columns.map((c) => `p.${c}[u.climate_id + 1] AS ${c}`).join(', ')}
       FROM ${parquetPath(perUprn.path)} u,
         (SELECT ${columns.map((c) => `list(${c} ORDER BY climate_id) AS ${c}`).join(', ')}
          FROM ${parquetPath(pairs)}) p`;
    const blocksPath = derivedPath(ctx, `${UPRN_CLIMATE_BLOCKS_TABLE}/${tile}`);
    await copyQueryToParquet(uprnBlocks(['text'], perPair.texts!), blockTextsPath(blocksPath), {
      asTexts: true,
    });
    const written = await copyQueryToParquet(uprnBlocks(['block', 'block_digest'], perPair.path), blocksPath);
    // The single files of the unpartitioned asset (code version 1) would only mislead.
    for (const table of [UPRN_CLIMATE_BLOCKS_TABLE, UPRN_CLIMATE_CELLS_TABLE, CLIMATE_CELL_BLOCKS_TABLE])
      await rm(derivedPath(ctx, table), { force: true });
    return {
      rows: written.rows,
      outputs: [written.path, blockTextsPath(written.path), perUprn.path, perPair.path, perPair.texts!],
      metrics: {
        land_cells: historical?.size ?? 0,
        projection_cells: projections?.size ?? 0,
        cell_pairs: cells.length,
        coastal_fallback: coastal,
        uncovered,
      },
    };
  },
});
