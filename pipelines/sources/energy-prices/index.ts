// Ofgem energy price cap: the quarterly workbook "Final levelised cap rates model (Annex 9)", sheet
// `1a Levelised DTC` (reference/datasets/energy-prices.md §2.1, §4). Per cap period it gives, for 14 regions and
// the GB average × three payment methods, the cap in GBP per customer per year excluding VAT at nil and at a
// benchmark consumption, for single-rate electricity, multi-register electricity and gas. Consumer rates are
// derived from them: standing p/day = nil × 100 / 365 × (1 + VAT); unit p/kWh = (benchmark − nil) × 100 /
// benchmark kWh × (1 + VAT), rounded once, at the end, to 2 dp as Ofgem publishes them.
// Read by labels, never by fixed rows (the layout shifts between releases): the period beside
// `28AD Charge Restriction Period:`; a block per payment method from its label in column B; in each block the
// row of column codes (`ElecSingle_Other_Nil`, `Gas_SC_3100kWh`, `ElecMulti_PPM_Benchmark`, …) says which
// column holds what; the benchmark kWh comes from the code (`_3100kWh`) or, for `_Benchmark`, from the
// sub-label (`m (2,500 kWh)`). VAT is read from the workbook where it can be: the `GB average, inc VAT` row
// against the ex-VAT GB average (or the regions' mean, which the GB average is, §4) gives each fuel's rate, so
// a period with VAT removed from electricity (§6.1) needs no code change; without that row, 5 %.
import {
  GB_AVERAGE_REGION,
  type EnergyPriceRow,
  type PaymentMethod,
  type PriceCapFuel,
} from '../../../schemas/energy-prices';
import { DataError } from '../../io/errors';
import { accepted, quarantined, type SourceRow } from '../../io/quarantine';
import { XlsxWorkbook, type XlsxSheet } from '../../io/xlsx';

export const ENERGY_PRICES_DATASET = 'energy-prices';
export const LEVELISED_SHEET = '1a Levelised DTC';

export type EnergyPriceRecord = Omit<EnergyPriceRow, 'source_file'>;

/** Ofgem's model labels of the 14 regions → GSP group (§3.1; K is South Wales, L South West). */
export const OFGEM_REGIONS: Readonly<Record<string, string>> = {
  Eastern: '_A',
  'East Midlands': '_B',
  London: '_C',
  'N Wales and Mersey': '_D',
  Midlands: '_E',
  Northern: '_F',
  'North West': '_G',
  Southern: '_H',
  'South East': '_J',
  'South Wales': '_K',
  'Southern Western': '_L',
  Yorkshire: '_M',
  'Southern Scotland': '_N',
  'Northern Scotland': '_P',
};

const BLOCKS: Readonly<Record<string, { method: PaymentMethod; code: string }>> = {
  'other payment method': { method: 'Direct Debit', code: 'Other' },
  'standard credit': { method: 'Standard Credit', code: 'SC' },
  ppm: { method: 'Prepayment', code: 'PPM' },
};

const FUEL_OF_CODE: Readonly<Record<string, PriceCapFuel>> = {
  ElecSingle: 'electricity',
  ElecMulti: 'electricity_multi_register',
  Gas: 'gas',
};

const CODE = /^(ElecSingle|ElecMulti|Gas)_(Other|SC|PPM)_(\w+)$/;
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

const clean = (cell: string | undefined): string => (cell ?? '').replace(/[\s\u00a0\u202f]+/g, ' ').trim();
const round2 = (x: number): number => Math.round(x * 100) / 100;

/**
 * `July 2026 - September 2026` (any dash, any spacing, month names or their first three letters) → the first
 * day of the first month and the last day of the second; null when it is not such a range.
 */
export function parseCapPeriod(text: string): { start: string; end: string } | null {
  const m = /^([A-Za-z]+)\.?\s+(\d{4})\s*[-–—]+\s*([A-Za-z]+)\.?\s+(\d{4})$/.exec(clean(text));
  if (!m) return null;
  const month = (name: string) => MONTHS.indexOf(name.slice(0, 3).toLowerCase());
  const [from, to] = [month(m[1]!), month(m[3]!)];
  if (from < 0 || to < 0) return null;
  const [y1, y2] = [Number(m[2]), Number(m[4])];
  const lastDay = new Date(Date.UTC(y2, to + 1, 0)).getUTCDate();
  const pad = (n: number) => String(n).padStart(2, '0');
  const start = `${y1}-${pad(from + 1)}-01`;
  const end = `${y2}-${pad(to + 1)}-${pad(lastDay)}`;
  return start <= end ? { start, end } : null;
}

/** The cap period the sheet states beside `28AD Charge Restriction Period:`. */
function capPeriod(sheet: XlsxSheet, file: string): { label: string; start: string; end: string } {
  for (const { cells } of sheet.rows) {
    const at = cells.findIndex((c) => /^28AD Charge Restriction Period/i.test(clean(c)));
    if (at === -1) continue;
    const label = clean(cells.slice(at + 1).find((c) => clean(c) !== ''));
    const period = parseCapPeriod(label);
    if (!period)
      throw new DataError(`${file}: cap period "${label}" is not "<Month> <YYYY> - <Month> <YYYY>"`);
    return { label, ...period };
  }
  throw new DataError(`${file}: sheet "${sheet.name}" has no "28AD Charge Restriction Period:" label`);
}

/** One column of a block: what it prices, and whether it is the nil or the benchmark level. */
interface Column {
  fuel: PriceCapFuel;
  level: 'nil' | 'benchmark';
  /** From the code (`_3100kWh`), else the sub-label (`m (2,500 kWh)`). */
  benchmarkKwh: number | null;
}

interface LevelRow {
  line: number;
  label: string;
  raw: string;
  /** GBP per year by fuel: [nil, benchmark]. */
  levels: Map<PriceCapFuel, [number, number]>;
}

interface Block {
  method: PaymentMethod;
  columns: Map<number, Column>;
  regions: LevelRow[];
  gbExVat: LevelRow | null;
  gbIncVat: LevelRow | null;
  bad: SourceRow<never>[];
}

const kwhIn = (text: string): number | null => {
  const m = /([\d,]+(?:\.\d+)?)\s*kWh/i.exec(text);
  return m ? Number(m[1]!.replace(/,/g, '')) : null;
};

/** The sheet's blocks, each with its columns by code and its region and GB-average rows. */
function readBlocks(sheet: XlsxSheet, file: string): Block[] {
  const blocks: Block[] = [];
  let block: Block | null = null;
  for (const { row, cells } of sheet.rows) {
    const label = clean(cells[1]);
    const kind = BLOCKS[label.toLowerCase()];
    if (kind) {
      block = {
        method: kind.method,
        columns: new Map(),
        regions: [],
        gbExVat: null,
        gbIncVat: null,
        bad: [],
      };
      blocks.push(block);
      continue;
    }
    if (!block) continue;
    const codes = cells.map((c) => CODE.exec(clean(c)));
    if (codes.some((c) => c !== null)) {
      codes.forEach((c, i) => {
        if (!c || FUEL_OF_CODE[c[1]!] === undefined) return;
        const level = c[3]!.toLowerCase() === 'nil' ? 'nil' : 'benchmark';
        block!.columns.set(i, { fuel: FUEL_OF_CODE[c[1]!]!, level, benchmarkKwh: kwhIn(c[3]!) });
      });
      continue;
    }
    // The sub-label row under the header: `Nil kWh`, `m (3,100 kWh)`, … gives a `_Benchmark` column its kWh.
    if (block.columns.size > 0 && label === '' && cells.some((c) => /\bm\s*\(/i.test(clean(c)))) {
      for (const [i, column] of block.columns)
        if (column.level === 'benchmark' && column.benchmarkKwh === null)
          column.benchmarkKwh = kwhIn(clean(cells[i]));
      continue;
    }
    if (label === '' || /^charge restriction region$/i.test(label) || block.columns.size === 0) continue;
    const isGb = /^GB average/i.test(label);
    if (!isGb && OFGEM_REGIONS[label] === undefined) {
      // A note or total row below the table has no values in the priced columns; anything else is a region
      // we do not know, and is kept aside rather than guessed.
      const priced = [...block.columns.keys()].some((i) => clean(cells[i]) !== '');
      if (priced)
        block.bad.push(
          quarantined({
            dataset: ENERGY_PRICES_DATASET,
            file,
            line: row,
            reason: `sheet "${sheet.name}", ${block.method}: unknown region "${label}"`,
            raw: cells.join(','),
          }),
        );
      continue;
    }
    const levels = new Map<PriceCapFuel, [number, number]>();
    let numeric = true;
    for (const [i, column] of block.columns) {
      const value = Number(clean(cells[i]).replace(/[£,]/g, ''));
      if (clean(cells[i]) === '' || !Number.isFinite(value)) numeric = false;
      const pair = levels.get(column.fuel) ?? [NaN, NaN];
      pair[column.level === 'nil' ? 0 : 1] = value;
      levels.set(column.fuel, pair);
    }
    const levelRow: LevelRow = { line: row, label, raw: cells.join(','), levels };
    if (!numeric) {
      block.bad.push(
        quarantined({
          dataset: ENERGY_PRICES_DATASET,
          file,
          line: row,
          reason: `sheet "${sheet.name}", ${block.method}: "${label}" has a blank or non-numeric cap level`,
          raw: levelRow.raw,
        }),
      );
      continue;
    }
    if (!isGb) block.regions.push(levelRow);
    else if (/inc\.? VAT/i.test(label)) block.gbIncVat = levelRow;
    else block.gbExVat = levelRow;
  }
  return blocks;
}

/** Unit rate and standing charge, pence incl. VAT, from a fuel's [nil, benchmark] GBP ex VAT. */
export function consumerRates(
  nil: number,
  benchmark: number,
  benchmarkKwh: number,
  vat: number,
): { unit_rate_pence_per_kwh: number; standing_charge_pence_per_day: number } {
  return {
    unit_rate_pence_per_kwh: round2((((benchmark - nil) * 100) / benchmarkKwh) * (1 + vat)),
    standing_charge_pence_per_day: round2(((nil * 100) / 365) * (1 + vat)),
  };
}

/** A fuel's VAT rate: the inc-VAT GB row over the ex-VAT GB average (or the regions' mean), else 5 %. */
function vatRate(block: Block, fuel: PriceCapFuel, exVatGb: [number, number]): number {
  const inc = block.gbIncVat?.levels.get(fuel);
  if (!inc || !(exVatGb[1] > 0)) return 0.05;
  return round2(inc[1] / exVatGb[1] - 1);
}

function* blockRecords(block: Block, file: string, period: { label: string; start: string; end: string }) {
  yield* block.bad;
  const fuels = [...new Set([...block.columns.values()].map((c) => c.fuel))];
  const meanOf = (fuel: PriceCapFuel): [number, number] => {
    const pairs = block.regions.map((r) => r.levels.get(fuel)!);
    return [0, 1].map((k) => pairs.reduce((s, p) => s + p[k]!, 0) / pairs.length) as [number, number];
  };
  for (const fuel of fuels) {
    const benchmarkKwh = [...block.columns.values()].find(
      (c) => c.fuel === fuel && c.level === 'benchmark',
    )?.benchmarkKwh;
    if (!benchmarkKwh)
      throw new DataError(
        `${file}: ${block.method} ${fuel}: no benchmark consumption (kWh) in its code or sub-label`,
      );
    const gb = block.gbExVat?.levels.get(fuel) ?? (block.regions.length ? meanOf(fuel) : null);
    const vat = gb ? vatRate(block, fuel, gb) : 0.05;
    const rows: [string, string, [number, number], number][] = block.regions.map((r) => [
      OFGEM_REGIONS[r.label]!,
      r.label,
      r.levels.get(fuel)!,
      r.line,
    ]);
    if (gb)
      rows.push([
        GB_AVERAGE_REGION,
        'GB average',
        gb,
        (block.gbExVat ?? block.gbIncVat ?? block.regions[0]!).line,
      ]);
    for (const [code, name, [nil, benchmark], line] of rows)
      yield accepted<EnergyPriceRecord>(file, line, {
        period_start: period.start,
        period_end: period.end,
        period_label: period.label,
        region_code: code,
        region_name: name,
        payment_method: block.method,
        fuel,
        nil_gbp_ex_vat: nil,
        benchmark_gbp_ex_vat: benchmark,
        benchmark_kwh: benchmarkKwh,
        vat_rate: vat,
        ...consumerRates(nil, benchmark, benchmarkKwh, vat),
      });
  }
}

/** The levelised sheet: by its name, else the sheet whose name starts `1a`. */
export function levelisedSheet(workbook: XlsxWorkbook): XlsxSheet {
  const name =
    workbook.sheetNames.find((n) => n.trim().toLowerCase() === LEVELISED_SHEET.toLowerCase()) ??
    workbook.sheetNames.find((n) => /^1a\b/i.test(n.trim()));
  if (!name)
    throw new DataError(
      `${workbook.source}: no "${LEVELISED_SHEET}" sheet (sheets: ${workbook.sheetNames.join(', ')})`,
    );
  return workbook.sheet(name);
}

/** Every region × payment method × fuel of one Annex 9 workbook's cap period, with the GB average. */
export async function* readEnergyPrices(file: string): AsyncGenerator<SourceRow<EnergyPriceRecord>> {
  const sheet = levelisedSheet(await XlsxWorkbook.open(file));
  const period = capPeriod(sheet, file);
  const blocks = readBlocks(sheet, file);
  if (blocks.length === 0)
    throw new DataError(
      `${file}: no "Other Payment Method", "Standard Credit" or "PPM" block in "${sheet.name}"`,
    );
  for (const block of blocks) yield* blockRecords(block, file, period);
}
