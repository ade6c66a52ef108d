// ONS "LSOA (2011) to LSOA (2021) to Local Authority District (2022) Lookup for England and Wales" (Open
// Geography Portal CSV, version 2): one row per pair of a 2011 LSOA and a 2021 LSOA that share ground, with
// the change indicator CHGIND:
//   U unchanged (one row, same code), S split (the 2011 LSOA became several 2021 LSOAs: one row per child),
//   M merged (several 2011 LSOAs became one 2021 LSOA: one row per parent), X irregular (redrawn: several
//   rows on both sides).
// Published columns: LSOA11CD, LSOA11NM, LSOA21CD, LSOA21NM, CHGIND, LAD22CD, LAD22NM, LAD22NMW, ObjectId;
// matched by name (any case, BOM tolerated), only the codes and CHGIND are required. It bridges datasets keyed
// by 2011 LSOAs (IoD2019) to postcodes that ONSPD places in 2021 LSOAs (docs/areas.md).
import type { SourceRow } from '../../io/quarantine';
import { headerIndex, requireColumns } from '../common/header';
import { openCsvTable, reject, toSourceRow, type Rejection } from '../common/table';

export const LSOA_LOOKUP_DATASET = 'lsoa-lookup';

export const CHANGE_INDICATORS = { U: 'unchanged', S: 'split', M: 'merged', X: 'irregular' } as const;
export type ChangeIndicator = keyof typeof CHANGE_INDICATORS;

export interface LsoaLookupRecord {
  lsoa11_code: string;
  lsoa11_name: string | null;
  lsoa21_code: string;
  lsoa21_name: string | null;
  change_indicator: ChangeIndicator;
  local_authority_district_code: string | null;
  local_authority_district_name: string | null;
}

const LSOA = /^[EW]01[0-9]{6}$/;

export function lsoaLookupRowParser(
  header: readonly string[],
  file: string,
): (fields: string[]) => LsoaLookupRecord | Rejection {
  const index = headerIndex(header);
  const c = requireColumns(index, ['LSOA11CD', 'LSOA21CD', 'CHGIND'], file, 'LSOA 2011 to 2021 lookup');
  const optional = (name: string) => index.get(name.toLowerCase());
  const cell = (fields: string[], i: number | undefined): string | null => {
    const v = i === undefined ? '' : (fields[i] ?? '').trim();
    return v === '' ? null : v;
  };
  const [n11, n21, lad, ladName] = ['LSOA11NM', 'LSOA21NM', 'LAD22CD', 'LAD22NM'].map(optional);
  return (fields) => {
    const lsoa11 = (fields[c.LSOA11CD] ?? '').trim().toUpperCase();
    const lsoa21 = (fields[c.LSOA21CD] ?? '').trim().toUpperCase();
    const chg = (fields[c.CHGIND] ?? '').trim().toUpperCase();
    if (!LSOA.test(lsoa11)) return reject(`LSOA11CD is not an England or Wales LSOA code: "${lsoa11}"`);
    if (!LSOA.test(lsoa21)) return reject(`LSOA21CD is not an England or Wales LSOA code: "${lsoa21}"`);
    if (!(chg in CHANGE_INDICATORS)) return reject(`CHGIND is not one of U, S, M, X: "${chg}"`);
    // An unchanged LSOA keeps its code: a U row pairing two codes is a corrupt row, not a change.
    if (chg === 'U' && lsoa11 !== lsoa21)
      return reject(`CHGIND U (unchanged) but the codes differ: ${lsoa11} → ${lsoa21}`);
    return {
      lsoa11_code: lsoa11,
      lsoa11_name: cell(fields, n11),
      lsoa21_code: lsoa21,
      lsoa21_name: cell(fields, n21),
      change_indicator: chg as ChangeIndicator,
      local_authority_district_code: cell(fields, lad),
      local_authority_district_name: cell(fields, ladName),
    };
  };
}

export async function* readLsoaLookup(file: string): AsyncGenerator<SourceRow<LsoaLookupRecord>> {
  const table = await openCsvTable(file, { headerRows: 1 });
  const header = table.headers[0]!.fields;
  const map = lsoaLookupRowParser(header, file);
  const context = { dataset: LSOA_LOOKUP_DATASET, file, width: header.length };
  for await (const batch of table.batches) for (const row of batch) yield toSourceRow(row, context, map);
}
