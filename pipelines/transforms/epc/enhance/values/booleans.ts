// Flags: `Y`/`N` in most columns, `true`/`false` in some SOLAR_WATER_HEATING_FLAG rows.
import { nullIfMissing } from './nulls';
import { memoise } from './memo';

const TRUE = new Set(['y', 'yes', 'true']);
const FALSE = new Set(['n', 'no', 'false']);

function toBooleanRule(value: string | null | undefined): boolean | null {
  const text = nullIfMissing(value)?.toLowerCase();
  if (text === undefined) return null;
  if (TRUE.has(text)) return true;
  if (FALSE.has(text)) return false;
  return null;
}

export const toBoolean = memoise(toBooleanRule);
