// The price-cap table the energy model costs with, from what the refresh produced: the energy_prices asset's
// JSON export (pipelines/transforms/energy-prices/table.ts), a few hundred rows. Chosen over an Elasticsearch
// document because the API already shares the data folder with the refresh (the accounts database lives
// there), a file needs no query on the request path, and it is there before any index is. Loaded when the
// server starts; re-read when the file's mtime changes, checked at most every RECHECK_MS on a request (one
// stat, no timer), so a refresh's new prices reach a running API within seconds. A missing or unreadable file
// leaves the model on SAP 10.2 prices (the answer's parameters say so) until a good one appears. The period
// in force is kept per day, so a lookup on the hot path is two property reads and allocates nothing.
import { statSync } from 'node:fs';
import {
  buildEnergyPriceTable,
  energyPricesJsonPath,
  periodOn,
  readEnergyPriceRows,
  type EnergyPriceTable,
  type PricePeriod,
} from '../../pipelines/transforms/energy-prices/table';

const RECHECK_MS = 5_000;
const DAY_MS = 86_400_000;

export interface EnergyPriceSource {
  /** The cap period in force now, or null (no table: SAP 10.2 prices). */
  current(nowMs?: number): PricePeriod | null;
}

/** A fixed table (tests, `pds energy-model run` with a file). */
export function fixedPrices(table: EnergyPriceTable): EnergyPriceSource {
  let day = -1;
  let period: PricePeriod | null = null;
  return {
    current(nowMs = Date.now()) {
      const today = Math.floor(nowMs / DAY_MS);
      if (today !== day) {
        day = today;
        period = periodOn(table, new Date(today * DAY_MS).toISOString().slice(0, 10));
      }
      return period;
    },
  };
}

/** The table in `path`, re-read when it changes; `log` hears of loads and failures. */
export function watchedPrices(
  path: string,
  log: (message: string) => void = () => undefined,
): EnergyPriceSource {
  let mtime = -1;
  let checkedAt = -Infinity;
  let source: EnergyPriceSource | null = null;
  const reload = (now: number) => {
    checkedAt = now;
    let m: number;
    try {
      m = statSync(path).mtimeMs;
    } catch {
      if (source) log(`energy prices: ${path} is gone; keeping the table loaded`);
      return;
    }
    if (m === mtime) return;
    try {
      const table = buildEnergyPriceTable(readEnergyPriceRows(path));
      source = fixedPrices(table);
      mtime = m;
      log(`energy prices: loaded ${table.periods.length} period(s) from ${path}`);
    } catch (error) {
      log(`energy prices: ${path} unreadable (${(error as Error).message}); keeping what was loaded`);
    }
  };
  return {
    current(nowMs = Date.now()) {
      if (nowMs - checkedAt >= RECHECK_MS) reload(nowMs);
      return source ? source.current(nowMs) : null;
    },
  };
}

let active: EnergyPriceSource | null = null;

/** Makes the model cost with these prices (the server's start: the data folder's table). */
export function useEnergyPrices(source: EnergyPriceSource | null): void {
  active = source;
}

/** Serve the table the refresh writes into `dataDir`. */
export function useEnergyPricesFrom(dataDir: string, log?: (message: string) => void): void {
  useEnergyPrices(watchedPrices(energyPricesJsonPath(dataDir), log));
}

/** The period in force for the active source; null when none is set or it has no table. */
export function activePricePeriod(): PricePeriod | null {
  return active ? active.current() : null;
}
