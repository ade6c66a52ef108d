// Flags: `Y`/`N` in most columns, `true`/`false` in some SOLAR_WATER_HEATING_FLAG rows.
import { nullIfMissing } from './nulls';

const TRUE = new Set(['y', 'yes', 'true']);
const FALSE = new Set(['n', 'no', 'false']);

export function toBoolean(value: string | null | undefined): boolean | null {
  const text = nullIfMissing(value)?.toLowerCase();
  if (text === undefined) return null;
  if (TRUE.has(text)) return true;
  if (FALSE.has(text)) return false;
  return null;
}
