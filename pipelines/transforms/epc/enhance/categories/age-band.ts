// Construction age band. E&W values carry an `England and Wales: ` prefix; some rows hold a bare year
// instead of a band. Bands stay as published (E&W and Scottish bands differ and are not merged: a Scottish
// 1950-1964 cannot be split into E&W's 1950-1966 and 1967-1975); a bare year becomes its country's band.
import { memoise } from '../values/memo';
import { cleanText, removeCountryPrefix } from '../values/text';

export type AgeBandScheme = 'england-wales' | 'scotland';

// [last year of the band, band]; years after the last entry fall in the open band.
const EW_BANDS: [number, string][] = [
  [1899, 'before 1900'],
  [1929, '1900-1929'],
  [1949, '1930-1949'],
  [1966, '1950-1966'],
  [1975, '1967-1975'],
  [1982, '1976-1982'],
  [1990, '1983-1990'],
  [1995, '1991-1995'],
  [2002, '1996-2002'],
  [2006, '2003-2006'],
  [2011, '2007-2011'],
];
const SCOTTISH_BANDS: [number, string][] = [
  [1918, 'before 1919'],
  [1929, '1919-1929'],
  [1949, '1930-1949'],
  [1964, '1950-1964'],
  [1975, '1965-1975'],
  [1983, '1976-1983'],
  [1991, '1984-1991'],
  [1998, '1992-1998'],
  [2002, '1999-2002'],
  [2007, '2003-2007'],
  [2011, '2008-2011'],
];

/** The band a construction year falls in. */
export function ageBandForYear(year: number, scheme: AgeBandScheme): string {
  const bands = scheme === 'scotland' ? SCOTTISH_BANDS : EW_BANDS;
  return bands.find(([last]) => year <= last)?.[1] ?? '2012 onwards';
}

const BAND = /^(?:before \d{4}|\d{4}-\d{4}|\d{4} onwards|post-\d{4})$/;

/**
 * `England and Wales: 1930-1949` → `1930-1949`; `1935` → `1930-1949` (E&W) or `1930-1949` (Scotland);
 * `Before 1900` → `before 1900`; `NO DATA!`, `INVALID!`, `Not applicable`, `Not recorded` → null.
 */
function ageBandRule(value: string | null | undefined, scheme: AgeBandScheme): string | null {
  const text = cleanText(value);
  if (text === null) return null;
  const band = removeCountryPrefix(text)
    .toLowerCase()
    .replace(/\s*[-\u2013\u2014]\s*/g, '-')
    .replace(/\s+/g, ' ')
    .trim();
  if (/^\d{4}$/.test(band)) {
    const year = Number(band);
    return year >= 1500 && year <= 2100 ? ageBandForYear(year, scheme) : null;
  }
  if (!BAND.test(band)) return null;
  return band.startsWith('post-') ? `Post-${band.slice(5)}` : band;
}

const ewAgeBand = memoise((value) => ageBandRule(value, 'england-wales'));
const scottishAgeBand = memoise((value) => ageBandRule(value, 'scotland'));

export function toConstructionAgeBand(
  value: string | null | undefined,
  scheme: AgeBandScheme,
): string | null {
  return scheme === 'scotland' ? scottishAgeBand(value) : ewAgeBand(value);
}
