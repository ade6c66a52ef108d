// DESNZ sub-regional fuel poverty tables (XLSX, e.g. sub-regional-fuel-poverty-2023-tables.xlsx; England
// only, LILEE measure). Two tables are read (socioeconomic.md 2):
//  - the LSOA table (sheet `Table 3` in the 2021+ editions; any sheet whose header row has `LSOA Code`):
//    title rows above a header on row 3, footnote rows below the data;
//  - the area table (sheet `Table 2`; header row starts `Area Codes`): local authorities, counties, regions
//    and England, the hierarchy spread over unnamed name columns, so the name is the first non-blank of them.
// Header cells carry footnote markers glued on (`Number of households1`) or `[note 3]`; both are stripped
// before matching. Blank rows and single-cell notes are layout, not data; any other row without a GSS code,
// or with a non-numeric count, is quarantined.
import { accepted, quarantined, type SourceRow } from '../../io/quarantine';
import { findHeaderRow, XlsxWorkbook, type XlsxSheet } from '../../io/xlsx';
import { cleanHeaderCell } from '../common/header';

export const FUEL_POVERTY_DATASET = 'fuel-poverty';

export type FuelPovertyLevel = 'lsoa' | 'local_authority' | 'county' | 'region' | 'country';

export interface FuelPovertyRecord {
  level: FuelPovertyLevel;
  code: string;
  name: string | null;
  /** LSOA rows: their local authority and region as published. */
  local_authority_district_code: string | null;
  local_authority_district_name: string | null;
  region_name: string | null;
  household_count: number | null;
  fuel_poor_household_count: number | null;
  /** Percent (0..100) as published. */
  fuel_poor_household_percentage: number | null;
}

/** `Number of households1` → `number of households`; `Households [note 3]` → `households`. */
export function normaliseFuelPovertyHeader(cell: string): string {
  return cleanHeaderCell(cell)
    .replace(/\s*\[(?:note|x)\s*\d+\]/gi, '')
    .replace(/([A-Za-z)%])\d+$/, '$1')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

const GSS = /^[EW][0-9]{8}$/;

const LEVEL_BY_PREFIX: Record<string, FuelPovertyLevel> = {
  E01: 'lsoa',
  E06: 'local_authority',
  E07: 'local_authority',
  E08: 'local_authority',
  E09: 'local_authority',
  E10: 'county',
  E11: 'county',
  E12: 'region',
  E92: 'country',
};

/** Blank or a stripped number: `12,345`, ` 13.2 `; `..`, `-`, `[c]`, `[x]` (suppressed) are null. */
export function parseCount(text: string | undefined): number | null | undefined {
  const t = (text ?? '').replace(/[,\s]/g, '');
  if (t === '' || /^(\.\.|-|\[[a-z]\]|[a-z])$/i.test(t)) return null;
  return /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(t) ? Number(t) : undefined;
}

interface Columns {
  code: number;
  name: number[];
  la_code?: number;
  la_name?: number;
  region?: number;
  households: number;
  fuel_poor: number;
  proportion: number;
}

function locate(header: string[], codeNames: string[]): Columns | null {
  const names = header.map(normaliseFuelPovertyHeader);
  const find = (test: (n: string) => boolean) => {
    const i = names.findIndex(test);
    return i === -1 ? undefined : i;
  };
  const code = find((n) => codeNames.includes(n));
  const households = find((n) => n === 'number of households');
  const fuelPoor = find((n) => n === 'number of households in fuel poverty');
  const proportion = find((n) => n.startsWith('proportion of households fuel poor'));
  if (code === undefined || households === undefined || fuelPoor === undefined || proportion === undefined)
    return null;
  const laCode = find((n) => n === 'la code' || n === 'local authority code');
  const laName = find((n) => n === 'la name' || n === 'local authority name');
  const region = find((n) => n === 'region' || n === 'region name');
  // Name columns: `LSOA Name`/`Area name` and the unnamed columns right after it (the area hierarchy).
  const nameStart = find((n) => n === 'lsoa name' || n === 'area name');
  const name: number[] = [];
  if (nameStart !== undefined) {
    name.push(nameStart);
    for (let i = nameStart + 1; i < names.length && names[i] === ''; i++) name.push(i);
  }
  return {
    code,
    name,
    la_code: laCode,
    la_name: laName,
    region,
    households,
    fuel_poor: fuelPoor,
    proportion,
  };
}

const LSOA_HEADER = ['lsoa code'];
const AREA_HEADER = ['area codes', 'area code'];

function* sheetRecords(
  sheet: XlsxSheet,
  file: string,
  codeNames: string[],
): Generator<SourceRow<FuelPovertyRecord>> {
  const headerAt = findHeaderRow(sheet, (cells) => locate(cells, codeNames) !== null);
  const columns = locate(sheet.rows[headerAt]!.cells, codeNames)!;
  for (const { row, cells } of sheet.rows.slice(headerAt + 1)) {
    const filled = cells.filter((c) => c.trim() !== '');
    const raw = cells.join(',');
    const bad = (reason: string) =>
      quarantined({
        dataset: FUEL_POVERTY_DATASET,
        file,
        line: row,
        reason: `sheet "${sheet.name}": ${reason}`,
        raw,
      });
    if (filled.length <= 1 && !GSS.test((cells[columns.code] ?? '').trim())) continue; // blank row or a note
    const code = (cells[columns.code] ?? '').trim();
    if (!GSS.test(code)) {
      yield bad(`not a GSS area code: "${code}"`);
      continue;
    }
    const level = LEVEL_BY_PREFIX[code.slice(0, 3)];
    if (!level) {
      yield bad(`area code of an unexpected kind: "${code}"`);
      continue;
    }
    const households = parseCount(cells[columns.households]);
    const fuelPoor = parseCount(cells[columns.fuel_poor]);
    const proportion = parseCount(cells[columns.proportion]);
    if (households === undefined || fuelPoor === undefined || proportion === undefined) {
      yield bad('household counts or proportion not numeric');
      continue;
    }
    const text = (i: number | undefined) => (i === undefined ? null : (cells[i] ?? '').trim() || null);
    yield accepted(file, row, {
      level,
      code,
      name: columns.name.map(text).find((n) => n !== null) ?? null,
      local_authority_district_code: text(columns.la_code),
      local_authority_district_name: text(columns.la_name),
      region_name: text(columns.region),
      household_count: households,
      fuel_poor_household_count: fuelPoor,
      fuel_poor_household_percentage: proportion,
    });
  }
}

/** Sheets holding the LSOA table and the area table, found by their header rows. */
export function fuelPovertySheets(workbook: XlsxWorkbook): { lsoa: XlsxSheet; areas: XlsxSheet | null } {
  let lsoa: XlsxSheet | null = null;
  let areas: XlsxSheet | null = null;
  // `Table 3` first: it is the LSOA table in the editions we know; the rest are scanned by header.
  const order = [...workbook.sheetNames].sort((a, b) => Number(b === 'Table 3') - Number(a === 'Table 3'));
  for (const name of order) {
    const sheet = workbook.sheet(name);
    if (!lsoa && findHeaderRow(sheet, (c) => locate(c, LSOA_HEADER) !== null) !== -1) lsoa = sheet;
    else if (!areas && findHeaderRow(sheet, (c) => locate(c, AREA_HEADER) !== null) !== -1) areas = sheet;
  }
  if (!lsoa) {
    throw new Error(
      `${workbook.source}: no LSOA fuel poverty table (a sheet with an "LSOA Code" header row); sheets: ${workbook.sheetNames.join(', ')}`,
    );
  }
  return { lsoa, areas };
}

/** Every LSOA and area row of a sub-regional fuel poverty workbook. */
export async function* readFuelPoverty(file: string): AsyncGenerator<SourceRow<FuelPovertyRecord>> {
  const workbook = await XlsxWorkbook.open(file);
  const { lsoa, areas } = fuelPovertySheets(workbook);
  yield* sheetRecords(lsoa, file, LSOA_HEADER);
  if (areas) yield* sheetRecords(areas, file, AREA_HEADER);
}
