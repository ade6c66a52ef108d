// A whole England & Wales certificate through the enhancement: every spec key, renamed, cleaned and typed.
import { describe, expect, it } from 'vitest';
import { enhanceEnglandWales } from '../../../../pipelines/transforms/epc/enhance';
import { ENHANCED_EPC_FIELDS, EnhancedEpcSchema, RAW_EW_CERTIFICATE_FIELDS } from '../../../../schemas/epc';

/** A raw record as the loader returns it: all 93 fields as strings, blanks where the row had none. */
function rawCertificate(values: Record<string, string>): Record<string, string> {
  return { ...Object.fromEntries(RAW_EW_CERTIFICATE_FIELDS.map((f) => [f, ''])), ...values };
}

const SOUTH_HAMS = rawCertificate({
  lmk_key: '89931970062019053113040836250130',
  address1: 'Flat 2, ',
  address2: '10 Fore Street',
  postcode: 'tq9 5rp',
  building_reference_number: '10003212345',
  current_energy_rating: 'D',
  potential_energy_rating: 'b',
  current_energy_efficiency: '61',
  potential_energy_efficiency: '82.0',
  property_type: 'Flat',
  built_form: 'Semi-Detached',
  inspection_date: '0019-05-30',
  local_authority: 'E07000044',
  constituency: 'E14000964',
  county: 'Devon',
  lodgement_date: '2019-05-31',
  transaction_type: 'rental (social) - this is for backwards compatibility only and should not be used',
  environment_impact_current: '57',
  environment_impact_potential: '80',
  energy_consumption_current: '245',
  energy_consumption_potential: '98',
  co2_emissions_current: '2.3',
  co2_emiss_curr_per_floor_area: '41',
  co2_emissions_potential: '0.9',
  lighting_cost_current: '65.00000001',
  lighting_cost_potential: '45',
  heating_cost_current: '512',
  heating_cost_potential: '389',
  hot_water_cost_current: '98',
  hot_water_cost_potential: '72',
  total_floor_area: '56.0',
  energy_tariff: 'Single',
  mains_gas_flag: 'Y',
  floor_level: '01',
  flat_top_storey: 'N',
  flat_storey_count: '3.0',
  main_heating_controls: '2106',
  multi_glaze_proportion: '100',
  glazed_type: 'double glazing installed during or after 2002',
  glazed_area: 'Normal',
  extension_count: '0',
  number_habitable_rooms: '3.0',
  number_heated_rooms: '3',
  low_energy_lighting: '75',
  number_open_fireplaces: '0',
  hotwater_description: 'From main system',
  hot_water_energy_eff: 'Good',
  hot_water_env_eff: 'Good',
  floor_description: '(another dwelling below)',
  floor_energy_eff: 'NO DATA!',
  floor_env_eff: 'N/A',
  windows_description: 'Fully double glazed',
  windows_energy_eff: 'Average',
  windows_env_eff: 'Average',
  walls_description: 'Average thermal transmittance 0.28 W/m?K',
  walls_energy_eff: 'Very Good',
  walls_env_eff: 'Very Good',
  secondheat_description: 'Room heaters, (null)',
  sheating_energy_eff: 'N/A',
  sheating_env_eff: 'N/A',
  roof_description: 'Pitched, 250 mm loft insulation',
  roof_energy_eff: 'Good',
  roof_env_eff: 'Good',
  mainheat_description: 'Boiler and radiators, mains gas',
  mainheat_energy_eff: 'Good',
  mainheat_env_eff: 'Good',
  mainheatcont_description: 'Programmer, room thermostat and TRVs',
  mainheatc_energy_eff: 'Good',
  mainheatc_env_eff: 'Good',
  lighting_description: 'Low energy lighting in 75% of fixed outlets',
  lighting_energy_eff: 'Very Good',
  lighting_env_eff: 'Very Good',
  main_fuel: 'mains gas (not community)',
  wind_turbine_count: '0',
  heat_loss_corridor: 'unheated corridor',
  unheated_corridor_length: '5.2',
  floor_height: '2.45',
  photo_supply: '0',
  solar_water_heating_flag: 'N',
  mechanical_ventilation: 'natural',
  address: 'Flat 2, 10 Fore Street, Totnes',
  local_authority_label: 'South Hams',
  constituency_label: 'Totnes',
  posttown: 'TOTNES ',
  construction_age_band: 'England and Wales: 1930-1949',
  lodgement_datetime: '2019-05-31 13:04:08',
  tenure: 'rental (social)',
  fixed_lighting_outlets_count: '8',
  low_energy_fixed_light_count: '6.0',
  uprn: '100040209834',
  uprn_source: 'Address Matched',
  report_type: '2',
});

describe('enhanceEnglandWales', () => {
  const enhanced = enhanceEnglandWales(SOUTH_HAMS);

  it('emits exactly the keys of spec 2.10, and passes the schema', () => {
    expect(Object.keys(enhanced).sort()).toEqual([...ENHANCED_EPC_FIELDS].sort());
    expect(() => EnhancedEpcSchema.parse(enhanced)).not.toThrow();
  });

  it('applies the raw → enhanced renames', () => {
    expect(enhanced).toMatchObject({
      co2_emissions_per_floor_area_m2_current: 41,
      energy_efficiency_current: 61,
      energy_efficiency_potential: 82,
      energy_rating_current: 'D',
      energy_rating_potential: 'B',
      energy_consumption_per_floor_area_m2_current: 245,
      energy_consumption_per_floor_area_m2_potential: 98,
      environmental_impact_current: 57,
      environmental_impact_potential: 80,
      is_flat_top_storey: false,
      hot_water_description: 'From main system',
      hot_water_energy_efficiency: 'Good',
      walls_environmental_efficiency: 'Very Good',
      low_energy_lighting_percentage: 75,
      main_heating_description: 'Boiler and radiators, mains gas',
      main_heating_controls_description: 'Programmer, room thermostat and TRVs',
      main_heating_controls_energy_efficiency: 'Good',
      has_mains_gas: true,
      multi_glaze_percentage: 100,
      habitable_room_count: 3,
      heated_room_count: 3,
      open_fireplace_count: 0,
      roof_photovoltaic_supply: 0,
      post_town: 'TOTNES',
      second_heating_description: 'Room heaters',
      has_solar_water_heating: false,
    });
  });

  it('cleans values and standardises categories', () => {
    expect(enhanced).toMatchObject({
      address1: 'Flat 2',
      postcode: 'TQ9 5RP',
      inspection_date: '2019-05-30T00:00:00.000Z',
      lodgement_date: '2019-05-31T00:00:00.000Z',
      lodgement_datetime: '2019-05-31T13:04:08.000Z',
      transaction_type: 'Rental (social)',
      tenure: 'Rented (social)',
      glazed_type: 'Double',
      floor_level: '1st',
      floor_energy_efficiency: null,
      floor_environmental_efficiency: null,
      main_fuel: 'Mains gas',
      heat_loss_corridor: 'Unheated corridor',
      mechanical_ventilation: 'Natural',
      construction_age_band: '1930-1949',
      lighting_cost_current: 65,
      flat_storey_count: 3,
      low_energy_fixed_light_count: 6,
      uprn: 100040209834,
      report_type: 2,
      local_authority: 'E07000044',
    });
  });

  it('derives types, U-values, heat pump and totals', () => {
    expect(enhanced).toMatchObject({
      walls_description: 'Average thermal transmittance 0.28 W/m²K',
      walls_thermal_transmittance: 0.28,
      walls_type: null, // a U-value alone does not say the construction
      roof_type: 'Pitched',
      roof_thermal_transmittance: null,
      floor_type: 'Another dwelling below',
      heat_pump: false,
      co2_emissions_reduction_potential: 1.4,
      total_energy_consumption_current: 13720,
      total_energy_consumption_potential: 5488,
      dwelling_type: 'Mid-floor flat',
    });
  });

  it('restates the 2019 (SAP 2012 price) costs at SAP 10.2 prices: gas x 3.64/3.48, electricity x 16.49/13.19', () => {
    expect(enhanced.adjusted_costs).toEqual({
      heating_cost_current: 535.54, // 512 x 1.04598
      heating_cost_potential: 406.89,
      hot_water_cost_current: 102.51, // from the main (gas) system
      hot_water_cost_potential: 75.31,
      lighting_cost_current: 81.26, // 65 x 1.25019
      lighting_cost_potential: 56.26,
      total_fuel_cost_current: 719.31,
      total_fuel_cost_potential: 538.46,
      standing_charges: 160, // electricity 72 + gas 88
    });
  });

  it('gives null for every field of a record with no data, except the id', () => {
    const empty = enhanceEnglandWales(rawCertificate({ lmk_key: 'x' }));
    const nonNull = Object.entries(empty).filter(([, v]) => v !== null);
    expect(nonNull).toEqual([['lmk_key', 'x']]);
    expect(() => EnhancedEpcSchema.parse(empty)).not.toThrow();
  });

  it('accepts the older and newer spellings of renamed raw fields', () => {
    const older = enhanceEnglandWales({ lmk_key: 'x', heat_loss_corridoor: 'no corridor' });
    expect(older.heat_loss_corridor).toBe('No corridor');
    const newer = enhanceEnglandWales({
      certificate_number: '0000-0000-0000-0000-0006',
      low_energy_fixed_lighting_outlets_count: '4',
    });
    expect(newer).toMatchObject({ lmk_key: '0000-0000-0000-0000-0006', low_energy_fixed_light_count: 4 });
  });
});
