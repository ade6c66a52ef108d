// Staged environment and social layers (schemas/environment-features.ts): one ingest asset per dataset
// folder, each streaming its loader into a staged table (quarantined rows to the table's quarantine file),
// as pipelines/assets/planning/planning-layers.ts does for planning. The NHS sites are geocoded while staged, by
// postcode through the staged ONSPD table, so `nhs_sites` depends on `onspd`.
import type { z } from 'zod';
import {
  ENVIRONMENT_FEATURE_TABLES,
  type EnvironmentFeatureTable,
} from '../../../schemas/environment-features';
import type { Position } from '../../geo/geometry';
import { DataError } from '../../io/errors';
import { parquetPath, queryParquet } from '../../io/parquet';
import { parquetColumnsFor } from '../../io/parquet-columns';
import type { SourceRow } from '../../io/quarantine';
import { readAirQualityCsv } from '../../sources/air-quality/defra-background';
import { readDefibrillators } from '../../sources/defibrillators/the-circuit';
import { filesUnder } from '../../sources/flood/spatial-rows';
import { readGreenspaceSites } from '../../sources/greenspace/open-greenspace';
import { readLandslideLayers, readLandslidesCsv } from '../../sources/landslides/national-landslide-database';
import { odsKind, postcodeKey, readOdsFile } from '../../sources/nhs/ods';
import { readRadonAtlas } from '../../sources/radon/indicative-atlas';
import { readGeoClimate } from '../../sources/subsidence/geoclimate';
import { readGeoSure } from '../../sources/subsidence/geosure';
import { type AssetContext } from '../../orchestration/definition';
import { defineAsset, type Asset, type AssetName } from '../define';
import { ingestToParquet, stagedPath } from '../../orchestration/ingest';
import { sourceDir } from '../../orchestration/sources';

const SPATIAL_FILES = ['.shp', '.shx', '.dbf', '.prj', '.cpg', '.gpkg', '.geojson', '.json'];

interface LayerSpec {
  table: EnvironmentFeatureTable;
  /** Source dataset folder (schemas/sources.ts SOURCE_FORMATS). */
  dataset: string;
  description: string;
  cadence: Asset['cadence'];
  extensions: readonly string[];
  upstream?: AssetName[];
  read(ctx: AssetContext, dir: string, files: string[]): Promise<AsyncIterable<SourceRow<unknown>>[]>;
  orderBy: string[];
}

/** Postcode (no spaces) → BNG position, from the staged ONSPD table (rows with a grid reference). */
export async function onspdGeocoder(ctx: AssetContext): Promise<(postcode: string) => Position | null> {
  const positions = new Map<string, Position>();
  for await (const row of queryParquet(
    `SELECT postcode, x_coord, y_coord FROM ${parquetPath(stagedPath(ctx, 'onspd'))}
      WHERE x_coord IS NOT NULL AND y_coord IS NOT NULL AND NOT (x_coord = 0 AND y_coord = 0)`,
  ))
    positions.set(postcodeKey(String(row.postcode)), [Number(row.x_coord), Number(row.y_coord)]);
  return (postcode) => positions.get(postcodeKey(postcode)) ?? null;
}

const LAYERS: readonly LayerSpec[] = [
  {
    table: 'air_quality_cells',
    dataset: 'defra-background-air',
    description:
      'DEFRA LAQM background pollution maps: annual mean per 1 km cell and pollutant (benzene, NO2, NOx, PM10, PM2.5, SO2)',
    cadence: 'yearly',
    extensions: ['.csv'],
    read: async (_ctx, _dir, files) => files.map((f) => readAirQualityCsv(f)),
    orderBy: ['pollutant', 'cell_x', 'cell_y', 'year'],
  },
  {
    table: 'radon_cells',
    dataset: 'bgs-radon-atlas',
    description: 'BGS/UKHSA indicative atlas of radon potential: CLASS_MAX (1-6) per 1 km square',
    cadence: 'yearly',
    extensions: SPATIAL_FILES,
    read: async (_ctx, dir) => [readRadonAtlas(dir)],
    orderBy: ['cell_x', 'cell_y'],
  },
  {
    table: 'subsidence_hazard_areas',
    dataset: 'bgs-geosure',
    description:
      'BGS GeoSure natural ground subsidence polygons: six hazards, class letter A-E mapped to 1-3, legend',
    cadence: 'yearly',
    extensions: SPATIAL_FILES,
    read: async (_ctx, dir) => [readGeoSure(dir)],
    orderBy: ['hazard', 'minx', 'feature_id'],
  },
  {
    table: 'subsidence_climate_areas',
    dataset: 'bgs-geoclimate',
    description:
      'BGS GeoClimate clay shrink-swell polygons per period and emissions scenario: CLASS (Improbable/Possible/Probable/Unavailable), legend',
    cadence: 'yearly',
    extensions: SPATIAL_FILES,
    read: async (_ctx, dir) => [readGeoClimate(dir)],
    orderBy: ['climate_key', 'minx', 'feature_id'],
  },
  {
    table: 'greenspace_sites',
    dataset: 'os-open-greenspace',
    description: 'OS Open Greenspace sites: function, first distinctive name, BNG polygons',
    cadence: 'quarterly',
    extensions: SPATIAL_FILES,
    read: async (_ctx, dir) => [readGreenspaceSites(dir)],
    orderBy: ['minx', 'feature_id'],
  },
  {
    table: 'landslides',
    dataset: 'bgs-landslides',
    description: 'BGS National Landslide Database points (CSV export or spatial copy)',
    cadence: 'yearly',
    extensions: ['.csv', ...SPATIAL_FILES],
    read: async (_ctx, dir, files) => [
      ...files.filter((f) => f.toLowerCase().endsWith('.csv')).map((f) => readLandslidesCsv(f)),
      readLandslideLayers(dir),
    ],
    orderBy: ['x_coord', 'feature_id'],
  },
  {
    table: 'nhs_sites',
    dataset: 'nhs-ods',
    description:
      'NHS ODS GP practices (epraccur), dental practices (egdpprac), trust sites (ets), geocoded by postcode',
    cadence: 'monthly',
    extensions: ['.csv'],
    upstream: ['onspd'],
    read: async (ctx, _dir, files) => {
      const geocode = await onspdGeocoder(ctx);
      return files.filter((f) => odsKind(f) !== null).map((f) => readOdsFile(f, geocode));
    },
    orderBy: ['kind', 'x_coord', 'code'],
  },
  {
    table: 'defibrillators',
    dataset: 'the-circuit-defibrillators',
    description: 'Defibrillators (The Circuit export): location, availability, access type',
    cadence: 'monthly',
    extensions: ['.csv'],
    read: async (_ctx, _dir, files) => {
      const seen = new Set<string>();
      return files.map((f) => readDefibrillators(f, seen));
    },
    orderBy: ['x_coord', 'feature_id'],
  },
];

function layerAsset(spec: LayerSpec): Asset {
  const files = (dir: string): Promise<string[]> => filesUnder(dir, spec.extensions);
  return defineAsset({
    name: spec.table,
    kind: 'staged',
    description: spec.description,
    upstream: spec.upstream ?? [],
    // 2: written as GeoParquet 1.1 (pipelines/io/geoparquet.ts).
    codeVersion: '2',
    owner: 'environment-social',
    cadence: spec.cadence,
    sources: (ctx) => files(sourceDir(ctx, spec.dataset)),
    async materialize(ctx) {
      const dir = sourceDir(ctx, spec.dataset);
      const found = await files(dir);
      if (found.length === 0) throw new DataError(`no ${spec.extensions.join('/')} files in ${dir}`);
      const schema = ENVIRONMENT_FEATURE_TABLES[spec.table] as z.ZodObject;
      const result = await ingestToParquet(
        ctx,
        spec.table,
        parquetColumnsFor(schema),
        await spec.read(ctx, dir, found),
        (r, file) => ({ ...(r as Record<string, unknown>), source_file: file }),
        { orderBy: spec.orderBy },
      );
      return { rows: result.rows, outputs: result.outputs, metrics: { quarantined: result.quarantined } };
    },
  });
}

export const ENVIRONMENT_LAYER_ASSETS: readonly Asset[] = LAYERS.map(layerAsset);
