// The two staged climate tables (schemas/climate-tables.ts): HadUK-Grid NetCDF-4 grids, one row per land
// cell and time step, and the UKCP18 warming-level exports, one row per 12 km cell and published column.
// Rejected values go to the quarantine table of the same name (docs/climate.md says what is rejected).
import { CLIMATE_TABLES } from '../../../schemas/climate-tables';
import { DataError } from '../../io/errors';
import { readInWorker } from '../../io/read-in-worker';
import {
  HADUK_GRID_DATASET,
  parseHadukFileName,
  type HadukGridCellRow,
} from '../../sources/climate/haduk-grid';
import { readUkcp18File, UKCP18_DATASET } from '../../sources/climate/ukcp18';
import { filesUnder } from '../../sources/flood/spatial-rows';
import { type AssetContext } from '../../orchestration/definition';
import { sourceDir } from '../../orchestration/sources';
import { stagedTableAsset } from '../staged-table';

export const HADUK_GRID_TABLE = 'haduk_grid_cells';
const HADUK_READER = new URL('../../sources/climate/haduk-grid.ts', import.meta.url);
export const UKCP18_TABLE = 'ukcp18_projections';

/** The HadUK-Grid files of the dataset folder (other NetCDF files beside them are not ours to read). */
async function hadukFiles(ctx: AssetContext): Promise<string[]> {
  return (await filesUnder(sourceDir(ctx, HADUK_GRID_DATASET), ['.nc'])).filter(
    (f) => parseHadukFileName(f) !== null,
  );
}

const ukcp18Files = (ctx: AssetContext): Promise<string[]> =>
  filesUnder(sourceDir(ctx, UKCP18_DATASET), ['.csv', '.geojson', '.json']);

/**
 * The loader's fresh record with its provenance added in place: copying ~17 M records of a UK grid with a
 * spread cost more than reading them (profiled).
 */
const withSourceFile = <T extends object>(record: T, file: string): T & { source_file: string } =>
  Object.assign(record, { source_file: file });

function required(files: string[], what: string, dir: string): string[] {
  if (files.length === 0) throw new DataError(`no ${what} in ${dir}`);
  return files;
}

export const hadukGridCells = stagedTableAsset({
  name: HADUK_GRID_TABLE,
  description:
    'Met Office HadUK-Grid 1 km NetCDF-4 grids (monthly 1991-2020 climatologies): one row per land cell and month',
  codeVersion: '1',
  owner: 'environment-social',
  cadence: 'yearly',
  schema: CLIMATE_TABLES.haduk_grid_cells.schema,
  sources: hadukFiles,
  files: async (ctx) =>
    required(await hadukFiles(ctx), '<var>_hadukgrid_uk_*.nc files', sourceDir(ctx, HADUK_GRID_DATASET)),
  // On one worker thread for all the files: h5wasm's ~600 MB stays with the thread, not with the refresh
  // worker's process, and is loaded once (a thread a file cost ~2 CPU-s each).
  readFiles: (files) => readInWorker<HadukGridCellRow>(HADUK_READER, 'readHadukGridFile', files),
  toRow: withSourceFile,
  // Rows arrive in a fixed order (files by name, then time, y, x as stored): no sort of ~17 M UK rows.
});

export const ukcp18Projections = stagedTableAsset({
  name: UKCP18_TABLE,
  description:
    'UKCP18 warming-level projections (Met Office Climate Data Portal, 12 km; hot summer days, summer maximum temperature, summer and winter precipitation)',
  codeVersion: '1',
  owner: 'environment-social',
  cadence: 'yearly',
  schema: CLIMATE_TABLES.ukcp18_projections.schema,
  sources: ukcp18Files,
  files: async (ctx) =>
    required(await ukcp18Files(ctx), 'CSV or GeoJSON exports', sourceDir(ctx, UKCP18_DATASET)),
  read: readUkcp18File,
  toRow: withSourceFile,
  orderBy: ['measure', 'y_coord', 'x_coord', 'period', 'statistic', 'kind'],
});
