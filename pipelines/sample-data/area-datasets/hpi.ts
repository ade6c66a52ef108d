// UK HPI full file (hpi/UK-HPI-full-file-2025-09.csv): 54 columns, dd/mm/yyyy dates, quoted names with
// commas, blank SalesVolume and New/Old cells in recent months; percentage changes follow from the prices.
import { join } from 'node:path';
import { BufferedFileWriter, csvRow } from '../csv-writer';
import { readDataTable } from '../data-table';
import { hashSeed, Rng } from '../rng';
import { round, type AreaDatasetFile } from './dataset-file';

export const HPI_HEADER = [
  'Date',
  'RegionName',
  'AreaCode',
  'AveragePrice',
  'Index',
  'IndexSA',
  '1m%Change',
  '12m%Change',
  'AveragePriceSA',
  'SalesVolume',
  'DetachedPrice',
  'DetachedIndex',
  'Detached1m%Change',
  'Detached12m%Change',
  'SemiDetachedPrice',
  'SemiDetachedIndex',
  'SemiDetached1m%Change',
  'SemiDetached12m%Change',
  'TerracedPrice',
  'TerracedIndex',
  'Terraced1m%Change',
  'Terraced12m%Change',
  'FlatPrice',
  'FlatIndex',
  'Flat1m%Change',
  'Flat12m%Change',
  'CashPrice',
  'CashIndex',
  'Cash1m%Change',
  'Cash12m%Change',
  'CashSalesVolume',
  'MortgagePrice',
  'MortgageIndex',
  'Mortgage1m%Change',
  'Mortgage12m%Change',
  'MortgageSalesVolume',
  'FTBPrice',
  'FTBIndex',
  'FTB1m%Change',
  'FTB12m%Change',
  'FOOPrice',
  'FOOIndex',
  'FOO1m%Change',
  'FOO12m%Change',
  'NewPrice',
  'NewIndex',
  'New1m%Change',
  'New12m%Change',
  'NewSalesVolume',
  'OldPrice',
  'OldIndex',
  'Old1m%Change',
  'Old12m%Change',
  'OldSalesVolume',
] as const;

/** Areas of the sample HPI file (hpi-areas.csv): [code, name, average price in the last month, monthly sales]. */
const hpiAreas = (): [string, string, number, number][] =>
  readDataTable(new URL('./hpi-areas.csv', import.meta.url)).map((r) => [
    r.code!,
    r.name!,
    Number(r.average_price_last_month),
    Number(r.monthly_sales),
  ]);
const HPI_MONTHS = 36;
/** Latest month: September 2025 (file UK-HPI-full-file-2025-09 has figures to that month). */
const HPI_LAST = { year: 2025, month: 9 };

export async function writeHpi(outDir: string, seed: number): Promise<AreaDatasetFile> {
  const out = await BufferedFileWriter.open(join(outDir, 'hpi', 'UK-HPI-full-file-2025-09.csv'), '\n');
  out.line(HPI_HEADER.join(','));
  const segments = [
    ['Detached', 1.55],
    ['SemiDetached', 1.02],
    ['Terraced', 0.86],
    ['Flat', 0.7],
    ['Cash', 0.97],
    ['Mortgage', 1.02],
    ['FTB', 0.83],
    ['FOO', 1.15],
    ['New', 1.2],
    ['Old', 0.98],
  ] as const;
  const withVolume = new Set(['Cash', 'Mortgage', 'New', 'Old']);
  const rows: string[][] = [];
  for (const [code, name, lastPrice, sales] of hpiAreas()) {
    const rng = new Rng(hashSeed(seed, 'hpi', code));
    // Monthly price series ending at lastPrice: ~3 % a year plus noise; the index is 100 in January 2015.
    const series: number[] = [];
    let p = lastPrice;
    for (let i = 0; i < HPI_MONTHS + 12; i++) {
      series.unshift(p);
      p = p / (1 + 0.0025 + rng.normal(0, 0.004));
    }
    const base = lastPrice / 1.55;
    for (let m = 12; m < series.length; m++) {
      const monthsBack = series.length - 1 - m;
      const d = new Date(Date.UTC(HPI_LAST.year, HPI_LAST.month - 1 - monthsBack, 1));
      const date = `01/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;
      const price = series[m]!;
      const pct = (a: number, b: number) => String(round((a / b - 1) * 100, 1));
      const recent = monthsBack < 2; // the two latest months: no sales volumes, no new/old split yet
      const cells: string[] = [
        date,
        name,
        code,
        String(Math.round(price)),
        String(round((price / base) * 100, 1)),
        String(round((price / base) * 100 * 0.995, 1)),
        pct(price, series[m - 1]!),
        pct(price, series[m - 12]!),
        String(Math.round(price * 0.995)),
        recent ? '' : String(Math.round(sales * (0.8 + rng.next() * 0.4))),
      ];
      for (const [stem, factor] of segments) {
        const blank = recent && (stem === 'New' || stem === 'Old');
        const sp = price * factor;
        cells.push(
          blank ? '' : String(Math.round(sp)),
          blank ? '' : String(round((sp / (base * factor)) * 100, 1)),
          blank ? '' : pct(sp, series[m - 1]! * factor),
          blank ? '' : pct(sp, series[m - 12]! * factor),
        );
        if (withVolume.has(stem))
          cells.push(recent ? '' : String(Math.round((sales / 2) * (0.8 + rng.next() * 0.4))));
      }
      rows.push(cells);
    }
  }
  for (const r of rows) await out.row(csvRow(r));
  return {
    dataset: 'hpi',
    format: 'csv (UK HPI full file, 54 columns, dd/mm/yyyy)',
    file: await out.close(),
    headerRows: 1,
  };
}
