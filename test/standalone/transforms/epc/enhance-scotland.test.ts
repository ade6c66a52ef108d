// A Scottish certificate through the enhancement: E&W vocabulary where the fields mean the same.
import { describe, expect, it } from 'vitest';
import { enhanceScotland } from '../../../../pipelines/transforms/epc/enhance';
import { ENHANCED_SCOTTISH_EPC_FIELDS, EnhancedScottishEpcSchema } from '../../../../schemas/epc';

// Raw record as the Scottish loader returns it (lower-case machine names, published strings).
const EDINBURGH = {
  osg_reference_number: '906423511',
  building_reference_number: '1234567890',
  address1: '12/3 Marchmont Road',
  post_town: 'EDINBURGH',
  postcode: 'EH9 1HY',
  current_energy_rating: 'D',
  potential_energy_rating: 'C',
  current_energy_efficiency: '64',
  potential_energy_efficiency: '72',
  property_type: 'Flat',
  built_form: 'Mid-Terrace',
  inspection_date: '04/03/2021',
  lodgement_date: '05/03/2021',
  local_authority_label: 'City of Edinburgh',
  constituency: 'S13002929',
  constituency_label: 'Meadows/Morningside',
  transaction_type: 'marketed sale',
  type_of_assessment: 'RdSAP',
  energy_consumption_current: '210',
  energy_consumption_potential: '160',
  co2_emissions_current: '3.1',
  co2_emiss_curr_per_floor_area: '37',
  co2_emissions_potential: '2.4',
  '3_yr_energy_cost_current': '£2,412',
  '3_yr_energy_saving_potential': '£501',
  current_environmental_rating: 'D',
  potential_environmental_rating: 'c',
  environment_impact_current: '60',
  environment_impact_potential: '69',
  total_floor_area: '84',
  energy_tariff: 'Single',
  mains_gas_flag: 'Y',
  floor_level: '2nd',
  flat_top_storey: 'N',
  floor_height: '2.9',
  main_heating_controls: '2106',
  multi_glaze_proportion: '50',
  glazed_type: 'double glazing, unknown install date',
  glazed_area: '1',
  extension_count: '0',
  number_habitable_rooms: '4',
  number_heated_rooms: '4',
  low_energy_lighting: '100',
  fixed_lighting_outlets_count: '10',
  low_energy_fixed_light_count: '10',
  number_open_fireplaces: '0',
  hotwater_description: 'From main system | From main system',
  hot_water_energy_eff: 'Good | Good',
  floor_description: '(another dwelling below)',
  floor_energy_eff: 'N/A',
  windows_description: 'Partial double glazing',
  windows_energy_eff: 'Poor',
  wall_description:
    'Sandstone or limestone, as built, no insulation (assumed) | Timber frame, as built, insulated (assumed)',
  wall_energy_eff: 'Very Poor | Good',
  wall_env_eff: 'Very Poor | Good',
  roof_description: '(another dwelling above)',
  mainheat_description: 'Boiler and radiators, mains gas',
  mainheat_energy_eff: 'Good',
  mainheatcont_description: 'Programmer, room thermostat and TRVs',
  lighting_description: 'Low energy lighting in all fixed outlets',
  air_tightness_description: '(not tested)',
  main_fuel: 'mains gas (not community)',
  main_heating_category: 'boiler with radiators or underfloor heating',
  wind_turbine_count: 'NULL',
  heat_loss_corridoor: 'heated corridor',
  photo_supply: 'Array: Roof Area: %;  |',
  solar_water_heating_flag: 'N',
  mechanical_ventilation: 'natural',
  construction_age_band: 'before 1919',
  tenure: 'rented (private)',
  lzc_energy_sources: 'None',
  space_heating_demand: '9875.5',
  water_heating_demand: '2011',
  improvements:
    'Description: Internal or external wall insulation; Indicative Cost: £4,000 - £14,000; Typical Saving: £254 | Description: Draught proofing &amp; sealing; Indicative Cost: £80 - £120;',
  data_zone: 'S01008798',
};

describe('enhanceScotland', () => {
  const enhanced = enhanceScotland(EDINBURGH);

  it('emits every key of the Scottish scheme and passes the schema', () => {
    expect(Object.keys(enhanced).sort()).toEqual([...ENHANCED_SCOTTISH_EPC_FIELDS].sort());
    expect(() => EnhancedScottishEpcSchema.parse(enhanced)).not.toThrow();
  });

  it('standardises Scottish descriptors to the E&W vocabulary', () => {
    expect(enhanced).toMatchObject({
      walls_description:
        'Sandstone or limestone, as built, no insulation (assumed) | Timber frame, as built, insulated (assumed)',
      walls_energy_efficiency: 'Very Poor', // main wall first
      walls_environmental_efficiency: 'Very Poor',
      walls_type: 'Stone',
      tenure: 'Rented (private)',
      glazed_type: 'Double',
      glazed_area: null, // digit codes: meaning not published
      heat_loss_corridor: 'Heated corridor',
      main_fuel: 'Mains gas',
      floor_type: 'Another dwelling below',
      roof_type: 'Another dwelling above',
      construction_age_band: 'before 1919', // Scottish bands kept
      hot_water_description: 'From main system | From main system',
      hot_water_energy_efficiency: 'Good',
      dwelling_type: 'Mid-floor flat',
    });
  });

  it('types Scottish dates, numbers and ratings', () => {
    expect(enhanced).toMatchObject({
      inspection_date: '2021-03-04T00:00:00.000Z',
      lodgement_date: '2021-03-05T00:00:00.000Z',
      uprn: 906423511,
      osg_reference_number: '906423511',
      environmental_rating_current: 'D',
      environmental_rating_potential: 'C',
      energy_consumption_current: 210,
      total_energy_consumption_current: 17640,
      three_year_energy_cost_current: 2412,
      three_year_energy_savings_potential: 501,
      co2_emissions_reduction_potential: 0.7,
      wind_turbine_count: null,
      roof_photovoltaic_supply: null,
      space_heating_demand: 9875.5,
      post_town: 'EDINBURGH',
      data_zone: 'S01008798',
    });
    expect(enhanced.improvements).toContain('Draught proofing & sealing');
  });
});
