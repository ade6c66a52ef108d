// Row schemas of the climate tables (docs/climate.md): the two staged sources, one row per grid value as
// published, and the per-UPRN block. The loaders and the asset write these columns (parquetColumnsFor), and
// the data dictionary describes them.
import { z } from 'zod';
import { ClimateBlockSchema } from './api/climate';
import { blockDigest, nestedColumn } from './nested-column';
import { sourceFile } from './feature-columns';

export const PROJECTION_PERIODS = ['81_00', '01_20', '15', '20', '25', '30', '40'] as const;
export const ProjectionPeriod = z
  .enum(PROJECTION_PERIODS)
  .describe(
    'UKCP18 period or warming level: 81_00 = 1981-2000 baseline, 01_20 = 2001-2020, 15/20/25/30/40 = 1.5/2/2.5/3/4 °C global warming',
  );
export type ProjectionPeriod = z.infer<typeof ProjectionPeriod>;

export const ProjectionMeasure = z
  .enum(['hot_days', 'maximum_temperature', 'summer_precipitation', 'winter_precipitation'])
  .describe(
    'HSD_* → hot_days, tasmax_summer_* → maximum_temperature, pr_summer_* → summer_precipitation, pr_winter_* → winter_precipitation',
  );
export type ProjectionMeasure = z.infer<typeof ProjectionMeasure>;

export const ProjectionStatistic = z
  .enum(['lower', 'median', 'upper'])
  .describe('Ensemble percentile: lower = 10th, median = 50th, upper = 90th');
export type ProjectionStatistic = z.infer<typeof ProjectionStatistic>;

export const HadukGridCellRecord = z
  .object({
    variable: z.string().describe('NetCDF variable: tas, tasmax, tasmin, rainfall, sun, sfcWind, …'),
    resolution: z.string().describe('From the file name, e.g. 1km'),
    frequency: z.string().describe('From the file name: mon-30y, ann-30y, mon, ann, …'),
    period_start: z.string().describe('From the file name, e.g. 199101'),
    period_end: z.string().describe('From the file name, e.g. 202012'),
    time_index: z.number().int().describe('0-based index along the `time` dimension'),
    month: z
      .number()
      .int()
      .nullable()
      .describe('Calendar month 1..12 (`month_number`, else decoded from `time`); null for annual files'),
    x_coord: z.number().describe('`projection_x_coordinate`: cell centre easting (m, BNG)'),
    y_coord: z.number().describe('`projection_y_coordinate`: cell centre northing (m, BNG)'),
    value: z
      .number()
      .describe('The variable’s value in its `units` (cells holding _FillValue are not staged)'),
    units: z.string().nullable().describe('The variable’s `units` attribute, e.g. degC, mm, hour, m s-1'),
    source_file: sourceFile,
  })
  .describe('Met Office HadUK-Grid NetCDF-4 grids: one row per land cell and time step');
export type HadukGridCellRecord = z.infer<typeof HadukGridCellRecord>;

export const Ukcp18ProjectionRecord = z
  .object({
    measure: ProjectionMeasure,
    period: ProjectionPeriod,
    statistic: ProjectionStatistic,
    kind: z
      .enum(['absolute', 'change'])
      .describe('`change` for columns named `<prefix>_change_…` (from 1981-2000), else absolute'),
    unit: z
      .string()
      .describe('days, degC, mm/day for absolute values; days, degC or % (precipitation) for changes'),
    column: z.string().describe('The column as published (names may be cut at 31 characters)'),
    x_coord: z.number().describe('`projection_x_coordinate`: 12 km cell centre easting (m, BNG)'),
    y_coord: z.number().describe('`projection_y_coordinate`: 12 km cell centre northing (m, BNG)'),
    value: z.number().describe('The published value'),
    source_file: sourceFile,
  })
  .describe(
    'UKCP18 warming-level projections (Met Office Climate Data Portal, 12 km grid; CSV or GeoJSON): one row per cell and column',
  );
export type Ukcp18ProjectionRecord = z.infer<typeof Ukcp18ProjectionRecord>;

export const UprnClimateBlockRowSchema = z
  .object({
    uprn: z.number().int().describe('Unique Property Reference Number'),
    block: nestedColumn(
      ClimateBlockSchema,
      'The climate block (spec 2.8): historical (HadUK-Grid 1 km) and future_projections (UKCP18 12 km); null when neither grid covers the UPRN',
    ),
    block_digest: blockDigest,
  })
  .describe('Per UPRN: the climate block of the properties document');

const centre = (what: string) => z.number().nullable().describe(what);

export const ClimateCellBlockRowSchema = z
  .object({
    climate_id: z.number().int().describe('Id of the (1 km cell, 12 km cell) pair, within its tile’s file'),
    haduk_x_coord: centre('Centre easting of the HadUK-Grid 1 km cell used (m, BNG); null when none'),
    haduk_y_coord: centre('Centre northing of the HadUK-Grid 1 km cell used (m, BNG)'),
    ukcp18_x_coord: centre('Centre easting of the UKCP18 12 km cell (m, BNG); null when none'),
    ukcp18_y_coord: centre('Centre northing of the UKCP18 12 km cell (m, BNG)'),
    block: nestedColumn(ClimateBlockSchema, 'The climate block every UPRN of this pair of cells gets'),
    block_digest: blockDigest,
  })
  .describe(
    'The climate block of each pair of cells that holds UPRNs of a tile (built once per tile, joined to its UPRNs)',
  );

export const UprnClimateCellRowSchema = z
  .object({
    uprn: z.number().int().describe('Unique Property Reference Number'),
    climate_id: z
      .number()
      .int()
      .nullable()
      .describe('`climate_cell_blocks.climate_id`; null outside both grids'),
  })
  .describe('Per UPRN: which pair of climate cells it takes its block from');

export const ClimateHistoricalCellRowSchema = z
  .object({
    x_coord: z.number().describe('HadUK-Grid 1 km cell centre easting (m, BNG)'),
    y_coord: z.number().describe('HadUK-Grid 1 km cell centre northing (m, BNG)'),
    historical: z
      .unknown()
      .describe('The cell’s `historical` block, percentiles ranked among every land cell of the grid'),
  })
  .describe('Every HadUK-Grid 1 km land cell with its historical block (ranked nationally, read per tile)');

export const ClimateProjectionCellRowSchema = z
  .object({
    x_coord: z.number().describe('UKCP18 12 km cell centre easting (m, BNG)'),
    y_coord: z.number().describe('UKCP18 12 km cell centre northing (m, BNG)'),
    future_projections: z.unknown().describe('The cell’s `future_projections` block'),
  })
  .describe('Every UKCP18 12 km cell with its future_projections block (read per tile)');

export const CLIMATE_TABLES = {
  haduk_grid_cells: { layer: 'staged', schema: HadukGridCellRecord },
  ukcp18_projections: { layer: 'staged', schema: Ukcp18ProjectionRecord },
  climate_historical_cells: { layer: 'derived', schema: ClimateHistoricalCellRowSchema },
  climate_projection_cells: { layer: 'derived', schema: ClimateProjectionCellRowSchema },
  climate_cell_blocks: { layer: 'derived', schema: ClimateCellBlockRowSchema },
  uprn_climate_cells: { layer: 'derived', schema: UprnClimateCellRowSchema },
  uprn_climate_blocks: { layer: 'derived', schema: UprnClimateBlockRowSchema },
} as const;
