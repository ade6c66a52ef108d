// Energy bands (A-G) and element efficiency ratings (Very Good ... Very Poor).
import type { EfficiencyRating, EnergyRating } from '../../../../../schemas/epc';
import { categoryKey, lookup } from './normalise';
import { memoise } from '../values/memo';

/** `d` / `D` → `D`; `INVALID!` and anything else → null. */
function toEnergyRatingRule(value: string | null | undefined): EnergyRating | null {
  const key = categoryKey(value);
  return key !== null && /^[a-g]$/.test(key) ? (key.toUpperCase() as EnergyRating) : null;
}

// Welsh ratings appear on bilingual certificates (`Da iawn` = very good, `Gwael` = poor).
const EFFICIENCY = new Map<string, EfficiencyRating>([
  ['very good', 'Very Good'],
  ['good', 'Good'],
  ['average', 'Average'],
  ['poor', 'Poor'],
  ['very poor', 'Very Poor'],
  ['da iawn', 'Very Good'],
  ['da', 'Good'],
  ['cyfartalog', 'Average'],
  ['gwael', 'Poor'],
  ['gwael iawn', 'Very Poor'],
]);

/**
 * `Very Good` ... `Very Poor` in one spelling. Multi-part Scottish values (`Good | Average`) take the first
 * meaningful part (the main element); `N/A`, `NO DATA!`, `N/A | N/A` → null.
 */
function toEfficiencyRatingRule(value: string | null | undefined): EfficiencyRating | null {
  return lookup(EFFICIENCY, value);
}

export const toEnergyRating = memoise(toEnergyRatingRule);

export const toEfficiencyRating = memoise(toEfficiencyRatingRule);
