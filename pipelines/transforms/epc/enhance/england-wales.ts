// Raw England & Wales certificate → enhanced record (spec 2.10): every spec key, cleaned and typed, with the
// raw→enhanced renames applied. Each value comes from a small rule in values/, categories/ or derived/;
// the fields Scotland computes the same way come from shared-fields.ts.
import type { EnhancedEpc } from '../../../../schemas/epc';
import { toOnsCode } from './values/codes';
import { toTimestamp } from './values/dates';
import { englandWalesDescription } from './values/descriptions';
import { toCount, toInteger, toNumber, toUprn } from './values/numbers';
import { cleanText } from './values/text';
import { createRecordAssembler, pick, sharedFields } from './shared-fields';
import type { CountryRules, RawRecord } from './shared-fields';

const ENGLAND_WALES: CountryRules = {
  description: englandWalesDescription,
  ageBands: 'england-wales',
  walls: {
    description: ['walls_description'],
    energyEfficiency: ['walls_energy_eff'],
    environmentalEfficiency: ['walls_env_eff'],
  },
};
const assemble = createRecordAssembler();

export function enhanceEnglandWales(raw: RawRecord): EnhancedEpc {
  return assemble(sharedFields(raw, ENGLAND_WALES), {
    address: cleanText(raw.address),
    county: cleanText(raw.county),
    energy_consumption_per_floor_area_m2_current: toNumber(raw.energy_consumption_current),
    energy_consumption_per_floor_area_m2_potential: toNumber(raw.energy_consumption_potential),
    fixed_lighting_outlets_count: toCount(
      pick(raw, 'fixed_lighting_outlets_count', 'fixed_lighting_outlet_count'),
    ),
    flat_storey_count: toCount(raw.flat_storey_count),
    lmk_key: cleanText(pick(raw, 'lmk_key', 'certificate_number')) ?? '',
    local_authority: toOnsCode(raw.local_authority),
    lodgement_datetime: toTimestamp(raw.lodgement_datetime),
    low_energy_fixed_light_count: toCount(
      pick(raw, 'low_energy_fixed_light_count', 'low_energy_fixed_lighting_outlets_count'),
    ),
    post_town: cleanText(raw.posttown),
    report_type: toInteger(raw.report_type),
    uprn: toUprn(raw.uprn),
    uprn_source: cleanText(raw.uprn_source),
  });
}
