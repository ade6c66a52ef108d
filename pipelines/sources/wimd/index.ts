// Welsh Index of Multiple Deprivation (WIMD), Welsh Government, "index and domain ranks by small area"
// workbook: ODS as published (an XLSX copy also circulates; both are read). wales-scotland.md 3.1:
//  - sheet `WIMD_2019_ranks` (`WIMD_<year>_ranks`): title rows, then the header `LSOA code`, `LSOA name (Eng)`,
//    `Local Authority name (Eng)`, `WIMD 2019`, `Income`, `Employment`, `Health`, `Education`,
//    `Access to Services`, `Housing`, `Community Safety`, `Physical Environment` and an empty trailing column.
//    Header cells carry trailing spaces (`WIMD 2019 `) and capitalisation differs between copies (`LSOA Code`,
//    `Local Authority Name (Eng)`): the header row is found by content and cells compared trimmed and
//    case-insensitively, never by position or offset.
//  - sheet `Deciles_quintiles_quartiles`: the overall index only (a title row, then `LSOA code`, …,
//    `WIMD 2019 overall rank`, `WIMD 2019 overall decile`, quintile, quartile).
// The edition comes from the sheet name and the overall column (`WIMD 2019`); WIMD 2019 is on 2011 LSOAs (1,909),
// WIMD 2025 on 2021 LSOAs (1,917). Domain deciles are not published: none are made up (nations.ts).
// Rows: blank rows and single-cell notes are layout; a row with a non-Welsh LSOA code or a rank that is not a
// whole number in 1..areas is quarantined (sheet, row, reason).
import { extname } from 'node:path';
import { accepted, quarantined, type SourceRow } from '../../io/quarantine';
import { OdsWorkbook } from '../../io/ods';
import { findHeaderRow, XlsxWorkbook, type XlsxSheet } from '../../io/xlsx';
import {
  AREAS_RANKED,
  headerKey,
  nationRecord,
  type NationRowSpec,
  type NationalDeprivationRecord,
  type NationDomainRank,
} from '../deprivation/nations';

export const WIMD_DATASET = 'wimd';

/** Output column → the WIMD domain heading. */
export const WIMD_DOMAINS: readonly [NationDomainRank, string][] = [
  ['income_rank', 'income'],
  ['employment_rank', 'employment'],
  ['health_rank', 'health'],
  ['education_rank', 'education'],
  ['crime_rank', 'community safety'],
  ['access_to_services_rank', 'access to services'],
  ['housing_rank', 'housing'],
  ['physical_environment_rank', 'physical environment'],
];

const LSOA = /^W01[0-9]{6}$/;

export interface Workbook {
  readonly source: string;
  readonly sheetNames: string[];
  sheet(name: string): XlsxSheet;
}

export async function openWorkbook(file: string): Promise<Workbook> {
  return extname(file).toLowerCase() === '.ods' ? OdsWorkbook.open(file) : XlsxWorkbook.open(file);
}

interface RankColumns {
  year: string;
  code: number;
  name?: number;
  authority?: number;
  overall: number;
  domains: [NationDomainRank, number | undefined][];
}

function rankColumns(cells: string[]): RankColumns | null {
  const keys = cells.map(headerKey);
  const code = keys.indexOf('lsoa code');
  const overall = keys.findIndex((k) => /^wimd \d{4}$/.test(k));
  if (code === -1 || overall === -1) return null;
  const at = (k: string) => (keys.indexOf(k) === -1 ? undefined : keys.indexOf(k));
  return {
    year: keys[overall]!.slice(5),
    code,
    name: at('lsoa name (eng)'),
    authority: at('local authority name (eng)'),
    overall,
    domains: WIMD_DOMAINS.map(([field, heading]) => [field, at(heading)]),
  };
}

function decileColumns(cells: string[]): { code: number; decile: number } | null {
  const keys = cells.map(headerKey);
  const code = keys.indexOf('lsoa code');
  const decile = keys.findIndex((k) => /^wimd \d{4} overall decile$/.test(k));
  return code === -1 || decile === -1 ? null : { code, decile };
}

/** The published overall deciles by LSOA code (empty when the workbook has no deciles sheet). */
function publishedDeciles(workbook: Workbook): Map<string, string> {
  const out = new Map<string, string>();
  const name = workbook.sheetNames.find((n) => headerKey(n) === 'deciles_quintiles_quartiles');
  if (!name) return out;
  const sheet = workbook.sheet(name);
  const at = findHeaderRow(sheet, (c) => decileColumns(c) !== null);
  if (at === -1) return out;
  const cols = decileColumns(sheet.rows[at]!.cells)!;
  for (const { cells } of sheet.rows.slice(at + 1)) {
    const code = (cells[cols.code] ?? '').trim();
    if (LSOA.test(code)) out.set(code, cells[cols.decile] ?? '');
  }
  return out;
}

export function* wimdRecords(workbook: Workbook): Generator<SourceRow<NationalDeprivationRecord>> {
  const file = workbook.source;
  const ranksName = workbook.sheetNames.find((n) => /^wimd_\d{4}_ranks$/i.test(n.trim()));
  if (!ranksName)
    throw new Error(
      `${file}: not a WIMD ranks workbook: no sheet WIMD_<year>_ranks (sheets: ${workbook.sheetNames.join(', ')})`,
    );
  const sheet = workbook.sheet(ranksName);
  const headerAt = findHeaderRow(sheet, (c) => rankColumns(c) !== null);
  if (headerAt === -1)
    throw new Error(`${file}: sheet "${ranksName}" has no header row with "LSOA code" and "WIMD <year>"`);
  const cols = rankColumns(sheet.rows[headerAt]!.cells)!;
  const missing = cols.domains.filter(([, i]) => i === undefined).map(([f]) => f);
  if (missing.length)
    throw new Error(`${file}: sheet "${ranksName}" lacks the domain columns of ${missing.join(', ')}`);
  const id = `WIMD${cols.year}`;
  const deciles = publishedDeciles(workbook);
  const rows = sheet.rows.slice(headerAt + 1);
  const areas = AREAS_RANKED[id] ?? rows.filter((r) => LSOA.test((r.cells[cols.code] ?? '').trim())).length;
  // 2019 and earlier editions are on 2011 LSOAs; 2025 on 2021 LSOAs (the census after the edition's data).
  const spec: NationRowSpec = {
    index_name: 'WIMD',
    edition: cols.year,
    area_vintage: Number(cols.year) >= 2025 ? 'LSOA2021' : 'LSOA2011',
    areas,
    id,
    rank: { column: cols.overall, label: `WIMD ${cols.year} rank` },
    ...(cols.name === undefined ? {} : { name: cols.name }),
    ...(cols.authority === undefined ? {} : { authority: cols.authority }),
    domains: cols.domains,
  };
  for (const { row, cells } of rows) {
    const bad = (reason: string) =>
      quarantined({
        dataset: WIMD_DATASET,
        file,
        line: row,
        reason: `sheet "${ranksName}": ${reason}`,
        raw: cells.join(','),
      });
    const code = (cells[cols.code] ?? '').trim();
    if (cells.filter((c) => c.trim() !== '').length <= 1 && !LSOA.test(code)) continue; // blank row or a note
    if (!LSOA.test(code)) {
      yield bad(`LSOA code is not a Welsh LSOA code: "${code}"`);
      continue;
    }
    const published = deciles.get(code);
    const record = nationRecord(
      cells,
      code,
      spec,
      published === undefined ? undefined : { cell: published, label: 'overall decile' },
    );
    if (typeof record === 'string') {
      yield bad(record);
      continue;
    }
    yield accepted(file, row, record);
  }
}

export async function* readWimd(file: string): AsyncGenerator<SourceRow<NationalDeprivationRecord>> {
  yield* wimdRecords(await openWorkbook(file));
}
