// The enhanced (cleaned) EPC records of spec 2.10, England and Wales and Scotland.
import { z } from 'zod';
import { bool, int, num, oneOf, percent, text, timestamp } from './fields';
import {
  BUILT_FORMS,
  EFFICIENCY_RATINGS,
  ENERGY_RATINGS,
  ENERGY_TARIFFS,
  FLOOR_TYPES,
  GLAZED_AREAS,
  GLAZED_TYPES,
  HEAT_LOSS_CORRIDORS,
  MAIN_FUELS,
  MECHANICAL_VENTILATIONS,
  PROPERTY_TYPES,
  ROOF_TYPES,
  TENURES,
  TRANSACTION_TYPES,
  WALL_TYPES,
} from './vocabularies';

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
export const SHARED_SHAPE = {
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

export const EW_ONLY_SHAPE = {
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
