// An EPC is valid for 10 years from its lodgement date. Age and validity depend on "now", so they are
// computed when a request is answered, from the stored lodgement date.
export const EPC_VALIDITY_YEARS = 10;
const MS_PER_YEAR = 365.2425 * 24 * 3600 * 1000;

export function epcExpiry(lodgementDate: string): string {
  const d = new Date(lodgementDate);
  d.setUTCFullYear(d.getUTCFullYear() + EPC_VALIDITY_YEARS);
  return d.toISOString();
}

/** Age in years (Gregorian mean year), rounded to 2 decimals; never negative. */
export function epcAgeYears(lodgementDate: string, now: Date): number {
  const years = (now.getTime() - Date.parse(lodgementDate)) / MS_PER_YEAR;
  return Math.max(0, Math.round(years * 100) / 100);
}

export const epcInDate = (lodgementDate: string, now: Date): boolean =>
  now.getTime() < Date.parse(epcExpiry(lodgementDate));
