// Dates and timestamps → ISO 8601 UTC with milliseconds and Z. EPC dates are calendar dates without a zone;
// they are kept as midnight UTC so the date never shifts. LODGEMENT_DATETIME has no zone either; read as UTC.
import { nullIfMissing } from './nulls';
import { memoise } from './memo';

const YMD =
  /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;
const DMY = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;

export const EARLIEST_YEAR = 1900;
export const LATEST_YEAR = 2100;

/** `0012` → 2012: a lost century in some lodgements (as rewritten by other EPC loaders). */
export function fixBrokenYear(year: number): number {
  return year < 100 ? 2000 + year : year;
}

function toIso(
  year: number,
  month: number,
  day: number,
  hour = 0,
  minute = 0,
  second = 0,
  ms = 0,
  offsetMinutes = 0,
): string | null {
  year = fixBrokenYear(year);
  if (year < EARLIEST_YEAR || year > LATEST_YEAR || month < 1 || month > 12 || hour > 23 || minute > 59)
    return null;
  if (second > 59) return null;
  const time = Date.UTC(year, month - 1, day, hour, minute, second, ms);
  const check = new Date(time);
  // Date.UTC rolls 30 February over into March; a rolled date is invalid.
  if (check.getUTCDate() !== day || check.getUTCMonth() !== month - 1) return null;
  return new Date(time - offsetMinutes * 60_000).toISOString();
}

function offsetOf(zone: string | undefined): number {
  if (zone === undefined || zone.toUpperCase() === 'Z') return 0;
  const m = /^([+-])(\d{2}):?(\d{2})$/.exec(zone)!;
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]));
}

/**
 * `2019-05-31`, `2019-05-31 13:04:08`, `31/05/2019`, `31/05/2019 13:04:08`, `0012-05-01` (→ 2012) →
 * `2019-05-31T00:00:00.000Z` style; null for anything that is not a real date.
 */
function toTimestampRule(value: string | null | undefined): string | null {
  const text = nullIfMissing(value);
  if (text === null) return null;
  let m = YMD.exec(text);
  if (m) {
    const ms = m[7] === undefined ? 0 : Math.floor(Number(`0.${m[7]}`) * 1000);
    const [y, mo, d, h, mi, s] = [m[1], m[2], m[3], m[4], m[5], m[6]].map((x) => Number(x ?? 0)) as number[];
    return toIso(y!, mo!, d!, h, mi, s, ms, offsetOf(m[8]));
  }
  m = DMY.exec(text);
  if (m) {
    const [d, mo, y, h, mi, s] = [m[1], m[2], m[3], m[4], m[5], m[6]].map((x) => Number(x ?? 0)) as number[];
    return toIso(y!, mo!, d!, h, mi, s);
  }
  return null;
}

export const toTimestamp = memoise(toTimestampRule);
