// The energy price table both answers use: the staged `energy_prices` rows (Ofgem price cap per period, region,
// payment method and meter) indexed for lookups, with "the current period" chosen by date. The refresh writes
// the rows twice: the staged Parquet table (analysts) and a small JSON file beside it (energyPricesJsonPath),
// which the area block reads during the refresh and the API loads at start and re-reads when it changes
// (serving/energy-model/prices.ts). Pure apart from readEnergyPriceRows; built once per table, so a lookup on
// the energy model's hot path is two property reads and allocates nothing.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  GB_AVERAGE_REGION,
  PAYMENT_METHODS,
  type EnergyPriceRow,
  type PaymentMethod,
} from '../../../schemas/energy-prices';

export const ENERGY_PRICES_TABLE = 'energy_prices';

/** The JSON export of the staged table: `<data>/parquet/staged/energy_prices.json`. */
export const energyPricesJsonPath = (dataDir: string): string =>
  resolve(dataDir, 'parquet/staged', `${ENERGY_PRICES_TABLE}.json`);

/** The file the refresh writes: the rows, sorted by period, region, payment method and fuel. */
export interface EnergyPricesFile {
  dataset: 'energy-prices';
  rows: EnergyPriceRow[];
}

export interface FuelPrice {
  /** Pence per kWh, VAT included, 2 dp as Ofgem publishes. */
  unitPencePerKwh: number;
  /** Pence per day, VAT included. */
  standingPencePerDay: number;
  /** GBP per kWh (unit pence / 100), as the energy model answers. */
  pricePerKwh: number;
  /** GBP per year (standing pence per day × 365 / 100). */
  standingChargeAnnual: number;
}

/** What an answer says about the prices it used. */
export interface PriceProvenance {
  basis: 'Price Cap';
  source: 'Ofgem energy price cap';
  period: string;
  period_start: string;
  period_end: string;
  region_code: string;
  region_name: string;
  payment_method: PaymentMethod;
}

/** One period × region × payment method: single-rate electricity and gas. */
export interface RegionPrices {
  electricity: FuelPrice;
  gas: FuelPrice;
  provenance: PriceProvenance;
}

export interface PricePeriod {
  start: string;
  end: string;
  label: string;
  /** payment method → region code (`_A` … `_P`, `GB`) → prices. */
  prices: Record<PaymentMethod, Record<string, RegionPrices>>;
}

export interface EnergyPriceTable {
  /** Periods by start date, oldest first. */
  periods: PricePeriod[];
}

const fuelPrice = (row: EnergyPriceRow): FuelPrice => ({
  unitPencePerKwh: row.unit_rate_pence_per_kwh,
  standingPencePerDay: row.standing_charge_pence_per_day,
  pricePerKwh: Math.round(row.unit_rate_pence_per_kwh * 100) / 1e4,
  standingChargeAnnual: Math.round(row.standing_charge_pence_per_day * 365) / 100,
});

/**
 * The table of some staged rows. A region × payment method × period is kept only when it has both
 * single-rate electricity and gas (the dual-fuel pair both answers price); when two workbooks state the same
 * period, the later rows win.
 */
export function buildEnergyPriceTable(rows: readonly EnergyPriceRow[]): EnergyPriceTable {
  const byPeriod = new Map<string, { start: string; end: string; label: string; rows: EnergyPriceRow[] }>();
  for (const row of rows) {
    const key = `${row.period_start}/${row.period_end}`;
    let p = byPeriod.get(key);
    if (!p)
      byPeriod.set(
        key,
        (p = { start: row.period_start, end: row.period_end, label: row.period_label, rows: [] }),
      );
    p.rows.push(row);
  }
  const periods: PricePeriod[] = [];
  for (const p of [...byPeriod.values()].sort((a, b) => a.start.localeCompare(b.start))) {
    const prices = Object.fromEntries(PAYMENT_METHODS.map((m) => [m, {}])) as PricePeriod['prices'];
    const pairs = new Map<string, { e?: EnergyPriceRow; g?: EnergyPriceRow }>();
    for (const row of p.rows) {
      if (row.fuel === 'electricity_multi_register') continue;
      const key = `${row.payment_method}|${row.region_code}`;
      const pair = pairs.get(key) ?? {};
      if (row.fuel === 'electricity') pair.e = row;
      else pair.g = row;
      pairs.set(key, pair);
    }
    for (const { e, g } of pairs.values()) {
      if (!e || !g) continue;
      prices[e.payment_method][e.region_code] = {
        electricity: fuelPrice(e),
        gas: fuelPrice(g),
        provenance: {
          basis: 'Price Cap',
          source: 'Ofgem energy price cap',
          period: p.label,
          period_start: p.start,
          period_end: p.end,
          region_code: e.region_code,
          region_name: e.region_name,
          payment_method: e.payment_method,
        },
      };
    }
    periods.push({ start: p.start, end: p.end, label: p.label, prices });
  }
  return { periods };
}

/**
 * The period in force on `date` (YYYY-MM-DD): the one containing it; else, when the latest published period
 * has ended, that latest one (prices stay at the last cap we have until the next workbook arrives); else,
 * before the first period, the first. Null for an empty table.
 */
export function periodOn(table: EnergyPriceTable, date: string): PricePeriod | null {
  const { periods } = table;
  if (periods.length === 0) return null;
  let latestStarted: PricePeriod | null = null;
  for (const p of periods) {
    if (p.start <= date && date <= p.end) return p;
    if (p.start <= date) latestStarted = p;
  }
  return latestStarted ?? periods[0]!;
}

/** A region's prices in a period, else the GB average's; null when the period has neither for that method. */
export function regionPrices(
  period: PricePeriod,
  regionCode: string | null,
  method: PaymentMethod = 'Direct Debit',
): RegionPrices | null {
  const byRegion = period.prices[method];
  return (regionCode !== null ? byRegion[regionCode] : undefined) ?? byRegion[GB_AVERAGE_REGION] ?? null;
}

/** The rows of an export file; throws when it is not one. */
export function readEnergyPriceRows(path: string): EnergyPriceRow[] {
  const parsed = JSON.parse(readFileSync(path, 'utf8')) as Partial<EnergyPricesFile>;
  if (parsed.dataset !== 'energy-prices' || !Array.isArray(parsed.rows))
    throw new Error(`${path}: not an energy prices export`);
  return parsed.rows;
}
