// Raw England & Wales certificate → enhanced record (spec 2.10): every spec key, cleaned and typed, with the
// raw→enhanced renames applied. Each value comes from a small rule in values/, categories/ or derived/,
// declared field by field (field-rules.ts); the fields Scotland computes the same way come from
// shared-fields.ts.
import type { EnhancedEpc } from '../../../../schemas/epc';
import { toOnsCode } from './values/codes';
import { toTimestamp } from './values/dates';
import { englandWalesDescription } from './values/descriptions';
import { toCount, toInteger, toNumber, toUprn, UPRN_SQL } from './values/numbers';
import { cleanText, PLAIN_TEXT_SQL } from './values/text';
import { checkRules, compileFieldEvaluator, fromRaw, type FieldRule, type RawRecord } from './field-rules';
import { plainText, sharedFieldRules, type CountryRules } from './shared-fields';

const ENGLAND_WALES: CountryRules = {
  description: englandWalesDescription,
  ageBands: 'england-wales',
  walls: {
    description: ['walls_description'],
    energyEfficiency: ['walls_energy_eff'],
    environmentalEfficiency: ['walls_env_eff'],
  },
};

// A lodgement time as published (`2023-10-06 17:15:40`, one of ~30 M distinct values) in SQL: the ranges
// toTimestamp accepts (years 1900-2099, a real day and time of day), read as the same UTC instant.
const DATETIME_SQL = {
  when: (c: string) =>
    `regexp_full_match(${c}, '(19|20)[0-9]{2}-[0-9]{2}-[0-9]{2} ([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]')`,
  then: (c: string) => `try_strptime(${c}, '%Y-%m-%d %H:%M:%S')`,
};

/** Every field of an England and Wales enhanced record, hidden intermediate fields included. */
export const ENGLAND_WALES_FIELD_RULES: readonly FieldRule[] = checkRules([
  ...sharedFieldRules(ENGLAND_WALES),
  plainText('address', 'address'),
  fromRaw('county', 'county', cleanText),
  fromRaw('energy_consumption_per_floor_area_m2_current', 'energy_consumption_current', toNumber),
  fromRaw('energy_consumption_per_floor_area_m2_potential', 'energy_consumption_potential', toNumber),
  fromRaw(
    'fixed_lighting_outlets_count',
    ['fixed_lighting_outlets_count', 'fixed_lighting_outlet_count'],
    toCount,
  ),
  fromRaw('flat_storey_count', 'flat_storey_count', toCount),
  fromRaw('lmk_key', ['lmk_key', 'certificate_number'], (v) => cleanText(v) ?? '', {
    fast: PLAIN_TEXT_SQL,
  }),
  fromRaw('local_authority', 'local_authority', toOnsCode),
  fromRaw('lodgement_datetime', 'lodgement_datetime', toTimestamp, { fast: DATETIME_SQL }),
  fromRaw(
    'low_energy_fixed_light_count',
    ['low_energy_fixed_light_count', 'low_energy_fixed_lighting_outlets_count'],
    toCount,
  ),
  fromRaw('post_town', 'posttown', cleanText),
  fromRaw('report_type', 'report_type', toInteger),
  fromRaw('uprn', 'uprn', toUprn, { fast: UPRN_SQL }),
  fromRaw('uprn_source', 'uprn_source', cleanText),
]);

const evaluate = compileFieldEvaluator(ENGLAND_WALES_FIELD_RULES);

export function enhanceEnglandWales(raw: RawRecord): EnhancedEpc {
  return evaluate(raw) as EnhancedEpc;
}
