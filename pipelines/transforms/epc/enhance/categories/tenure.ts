// Tenure: E&W legacy says `rental (social)`, the register and Scotland say `rented (social)`, in any case.
import type { Tenure } from '../../../../../schemas/epc';
import { categoryKey } from './normalise';
import { memoise } from '../values/memo';

/**
 * `owner-occupied` → `Owner-occupied`; `rental (social)` / `Rented (social)` → `Rented (social)`; likewise
 * private. `unknown`, `NO DATA!` and the truncated `Not defined - use in the case of a new dwelling ...`
 * (tenure not known) → null.
 */
function toTenureRule(value: string | null | undefined): Tenure | null {
  const key = categoryKey(value);
  if (key === null) return null;
  if (/^owner[- ]?occupied$/.test(key)) return 'Owner-occupied';
  const rented = /^rent(?:al|ed) \((social|private)\)$/.exec(key);
  if (rented) return rented[1] === 'social' ? 'Rented (social)' : 'Rented (private)';
  return null;
}

export const toTenure = memoise(toTenureRule);
