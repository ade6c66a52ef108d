// Sample Ofgem price-cap workbook: "Final levelised cap rates model (Annex 9)", in the layout of its sheet
// `1a Levelised DTC` as reference/datasets/energy-prices.md §2.1 describes it (written, like Ofgem's, as one
// workbook per cap period into energy-prices/ under its published file name, §1.2):
//  - the period beside `28AD Charge Restriction Period:` in column B, the text in C6 ("July 2026 - September
//    2026"), and `Column reference, current charging period:` with an integer;
//  - three blocks labelled `Other Payment Method`, `Standard Credit`, `PPM` in column B, first data rows 14 /
//    35 / 56; per block a row of column codes three rows above the data (`ElecSingle_Other_Nil`,
//    `ElecSingle_Other_Benchmark`, … `Gas_PPM_Benchmark`; 2026 names the benchmark columns `_Benchmark`, so
//    its kWh are only in the sub-label row, `m (2,500 kWh)`), a header row with `Charge Restriction Region`,
//    the sub-label row, then one row per region in Ofgem's order and labels, then `GB average` and
//    `GB average, inc VAT (at 5%)`;
//  - C:H = electricity single-rate nil / benchmark, multi-register nil / benchmark, gas nil / benchmark;
//    I:J = dual fuel nil / benchmark (no codes); GBP per customer per year excluding VAT.
// Figures: Direct Debit is the published Jul–Sep 2026 regional table (§5.2, VAT-inclusive p/kWh and p/day),
// turned back into the workbook's ex-VAT GBP at nil and at the benchmark (2,500 kWh electricity, 9,500 kWh
// gas, §3.5), so the loader's derivation reproduces Ofgem's figures. SYNTHETIC, because no regional table was
// found (§5.1): Standard Credit and PPM (each region's Direct Debit figures scaled by the GB-average ratios
// SC/DD and PPM/DD of the only three-method table found, §5.1; PPM standing charges equal DD's, levelised
// since Apr 2024, §3.2) and multi-register electricity (single-rate standing charge, unit rate 5 % lower;
// benchmark 4,200 kWh, §3.3).
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { writeXlsx, type XlsxCellValue } from '../io/xlsx';
import type { WrittenFile } from './csv-writer';

export const ENERGY_PRICES_SAMPLE_FILE =
  'Annex-9-Levelisation-allowance-methodology-and-levelised-cap-levels-v1.10-July-September-2026.xlsx';
export const SAMPLE_CAP_PERIOD = 'July 2026 - September 2026';
const VAT = 0.05;
const BENCHMARK_KWH = { electricity: 2500, multi: 4200, gas: 9500 } as const;

/** Direct Debit, 1 Jul – 30 Sep 2026, incl. 5 % VAT (§5.2): [elec p/kWh, elec p/day, gas p/kWh, gas p/day]. */
// prettier-ignore
export const PUBLISHED_DD_JUL_SEP_2026: Readonly<Record<string, readonly [number, number, number, number]>> = {
  'North West':         [26.13, 47.61, 7.24, 29.17],
  Northern:             [25.22, 64.29, 7.28, 29.15],
  Yorkshire:            [25.30, 64.38, 7.27, 29.12],
  'Northern Scotland':  [26.42, 57.55, 7.23, 29.22],
  Southern:             [26.42, 49.70, 7.53, 28.53],
  'Southern Scotland':  [25.85, 64.17, 7.23, 29.24],
  'N Wales and Mersey': [27.66, 70.76, 7.28, 29.42],
  London:               [26.35, 44.78, 7.50, 29.52],
  'South East':         [26.67, 54.45, 7.39, 28.63],
  Eastern:              [26.38, 53.94, 7.26, 28.70],
  'East Midlands':      [25.10, 53.60, 7.19, 28.78],
  Midlands:             [25.33, 59.71, 7.27, 29.06],
  'Southern Western':   [26.39, 57.89, 7.48, 28.68],
  'South Wales':        [26.33, 57.84, 7.42, 29.30],
};

/**
 * Payment method ÷ Direct Debit, GB average (§5.1, the cawb table: SC 27.18 / 59.26 / 6.68 / 37.70, PPM
 * 24.92 / 51.37 / 6.11 / 29.82 against DD 25.73 / 51.37 / 6.33 / 29.82): [elec unit, elec SC, gas unit, gas SC].
 */
const METHOD_RATIO = {
  Other: [1, 1, 1, 1],
  SC: [27.18 / 25.73, 59.26 / 51.37, 6.68 / 6.33, 37.7 / 29.82],
  PPM: [24.92 / 25.73, 1, 6.11 / 6.33, 1],
} as const;

const BLOCKS = [
  { label: 'Other Payment Method', code: 'Other' },
  { label: 'Standard Credit', code: 'SC' },
  { label: 'PPM', code: 'PPM' },
] as const;

const FIRST_DATA_ROW = [14, 35, 56];

/** GBP per year ex VAT at nil and at the benchmark, from a VAT-inclusive unit rate and standing charge. */
function levels(unitPence: number, standingPence: number, kwh: number): [number, number] {
  const nil = (standingPence * 365) / 100 / (1 + VAT);
  const benchmark = nil + (unitPence * kwh) / 100 / (1 + VAT);
  // A workbook holds formula results, not rounded figures.
  return [Math.round(nil * 1e6) / 1e6, Math.round(benchmark * 1e6) / 1e6];
}

/** One region's C:J cells for a payment method. */
function regionCells(published: readonly [number, number, number, number], code: string): number[] {
  const r = METHOD_RATIO[code as keyof typeof METHOD_RATIO];
  const [eu, es, gu, gs] = [
    published[0] * r[0],
    published[1] * r[1],
    published[2] * r[2],
    published[3] * r[3],
  ];
  const elec = levels(eu, es, BENCHMARK_KWH.electricity);
  const multi = levels(eu * 0.95, es, BENCHMARK_KWH.multi);
  const gas = levels(gu, gs, BENCHMARK_KWH.gas);
  const dual = [elec[0] + gas[0], elec[1] + gas[1]].map((v) => Math.round(v * 1e6) / 1e6);
  return [...elec, ...multi, ...gas, ...dual];
}

/** The rows of sheet `1a Levelised DTC` (row 1 first). */
export function levelisedSheetRows(): XlsxCellValue[][] {
  const rows: XlsxCellValue[][] = [];
  const at = (row: number, cells: XlsxCellValue[]) => {
    while (rows.length < row) rows.push([]);
    rows[row - 1] = cells;
  };
  at(2, [null, 'Levelised default tariff cap levels (£/customer/year, excluding VAT)']);
  at(4, [null, 'Version: v1.10']);
  at(6, [null, '28AD Charge Restriction Period:', SAMPLE_CAP_PERIOD]);
  at(7, [null, 'Column reference, current charging period:', 31]);
  BLOCKS.forEach((block, b) => {
    const first = FIRST_DATA_ROW[b]!;
    at(first - 4, [null, block.label]);
    const c = block.code;
    at(first - 3, [
      null,
      null,
      `ElecSingle_${c}_Nil`,
      `ElecSingle_${c}_Benchmark`,
      `ElecMulti_${c}_Nil`,
      `ElecMulti_${c}_Benchmark`,
      `Gas_${c}_Nil`,
      `Gas_${c}_Benchmark`,
    ]);
    at(first - 2, [
      null,
      'Charge Restriction Region',
      'Electricity: Single-Rate Metering Arrangement',
      null,
      'Electricity: Multi-Register Metering Arrangement',
      null,
      'Gas',
      null,
      'Dual fuel (implied)',
    ]);
    at(first - 1, [
      null,
      null,
      'Nil kWh',
      'm (2,500 kWh)',
      'Nil kWh',
      'm (4,200 kWh)',
      'Nil kWh',
      'm (9,500 kWh)',
      'Nil kWh',
      'm (2,500 kWh elec, 9,500 kWh gas)',
    ]);
    const regions = Object.entries(PUBLISHED_DD_JUL_SEP_2026).map(([name, published]) => ({
      name,
      cells: regionCells(published, c),
    }));
    regions.forEach((r, i) => at(first + i, [null, r.name, ...r.cells]));
    // Ofgem's GB average is the regions' unweighted mean (§4).
    const mean = regions[0]!.cells.map(
      (_, k) => Math.round((regions.reduce((s, r) => s + r.cells[k]!, 0) / regions.length) * 1e6) / 1e6,
    );
    at(first + regions.length, [null, 'GB average', ...mean]);
    at(first + regions.length + 1, [
      null,
      'GB average, inc VAT (at 5%)',
      ...mean.map((v) => Math.round(v * (1 + VAT) * 1e6) / 1e6),
    ]);
  });
  at(FIRST_DATA_ROW[2]! + 18, [null, 'Note: levels are in £ per customer per year, excluding VAT.']);
  return rows;
}

/** The Annex 9 workbook: a cover sheet, `1a Levelised DTC` and the history sheet's head. */
export function energyPricesWorkbook(): Uint8Array {
  return writeXlsx([
    {
      name: 'Cover',
      rows: [['Annex 9 - Levelisation allowance methodology and levelised cap levels'], [], ['Version 1.10']],
    },
    { name: '1a Levelised DTC', rows: levelisedSheetRows() },
    {
      name: '1b Historical level tables',
      rows: [[], [null, 'Other Payment Method'], [null, 'Nil consumption']],
    },
  ]);
}

export interface EnergyPricesSampleFile {
  dataset: 'energy-prices';
  format: string;
  file: WrittenFile;
  headerRows: number;
}

export async function writeEnergyPricesSample(outDir: string): Promise<EnergyPricesSampleFile> {
  const bytes = energyPricesWorkbook();
  const path = join(outDir, 'energy-prices', ENERGY_PRICES_SAMPLE_FILE);
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, bytes);
  const rows = 3 * (Object.keys(PUBLISHED_DD_JUL_SEP_2026).length + 2);
  return {
    dataset: 'energy-prices',
    format:
      'xlsx (Ofgem Annex 9 levelised cap rates model, sheet "1a Levelised DTC": three payment-method blocks ' +
      'located by label, GBP/yr ex VAT at nil and benchmark)',
    file: { path, bytes: bytes.length, rows, sha256: createHash('sha256').update(bytes).digest('hex') },
    headerRows: 0,
  };
}
