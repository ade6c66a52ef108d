// Scottish Index of Multiple Deprivation (SIMD), Scottish Government XLSX workbooks (wales-scotland.md 3.2):
//  - the data-zone lookup, sheet `SIMD 2020v2 DZ lookup data`: `DZ, DZname, IZcode, IZname, LAcode, LAname,
//    …, SIMD2020v2_Rank, SIMD2020v2_Vigintile, SIMD2020v2_Decile, SIMD2020v2_Quintile` and the domain ranks;
//  - the ranks workbook, sheet `SIMD 2020v2 ranks` (the second sheet; the first is notes): `Data_Zone,
//    Intermediate_Zone, Council_area, Total_population, Working_Age_population, SIMD2020v2_Rank,
//    SIMD2020v2_Income_Domain_Rank, SIMD2020_Employment_Domain_Rank, …, SIMD2020_Housing_Domain_Rank`, with
//    no deciles: the decile is then derived from the rank with the official unweighted band edges (which
//    reproduce the published decile of every rank; nations.ts) and flagged `decile_derived`.
// A workbook with the lookup sheet is read from it (published deciles), else from the ranks sheet. Columns
// are found by pattern, not name: v2 revised the income and employment domains, so their columns carry the
// `SIMD2020v2_` prefix while the unrevised domains keep `SIMD2020_`. Domain ranks of tied zones may end in
// `.5`; suppressed cells are `*`. The header row is found by content (`Data_Zone`/`DZ`), never by offset.
// Council names are kept as published (`Na h-Eileanan an Iar`, where ONS writes `Na h-Eileanan Siar`): nothing
// joins on them. Public Health Scotland's population-weighted deciles are a different measure, not read.
import { accepted, quarantined, type SourceRow } from '../../io/quarantine';
import { findHeaderRow } from '../../io/xlsx';
import {
  AREAS_RANKED,
  headerKey,
  nationRecord,
  type NationRowSpec,
  type NationalDeprivationRecord,
  type NationDomainRank,
} from '../deprivation/nations';
import { openWorkbook, type Workbook } from '../wimd';

export const SIMD_DATASET = 'simd';

/** Output column → the SIMD domain in `SIMD<edition>_<Domain>_Domain_Rank`. */
export const SIMD_DOMAINS: readonly [NationDomainRank, string][] = [
  ['income_rank', 'income'],
  ['employment_rank', 'employment'],
  ['health_rank', 'health'],
  ['education_rank', 'education'],
  ['crime_rank', 'crime'],
  ['access_to_services_rank', 'access'],
  ['housing_rank', 'housing'],
];

const DZ = /^S01[0-9]{6}$/;
const EDITION = 'simd(\\d{4}(?:v\\d+)?)';

interface Columns {
  edition: string;
  code: number;
  name?: number;
  authority?: number;
  rank: number;
  decile?: number;
  domains: [NationDomainRank, number | undefined][];
}

function columns(cells: string[]): Columns | null {
  const keys = cells.map(headerKey);
  const code = keys.findIndex((k) => k === 'data_zone' || k === 'dz' || k === 'datazone');
  const rankRe = new RegExp(`^${EDITION}_rank$`);
  const rank = keys.findIndex((k) => rankRe.test(k));
  if (code === -1 || rank === -1) return null;
  const edition = rankRe.exec(keys[rank]!)![1]!;
  const find = (re: RegExp) => {
    const i = keys.findIndex((k) => re.test(k));
    return i === -1 ? undefined : i;
  };
  return {
    // `2020v2` as the publisher writes it (headers are compared lower case; the `v` is lower case there too).
    edition,
    code,
    name: find(/^(dzname|data_zone_name|datazone_name)$/),
    authority: find(/^(laname|council_area|council_area_name)$/),
    rank,
    decile: find(new RegExp(`^${EDITION}_decile$`)),
    domains: SIMD_DOMAINS.map(([field, domain]) => [
      field,
      find(new RegExp(`^simd\\d{4}(?:v\\d+)?_${domain}_domain_rank$`)),
    ]),
  };
}

/** The sheet to read: the DZ lookup (published deciles) before the ranks sheet. */
function simdSheet(workbook: Workbook): string {
  const names = workbook.sheetNames;
  const lookup = names.find((n) => /^simd \d{4}(v\d+)? dz lookup data$/i.test(n.trim()));
  const ranks = names.find((n) => /^simd \d{4}(v\d+)? ranks$/i.test(n.trim()));
  const name = lookup ?? ranks;
  if (!name)
    throw new Error(
      `${workbook.source}: not a SIMD workbook: no "SIMD <edition> DZ lookup data" or "SIMD <edition> ranks" sheet (sheets: ${names.join(', ')})`,
    );
  return name;
}

export function* simdRecords(workbook: Workbook): Generator<SourceRow<NationalDeprivationRecord>> {
  const file = workbook.source;
  const name = simdSheet(workbook);
  const sheet = workbook.sheet(name);
  const headerAt = findHeaderRow(sheet, (c) => columns(c) !== null);
  if (headerAt === -1)
    throw new Error(
      `${file}: sheet "${name}" has no header row with "Data_Zone"/"DZ" and "SIMD<edition>_Rank"`,
    );
  const cols = columns(sheet.rows[headerAt]!.cells)!;
  const missing = cols.domains.filter(([, i]) => i === undefined).map(([f]) => f);
  if (missing.length)
    throw new Error(`${file}: sheet "${name}" lacks the domain rank columns of ${missing.join(', ')}`);
  const id = `SIMD${cols.edition}`;
  const rows = sheet.rows.slice(headerAt + 1);
  const areas = AREAS_RANKED[id] ?? rows.filter((r) => DZ.test((r.cells[cols.code] ?? '').trim())).length;
  const spec: NationRowSpec = {
    index_name: 'SIMD',
    edition: cols.edition,
    area_vintage: Number(cols.edition.slice(0, 4)) >= 2026 ? 'DZ2022' : 'DZ2011',
    areas,
    id,
    rank: { column: cols.rank, label: `SIMD${cols.edition}_Rank` },
    ...(cols.name === undefined ? {} : { name: cols.name }),
    ...(cols.authority === undefined ? {} : { authority: cols.authority }),
    domains: cols.domains,
    // No Scottish counterpart of the Welsh physical environment domain.
    absent: ['physical_environment_rank'],
  };
  for (const { row, cells } of rows) {
    const bad = (reason: string) =>
      quarantined({
        dataset: SIMD_DATASET,
        file,
        line: row,
        reason: `sheet "${name}": ${reason}`,
        raw: cells.join(','),
      });
    const code = (cells[cols.code] ?? '').trim();
    if (cells.filter((c) => c.trim() !== '').length <= 1 && !DZ.test(code)) continue; // blank row or a note
    if (!DZ.test(code)) {
      yield bad(`not a 2011 Data Zone code: "${code}"`);
      continue;
    }
    const record = nationRecord(
      cells,
      code,
      spec,
      cols.decile === undefined
        ? undefined
        : { cell: cells[cols.decile], label: `SIMD${cols.edition}_Decile` },
    );
    if (typeof record === 'string') {
      yield bad(record);
      continue;
    }
    yield accepted(file, row, record);
  }
}

export async function* readSimd(file: string): AsyncGenerator<SourceRow<NationalDeprivationRecord>> {
  yield* simdRecords(await openWorkbook(file));
}
