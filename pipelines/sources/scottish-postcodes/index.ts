// Scottish Postcode Directory (National Records of Scotland): the release zip's `SmallUser.csv` and
// `LargeUser.csv`, Latin-1, every column text (wales-scotland.md 3.4, 4.1). It carries, per postcode, the
// Scottish Government Urban Rural Classification (`UrbanRural6Fold<year>Code`, `UrbanRural8Fold<year>Code`:
// 2020 to the 2025 releases, 2022 from 2026_2) and the NRS settlement (`Settlement<year>Code`), the Scottish
// counterpart of the ONS built-up areas, which cover England and Wales only (ONSPD's bua24cd is a pseudo code
// in Scotland). Column names change between releases, so they are resolved by pattern; where a release
// carries several years (`Settlement2020Code`, `Settlement2022Code`) the newest is read.
// Pitfalls handled: split postcodes (a postcode straddling a boundary is split into A, B, C records, marked by
// `SplitIndicator` or a letter after the unit) keep the A part only; deleted postcodes are kept with their
// `DateOfDeletion` (a UPRN may still carry one), and the join prefers the live record; codes keep their
// leading zeros (text). The classification is postcode-level, which the reference rates truer than the
// best-fit data-zone lookup; labels are ours, keyed on the code (label texts vary between editions).
import type { SourceRow } from '../../io/quarantine';
import { cleanHeaderCell } from '../common/header';
import { openCsvTable, reject, toSourceRow, type Rejection } from '../common/table';

export const SCOTTISH_POSTCODES_DATASET = 'scottish-postcodes';

/** 8-fold code → label (2020 edition's wording) and its 6-fold code (wales-scotland.md 4.1). */
export const SG_URBAN_RURAL_8_FOLD: Readonly<Record<number, { label: string; sixFold: number }>> = {
  1: { label: 'Large Urban Areas', sixFold: 1 },
  2: { label: 'Other Urban Areas', sixFold: 2 },
  3: { label: 'Accessible Small Towns', sixFold: 3 },
  4: { label: 'Remote Small Towns', sixFold: 4 },
  5: { label: 'Very Remote Small Towns', sixFold: 4 },
  6: { label: 'Accessible Rural Areas', sixFold: 5 },
  7: { label: 'Remote Rural Areas', sixFold: 6 },
  8: { label: 'Very Remote Rural Areas', sixFold: 6 },
};

export const SG_URBAN_RURAL_6_FOLD: Readonly<Record<number, string>> = {
  1: 'Large Urban Areas',
  2: 'Other Urban Areas',
  3: 'Accessible Small Towns',
  4: 'Remote Small Towns',
  5: 'Accessible Rural',
  6: 'Remote Rural',
};

export interface ScottishPostcodeRecord {
  postcode: string;
  /** `YYYY-MM-DD` or as published when not a date; null for a live postcode. */
  date_of_deletion: string | null;
  data_zone_2011_code: string | null;
  /** The classification's edition year from the column name (`2020`, `2022`). */
  urban_rural_edition: string | null;
  urban_rural_6_fold_code: number | null;
  urban_rural_8_fold_code: number | null;
  settlement_edition: string | null;
  settlement_code: string | null;
}

const CODE = /^S\d{8}$/;
const PSEUDO = /^S99999999$/;

/** `FK8 1AA` and a split part: `FK81AAA` / `FK8 1AA A` → [`FK8 1AA`, `A`]; not a postcode → null. */
export function splitPostcode(text: string): [string, string | null] | null {
  const compact = text.replace(/\s+/g, '').toUpperCase();
  const m = /^([A-Z]{1,2}[0-9][A-Z0-9]?)([0-9][A-Z]{2})([ABC])?$/.exec(compact);
  return m ? [`${m[1]} ${m[2]}`, m[3] ?? null] : null;
}

/** The newest year's column matching `Prefix<year>Code`: [index, year] or undefined. */
function newest(header: readonly string[], re: RegExp): [number, string] | undefined {
  let best: [number, string] | undefined;
  header.forEach((h, i) => {
    const m = re.exec(cleanHeaderCell(h));
    if (m && (!best || m[1]! > best[1])) best = [i, m[1]!];
  });
  return best;
}

export function scottishPostcodeRowParser(
  header: readonly string[],
  file: string,
): (fields: string[]) => ScottishPostcodeRecord | Rejection | null {
  const find = (re: RegExp) => {
    const i = header.findIndex((h) => re.test(cleanHeaderCell(h)));
    return i === -1 ? undefined : i;
  };
  const postcode = find(/^Postcode$/i);
  if (postcode === undefined)
    throw new Error(`${file}: not a Scottish Postcode Directory file: no Postcode column`);
  const deleted = find(/^DateOfDeletion$/i);
  const split = find(/^SplitIndicator$/i);
  const dz = find(/^DataZone2011Code$/i);
  const ur6 = newest(header, /^UrbanRural6Fold(\d{4})Code$/i);
  const ur8 = newest(header, /^UrbanRural8Fold(\d{4})Code$/i);
  const settlement = newest(header, /^Settlement(\d{4})Code$/i);
  if (!ur8 && !settlement && dz === undefined)
    throw new Error(
      `${file}: no DataZone2011Code, UrbanRural8Fold<year>Code or Settlement<year>Code column: nothing to read`,
    );
  const cell = (fields: string[], i: number | undefined) => (i === undefined ? '' : (fields[i] ?? '').trim());
  const fold = (text: string, max: number, what: string): number | null | Rejection => {
    if (text === '') return null;
    const n = Number(text);
    return Number.isInteger(n) && n >= 1 && n <= max
      ? n
      : reject(`${what} is not a class 1..${max}: "${text}"`);
  };
  return (fields) => {
    const parsed = splitPostcode(cell(fields, postcode));
    if (!parsed) return reject(`Postcode is not a postcode: "${cell(fields, postcode)}"`);
    const part = (cell(fields, split).toUpperCase() || parsed[1]) ?? '';
    // Split postcodes: only the A part stands for the postcode (null = skipped, not quarantined).
    if (/^[BC]$/.test(part)) return null;
    const six = fold(cell(fields, ur6?.[0]), 6, ur6 ? `UrbanRural6Fold${ur6[1]}Code` : '6-fold');
    if (six !== null && typeof six === 'object') return six;
    const eight = fold(cell(fields, ur8?.[0]), 8, ur8 ? `UrbanRural8Fold${ur8[1]}Code` : '8-fold');
    if (eight !== null && typeof eight === 'object') return eight;
    if (six !== null && eight !== null && SG_URBAN_RURAL_8_FOLD[eight]!.sixFold !== six)
      return reject(`6-fold class ${six} does not collapse from 8-fold class ${eight}`);
    const zone = cell(fields, dz);
    if (zone !== '' && !/^S01\d{6}$/.test(zone))
      return reject(`DataZone2011Code is not a Data Zone: "${zone}"`);
    const place = cell(fields, settlement?.[0]);
    if (place !== '' && !CODE.test(place)) return reject(`Settlement code is not a GSS code: "${place}"`);
    const gone = cell(fields, deleted);
    return {
      postcode: parsed[0],
      date_of_deletion: gone === '' ? null : gone,
      data_zone_2011_code: zone || null,
      urban_rural_edition: eight !== null || six !== null ? (ur8?.[1] ?? ur6?.[1] ?? null) : null,
      urban_rural_6_fold_code: six ?? (eight !== null ? SG_URBAN_RURAL_8_FOLD[eight]!.sixFold : null),
      urban_rural_8_fold_code: eight,
      settlement_edition: place && !PSEUDO.test(place) ? settlement![1] : null,
      settlement_code: place && !PSEUDO.test(place) ? place : null,
    };
  };
}

export async function* readScottishPostcodes(
  file: string,
): AsyncGenerator<SourceRow<ScottishPostcodeRecord>> {
  const table = await openCsvTable(file, { headerRows: 1, encoding: 'latin1' });
  const header = table.headers[0]!.fields;
  const parse = scottishPostcodeRowParser(header, file);
  const context = { dataset: SCOTTISH_POSTCODES_DATASET, file, width: header.length };
  for await (const batch of table.batches)
    for (const row of batch) {
      if (row.ok && row.fields.length === header.length && parse(row.fields) === null) continue;
      yield toSourceRow(row, context, (f) => parse(f) ?? reject('split part'));
    }
}
