// EPC records: the raw columns as published, the standardised vocabularies, and the enhanced (cleaned)
// records of spec 2.10. The zod schemas are the single source for the TypeScript types, the data dictionary
// and the OpenAPI description, so every field carries a description with its unit.
import { z } from 'zod';

// ---------------------------------------------------------------------------------------------------------
// Raw columns
// ---------------------------------------------------------------------------------------------------------

/** England & Wales legacy bulk `certificates.csv`: the 93 published column names, in file order. */
export const RAW_EW_CERTIFICATE_COLUMNS = [
  'LMK_KEY',
  'ADDRESS1',
  'ADDRESS2',
  'ADDRESS3',
  'POSTCODE',
  'BUILDING_REFERENCE_NUMBER',
  'CURRENT_ENERGY_RATING',
  'POTENTIAL_ENERGY_RATING',
  'CURRENT_ENERGY_EFFICIENCY',
  'POTENTIAL_ENERGY_EFFICIENCY',
  'PROPERTY_TYPE',
  'BUILT_FORM',
  'INSPECTION_DATE',
  'LOCAL_AUTHORITY',
  'CONSTITUENCY',
  'COUNTY',
  'LODGEMENT_DATE',
  'TRANSACTION_TYPE',
  'ENVIRONMENT_IMPACT_CURRENT',
  'ENVIRONMENT_IMPACT_POTENTIAL',
  'ENERGY_CONSUMPTION_CURRENT',
  'ENERGY_CONSUMPTION_POTENTIAL',
  'CO2_EMISSIONS_CURRENT',
  'CO2_EMISS_CURR_PER_FLOOR_AREA',
  'CO2_EMISSIONS_POTENTIAL',
  'LIGHTING_COST_CURRENT',
  'LIGHTING_COST_POTENTIAL',
  'HEATING_COST_CURRENT',
  'HEATING_COST_POTENTIAL',
  'HOT_WATER_COST_CURRENT',
  'HOT_WATER_COST_POTENTIAL',
  'TOTAL_FLOOR_AREA',
  'ENERGY_TARIFF',
  'MAINS_GAS_FLAG',
  'FLOOR_LEVEL',
  'FLAT_TOP_STOREY',
  'FLAT_STOREY_COUNT',
  'MAIN_HEATING_CONTROLS',
  'MULTI_GLAZE_PROPORTION',
  'GLAZED_TYPE',
  'GLAZED_AREA',
  'EXTENSION_COUNT',
  'NUMBER_HABITABLE_ROOMS',
  'NUMBER_HEATED_ROOMS',
  'LOW_ENERGY_LIGHTING',
  'NUMBER_OPEN_FIREPLACES',
  'HOTWATER_DESCRIPTION',
  'HOT_WATER_ENERGY_EFF',
  'HOT_WATER_ENV_EFF',
  'FLOOR_DESCRIPTION',
  'FLOOR_ENERGY_EFF',
  'FLOOR_ENV_EFF',
  'WINDOWS_DESCRIPTION',
  'WINDOWS_ENERGY_EFF',
  'WINDOWS_ENV_EFF',
  'WALLS_DESCRIPTION',
  'WALLS_ENERGY_EFF',
  'WALLS_ENV_EFF',
  'SECONDHEAT_DESCRIPTION',
  'SHEATING_ENERGY_EFF',
  'SHEATING_ENV_EFF',
  'ROOF_DESCRIPTION',
  'ROOF_ENERGY_EFF',
  'ROOF_ENV_EFF',
  'MAINHEAT_DESCRIPTION',
  'MAINHEAT_ENERGY_EFF',
  'MAINHEAT_ENV_EFF',
  'MAINHEATCONT_DESCRIPTION',
  'MAINHEATC_ENERGY_EFF',
  'MAINHEATC_ENV_EFF',
  'LIGHTING_DESCRIPTION',
  'LIGHTING_ENERGY_EFF',
  'LIGHTING_ENV_EFF',
  'MAIN_FUEL',
  'WIND_TURBINE_COUNT',
  'HEAT_LOSS_CORRIDOR',
  'UNHEATED_CORRIDOR_LENGTH',
  'FLOOR_HEIGHT',
  'PHOTO_SUPPLY',
  'SOLAR_WATER_HEATING_FLAG',
  'MECHANICAL_VENTILATION',
  'ADDRESS',
  'LOCAL_AUTHORITY_LABEL',
  'CONSTITUENCY_LABEL',
  'POSTTOWN',
  'CONSTRUCTION_AGE_BAND',
  'LODGEMENT_DATETIME',
  'TENURE',
  'FIXED_LIGHTING_OUTLETS_COUNT',
  'LOW_ENERGY_FIXED_LIGHT_COUNT',
  'UPRN',
  'UPRN_SOURCE',
  'REPORT_TYPE',
] as const;

/** Columns missing from some published releases (added ~2021/22, REPORT_TYPE in the newest only). */
export const OPTIONAL_RAW_EW_CERTIFICATE_COLUMNS = ['UPRN', 'UPRN_SOURCE', 'REPORT_TYPE'] as const;

/** The 2025+ MHCLG register export's domestic certificate columns, in its order (reference epc.md section 2). */
export const EW_REGISTER_2025_CERTIFICATE_COLUMNS = [
  'certificate_number',
  'address1',
  'address2',
  'address3',
  'postcode',
  'posttown',
  'address',
  'constituency',
  'constituency_label',
  'local_authority',
  'local_authority_label',
  'built_form',
  'co2_emiss_curr_per_floor_area',
  'co2_emissions_current',
  'co2_emissions_potential',
  'construction_age_band',
  'current_energy_efficiency',
  'current_energy_rating',
  'energy_consumption_current',
  'energy_consumption_potential',
  'energy_tariff',
  'environment_impact_current',
  'environment_impact_potential',
  'extension_count',
  'fixed_lighting_outlets_count',
  'flat_storey_count',
  'flat_top_storey',
  'floor_description',
  'floor_energy_eff',
  'floor_height',
  'floor_level',
  'glazed_area',
  'glazed_type',
  'heat_loss_corridor',
  'heating_cost_current',
  'heating_cost_potential',
  'hot_water_cost_current',
  'hot_water_cost_potential',
  'hot_water_energy_eff',
  'hot_water_env_eff',
  'hotwater_description',
  'inspection_date',
  'lighting_cost_current',
  'lighting_cost_potential',
  'lighting_description',
  'lighting_energy_eff',
  'lighting_env_eff',
  'lodgement_date',
  'lodgement_datetime',
  'low_energy_lighting',
  'low_energy_fixed_lighting_outlets_count',
  'main_fuel',
  'mainheat_description',
  'mainheat_energy_eff',
  'mainheat_env_eff',
  'mainheatc_energy_eff',
  'mainheatc_env_eff',
  'mainheatcont_description',
  'main_heating_controls',
  'mains_gas_flag',
  'mechanical_ventilation',
  'multi_glaze_proportion',
  'number_habitable_rooms',
  'number_heated_rooms',
  'number_open_fireplaces',
  'photo_supply',
  'potential_energy_efficiency',
  'potential_energy_rating',
  'property_type',
  'report_type',
  'roof_description',
  'roof_energy_eff',
  'roof_env_eff',
  'secondheat_description',
  'sheating_energy_eff',
  'sheating_env_eff',
  'solar_water_heating_flag',
  'tenure',
  'total_floor_area',
  'transaction_type',
  'unheated_corridor_length',
  'walls_description',
  'walls_energy_eff',
  'walls_env_eff',
  'wind_turbine_count',
  'windows_description',
  'windows_energy_eff',
  'windows_env_eff',
  'floor_env_eff',
  'region',
  'country',
  'uprn',
  'uprn_source',
] as const;
export const EW_REGISTER_2025_RECOMMENDATION_COLUMNS = [
  'certificate_number',
  'improvement_item',
  'improvement_id',
  'improvement_summary_text',
  'improvement_descr_text',
  'indicative_cost',
] as const;
/** England & Wales legacy bulk `recommendations.csv`, in file order. */
export const RAW_EW_RECOMMENDATION_COLUMNS = [
  'LMK_KEY',
  'IMPROVEMENT_ITEM',
  'IMPROVEMENT_SUMMARY_TEXT',
  'IMPROVEMENT_DESCR_TEXT',
  'IMPROVEMENT_ID',
  'IMPROVEMENT_ID_TEXT',
  'INDICATIVE_COST',
] as const;

/**
 * Other published spellings, mapped to the raw field name used here: the 2017-2020 typo, and the 2025+
 * MHCLG release's names (its `certificate_number` is the certificate's unique id, the role of LMK_KEY).
 */
export const RAW_EW_COLUMN_ALIASES: Readonly<
  Record<string, RawEwCertificateField | RawEwRecommendationField>
> = {
  heat_loss_corridoor: 'heat_loss_corridor',
  certificate_number: 'lmk_key',
  low_energy_fixed_lighting_outlets_count: 'low_energy_fixed_light_count',
};

export type RawEwCertificateColumn = (typeof RAW_EW_CERTIFICATE_COLUMNS)[number];
export type RawEwCertificateField = Lowercase<RawEwCertificateColumn>;
export type RawEwRecommendationField = Lowercase<(typeof RAW_EW_RECOMMENDATION_COLUMNS)[number]>;

export const RAW_EW_CERTIFICATE_FIELDS = RAW_EW_CERTIFICATE_COLUMNS.map((c) =>
  c.toLowerCase(),
) as RawEwCertificateField[];
export const RAW_EW_RECOMMENDATION_FIELDS = RAW_EW_RECOMMENDATION_COLUMNS.map((c) =>
  c.toLowerCase(),
) as RawEwRecommendationField[];

/**
 * A raw England & Wales certificate: lower-case field names, string values exactly as in the file. Every
 * published field is present (a column absent from an older release is ''); columns of newer releases that
 * have no legacy equivalent (e.g. `region`, `country`) are kept under their own lower-case names.
 */
export type RawEwCertificate = Record<RawEwCertificateField, string> & Record<string, string>;
export type RawEwRecommendation = Record<RawEwRecommendationField, string> & Record<string, string>;

/** A raw Scottish certificate: lower-case machine names (row 1 of the file), string values as published. */
export type RawScottishEpc = Record<string, string>;

// ---------------------------------------------------------------------------------------------------------
// Standardised vocabularies (the values the enhancement rules emit)
// ---------------------------------------------------------------------------------------------------------

export const ENERGY_RATINGS = ['A', 'B', 'C', 'D', 'E', 'F', 'G'] as const;
export const EFFICIENCY_RATINGS = ['Very Good', 'Good', 'Average', 'Poor', 'Very Poor'] as const;
export const GLAZED_TYPES = ['Single', 'Double', 'Triple', 'Secondary'] as const;
export const GLAZED_AREAS = [
  'Much Less Than Typical',
  'Less Than Typical',
  'Normal',
  'More Than Typical',
  'Much More Than Typical',
] as const;
export const TENURES = ['Owner-occupied', 'Rented (social)', 'Rented (private)'] as const;
export const PROPERTY_TYPES = ['House', 'Flat', 'Maisonette', 'Bungalow', 'Park home'] as const;
export const BUILT_FORMS = [
  'Detached',
  'Semi-Detached',
  'Mid-Terrace',
  'End-Terrace',
  'Enclosed Mid-Terrace',
  'Enclosed End-Terrace',
] as const;
export const ENERGY_TARIFFS = [
  'Single',
  'Dual',
  'Dual (24 hour)',
  '24 hour',
  'Off-peak 7 hour',
  'Off-peak 10 hour',
  'Off-peak 18 hour',
] as const;
export const MECHANICAL_VENTILATIONS = [
  'Natural',
  'Mechanical, extract only',
  'Mechanical, supply and extract',
  'Mechanical',
] as const;
export const HEAT_LOSS_CORRIDORS = ['No corridor', 'Heated corridor', 'Unheated corridor'] as const;
export const TRANSACTION_TYPES = [
  'Marketed sale',
  'Non marketed sale',
  'Rental',
  'Rental (social)',
  'Rental (private)',
  'New dwelling',
  'ECO assessment',
  'Green Deal assessment',
  'Following Green Deal',
  'RHI application',
  'FiT application',
  'Stock condition survey',
  'Not sale or rental',
  'None of the above',
] as const;
export const BASE_FUELS = [
  'Mains gas',
  'Electricity',
  'Oil',
  'LPG',
  'Bottled LPG',
  'Coal',
  'Anthracite',
  'Smokeless coal',
  'Dual fuel (mineral and wood)',
  'Wood logs',
  'Wood chips',
  'Wood pellets',
  'Biomass',
  'Biogas',
  'Biodiesel',
  'Bioethanol',
  'Rapeseed oil',
  'Waste combustion',
  'Waste heat',
] as const;
export type BaseFuel = (typeof BASE_FUELS)[number];
export type MainFuel = BaseFuel | `${BaseFuel} (community)` | 'No heating system';
/** A base fuel, the same fuel supplied by a community (district) scheme, or no heating system at all. */
export const MAIN_FUELS = [
  ...BASE_FUELS.flatMap((f) => [f, `${f} (community)` as const]),
  'No heating system',
] as readonly MainFuel[] as [MainFuel, ...MainFuel[]];
export const WALL_TYPES = [
  'Cavity',
  'Solid brick',
  'Stone',
  'Timber frame',
  'System built',
  'Cob',
  'Park home',
  'Curtain wall',
] as const;
export const ROOF_TYPES = [
  'Pitched',
  'Flat',
  'Roof room',
  'Thatched',
  'Another dwelling above',
  'Other premises above',
] as const;
export const FLOOR_TYPES = [
  'Solid',
  'Suspended',
  'Another dwelling below',
  'Other premises below',
  'To unheated space',
  'To external air',
] as const;

export type EnergyRating = (typeof ENERGY_RATINGS)[number];
export type EfficiencyRating = (typeof EFFICIENCY_RATINGS)[number];
export type GlazedType = (typeof GLAZED_TYPES)[number];
export type GlazedArea = (typeof GLAZED_AREAS)[number];
export type Tenure = (typeof TENURES)[number];
export type PropertyType = (typeof PROPERTY_TYPES)[number];
export type BuiltForm = (typeof BUILT_FORMS)[number];
export type EnergyTariff = (typeof ENERGY_TARIFFS)[number];
export type MechanicalVentilation = (typeof MECHANICAL_VENTILATIONS)[number];
export type HeatLossCorridor = (typeof HEAT_LOSS_CORRIDORS)[number];
export type TransactionType = (typeof TRANSACTION_TYPES)[number];
export type WallType = (typeof WALL_TYPES)[number];
export type RoofType = (typeof ROOF_TYPES)[number];
export type FloorType = (typeof FLOOR_TYPES)[number];

// ---------------------------------------------------------------------------------------------------------
// Enhanced records
// ---------------------------------------------------------------------------------------------------------

const text = (description: string) => z.string().nullable().describe(description);
const num = (description: string) => z.number().nullable().describe(description);
const int = (description: string) => z.number().int().nullable().describe(description);
const percent = (description: string) => z.number().int().min(0).max(100).nullable().describe(description);
const bool = (description: string) => z.boolean().nullable().describe(description);
const timestamp = (description: string) =>
  z.iso
    .datetime({ precision: 3 })
    .nullable()
    .describe(`${description} (ISO 8601 UTC timestamp with milliseconds and Z)`);
const oneOf = <const T extends readonly [string, ...string[]]>(values: T, description: string) =>
  z
    .enum(values)
    .nullable()
    .describe(`${description}. One of: ${values.join('; ')}`);

const efficiency = (element: string, kind: 'energy' | 'environmental') =>
  oneOf(EFFICIENCY_RATINGS, `${kind === 'energy' ? 'Energy' : 'Environmental'} efficiency of the ${element}`);

/** Costs restated at current prices (pipelines/transforms/epc/adjusted-costs.ts). */
export const AdjustedCostsSchema = z
  .object({
    heating_cost_current: num('Space heating cost, GBP per year'),
    heating_cost_potential: num('Space heating cost after improvements, GBP per year'),
    hot_water_cost_current: num('Hot water cost, GBP per year'),
    hot_water_cost_potential: num('Hot water cost after improvements, GBP per year'),
    lighting_cost_current: num('Lighting cost, GBP per year'),
    lighting_cost_potential: num('Lighting cost after improvements, GBP per year'),
    total_fuel_cost_current: num('Total fuel cost, GBP per year'),
    total_fuel_cost_potential: num('Total fuel cost after improvements, GBP per year'),
    standing_charges: num('Standing charges, GBP per year'),
  })
  .nullable()
  .describe(
    'Costs restated at current (SAP 10.2) fuel prices from the prices of the SAP version in force at lodgement, with standing charges separate (docs/epc.md)',
  );

const AGE_BAND_TEXT =
  'Construction age band as published without its country prefix. England and Wales: before 1900, ' +
  '1900-1929, 1930-1949, 1950-1966, 1967-1975, 1976-1982, 1983-1990, 1991-1995, 1996-2002, 2003-2006, ' +
  '2007-2011, 2007 onwards, 2012 onwards; Scotland: before 1919, 1919-1929, 1930-1949, 1950-1964, 1965-1975, ' +
  '1976-1983, 1984-1991, 1992-1998, 1999-2002, 2003-2007, 2008-2011, 2008 onwards, 2012 onwards. A bare year ' +
  "is replaced by its country's band";

const FLOOR_LEVEL_TEXT =
  'Floor of a flat or maisonette: Basement, Ground, an ordinal (1st, 2nd, 3rd, 4th, ...), ' +
  '21st or above, 20th or above (published as 20+), Mid floor or Top floor';

/** Fields of the enhanced record common to England & Wales and Scotland. */
const SHARED_SHAPE = {
  address1: text('First address line'),
  address2: text('Second address line'),
  address3: text('Third address line'),
  adjusted_costs: AdjustedCostsSchema,
  building_reference_number: text('Building reference number (identifies the building across certificates)'),
  built_form: oneOf(BUILT_FORMS, 'Built form'),
  co2_emissions_current: num('CO2 emissions, tonnes per year'),
  co2_emissions_per_floor_area_m2_current: num('CO2 emissions per floor area, kg per m² per year'),
  co2_emissions_potential: num('CO2 emissions after recommended improvements, tonnes per year'),
  co2_emissions_reduction_potential: num(
    'Possible reduction in CO2 emissions (current minus potential), tonnes per year',
  ),
  constituency: text('Parliamentary constituency code (Scotland: ward code)'),
  constituency_label: text('Parliamentary constituency name (Scotland: ward name)'),
  construction_age_band: text(AGE_BAND_TEXT),
  dwelling_type: text(
    'Built form and property type in words, e.g. "Semi-detached house", "Top-floor flat", derived from ' +
      'property_type, built_form, floor_level and is_flat_top_storey',
  ),
  energy_efficiency_current: int(
    'Energy efficiency (SAP) rating, usually 1-100; above 100 for net exporters',
  ),
  energy_efficiency_potential: int('Energy efficiency (SAP) rating after recommended improvements'),
  energy_rating_current: oneOf(ENERGY_RATINGS, 'Energy efficiency band, A (best) to G'),
  energy_rating_potential: oneOf(ENERGY_RATINGS, 'Energy efficiency band after recommended improvements'),
  energy_tariff: oneOf(ENERGY_TARIFFS, 'Electricity meter type'),
  environmental_impact_current: int('Environmental impact (CO2) rating, usually 1-100'),
  environmental_impact_potential: int('Environmental impact (CO2) rating after recommended improvements'),
  extension_count: int('Number of extensions'),
  fixed_lighting_outlets_count: int('Number of fixed lighting outlets'),
  floor_description: text('Floor description'),
  floor_energy_efficiency: efficiency('floor', 'energy'),
  floor_environmental_efficiency: efficiency('floor', 'environmental'),
  floor_height: num('Floor-to-ceiling height of the lowest storey, metres'),
  floor_level: text(FLOOR_LEVEL_TEXT),
  floor_thermal_transmittance: num('Floor U-value from the description, W/m²K'),
  floor_type: oneOf(FLOOR_TYPES, 'Floor construction, from the description'),
  glazed_area: oneOf(GLAZED_AREAS, 'Glazed area relative to a typical dwelling'),
  glazed_type: oneOf(GLAZED_TYPES, 'Glazing type'),
  habitable_room_count: int('Number of habitable rooms'),
  has_mains_gas: bool('Whether mains gas is available'),
  has_solar_water_heating: bool('Whether solar water heating is installed'),
  heat_loss_corridor: oneOf(HEAT_LOSS_CORRIDORS, 'Corridor next to a flat'),
  heat_pump: bool('Whether the main heating is a heat pump (from the main heating description)'),
  heated_room_count: int('Number of heated rooms'),
  heating_cost_current: num('Space heating cost, GBP per year'),
  heating_cost_potential: num('Space heating cost after recommended improvements, GBP per year'),
  hot_water_cost_current: num('Hot water cost, GBP per year'),
  hot_water_cost_potential: num('Hot water cost after recommended improvements, GBP per year'),
  hot_water_description: text('Hot water system description'),
  hot_water_energy_efficiency: efficiency('hot water system', 'energy'),
  hot_water_environmental_efficiency: efficiency('hot water system', 'environmental'),
  inspection_date: timestamp('Date of the assessment'),
  is_flat_top_storey: bool('Whether a flat is on the top storey'),
  lighting_cost_current: num('Lighting cost, GBP per year'),
  lighting_cost_potential: num('Lighting cost after recommended improvements, GBP per year'),
  lighting_description: text('Lighting description'),
  lighting_energy_efficiency: efficiency('lighting', 'energy'),
  lighting_environmental_efficiency: efficiency('lighting', 'environmental'),
  local_authority_label: text('Local authority name'),
  lodgement_date: timestamp('Date the certificate was lodged'),
  low_energy_fixed_light_count: int('Number of low energy fixed lighting outlets'),
  low_energy_lighting_percentage: percent('Percentage of fixed outlets with low energy lighting, 0-100'),
  main_fuel: oneOf(MAIN_FUELS, 'Main heating fuel; "(community)" when supplied by a community scheme'),
  main_heating_controls: int('Main heating controls code (SAP table code)'),
  main_heating_controls_description: text('Main heating controls description'),
  main_heating_controls_energy_efficiency: efficiency('main heating controls', 'energy'),
  main_heating_controls_environmental_efficiency: efficiency('main heating controls', 'environmental'),
  main_heating_description: text('Main heating description'),
  main_heating_energy_efficiency: efficiency('main heating', 'energy'),
  main_heating_environmental_efficiency: efficiency('main heating', 'environmental'),
  mechanical_ventilation: oneOf(MECHANICAL_VENTILATIONS, 'Ventilation'),
  multi_glaze_percentage: percent('Percentage of windows with multiple glazing, 0-100'),
  open_fireplace_count: int('Number of open fireplaces'),
  post_town: text('Post town'),
  postcode: text('Postcode, upper case with one space'),
  property_type: oneOf(PROPERTY_TYPES, 'Property type'),
  roof_description: text('Roof description'),
  roof_energy_efficiency: efficiency('roof', 'energy'),
  roof_environmental_efficiency: efficiency('roof', 'environmental'),
  roof_photovoltaic_supply: percent('Percentage of the roof area covered by photovoltaic panels, 0-100'),
  roof_thermal_transmittance: num('Roof U-value from the description, W/m²K'),
  roof_type: oneOf(ROOF_TYPES, 'Roof construction, from the description'),
  second_heating_description: text('Secondary heating description'),
  tenure: oneOf(TENURES, 'Tenure'),
  total_energy_consumption_current: num(
    'Primary energy use, kWh per year (per-m² consumption times total floor area)',
  ),
  total_energy_consumption_potential: num(
    'Primary energy use after recommended improvements, kWh per year (per-m² consumption times total floor area)',
  ),
  total_floor_area: num('Total floor area, m²'),
  transaction_type: oneOf(TRANSACTION_TYPES, 'Reason the certificate was produced'),
  unheated_corridor_length: num('Length of the wall between a flat and an unheated corridor, metres'),
  uprn: int('Unique Property Reference Number'),
  walls_description: text('Walls description'),
  walls_energy_efficiency: efficiency('walls', 'energy'),
  walls_environmental_efficiency: efficiency('walls', 'environmental'),
  walls_thermal_transmittance: num('Walls U-value from the description, W/m²K'),
  walls_type: oneOf(WALL_TYPES, 'Wall construction, from the description'),
  wind_turbine_count: int('Number of wind turbines'),
  windows_description: text('Windows description'),
  windows_energy_efficiency: efficiency('windows', 'energy'),
  windows_environmental_efficiency: efficiency('windows', 'environmental'),
};

const EW_ONLY_SHAPE = {
  address: text('Full address as one line'),
  county: text('County name'),
  energy_consumption_per_floor_area_m2_current: num('Primary energy use per floor area, kWh per m² per year'),
  energy_consumption_per_floor_area_m2_potential: num(
    'Primary energy use per floor area after recommended improvements, kWh per m² per year',
  ),
  flat_storey_count: int('Number of storeys in the block of flats'),
  lmk_key: z
    .string()
    .describe(
      'Unique certificate identifier (the 2025+ release calls it certificate_number); never null in practice',
    ),
  local_authority: text('Local authority district code (ONS, e.g. E07000044); legacy non-ONS codes are null'),
  lodgement_datetime: timestamp(
    'Date and time the certificate was lodged (published without a zone; read as UTC)',
  ),
  report_type: int('Assessment type: 2 = RdSAP (existing dwelling), 3 = SAP (new dwelling)'),
  uprn_source: text('How the UPRN was assigned: Energy Assessor or Address Matched'),
};

const SCOTLAND_ONLY_SHAPE = {
  addendum_text: text('Addendum text'),
  air_tightness_description: text('Air tightness description'),
  air_tightness_energy_efficiency: efficiency('air tightness', 'energy'),
  air_tightness_environmental_efficiency: efficiency('air tightness', 'environmental'),
  alternative_improvements: text('Alternative improvements, entries separated by " | "'),
  data_zone: text('Data Zone code'),
  data_zone_2011: text('2011 Data Zone code (S01...)'),
  energy_consumption_current: num('Primary energy use per floor area, kWh per m² per year'),
  energy_consumption_potential: num(
    'Primary energy use per floor area after recommended improvements, kWh per m² per year',
  ),
  environmental_rating_current: oneOf(ENERGY_RATINGS, 'Environmental impact band, A (best) to G'),
  environmental_rating_potential: oneOf(ENERGY_RATINGS, 'Environmental impact band after improvements'),
  impact_cavity_wall_insulation: num('Impact of cavity wall insulation, as published (unit not documented)'),
  impact_loft_insulation: num('Impact of loft insulation, as published (unit not documented)'),
  impact_solid_wall_insulation: num('Impact of solid wall insulation, as published (unit not documented)'),
  improvements: text(
    'Recommended improvements, entries separated by " | "; each lists Description, Indicative Cost, ' +
      'Typical Saving, ratings after improvement and Green Deal eligibility',
  ),
  lzc_energy_sources: text('Low and zero carbon energy sources'),
  main_heating_category: text('Main heating category'),
  osg_reference_number: text('One Scotland Gazetteer reference (the UPRN), as published'),
  space_heating_demand: num('Space heating demand, kWh per year'),
  three_year_energy_cost_current: num('Energy cost over three years, GBP'),
  three_year_energy_savings_potential: num('Possible energy cost saving over three years, GBP'),
  type_of_assessment: text('Type of assessment, e.g. RdSAP or SAP'),
  water_heating_demand: num('Water heating demand, kWh per year'),
};

// Keys in alphabetical order, as the spec lists them: Parquet columns and JSON keys follow this order.
function sortedShape<T extends Record<string, z.ZodType>>(shape: T): T {
  return Object.fromEntries(Object.entries(shape).sort(([a], [b]) => (a < b ? -1 : 1))) as T;
}

/** Enhanced England & Wales EPC (spec 2.10): cleaned values, standard vocabularies, derived fields. */
export const EnhancedEpcSchema = z
  .object(sortedShape({ ...SHARED_SHAPE, ...EW_ONLY_SHAPE }))
  .describe('Enhanced England and Wales EPC');
export type EnhancedEpc = z.infer<typeof EnhancedEpcSchema>;

/** Enhanced Scottish EPC: the England & Wales scheme where the fields mean the same, plus Scottish fields. */
export const EnhancedScottishEpcSchema = z
  .object(sortedShape({ ...SHARED_SHAPE, ...SCOTLAND_ONLY_SHAPE }))
  .describe('Enhanced Scottish EPC');
export type EnhancedScottishEpc = z.infer<typeof EnhancedScottishEpcSchema>;

export const ENHANCED_EPC_FIELDS = Object.keys(EnhancedEpcSchema.shape) as (keyof EnhancedEpc)[];
export const ENHANCED_SCOTTISH_EPC_FIELDS = Object.keys(
  EnhancedScottishEpcSchema.shape,
) as (keyof EnhancedScottishEpc)[];

// ---------------------------------------------------------------------------------------------------------
// Statistics, comparison and estimate (spec 2.10 epc_stats, epc_compare, epc_estimate)
// ---------------------------------------------------------------------------------------------------------

/**
 * Energy rating bands as numbers for averages and percentiles: G = 1 … A = 7, so a higher number is a better
 * band, as a higher energy efficiency score is. The letter of a number is the band it rounds to.
 */
export const RATING_NUMBERS: Readonly<Record<EnergyRating, number>> = {
  A: 7,
  B: 6,
  C: 5,
  D: 4,
  E: 3,
  F: 2,
  G: 1,
};

/** The statistics groupings: the key under `epc_stats` and the columns that identify a group. */
export const EPC_STATS_GROUPINGS = [
  { key: 'postcode_stats', grouping: 'postcode', columns: ['postcode'] },
  { key: 'outcode_stats', grouping: 'outcode', columns: ['outcode'] },
  {
    key: 'local_authority_stats',
    grouping: 'local_authority',
    columns: ['local_authority_district_code'],
  },
  { key: 'region_stats', grouping: 'region', columns: ['region_code'] },
  { key: 'country_stats', grouping: 'country', columns: ['country'] },
  {
    key: 'local_authority_property_type_stats',
    grouping: 'local_authority_property_type',
    columns: ['local_authority_district_code', 'property_type'],
  },
  {
    key: 'country_property_type_stats',
    grouping: 'country_property_type',
    columns: ['country', 'property_type'],
  },
] as const;
export type EpcStatsGrouping = (typeof EPC_STATS_GROUPINGS)[number]['grouping'];
export type EpcStatsKey = (typeof EPC_STATS_GROUPINGS)[number]['key'];

/** The measures of spec 2.10 (each `_current` and `_potential`), with their units. */
export const EPC_STATS_MEASURES = [
  { name: 'co2_emissions', unit: 'tonnes CO2 per year' },
  { name: 'energy_consumption_per_floor_area_m2', unit: 'kWh per m² per year' },
  { name: 'energy_efficiency', unit: 'SAP score' },
  { name: 'energy_rating', unit: 'band' },
] as const;
const PERCENTILES = [10, 25, 50, 75, 90] as const;
const PHASES = ['current', 'potential'] as const;

function statsMetricShape(): Record<string, z.ZodType> {
  const shape: Record<string, z.ZodType> = {};
  for (const phase of PHASES) {
    for (const { name, unit } of EPC_STATS_MEASURES) {
      const m = `${name}_${phase}`;
      const rating = name === 'energy_rating';
      const after = phase === 'potential' ? ' after recommended improvements' : '';
      const letter = oneOf(ENERGY_RATINGS, '');
      const numeric = (what: string) => num(`${what} ${m}${after}, ${unit}`);
      shape[`avg_${m}`] = rating
        ? letter.describe(`Band of the mean rating number${after} (A-G)`)
        : numeric('Mean of');
      if (rating) shape[`avg_${m}_numerical`] = num(`Mean rating number${after} (G = 1 … A = 7), 2 decimals`);
      // SAP scores are whole numbers, so their minimum and maximum are too (BIGINT in the Parquet file).
      const extreme = (what: string) =>
        name === 'energy_efficiency' ? int(`${what} ${m}${after}, ${unit}`) : numeric(what);
      shape[`min_${m}`] = rating ? letter.describe(`Worst band${after} (A-G)`) : extreme('Minimum of');
      shape[`max_${m}`] = rating ? letter.describe(`Best band${after} (A-G)`) : extreme('Maximum of');
      if (rating) shape[`mode_${m}`] = letter.describe(`Most common band${after} (ties: the better band)`);
      for (const p of PERCENTILES)
        shape[`perc_${p}_${m}`] = rating
          ? num(`${p}th percentile of the rating number${after} (G = 1 … A = 7)`)
          : numeric(`${p}th percentile (linear interpolation) of`);
      shape[`stddev_${m}`] = rating
        ? num(`Sample standard deviation of the rating number${after}`)
        : numeric('Sample standard deviation of');
    }
    for (const r of ENERGY_RATINGS)
      shape[`energy_rating_${r.toLowerCase()}_count_${phase}`] = int(
        `Number of properties whose ${phase} band is ${r}`,
      );
  }
  shape.property_count = int('Number of properties in the group (latest certificate of each)');
  return shape;
}

const STATS_KEY_SHAPE = {
  postcode: text('Postcode of the group (postcode grouping)'),
  outcode: text('Outward code of the group, e.g. BA2 (outcode grouping)'),
  local_authority_district_code: text('Local authority district code (ONS), e.g. E06000022'),
  region_code: text(
    'Region code (ONS), e.g. E12000009; Wales and Scotland have no English region, so their country code',
  ),
  country: text('Country: England, Wales or Scotland'),
  property_type: oneOf(PROPERTY_TYPES, 'Property type (the type groupings)'),
};

/**
 * One group's statistics, as stored in the `epc_stats` table and returned under each `epc_stats` key (which
 * carries only its own identifying fields: a postcode group has `postcode`, an LA × type group has
 * `local_authority_district_code` and `property_type`).
 */
export const EpcStatsGroupSchema = z
  .object({
    ...(Object.fromEntries(Object.entries(STATS_KEY_SHAPE).map(([k, v]) => [k, v.optional()])) as {
      [K in keyof typeof STATS_KEY_SHAPE]: z.ZodOptional<(typeof STATS_KEY_SHAPE)[K]>;
    }),
    ...statsMetricShape(),
  })
  .describe('Statistics of the latest certificate of every property in one group');
/** The metric names are generated, so the type lists the key fields and indexes the rest by name. */
export type EpcStatsGroup = z.infer<typeof EpcStatsGroupSchema> &
  Record<string, string | number | null | undefined>;

/** The `epc_stats` table: every group of every grouping, one row each. */
export const EpcStatsRowSchema = z
  .object({
    grouping: z
      .enum(EPC_STATS_GROUPINGS.map((g) => g.grouping) as [EpcStatsGrouping, ...EpcStatsGrouping[]])
      .describe(
        `Which grouping the row belongs to: ${EPC_STATS_GROUPINGS.map((g) => g.grouping).join(', ')}`,
      ),
    ...STATS_KEY_SHAPE,
    ...statsMetricShape(),
  })
  .describe('EPC statistics per group (table epc_stats)');

export const EpcStatsSchema = z
  .object(
    Object.fromEntries(
      EPC_STATS_GROUPINGS.map((g) => [
        g.key,
        EpcStatsGroupSchema.nullable().describe(
          `Statistics of the property's ${g.grouping.replaceAll('_', ' × ').replace('local × authority', 'local authority')} group (by ${g.columns.join(' and ')}); null when unknown`,
        ),
      ]),
    ) as Record<EpcStatsKey, z.ZodNullable<typeof EpcStatsGroupSchema>>,
  )
  .describe('EPC statistics of the groups the property belongs to');
export type EpcStats = z.infer<typeof EpcStatsSchema>;

export const EPC_COMPARE_KEYS = [
  ['relative_to_postcode', 'postcode_stats'],
  ['relative_to_outcode', 'outcode_stats'],
  ['relative_to_local_authority', 'local_authority_stats'],
  ['relative_to_region', 'region_stats'],
  ['relative_to_country', 'country_stats'],
  ['relative_to_similar_properties_local_authority', 'local_authority_property_type_stats'],
  ['relative_to_similar_properties_country', 'country_property_type_stats'],
] as const satisfies readonly (readonly [string, EpcStatsKey])[];

export const EpcComparisonSchema = z
  .object({
    energy_efficiency: z
      .enum(['better', 'worse'])
      .nullable()
      .describe('better when the current energy efficiency score is at least the group mean'),
    carbon_footprint: z
      .enum(['higher', 'lower'])
      .nullable()
      .describe('higher when current CO2 emissions exceed the group mean, otherwise lower'),
    average_energy_efficiency_score: num('Group mean of the current energy efficiency score (SAP)'),
    average_carbon_footprint: num('Group mean of current CO2 emissions, tonnes per year'),
  })
  .nullable();

export const EpcCompareSchema = z
  .object(
    Object.fromEntries(
      EPC_COMPARE_KEYS.map(([key, stats]) => [
        key,
        EpcComparisonSchema.describe(`The property against its ${stats} group; null when unknown`),
      ]),
    ) as Record<(typeof EPC_COMPARE_KEYS)[number][0], typeof EpcComparisonSchema>,
  )
  .describe("The latest certificate against its groups' means");
export type EpcCompare = z.infer<typeof EpcCompareSchema>;

export const EpcEstimateSchema = z
  .object({
    method: z
      .enum(['same_postcode', 'nearby'])
      .describe(
        'same_postcode: from certified properties of the postcode the UPRN most likely has; nearby: from ' +
          'the nearest certified properties within the search radius',
      ),
    postcode: text('Postcode assumed for the UPRN (that of its nearest certified neighbour)'),
    property_type: oneOf(PROPERTY_TYPES, 'Most likely property type (weighted mode of the neighbours)'),
    built_form: oneOf(BUILT_FORMS, 'Most likely built form (weighted mode of the neighbours)'),
    construction_age_band: text('Most likely construction age band (weighted mode of the neighbours)'),
    main_fuel: oneOf(MAIN_FUELS, 'Most likely main fuel (weighted mode of the neighbours)'),
    total_floor_area: num('Estimated total floor area, m² (weighted median)'),
    energy_efficiency_current: int('Estimated energy efficiency score (weighted mean, rounded)'),
    energy_efficiency_potential: int('Estimated potential energy efficiency score'),
    energy_rating_current: oneOf(ENERGY_RATINGS, 'Band of the estimated score'),
    energy_rating_potential: oneOf(ENERGY_RATINGS, 'Band of the estimated potential score'),
    co2_emissions_current: num('Estimated CO2 emissions, tonnes per year (weighted mean)'),
    co2_emissions_potential: num('Estimated potential CO2 emissions, tonnes per year'),
    energy_consumption_per_floor_area_m2_current: num(
      'Estimated primary energy use per floor area, kWh per m² per year',
    ),
    energy_consumption_per_floor_area_m2_potential: num(
      'Estimated potential primary energy use per floor area, kWh per m² per year',
    ),
    confidence: z
      .number()
      .min(0)
      .max(1)
      .describe(
        'Confidence 0-1: grows with the number of similar neighbours used, falls with their distance and ' +
          'with the spread of their scores (see docs/epc.md)',
      ),
    neighbours_used: int('Number of certified properties the estimate is built from'),
    nearest_distance_m: num('Distance to the nearest neighbour used, metres'),
    median_distance_m: num('Median distance of the neighbours used, metres'),
    score_stddev: num('Standard deviation of the neighbours’ energy efficiency scores'),
  })
  .describe('Estimated assessment of a property with no EPC, from nearby certified properties');
export type EpcEstimate = z.infer<typeof EpcEstimateSchema>;

// ---------------------------------------------------------------------------------------------------------
// Analyst tables (Parquet): their layouts, for the data dictionary
// ---------------------------------------------------------------------------------------------------------

const provenance = {
  source_file: z.string().describe('Source file as `<dataset folder>/<path inside it>`'),
  source_line: z.number().int().describe('1-based line of the row in the source file'),
};

export const RawEwRecommendationRowSchema = z
  .object({
    ...Object.fromEntries(
      RAW_EW_RECOMMENDATION_FIELDS.map((f) => [
        f,
        z.string().nullable().describe(`${f.toUpperCase()} as published`),
      ]),
    ),
    ...provenance,
  })
  .describe(
    'England and Wales recommendations.csv rows as published (strings), keyed to certificates by lmk_key',
  );

export const RawEwCertificateRowSchema = z
  .object({
    ...Object.fromEntries(
      RAW_EW_CERTIFICATE_FIELDS.map((f) => [
        f,
        z
          .string()
          .nullable()
          .describe(`${f.toUpperCase()} as published (string; null when the release lacks the column)`),
      ]),
    ),
    folder_local_authority: text('LA code of the `domestic-<code>-<name>` folder the file came from'),
    ...provenance,
  })
  .describe('England and Wales certificates.csv rows as published: one string column per published field');

export const RawScottishCertificateRowSchema = z
  .object({
    osg_reference_number: text('OSG_REFERENCE_NUMBER as published (the UPRN)'),
    building_reference_number: text('BUILDING_REFERENCE_NUMBER as published'),
    lodgement_date: text('LODGEMENT_DATE as published'),
    raw: z
      .record(z.string(), z.string())
      .describe('The whole row: lower-case machine names to published strings'),
    ...provenance,
  })
  .describe('Scottish certificate rows as published (the column set varies by extract, so the row is JSON)');

const countryColumn = { country: text('Country: England, Wales or Scotland (from the LA code or folder)') };

export const EpcLatestRowSchema = z
  .object({
    uprn: int('UPRN; null for a certificate without one (then the property is its building reference)'),
    certificate_id: text('lmk_key (E&W) or building reference number (Scotland) of the latest certificate'),
    building_reference_number: text('Building reference number'),
    lodgement_date: timestamp('Lodgement date of the latest certificate'),
    country: text('Country: England, Wales or Scotland'),
    postcode: text('Postcode of the certificate'),
    outcode: text('Outward code of the postcode'),
    local_authority_district_code: text('LA district code: ONSPD by postcode, else the certificate’s own'),
    region_code: text('Region code (ONSPD); the country code for Wales and Scotland'),
    property_type: SHARED_SHAPE.property_type,
    built_form: SHARED_SHAPE.built_form,
    construction_age_band: SHARED_SHAPE.construction_age_band,
    main_fuel: SHARED_SHAPE.main_fuel,
    has_mains_gas: SHARED_SHAPE.has_mains_gas,
    total_floor_area: SHARED_SHAPE.total_floor_area,
    co2_emissions_current: SHARED_SHAPE.co2_emissions_current,
    co2_emissions_potential: SHARED_SHAPE.co2_emissions_potential,
    energy_efficiency_current: SHARED_SHAPE.energy_efficiency_current,
    energy_efficiency_potential: SHARED_SHAPE.energy_efficiency_potential,
    energy_rating_current: SHARED_SHAPE.energy_rating_current,
    energy_rating_potential: SHARED_SHAPE.energy_rating_potential,
    energy_consumption_per_floor_area_m2_current: EW_ONLY_SHAPE.energy_consumption_per_floor_area_m2_current,
    energy_consumption_per_floor_area_m2_potential:
      EW_ONLY_SHAPE.energy_consumption_per_floor_area_m2_potential,
    x_coord: num('Easting of the UPRN (OS Open UPRN), metres, British National Grid'),
    y_coord: num('Northing of the UPRN (OS Open UPRN), metres, British National Grid'),
  })
  .describe('The latest certificate of every property with its geography (the population of epc_stats)');

export const EpcEstimatesRowSchema = z
  .object({
    uprn: z.number().int().describe('UPRN (OS Open UPRN) without a certificate'),
    postcode: text('Postcode assumed for the UPRN (its nearest certified neighbour’s)'),
    outcode: text('Outward code of that postcode'),
    local_authority_district_code: text('LA district code of that postcode'),
    region_code: text('Region code of that postcode'),
    country: text('Country of that postcode'),
    property_type: oneOf(PROPERTY_TYPES, 'Estimated property type'),
    estimate: EpcEstimateSchema,
  })
  .describe('epc_estimate of every UPRN without a certificate');

export const UprnEpcBlockRowSchema = z
  .object({
    uprn: z.number().int().describe('UPRN'),
    country: text('Country of the latest certificate, or of the estimate’s postcode'),
    epc_count: z.number().int().describe('Number of certificates in the block'),
    postcode: text('Postcode of the latest certificate (enhanced); null without one'),
    tenure: text('Tenure of the latest certificate (enhanced); null without one'),
    energy_rating_current: text('Current energy rating (A to G) of the latest certificate; null without one'),
    block: z
      .record(z.string(), z.unknown())
      .describe(
        'The stored /epcs block (StoredEpcBlockSchema in schemas/api/epcs.ts) as JSON, with ' +
          '`epc_stats_groups` (each statistics group by its id, `<grouping>:<values joined by |>`, e.g. ' +
          '`postcode:SW6 1AA`, a row of epc_stats; null where the group has no statistics) in place of ' +
          '`epc_stats` and `epc_compare`, which the API joins and computes when it answers',
      ),
    input_digest: text(
      'MD5 of everything the block is built from (certificates, recommendations, geography, estimate, ' +
        'which groups exist, code version): a rebuild builds again only the blocks whose digest changed',
    ),
  })
  .describe('Per UPRN: the prebuilt /epcs block indexed into Elasticsearch');

/** The EPC analyst tables (name → layer and row schema), for the data dictionary. */
export const EPC_TABLES = {
  epc_england_wales_certificates: { layer: 'staged', schema: RawEwCertificateRowSchema },
  epc_england_wales_recommendations: { layer: 'staged', schema: RawEwRecommendationRowSchema },
  epc_scotland_certificates: { layer: 'staged', schema: RawScottishCertificateRowSchema },
  epc_enhanced_england_wales: { layer: 'derived', schema: EnhancedEpcSchema.extend(countryColumn) },
  epc_enhanced_scotland: { layer: 'derived', schema: EnhancedScottishEpcSchema.extend(countryColumn) },
  epc_latest: { layer: 'derived', schema: EpcLatestRowSchema },
  epc_stats: { layer: 'derived', schema: EpcStatsRowSchema },
  epc_estimates: { layer: 'derived', schema: EpcEstimatesRowSchema },
  uprn_epc_blocks: { layer: 'derived', schema: UprnEpcBlockRowSchema },
} as const;
