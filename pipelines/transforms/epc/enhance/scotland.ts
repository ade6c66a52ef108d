// Raw Scottish certificate → enhanced record. Same rules and vocabularies as England & Wales where the
// fields mean the same (spec: "standardise descriptors across countries"): WALL_* becomes walls_*,
// `rented (social)` the same tenure value, energy ratings the same letters. Age bands keep the Scottish
// bands (see categories/age-band.ts). Multi-part descriptions keep all their parts. Declared field by field
// (field-rules.ts) like England & Wales, so the columnar engine enhances both; the fields computed the same
// way as England & Wales come from shared-fields.ts.
import type { EnhancedScottishEpc } from '../../../../schemas/epc';
import { toEfficiencyRating, toEnergyRating } from './categories/ratings';
import { scottishDescription } from './values/descriptions';
import { toCount, toMoney, toNumber, toUprn, UPRN_SQL } from './values/numbers';
import { cleanText } from './values/text';
import {
  checkRules,
  compileFieldEvaluator,
  derived,
  fromRaw,
  type FieldRule,
  type RawRecord,
} from './field-rules';
import { plainText, sharedFieldRules, type CountryRules } from './shared-fields';

const SCOTLAND: CountryRules = {
  description: scottishDescription,
  ageBands: 'scotland',
  walls: {
    description: ['wall_description', 'walls_description'],
    energyEfficiency: ['wall_energy_eff', 'walls_energy_eff'],
    environmentalEfficiency: ['wall_env_eff', 'walls_env_eff'],
  },
};

/** Every field of a Scottish enhanced record, hidden intermediate fields included. */
export const SCOTLAND_FIELD_RULES: readonly FieldRule[] = checkRules([
  ...sharedFieldRules(SCOTLAND),
  plainText('addendum_text', 'addendum_text'),
  fromRaw('air_tightness_description', 'air_tightness_description', scottishDescription),
  fromRaw('air_tightness_energy_efficiency', 'air_tightness_energy_eff', toEfficiencyRating),
  fromRaw('air_tightness_environmental_efficiency', 'air_tightness_env_eff', toEfficiencyRating),
  plainText('alternative_improvements', 'alternative_improvements'),
  fromRaw('data_zone', 'data_zone', cleanText),
  fromRaw('data_zone_2011', 'data_zone_2011', cleanText),
  fromRaw('energy_consumption_current', 'energy_consumption_current', toNumber),
  fromRaw('energy_consumption_potential', 'energy_consumption_potential', toNumber),
  fromRaw('environmental_rating_current', 'current_environmental_rating', toEnergyRating),
  fromRaw('environmental_rating_potential', 'potential_environmental_rating', toEnergyRating),
  fromRaw('fixed_lighting_outlets_count', 'fixed_lighting_outlets_count', toCount),
  fromRaw('impact_cavity_wall_insulation', 'impact_cavity_wall_insulation', toNumber),
  fromRaw('impact_loft_insulation', 'impact_loft_insulation', toNumber),
  fromRaw('impact_solid_wall_insulation', 'impact_solid_wall_insulation', toNumber),
  plainText('improvements', 'improvements'),
  fromRaw('low_energy_fixed_light_count', 'low_energy_fixed_light_count', toCount),
  fromRaw('lzc_energy_sources', 'lzc_energy_sources', cleanText),
  fromRaw('main_heating_category', 'main_heating_category', cleanText),
  plainText('osg_reference_number', 'osg_reference_number'),
  fromRaw('post_town', ['post_town', 'posttown'], cleanText),
  fromRaw('space_heating_demand', 'space_heating_demand', toNumber),
  fromRaw('three_year_energy_cost_current', '3_yr_energy_cost_current', toMoney),
  fromRaw(
    'three_year_energy_savings_potential',
    ['3_yr_energy_savings_potential', '3_yr_energy_saving_potential'],
    toMoney,
  ),
  fromRaw('type_of_assessment', 'type_of_assessment', cleanText),
  // The One Scotland Gazetteer reference is the UPRN; an extract's own UPRN column only stands in for a blank one.
  fromRaw('_uprn_of_osg', 'osg_reference_number', (v) => toUprn(cleanText(v)), {
    fast: UPRN_SQL,
    type: 'BIGINT',
  }),
  fromRaw('_uprn_column', 'uprn', toUprn, { fast: UPRN_SQL, type: 'BIGINT' }),
  derived(
    'uprn',
    ['osg_reference_number', '_uprn_of_osg', '_uprn_column'],
    (osg: string | null, ofOsg: number | null, column: number | null) => (osg !== null ? ofOsg : column),
    { sql: (osg, ofOsg, column) => `CASE WHEN ${osg} IS NOT NULL THEN ${ofOsg} ELSE ${column} END` },
  ),
  fromRaw('water_heating_demand', 'water_heating_demand', toNumber),
]);

const evaluate = compileFieldEvaluator(SCOTLAND_FIELD_RULES);

export function enhanceScotland(raw: RawRecord): EnhancedScottishEpc {
  return evaluate(raw) as EnhancedScottishEpc;
}
