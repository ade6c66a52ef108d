// Staged planning and transport layers and the boundary polygons (schemas/planning-features.ts): one
// ingest asset per dataset folder, each streaming its loader into a staged table (quarantined rows to the
// table's quarantine file). Polygon tables are sorted by minx so bbox filters skip row groups.
import type { z } from 'zod';
import { PLANNING_FEATURE_TABLES, type PlanningFeatureTable } from '../../../schemas/planning-features';
import { DataError } from '../../io/errors';
import { parquetColumnsFor } from '../../io/parquet-columns';
import type { SourceRow } from '../../io/quarantine';
import { readAdminBoundaries } from '../../sources/boundaries/admin-boundaries';
import { readConservationAreas } from '../../sources/planning/conservation-areas';
import { filesUnder } from '../../sources/flood/spatial-rows';
import { readNationalParks } from '../../sources/planning/national-parks';
import { readListedBuildings, readWorldHeritageSites } from '../../sources/planning/nhle';
import { readAirports } from '../../sources/transport/airports';
import { readEvChargePoints } from '../../sources/transport/ev-charge-points';
import { readLowEmissionZones } from '../../sources/transport/low-emission-zones';
import { notEmpty, quarantineShare, rowCountBand } from '../../orchestration/checks/counts';
import { insideGreatBritain } from '../../orchestration/checks/table';
import { type AssetCheck } from '../../orchestration/definition';
import { defineAsset, type Asset, type AssetName } from '../define';
import { ingestToParquet } from '../../orchestration/ingest';
import { sourceDir } from '../../orchestration/sources';

export const SPATIAL_FILES = ['.shp', '.shx', '.dbf', '.prj', '.cpg', '.gpkg', '.geojson', '.json'];

export interface LayerSpec {
  table: AssetName;
  /** The staged table's row schema (its Parquet columns). */
  schema: z.ZodObject;
  /** Source dataset folder (schemas/sources.ts SOURCE_FORMATS). */
  dataset: string;
  description: string;
  cadence: Asset['cadence'];
  extensions: readonly string[];
  /** One stream per file (CSV) or one for the folder (spatial layers). */
  read(dir: string, files: string[]): AsyncIterable<SourceRow<unknown>>[];
  orderBy: string[];
  /** Default 'planning-transport'. */
  owner?: string;
  /** The largest share of rows the quarantine_share check lets through (default 5 %). */
  maxQuarantined?: number;
}

const planning = (table: PlanningFeatureTable) => ({ table, schema: PLANNING_FEATURE_TABLES[table] });

const LAYERS: readonly LayerSpec[] = [
  {
    ...planning('conservation_areas'),
    dataset: 'conservation-areas',
    description: 'Conservation areas (planning.data.gov.uk, England): name, designation date, BNG polygons',
    cadence: 'monthly',
    extensions: ['.csv'],
    read: (_dir, files) => files.map((f) => readConservationAreas(f)),
    orderBy: ['minx', 'feature_id'],
  },
  {
    ...planning('listed_buildings'),
    dataset: 'nhle-listed-buildings',
    description: 'Listed buildings (NHLE points, England): grade, list date, URL',
    cadence: 'monthly',
    extensions: SPATIAL_FILES,
    read: (dir) => [readListedBuildings(dir)],
    orderBy: ['x_coord', 'feature_id'],
  },
  {
    ...planning('world_heritage_sites'),
    dataset: 'nhle-world-heritage-sites',
    description: 'World Heritage Sites (NHLE polygons, England): inscription date, notes, URL',
    cadence: 'yearly',
    extensions: SPATIAL_FILES,
    read: (dir) => [readWorldHeritageSites(dir)],
    orderBy: ['minx', 'feature_id'],
  },
  {
    ...planning('national_parks'),
    dataset: 'ons-national-parks',
    description: 'National Parks (ONS NPARK BFC boundaries, Great Britain)',
    cadence: 'yearly',
    extensions: SPATIAL_FILES,
    read: (dir) => [readNationalParks(dir)],
    orderBy: ['minx', 'feature_id'],
  },
  {
    ...planning('ev_charge_points'),
    dataset: 'ncr-charge-points',
    description: 'EV charge devices (National Chargepoint Registry), deduplicated, BNG points',
    cadence: 'monthly',
    extensions: ['.csv'],
    read: (_dir, files) => {
      const seen = new Set<string>();
      return files.map((f) => readEvChargePoints(f, seen));
    },
    orderBy: ['x_coord', 'feature_id'],
  },
  {
    ...planning('low_emission_zones'),
    dataset: 'low-emission-zones',
    description: 'Clean air, ultra low and low emission zones (council, TfL and Spatial Hub boundaries)',
    cadence: 'quarterly',
    extensions: SPATIAL_FILES,
    read: (dir) => [readLowEmissionZones(dir)],
    orderBy: ['minx', 'feature_id'],
  },
  {
    ...planning('airports'),
    dataset: 'ourairports',
    description: 'UK large and medium airports (OurAirports airports.csv)',
    cadence: 'quarterly',
    extensions: ['.csv'],
    read: (_dir, files) => files.map((f) => readAirports(f)),
    orderBy: ['feature_id'],
  },
  {
    ...planning('admin_boundaries'),
    dataset: 'admin-boundaries',
    description: 'Ward, local authority, county, region and country polygons (ONS BFC or OS Boundary-Line)',
    cadence: 'yearly',
    extensions: SPATIAL_FILES,
    read: (dir) => [readAdminBoundaries(dir)],
    orderBy: ['level', 'minx', 'code'],
  },
];

/**
 * The checks every staged layer gets: not empty, its size against the last good delivery, few quarantined
 * rows, and its geometry inside Great Britain's grid (a layer in another CRS lands outside it).
 */
export function layerChecks(schema: z.ZodObject, maxQuarantined = 0.05): AssetCheck[] {
  const shape = schema.shape as Record<string, unknown>;
  const box =
    'minx' in shape
      ? { minx: 'minx', miny: 'miny', maxx: 'maxx', maxy: 'maxy' }
      : 'x_coord' in shape
        ? { minx: 'x_coord', miny: 'y_coord', maxx: 'x_coord', maxy: 'y_coord' }
        : null;
  return [
    notEmpty(),
    rowCountBand(),
    quarantineShare(maxQuarantined),
    ...(box ? [insideGreatBritain(box)] : []),
  ];
}

/** A staged ingest asset: the dataset folder's files through the spec's loader into its table. */
export function layerAsset(spec: LayerSpec): Asset {
  const files = (dir: string): Promise<string[]> => filesUnder(dir, spec.extensions);
  return defineAsset({
    name: spec.table,
    kind: 'staged',
    description: spec.description,
    upstream: [],
    // 2: written as GeoParquet 1.1 (pipelines/io/geoparquet.ts).
    codeVersion: '2',
    owner: spec.owner ?? 'planning-transport',
    cadence: spec.cadence,
    sources: (ctx) => files(sourceDir(ctx, spec.dataset)),
    async materialize(ctx) {
      const dir = sourceDir(ctx, spec.dataset);
      const found = await files(dir);
      if (found.length === 0) throw new DataError(`no ${spec.extensions.join('/')} files in ${dir}`);
      const result = await ingestToParquet(
        ctx,
        spec.table,
        parquetColumnsFor(spec.schema),
        spec.read(dir, found),
        (r, file) => ({ ...(r as Record<string, unknown>), source_file: file }),
        { orderBy: spec.orderBy },
      );
      return { rows: result.rows, outputs: result.outputs, metrics: { quarantined: result.quarantined } };
    },
    checks: layerChecks(spec.schema, spec.maxQuarantined),
  });
}

export const PLANNING_LAYER_ASSETS: readonly Asset[] = LAYERS.map(layerAsset);
