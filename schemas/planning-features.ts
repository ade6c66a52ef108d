// Staged planning, transport and boundary layers: one row per source feature. Polygon layers keep their
// geometry as WKB in British National Grid metres (EPSG:27700) with bbox columns, as schemas/features.ts does
// for flood; point layers keep BNG `x_coord`/`y_coord` (converted from WGS84 where the publisher uses it).
// These zod schemas are the single source of the Parquet layouts (parquetColumnsFor) and the data dictionary.
import { z } from 'zod';
import { bboxColumns, pointColumns, sourceFile, wkbGeometry } from './feature-columns';

const timestamp = (what: string) => z.iso.datetime().nullable().describe(`${what} (ISO timestamp, UTC)`);

export const ConservationAreaRecord = z.object({
  feature_id: z.string().describe('planning.data.gov.uk `entity` (44000000-44999999)'),
  reference: z.string().nullable().describe('The organisation’s own reference'),
  name: z.string().nullable().describe('Conservation area name'),
  organisation: z
    .string()
    .nullable()
    .describe('`organisation-entity` (or `organisation`) publishing the area'),
  designation_date: timestamp('`designation-date`'),
  documentation_url: z.string().nullable().describe('`documentation-url`'),
  source_file: sourceFile,
  geometry: wkbGeometry('Area (from the WGS84 WKT MULTIPOLYGON)'),
  ...bboxColumns,
});
export type ConservationAreaRecord = z.infer<typeof ConservationAreaRecord>;

export const ListedGrade = z.enum(['I', 'II*', 'II']).describe('Listing grade');

export const ListedBuildingRecord = z.object({
  feature_id: z.string().describe('NHLE `ListEntry` (list entry number)'),
  name: z.string().nullable().describe('`Name`'),
  grade: ListedGrade,
  date_listed: timestamp('`ListDate` (YYYY-MM-DD, DD/MM/YYYY or epoch milliseconds in the source)'),
  url: z
    .string()
    .nullable()
    .describe('`Hyperlink` (or the list entry page built from ListEntry when absent)'),
  ...pointColumns,
  source_file: sourceFile,
});
export type ListedBuildingRecord = z.infer<typeof ListedBuildingRecord>;

export const WorldHeritageSiteRecord = z.object({
  feature_id: z.string().describe('NHLE `ListEntry`'),
  name: z.string().nullable().describe('`Name`'),
  inscription_date: timestamp('`InscrDate`: date inscribed on the World Heritage List'),
  notes: z.string().nullable().describe('`Notes` (free text)'),
  url: z.string().nullable().describe('`Hyperlink`'),
  source_file: sourceFile,
  geometry: wkbGeometry('Site boundary'),
  ...bboxColumns,
});
export type WorldHeritageSiteRecord = z.infer<typeof WorldHeritageSiteRecord>;

export const NationalParkRecord = z.object({
  feature_id: z.string().describe('ONS code (`NPARKyyCD`, e.g. E26000011), year suffix resolved by prefix'),
  name: z.string().nullable().describe('`NPARKyyNM`'),
  name_welsh: z.string().nullable().describe('`NPARKyyNMW`'),
  source_file: sourceFile,
  geometry: wkbGeometry('Park boundary (BFC: clipped to the coastline)'),
  ...bboxColumns,
});
export type NationalParkRecord = z.infer<typeof NationalParkRecord>;

export const EvChargePointRecord = z.object({
  feature_id: z.string().describe('NCR `chargeDeviceID` (duplicates dropped: the first row wins)'),
  name: z.string().nullable().describe('`name`'),
  postcode: z.string().nullable().describe('`postcode` (cleared when it is not a postcode, e.g. "20:00")'),
  status: z.string().nullable().describe('`chargeDeviceStatus` as published'),
  ...pointColumns,
  source_file: sourceFile,
});
export type EvChargePointRecord = z.infer<typeof EvChargePointRecord>;

export const LezStatus = z
  .enum(['active', 'planned', 'inactive'])
  .describe('Normalised status: active (live, in force), planned (proposed, approved), inactive (other)');

export const LowEmissionZoneRecord = z.object({
  feature_id: z.string().describe('Source id (OBJECTID, site_ref) or `<file>#<index>`'),
  name: z.string().nullable().describe('Zone name (NAME, name, site_ref)'),
  status: z.string().nullable().describe('`STATUS` as published; null when the layer has none'),
  status_class: LezStatus,
  url: z
    .string()
    .nullable()
    .describe('Scheme page: a URL column if present, else the maintained lookup by name'),
  source_file: sourceFile,
  geometry: wkbGeometry('Zone boundary'),
  ...bboxColumns,
});
export type LowEmissionZoneRecord = z.infer<typeof LowEmissionZoneRecord>;

export const AirportRecord = z.object({
  feature_id: z.string().describe('OurAirports `ident` (ICAO code for most)'),
  name: z.string().describe('`name`'),
  type: z.string().describe('`type` (only large_airport and medium_airport are staged)'),
  iata_code: z.string().nullable().describe('`iata_code`'),
  iso_region: z.string().nullable().describe('`iso_region` (GB-ENG, GB-WLS, GB-SCT, GB-NIR)'),
  ...pointColumns,
  source_file: sourceFile,
});
export type AirportRecord = z.infer<typeof AirportRecord>;

export const BOUNDARY_LEVELS = ['ward', 'local_authority', 'county', 'region', 'country'] as const;
export const BoundaryLevel = z
  .enum(BOUNDARY_LEVELS)
  .describe('Which admin_boundaries pair (spec 2.7, location) the polygon answers');
export type BoundaryLevel = z.infer<typeof BoundaryLevel>;

export const AdminBoundaryRecord = z.object({
  level: BoundaryLevel,
  code: z.string().describe('GSS code (WDyyCD, LADyyCD, CTYyyCD, RGNyyCD, CTRYyyCD; Boundary-Line CODE)'),
  name: z.string().nullable().describe('Name (…NM; Boundary-Line NAME)'),
  source_file: sourceFile,
  geometry: wkbGeometry('Boundary polygon'),
  ...bboxColumns,
});
export type AdminBoundaryRecord = z.infer<typeof AdminBoundaryRecord>;

/** The staged tables of this module (table name → schema), for the data dictionary. */
export const PLANNING_FEATURE_TABLES = {
  conservation_areas: ConservationAreaRecord,
  listed_buildings: ListedBuildingRecord,
  world_heritage_sites: WorldHeritageSiteRecord,
  national_parks: NationalParkRecord,
  ev_charge_points: EvChargePointRecord,
  low_emission_zones: LowEmissionZoneRecord,
  airports: AirportRecord,
  admin_boundaries: AdminBoundaryRecord,
} as const;
export type PlanningFeatureTable = keyof typeof PLANNING_FEATURE_TABLES;
