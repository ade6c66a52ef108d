// DESNZ sub-national domestic gas and electricity consumption per LSOA and MSOA (socioeconomic.md 3), in
// both published layouts:
//  - XLSX, one sheet per year (`LSOA_domestic_elec_2010-2024.xlsx`): title and notes rows above the header,
//    other sheets (cover, notes, contents) without one;
//  - older per-year CSVs (`LSOA_ELEC_2018.csv`, `LSOA_domestic_gas_2017.csv`), sometimes with an extra row
//    above the header.
// In both, the header row is the first row with an LSOA or MSOA code column and a mean-consumption column;
// columns are matched by name patterns covering both generations of names. The fuel comes from the column
// names (`... electricity ...`) or else the file name (`elec`/`gas`); the year from a `Year` column, the
// sheet name or the file name. Numbers may carry thousands separators and spaces. `Unallocated` rows (meters
// DESNZ could not place) are quarantined with that reason, as they belong to no area.
import { basename } from 'node:path';
import { readCsv } from '../../io/csv-reader';
import { accepted, quarantined, type SourceRow } from '../../io/quarantine';
import { XlsxWorkbook } from '../../io/xlsx';
import { cleanHeaderCell } from '../common/header';

export const ENERGY_USAGE_DATASET = 'energy-usage';

export type EnergyFuel = 'electricity' | 'gas';
export type EnergyAreaLevel = 'lsoa' | 'msoa';

export interface EnergyUsageRecord {
  level: EnergyAreaLevel;
  area_code: string;
  fuel: EnergyFuel;
  year: number;
  meter_count: number | null;
  total_consumption_kwh: number | null;
  mean_consumption_kwh: number | null;
  median_consumption_kwh: number | null;
}

const norm = (cell: string): string =>
  cleanHeaderCell(cell)
    .toLowerCase()
    .replace(/\s*\[note \d+\]/g, '')
    .replace(/\s+/g, ' ');

const PATTERNS = {
  lsoa: /^(lsoa code|lsoa11cd|lsoa21cd|lower layer super output area \(lsoa\) code)$/,
  msoa: /^(msoa code|msoa11cd|msoa21cd|middle layer super output area \(msoa\) code)$/,
  meters: [
    /^(total )?number of (domestic )?meters$/,
    /^total number of domestic (electricity|gas) meters$/,
    /^number of consuming meters$/,
  ],
  total:
    /^(total (domestic )?((electricity|gas) )?consumption|(domestic )?((electricity|gas) )?consumption) \(kwh\)$/,
  mean: /^mean (domestic )?((electricity|gas) )?consumption \(kwh per meter\)$/,
  median: /^median (domestic )?((electricity|gas) )?consumption \(kwh per meter\)$/,
  year: /^year$/,
} as const;

interface Layout {
  level: EnergyAreaLevel;
  code: number;
  meters?: number;
  total?: number;
  mean: number;
  median?: number;
  year?: number;
  fuel?: EnergyFuel;
}

/** The layout of a header row, or null when the row is not one. */
export function energyUsageLayout(cells: readonly string[]): Layout | null {
  const names = cells.map(norm);
  const find = (re: RegExp) => {
    const i = names.findIndex((n) => re.test(n));
    return i === -1 ? undefined : i;
  };
  const lsoa = find(PATTERNS.lsoa);
  const msoa = find(PATTERNS.msoa);
  const mean = find(PATTERNS.mean);
  if (mean === undefined || (lsoa === undefined && msoa === undefined)) return null;
  const meters = PATTERNS.meters.map(find).find((i) => i !== undefined);
  const joined = names.join('|');
  const fuel: EnergyFuel | undefined = /electricity/.test(joined)
    ? 'electricity'
    : /\bgas\b/.test(joined)
      ? 'gas'
      : undefined;
  return {
    level: lsoa !== undefined ? 'lsoa' : 'msoa',
    code: (lsoa ?? msoa)!,
    meters,
    total: find(PATTERNS.total),
    mean,
    median: find(PATTERNS.median),
    year: find(PATTERNS.year),
    fuel,
  };
}

export function fuelFromFileName(file: string): EnergyFuel | undefined {
  const name = basename(file).toLowerCase();
  if (/elec/.test(name)) return 'electricity';
  if (/gas/.test(name)) return 'gas';
  return undefined;
}

const yearIn = (text: string): number | undefined => {
  const years = [...text.matchAll(/(?:^|\D)((?:19|20)\d{2})(?!\d)/g)].map((m) => Number(m[1]));
  return years.at(-1);
};

/** `12,345` / ` 4 567.8 ` → number; blank and suppression markers → null; anything else undefined. */
export function parseEnergyNumber(text: string | undefined): number | null | undefined {
  const t = (text ?? '').replace(/[,\s]/g, '');
  if (t === '' || /^(\.\.|-|\[[a-z]\]|[a-z])$/i.test(t)) return null;
  return /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(t) ? Number(t) : undefined;
}

const AREA_CODE = /^[EWS]0[12][0-9]{6}$/;

function toRecord(
  cells: readonly string[],
  layout: Layout,
  fuel: EnergyFuel,
  fallbackYear: number | undefined,
): EnergyUsageRecord | string {
  const code = (cells[layout.code] ?? '').trim();
  // DESNZ puts `Unallocated` in the code or name columns of the meters it could not place.
  if (/^unallocated/i.test(code) || (code === '' && cells.some((c) => /^unallocated/i.test(c.trim()))))
    return 'unallocated consumption (no area)';
  if (!AREA_CODE.test(code)) return `not an LSOA/MSOA (or Data Zone) code: "${code}"`;
  const yearCell = layout.year === undefined ? undefined : Number((cells[layout.year] ?? '').trim());
  const year =
    yearCell !== undefined && Number.isInteger(yearCell) && yearCell > 1990 ? yearCell : fallbackYear;
  if (year === undefined) return 'no year (no Year column, and none in the sheet or file name)';
  const value = (i: number | undefined) => (i === undefined ? null : parseEnergyNumber(cells[i]));
  const meters = value(layout.meters);
  const total = value(layout.total);
  const mean = value(layout.mean);
  const median = value(layout.median);
  if (meters === undefined || total === undefined || mean === undefined || median === undefined)
    return 'meter count or consumption not numeric';
  return {
    level: layout.level,
    area_code: code,
    fuel,
    year,
    meter_count: meters,
    total_consumption_kwh: total,
    mean_consumption_kwh: mean,
    median_consumption_kwh: median,
  };
}

function* tableRows(
  rows: Iterable<{ line: number; cells: string[]; malformed?: string; raw?: string }>,
  file: string,
  where: string,
  fallbackYear: number | undefined,
): Generator<SourceRow<EnergyUsageRecord>> {
  let layout: Layout | null = null;
  let fuel: EnergyFuel | undefined;
  for (const { line, cells, malformed, raw } of rows) {
    if (malformed !== undefined) {
      if (!layout) throw new Error(`${file}: malformed row on line ${line} before the header (${malformed})`);
      yield quarantined({ dataset: ENERGY_USAGE_DATASET, file, line, reason: malformed, raw: raw ?? '' });
      continue;
    }
    if (!layout) {
      layout = energyUsageLayout(cells);
      if (layout) {
        fuel = layout.fuel ?? fuelFromFileName(file);
        if (!fuel) throw new Error(`${file}${where}: cannot tell electricity from gas (header or file name)`);
      }
      continue;
    }
    if (
      cells.every((c) => c.trim() === '') ||
      (cells.filter((c) => c.trim() !== '').length === 1 && !cells[layout.code]?.trim())
    )
      continue; // blank row or a footnote
    const result = toRecord(cells, layout, fuel!, fallbackYear);
    if (typeof result === 'string') {
      const reason = where ? `${where.trim()}: ${result}` : result;
      yield quarantined({ dataset: ENERGY_USAGE_DATASET, file, line, reason, raw: cells.join(',') });
    } else yield accepted(file, line, result);
  }
}

/** Every area row of a DESNZ LSOA/MSOA domestic consumption workbook (all year sheets) or CSV. */
export async function* readEnergyUsage(file: string): AsyncGenerator<SourceRow<EnergyUsageRecord>> {
  if (file.toLowerCase().endsWith('.xlsx')) {
    const workbook = await XlsxWorkbook.open(file);
    let found = false;
    for (const name of workbook.sheetNames) {
      const sheet = workbook.sheet(name);
      if (!sheet.rows.slice(0, 30).some((r) => energyUsageLayout(r.cells))) continue; // cover, notes …
      found = true;
      const rows = sheet.rows.map((r) => ({ line: r.row, cells: r.cells }));
      yield* tableRows(rows, file, ` sheet "${name}"`, yearIn(name) ?? yearIn(basename(file)));
    }
    if (!found) throw new Error(`${file}: no sheet with an LSOA/MSOA consumption table`);
    return;
  }
  const rows: { line: number; cells: string[]; malformed?: string; raw?: string }[] = [];
  for await (const row of readCsv(file)) {
    if (row.ok) rows.push({ line: row.line, cells: row.fields });
    else rows.push({ line: row.line, cells: [], malformed: row.reason, raw: row.raw });
  }
  // CSV edition: one year per file, named in the file name.
  yield* tableRows(rows, file, '', yearIn(basename(file)));
}
