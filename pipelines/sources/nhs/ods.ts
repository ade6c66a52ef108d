// NHS Organisation Data Service files (reference socioeconomic.md section 4): `epraccur.csv` (GP practices),
// `egdpprac.csv` (dental practices) and `ets.csv` (NHS trust sites, our hospitals), CSV with NO header row,
// every field quoted upper-case text. Columns 1-10 are the standard ODS layout: code, name, national
// grouping, health geography, address lines 1-5, postcode; 11 open date, 12 close date (YYYYMMDD). In
// epraccur, 13 is the status code (A active) and 26 the prescribing setting (4 = GP practice). A Data Search
// and Export download with an upper-case header row (`"ORGANISATION CODE","NAME",…`) is detected and skipped.
// There are no coordinates: each site is geocoded by postcode through the staged ONSPD table (`geocode`);
// an unknown postcode, a closed organisation or (epraccur) a non-GP prescribing setting is quarantined.
import { readCsvBatches } from '../../io/csv-reader';
import type { Position } from '../../geo/geometry';
import { accepted, quarantined, type SourceRow } from '../../io/quarantine';
import type { NhsSiteKind, NhsSiteRecord } from '../../../schemas/environment-features';
import { cleanHeaderCell } from '../common/header';

export const NHS_DATASET = 'nhs-ods';
export type NhsSiteRow = Omit<NhsSiteRecord, 'source_file'>;

/** ODS ORD API record of an organisation: the one stable public page every ODS code has. */
export const ODS_RECORD_URL = 'https://directory.spineservices.nhs.uk/ORD/2-0-0/organisations/';

/** The kind of sites a file holds, from its published name; null for other ODS files. */
export function odsKind(fileName: string): NhsSiteKind | null {
  const base = (fileName.split(/[\\/]/).pop() ?? '').toLowerCase();
  if (base.startsWith('epraccur')) return 'gp_practice';
  if (base.startsWith('egdpprac')) return 'dentist';
  if (base.startsWith('ets')) return 'hospital';
  return null;
}

/** "ROYAL UNITED HOSPITAL" → "Royal United Hospital": ODS text is all upper case. */
export function titleCase(s: string): string {
  return s
    .toLowerCase()
    .replace(/(^|[\s\-(/&.])([a-z])/g, (_, sep: string, c: string) => sep + c.toUpperCase());
}

/** Postcode key for lookups: upper case, no spaces. */
export const postcodeKey = (pc: string): string => pc.toUpperCase().replace(/\s+/g, '');

export type Geocoder = (postcode: string) => Position | null;

export function odsRecord(
  fields: readonly string[],
  kind: NhsSiteKind,
  geocode: Geocoder,
): NhsSiteRow | string {
  const f = (i: number): string => (fields[i] ?? '').trim();
  if (fields.length < 10) return `expected at least 10 columns, found ${fields.length}`;
  const code = f(0);
  const name = f(1);
  if (!code || !name) return 'no organisation code or name';
  if (f(11) !== '') return `closed on ${f(11)}`;
  if (kind === 'gp_practice') {
    if (fields.length > 12 && f(12) !== '' && f(12) !== 'A') return `status ${f(12)} (not active)`;
    if (fields.length > 25 && f(25) !== '' && f(25) !== '4')
      return `prescribing setting ${f(25)} (not a GP practice)`;
  }
  const postcode = f(9).toUpperCase().replace(/\s+/g, ' ');
  if (!postcode) return 'no postcode';
  const position = geocode(postcode);
  if (!position) return `postcode ${postcode} not in ONSPD (or without grid reference)`;
  const lines = [f(4), f(5), f(6), f(7), f(8)].filter((l) => l !== '').map(titleCase);
  return {
    kind,
    code,
    name: titleCase(name),
    address1: lines[0] ?? null,
    address2: lines[1] ?? null,
    address3: lines.length > 2 ? lines.slice(2).join(', ') : null,
    postcode,
    url: `${ODS_RECORD_URL}${code}`,
    x_coord: position[0],
    y_coord: position[1],
  };
}

export async function* readOdsFile(file: string, geocode: Geocoder): AsyncGenerator<SourceRow<NhsSiteRow>> {
  const kind = odsKind(file);
  if (!kind) return;
  let first = true;
  for await (const batch of readCsvBatches(file, { encoding: 'latin1' })) {
    for (const row of batch) {
      if (!row.ok) {
        yield quarantined({ dataset: NHS_DATASET, file, line: row.line, reason: row.reason, raw: row.raw });
        continue;
      }
      if (first) {
        first = false;
        if (cleanHeaderCell(row.fields[0] ?? '').toUpperCase() === 'ORGANISATION CODE') continue;
      }
      if (row.fields.every((c) => c.trim() === '')) continue;
      const record = odsRecord(row.fields, kind, geocode);
      yield typeof record === 'string'
        ? quarantined({ dataset: NHS_DATASET, file, line: row.line, reason: record, raw: row.raw })
        : accepted(file, row.line, record);
    }
  }
}
