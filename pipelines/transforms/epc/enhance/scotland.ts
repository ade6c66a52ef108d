// Raw Scottish certificate → enhanced record. Same rules and vocabularies as England & Wales where the
// fields mean the same (spec: "standardise descriptors across countries"): WALL_* becomes walls_*,
// `rented (social)` the same tenure value, energy ratings the same letters. Age bands keep the Scottish
// bands (see categories/age-band.ts). Multi-part descriptions keep all their parts. The fields computed
// the same way as England & Wales come from shared-fields.ts.
import type { EnhancedScottishEpc } from '../../../../schemas/epc';
import { toEfficiencyRating, toEnergyRating } from './categories/ratings';
import { scottishDescription } from './values/descriptions';
import { toCount, toMoney, toNumber, toUprn } from './values/numbers';
import { cleanText } from './values/text';
import { createRecordAssembler, pick, sharedFields } from './shared-fields';
import type { CountryRules, RawRecord } from './shared-fields';

const SCOTLAND: CountryRules = {
  description: scottishDescription,
  ageBands: 'scotland',
  walls: {
    description: ['wall_description', 'walls_description'],
    energyEfficiency: ['wall_energy_eff', 'walls_energy_eff'],
    environmentalEfficiency: ['wall_env_eff', 'walls_env_eff'],
  },
};
const assemble = createRecordAssembler();

export function enhanceScotland(raw: RawRecord): EnhancedScottishEpc {
  const osgReference = cleanText(raw.osg_reference_number);

  // (the shared fields' type is the schema's, checked by the tests against EnhancedScottishEpcSchema)
  return assemble(sharedFields(raw, SCOTLAND), {
    addendum_text: cleanText(raw.addendum_text),
    air_tightness_description: scottishDescription(raw.air_tightness_description),
    air_tightness_energy_efficiency: toEfficiencyRating(raw.air_tightness_energy_eff),
    air_tightness_environmental_efficiency: toEfficiencyRating(raw.air_tightness_env_eff),
    alternative_improvements: cleanText(raw.alternative_improvements),
    data_zone: cleanText(raw.data_zone),
    data_zone_2011: cleanText(raw.data_zone_2011),
    energy_consumption_current: toNumber(raw.energy_consumption_current),
    energy_consumption_potential: toNumber(raw.energy_consumption_potential),
    environmental_rating_current: toEnergyRating(raw.current_environmental_rating),
    environmental_rating_potential: toEnergyRating(raw.potential_environmental_rating),
    fixed_lighting_outlets_count: toCount(raw.fixed_lighting_outlets_count),
    impact_cavity_wall_insulation: toNumber(raw.impact_cavity_wall_insulation),
    impact_loft_insulation: toNumber(raw.impact_loft_insulation),
    impact_solid_wall_insulation: toNumber(raw.impact_solid_wall_insulation),
    improvements: cleanText(raw.improvements),
    low_energy_fixed_light_count: toCount(raw.low_energy_fixed_light_count),
    lzc_energy_sources: cleanText(raw.lzc_energy_sources),
    main_heating_category: cleanText(raw.main_heating_category),
    osg_reference_number: osgReference,
    post_town: cleanText(pick(raw, 'post_town', 'posttown')),
    space_heating_demand: toNumber(raw.space_heating_demand),
    three_year_energy_cost_current: toMoney(raw['3_yr_energy_cost_current']),
    three_year_energy_savings_potential: toMoney(
      pick(raw, '3_yr_energy_savings_potential', '3_yr_energy_saving_potential'),
    ),
    type_of_assessment: cleanText(raw.type_of_assessment),
    // The One Scotland Gazetteer reference is the UPRN.
    uprn: toUprn(osgReference ?? raw.uprn),
    water_heating_demand: toNumber(raw.water_heating_demand),
  }) as EnhancedScottishEpc;
}
