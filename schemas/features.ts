// Staged spatial feature tables (flood, terrain, coast): one row per source feature, geometry as WKB in
// British National Grid metres (EPSG:27700) with its bounding box as plain columns so readers can filter
// without decoding. These zod schemas are the single source for the Parquet layouts (parquetColumnsFor)
// and the data dictionary. Geometry is written and read by pipelines/io/spatial/wkb.ts (ISO WKB, 2D).
import { z } from 'zod';
import { bboxColumns, sourceFile, wkbGeometry } from './feature-columns';

/** WKB geometry column (ISO WKB, little endian, 2D, BNG metres). `format: 'binary'` makes it a Parquet BLOB. */

// ---------------------------------------------------------------------------------------------------------
// Flood zones
// ---------------------------------------------------------------------------------------------------------

export const FLOOD_ZONE_LAYERS = [
  'england.rivers_and_seas',
  'england.rivers_and_seas_climate_change',
  'england.surface_water',
  'england.surface_water_climate_change',
  'wales.coast',
  'wales.rivers',
  'wales.surface_water',
  'scotland.coast',
  'scotland.rivers',
  'scotland.surface_water',
  'scotland.coast_climate_change',
  'scotland.rivers_climate_change',
  'scotland.surface_water_climate_change',
] as const;
export const FloodZoneLayer = z
  .enum(FLOOD_ZONE_LAYERS)
  .describe('`<country>.<source>[_climate_change]`: which published flood map the zone comes from');
export type FloodZoneLayer = z.infer<typeof FloodZoneLayer>;

export const FLOOD_BANDS = ['High', 'Medium', 'Low', 'Very Low'] as const;
export const FloodBand = z
  .enum(FLOOD_BANDS)
  .describe('Normalised likelihood band (EA "Very low" and "Very Low" both become "Very Low")');
export type FloodBand = z.infer<typeof FloodBand>;

export const FloodZoneRecord = z.object({
  layer: FloodZoneLayer,
  feature_id: z
    .string()
    .describe(
      '`<source file name>:<id>`: the id column (objectid, fid, id) when there is one, else the 1-based feature number',
    ),
  label: z
    .string()
    .describe(
      "The source's risk label as published (EA prob_4band/Risk_band, NRW risk; SEPA: High/Medium/Low from the service name)",
    ),
  band: FloodBand,
  source_file: sourceFile,
  geometry: wkbGeometry('Zone polygon or multipolygon'),
  ...bboxColumns,
});
export type FloodZoneRecord = z.infer<typeof FloodZoneRecord>;

// ---------------------------------------------------------------------------------------------------------
// Recorded flood outlines, defences, areas benefiting from defences
// ---------------------------------------------------------------------------------------------------------

export const FeatureCountry = z.enum(['England', 'Wales', 'Scotland']).describe('Country of the publisher');

export const FloodRecordedOutlineRecord = z.object({
  country: FeatureCountry,
  feature_id: z.string().describe('EA rec_out_id (or NRW objectid)'),
  name: z.string().nullable().describe('Event name as published'),
  start_date: z.iso.datetime().nullable().describe('Event start (ISO timestamp, UTC)'),
  end_date: z.iso.datetime().nullable().describe('Event end (ISO timestamp, UTC)'),
  flood_source: z.string().nullable().describe('Source of flooding as published (EA flood_src)'),
  flood_cause: z.string().nullable().describe('Cause of flooding as published (EA flood_caus)'),
  source_file: sourceFile,
  geometry: wkbGeometry('Outline polygon or multipolygon'),
  ...bboxColumns,
});
export type FloodRecordedOutlineRecord = z.infer<typeof FloodRecordedOutlineRecord>;

export const FloodDefenceRecord = z.object({
  country: FeatureCountry,
  feature_id: z.string().describe('AIMS asset_id'),
  asset_type: z.string().nullable().describe('Asset type as published (e.g. "Wall", "Embankment")'),
  asset_sub_type: z.string().nullable().describe('AIMS asset_sub_type'),
  primary_purpose: z.string().nullable().describe('AIMS primary_purpose (e.g. "Fluvial Flood Defence")'),
  protection_type: z.string().nullable().describe('AIMS protection_type'),
  current_condition: z.string().nullable().describe('AIMS current_condition'),
  source_file: sourceFile,
  geometry: wkbGeometry('Defence line (linestring or multilinestring)'),
  ...bboxColumns,
});
export type FloodDefenceRecord = z.infer<typeof FloodDefenceRecord>;

export const FloodDefenceAreaRecord = z.object({
  country: FeatureCountry,
  feature_id: z.string().describe('Identifier of the area benefiting from defences'),
  source_file: sourceFile,
  geometry: wkbGeometry('Area benefiting from flood defences (polygon or multipolygon)'),
  ...bboxColumns,
});
export type FloodDefenceAreaRecord = z.infer<typeof FloodDefenceAreaRecord>;

// ---------------------------------------------------------------------------------------------------------
// Terrain and coast
// ---------------------------------------------------------------------------------------------------------

export const ContourKind = z
  .enum(['contour', 'mean_high_water', 'mean_low_water'])
  .describe('OS Terrain 50 line type: ContourLine, or a tide line (LandWaterBoundary)');
export type ContourKind = z.infer<typeof ContourKind>;

export const TerrainContourRecord = z.object({
  tile: z.string().describe('OS 10 km tile the line comes from, upper case (e.g. "ST76")'),
  kind: ContourKind,
  height: z.number().describe('PROP_VALUE: height above Ordnance Datum Newlyn (m)'),
  source_file: sourceFile,
  geometry: wkbGeometry('Contour or tide line (linestring or multilinestring)'),
  ...bboxColumns,
});
export type TerrainContourRecord = z.infer<typeof TerrainContourRecord>;

export const CoastlineRecord = z.object({
  feature_id: z.string().describe('`<file>#<feature index>` (Boundary-Line carries no stable id)'),
  source_file: sourceFile,
  geometry: wkbGeometry('Mean High Water line (linestring or multilinestring)'),
  ...bboxColumns,
});
export type CoastlineRecord = z.infer<typeof CoastlineRecord>;

/** The staged feature tables and their schemas (table name → schema), for the data dictionary. */
export const FEATURE_TABLES = {
  flood_zones: FloodZoneRecord,
  flood_recorded_outlines: FloodRecordedOutlineRecord,
  flood_defences: FloodDefenceRecord,
  flood_defence_areas: FloodDefenceAreaRecord,
  terrain_contours: TerrainContourRecord,
  coastline: CoastlineRecord,
} as const;
