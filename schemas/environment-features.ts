// Staged environment and social layers (issue #5): one row per source record, BNG metres (EPSG:27700).
// Grid layers (DEFRA background air pollution, the radon atlas) keep one row per 1 km cell keyed by the
// cell's south-west corner; polygon layers keep WKB plus bbox columns as schemas/planning-features.ts does;
// point layers keep `x_coord`/`y_coord`. These zod schemas are the single source of the Parquet layouts
// (parquetColumnsFor) and the data dictionary.
import { z } from 'zod';
import { bboxColumns, pointColumns, sourceFile, wkbGeometry } from './feature-columns';

const cellColumns = {
  cell_x: z.number().int().describe('South-west corner easting of the 1 km cell (m, BNG, multiple of 1000)'),
  cell_y: z.number().int().describe('South-west corner northing of the 1 km cell (m, BNG, multiple of 1000)'),
};

export const POLLUTANTS = ['benzene', 'no2', 'nox', 'pm10', 'pm2.5', 'so2'] as const;
export const Pollutant = z.enum(POLLUTANTS).describe('Pollutant key (spec 2.7 air_quality)');
export type Pollutant = z.infer<typeof Pollutant>;

export const AirQualityCellRecord = z.object({
  pollutant: Pollutant,
  year: z.number().int().describe('Year of the map (the two digits of `Total_<pollutant>_<YY>`, 20YY)'),
  local_authority_code: z.string().nullable().describe('`Local_Auth_Code`'),
  ...cellColumns,
  value: z.number().describe('`Total_<pollutant>_<YY>`: annual mean background concentration, µg/m³'),
  source_file: sourceFile,
});
export type AirQualityCellRecord = z.infer<typeof AirQualityCellRecord>;

export const RadonCellRecord = z.object({
  ...cellColumns,
  class_max: z
    .number()
    .int()
    .min(1)
    .max(6)
    .describe('`CLASS_MAX`: highest radon potential class in the cell'),
  source_file: sourceFile,
});
export type RadonCellRecord = z.infer<typeof RadonCellRecord>;

/** GeoSure's six natural ground subsidence hazards (spec 2.7 subsidence keys). */
export const SUBSIDENCE_HAZARDS = [
  'collapsible_deposits',
  'compressible_ground',
  'landslides',
  'running_sand',
  'shrink_swell',
  'soluble_rocks',
] as const;
export const SubsidenceHazard = z
  .enum(SUBSIDENCE_HAZARDS)
  .describe('GeoSure hazard (spec 2.7 subsidence key)');
export type SubsidenceHazard = z.infer<typeof SubsidenceHazard>;

/** The spec's five GeoClimate shrink-swell keys (period and emissions scenario). */
export const SHRINK_SWELL_CLIMATE_KEYS = [
  'shrink_swell_2030_medium_emissions',
  'shrink_swell_2030_high_emissions',
  'shrink_swell_2050_medium_emissions',
  'shrink_swell_2070_high_emissions',
  'shrink_swell_2080_medium_emissions',
] as const;
export const ShrinkSwellClimateKey = z
  .enum(SHRINK_SWELL_CLIMATE_KEYS)
  .describe('GeoClimate period and emissions scenario (spec 2.7 subsidence climate key)');
export type ShrinkSwellClimateKey = z.infer<typeof ShrinkSwellClimateKey>;

export const GEOCLIMATE_CLASSES = ['Improbable', 'Possible', 'Probable', 'Unavailable'] as const;
export const GeoClimateClass = z.enum(GEOCLIMATE_CLASSES).describe('GeoClimate `CLASS`');
export type GeoClimateClass = z.infer<typeof GeoClimateClass>;

export const SubsidenceHazardAreaRecord = z.object({
  feature_id: z
    .string()
    .describe('`<hazard>:<GS_ID or ID>`, or `<hazard>:<layer>#<feature number>` without one'),
  hazard: SubsidenceHazard,
  class_letter: z
    .enum(['A', 'B', 'C', 'D', 'E'])
    .nullable()
    .describe(
      '`CLASS` letter as published (A lowest); null when the source gives 1-3 or Low/Moderate/Significant',
    ),
  hazard_class: z.number().int().min(1).max(3).describe('1 Low (A, B), 2 Moderate (C), 3 Significant (D, E)'),
  legend: z.string().describe('`LEGEND` as published; the maintained default for the class when blank'),
  version: z.string().nullable().describe('`VERSION` (dataset name and version), null when absent'),
  source_file: sourceFile,
  geometry: wkbGeometry('GeoSure polygon'),
  ...bboxColumns,
});
export type SubsidenceHazardAreaRecord = z.infer<typeof SubsidenceHazardAreaRecord>;

export const SubsidenceClimateAreaRecord = z.object({
  feature_id: z.string().describe('`<key>:<ID>`, or `<key>:<layer>#<feature number>` without one'),
  climate_key: ShrinkSwellClimateKey,
  class: GeoClimateClass,
  legend: z.string().describe('`LEGEND` as published; the maintained default for the class when blank'),
  version: z.string().nullable().describe('`VERSION` (dataset name and version), null when absent'),
  source_file: sourceFile,
  geometry: wkbGeometry('GeoClimate polygon (the Open product: a 2 km grid square)'),
  ...bboxColumns,
});
export type SubsidenceClimateAreaRecord = z.infer<typeof SubsidenceClimateAreaRecord>;

export const GreenspaceSiteRecord = z.object({
  feature_id: z.string().describe('`id` (OS TOID-like GUID)'),
  function: z.string().describe('`function`, e.g. Public Park Or Garden, Playing Field'),
  name: z.string().nullable().describe('`distName1` (first distinctive name), null when unnamed'),
  source_file: sourceFile,
  geometry: wkbGeometry('Site polygon'),
  ...bboxColumns,
});
export type GreenspaceSiteRecord = z.infer<typeof GreenspaceSiteRecord>;

export const LandslideRecord = z.object({
  feature_id: z.string().describe('Landslide id (`ID`, `LANDSLIDE_ID`)'),
  name: z.string().nullable().describe('Name or location text (`NAME`, `LOCATION`)'),
  ...pointColumns,
  source_file: sourceFile,
});
export type LandslideRecord = z.infer<typeof LandslideRecord>;

export const NhsSiteKind = z
  .enum(['gp_practice', 'dentist', 'hospital'])
  .describe('epraccur → gp_practice, egdpprac → dentist, ets → hospital (trust sites)');
export type NhsSiteKind = z.infer<typeof NhsSiteKind>;

export const NhsSiteRecord = z.object({
  kind: NhsSiteKind,
  code: z.string().describe('ODS Organisation Code'),
  name: z.string().describe('Name'),
  address1: z.string().nullable().describe('First non-empty address line'),
  address2: z.string().nullable().describe('Second non-empty address line'),
  address3: z.string().nullable().describe('Remaining non-empty address lines joined with ", "'),
  postcode: z.string().describe('Postcode as published (upper case, one space)'),
  url: z.string().describe('The organisation’s ODS ORD API record (ODS files carry no web site)'),
  ...pointColumns,
  source_file: sourceFile,
});
export type NhsSiteRecord = z.infer<typeof NhsSiteRecord>;

export const DefibrillatorRecord = z.object({
  feature_id: z.string().describe('The Circuit GUID (`id`, `guid`)'),
  location_name: z.string().nullable().describe('Where the AED is (`location_name`, `name`)'),
  availability: z.string().describe('When it can be used (`availability`), "Unknown" when blank'),
  access_type: z.string().describe('`access_type` (Public, Restricted …), "Unknown" when blank'),
  ...pointColumns,
  source_file: sourceFile,
});
export type DefibrillatorRecord = z.infer<typeof DefibrillatorRecord>;

/** The staged tables of this module (table name → schema), for the data dictionary. */
export const ENVIRONMENT_FEATURE_TABLES = {
  air_quality_cells: AirQualityCellRecord,
  radon_cells: RadonCellRecord,
  subsidence_hazard_areas: SubsidenceHazardAreaRecord,
  subsidence_climate_areas: SubsidenceClimateAreaRecord,
  greenspace_sites: GreenspaceSiteRecord,
  landslides: LandslideRecord,
  nhs_sites: NhsSiteRecord,
  defibrillators: DefibrillatorRecord,
} as const;
export type EnvironmentFeatureTable = keyof typeof ENVIRONMENT_FEATURE_TABLES;
