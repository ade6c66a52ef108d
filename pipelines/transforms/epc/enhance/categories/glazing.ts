// Glazing: the type collapses install-date detail (`double glazing installed before 2002` → `Double`), as the
// spec asks; glazed area keeps the published five-step scale.
import type { GlazedArea, GlazedType } from '../../../../../schemas/epc';
import { categoryKey, lookup } from './normalise';
import { memoise } from '../values/memo';

/**
 * `double glazing installed before 2002` / `... during or after 2002` / `double, known data` → `Double`;
 * triple → `Triple`; `single glazing` → `Single`; `secondary glazing` → `Secondary`. `not defined`,
 * `unknown complex glazing regime`, `INVALID!` → null.
 */
function toGlazedTypeRule(value: string | null | undefined): GlazedType | null {
  const key = categoryKey(value);
  if (key === null || key.includes('unknown complex')) return null;
  if (key.startsWith('secondary')) return 'Secondary';
  if (key.startsWith('triple')) return 'Triple';
  if (key.startsWith('double')) return 'Double';
  if (key.startsWith('single')) return 'Single';
  return null;
}

const AREA = new Map<string, GlazedArea>([
  ['much less than typical', 'Much Less Than Typical'],
  ['less than typical', 'Less Than Typical'],
  ['normal', 'Normal'],
  ['typical', 'Normal'],
  ['more than typical', 'More Than Typical'],
  ['much more than typical', 'Much More Than Typical'],
]);

/** The five published steps in one spelling; `Not Defined` and the Scottish digit codes (meaning unpublished) → null. */
function toGlazedAreaRule(value: string | null | undefined): GlazedArea | null {
  return lookup(AREA, value);
}

export const toGlazedType = memoise(toGlazedTypeRule);

export const toGlazedArea = memoise(toGlazedAreaRule);
