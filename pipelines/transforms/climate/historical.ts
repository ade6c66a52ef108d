// climate.historical (spec 2.8) from HadUK-Grid monthly 1991-2020 climatologies (`mon-30y` files): each key
// is one statistic of one variable's 12 monthly means in a 1 km cell (docs/climate.md has the table), with
// its percentile among all UK land cells that have the statistic. A statistic needs all 12 months: a cell
// missing a month (a quarantined value) has no value for that variable rather than a biased one.
import type { ClimateHistorical, HistoricalKey } from '../../../schemas/api/climate';
import { HISTORICAL_KEYS } from '../../../schemas/api/climate';
import { percentileOf } from '../environment/air-quality';
import { CellGrid } from './cell-grid';

export type MonthlyStatistic = 'mean' | 'sum' | 'max';

export const HISTORICAL_SOURCES: Readonly<
  Record<HistoricalKey, { variable: string; statistic: MonthlyStatistic }>
> = {
  average_rainfall: { variable: 'rainfall', statistic: 'sum' },
  average_sunshine: { variable: 'sun', statistic: 'sum' },
  average_temperature: { variable: 'tas', statistic: 'mean' },
  highest_wind_speed: { variable: 'sfcWind', statistic: 'max' },
  maximum_temperature: { variable: 'tasmax', statistic: 'mean' },
  minimum_temperature: { variable: 'tasmin', statistic: 'mean' },
  highest_rainfall: { variable: 'rainfall', statistic: 'max' },
};

/** One variable's 12 monthly means in one cell, aggregated (the asset does this in DuckDB). */
export interface MonthlyCellStats {
  variable: string;
  x: number;
  y: number;
  /** Distinct calendar months present. */
  months: number;
  mean: number;
  sum: number;
  max: number;
}

const round2 = (v: number): number => Math.round(v * 100) / 100;

/** A land cell's block with its centre (BNG metres). */
export interface HistoricalCell {
  x: number;
  y: number;
  historical: ClimateHistorical;
}

/**
 * The historical block of every land cell, on a grid for point lookups. Percentiles rank the unrounded
 * statistic among every cell given (all UK land cells in a real run; the three sample regions in the sample).
 */
export function historicalGrid(stats: Iterable<MonthlyCellStats>, step: number): CellGrid<HistoricalCell> {
  const byVariable = new Map<string, MonthlyCellStats[]>();
  for (const s of stats) {
    if (s.months !== 12) continue;
    let list = byVariable.get(s.variable);
    if (!list) byVariable.set(s.variable, (list = []));
    list.push(s);
  }
  const cells = new Map<string, HistoricalCell>();
  const empty = (): ClimateHistorical =>
    Object.fromEntries(HISTORICAL_KEYS.map((k) => [k, null])) as ClimateHistorical;
  for (const key of HISTORICAL_KEYS) {
    const { variable, statistic } = HISTORICAL_SOURCES[key];
    const list = byVariable.get(variable) ?? [];
    const sorted = Float64Array.from(list, (s) => s[statistic]).sort();
    for (const s of list) {
      const id = `${s.x},${s.y}`;
      let cell = cells.get(id);
      if (!cell) cells.set(id, (cell = { x: s.x, y: s.y, historical: empty() }));
      cell.historical[key] = { percentile: percentileOf(sorted, s[statistic]), value: round2(s[statistic]) };
    }
  }
  const grid = new CellGrid<HistoricalCell>(step);
  for (const c of cells.values()) grid.set(c.x, c.y, c);
  return grid;
}
