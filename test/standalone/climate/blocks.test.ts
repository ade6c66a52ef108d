// The pure climate logic: percentiles among land cells, 12-month statistics, cell lookup by index with the
// coastal fallback, and the projection fields (values, absolute and relative changes, nulls).
import { describe, expect, it } from 'vitest';
import { CellGrid } from '../../../pipelines/transforms/climate/cell-grid';
import { historicalGrid, type MonthlyCellStats } from '../../../pipelines/transforms/climate/historical';
import {
  futureProjections,
  projectionOf,
  type ProjectionValue,
} from '../../../pipelines/transforms/climate/projections';
import { ClimateFutureProjectionsSchema, ClimateHistoricalSchema } from '../../../schemas/api/climate';

const stats = (variable: string, x: number, y: number, monthly: number[]): MonthlyCellStats => ({
  variable,
  x,
  y,
  months: monthly.length,
  mean: monthly.reduce((a, b) => a + b, 0) / monthly.length,
  sum: monthly.reduce((a, b) => a + b, 0),
  max: Math.max(...monthly),
});
const twelve = (f: (m: number) => number) => Array.from({ length: 12 }, (_, i) => f(i + 1));

describe('CellGrid', () => {
  it('finds the cell holding a point by index arithmetic from the first centre', () => {
    const g = new CellGrid<string>(1000);
    g.set(375500, 164500, 'a');
    g.set(376500, 164500, 'b');
    expect(g.at(375000, 164000)).toBe('a'); // the south-west corner belongs to the cell
    expect(g.at(375999.9, 164999.9)).toBe('a');
    expect(g.at(376000, 164000)).toBe('b');
    expect(g.at(377000, 164000)).toBeUndefined();
    expect(() => g.set(377000, 164500, 'off')).toThrow(/not on the 1000 m grid/);
  });

  it('falls back to the nearest land cell among the neighbours when the point’s cell is sea', () => {
    const g = new CellGrid<string>(1000);
    g.set(500, 500, 'west');
    g.set(2500, 1500, 'north-east');
    // (1400, 600) is in the empty cell centred (1500, 500): west centre is 922 m away, north-east 1,166 m.
    expect(g.nearest(1400, 600, 1)).toBe('west');
    expect(g.nearest(1900, 900, 1)).toBe('north-east');
    expect(g.nearest(5500, 5500, 1)).toBeUndefined();
  });
});

describe('historicalGrid', () => {
  const cells = [0, 1, 2, 3].map((i) => ({ x: 500 + i * 1000, y: 500 }));
  const input: MonthlyCellStats[] = cells.flatMap(({ x, y }, i) => [
    stats(
      'tas',
      x,
      y,
      twelve((m) => 5 + i + (m === 7 ? 6 : 0)),
    ),
    stats(
      'tasmax',
      x,
      y,
      twelve(() => 12 + i),
    ),
    stats(
      'tasmin',
      x,
      y,
      twelve(() => 2 + i),
    ),
    stats(
      'rainfall',
      x,
      y,
      twelve((m) => (m === 12 ? 150 : 60) - i * 10),
    ),
    stats(
      'sun',
      x,
      y,
      twelve(() => 100 + (i === 3 ? 0 : 10)),
    ),
    stats(
      'sfcWind',
      x,
      y,
      twelve((m) => (m === 1 ? 7 : 4)),
    ),
  ]);
  // The last cell lost a rainfall month (quarantined): it has no rainfall statistics.
  input.push({
    ...stats(
      'rainfall',
      4500,
      500,
      twelve(() => 99),
    ),
    months: 11,
  });
  input.push(
    stats(
      'tas',
      4500,
      500,
      twelve(() => 1),
    ),
  );
  const grid = historicalGrid(input, 1000);
  const at = (i: number) => grid.at(cells[i]?.x ?? 4500, 500)!.historical;

  it('takes the mean, annual total and highest month of the 12 monthly means', () => {
    const h = at(0);
    expect(h.average_temperature).toEqual({ value: 5.5, percentile: 40 });
    expect(h.maximum_temperature!.value).toBe(12);
    expect(h.minimum_temperature!.value).toBe(2);
    expect(h.average_rainfall!.value).toBe(11 * 60 + 150);
    expect(h.highest_rainfall!.value).toBe(150);
    expect(h.average_sunshine!.value).toBe(1320);
    expect(h.highest_wind_speed!.value).toBe(7);
    expect(ClimateHistoricalSchema.parse(h)).toEqual(h);
  });

  it('ranks each value among the land cells: higher value, higher percentile; ties share one', () => {
    // tas over 5 cells: 1 (cell 4), 5.5, 6.5, 7.5, 8.5 → at or below: 2/5, 3/5, 4/5, 5/5.
    expect([0, 1, 2, 3, 4].map((i) => at(i).average_temperature!.percentile)).toEqual([40, 60, 80, 100, 20]);
    // Rainfall falls with i; cell 4 is out of the ranking (4 cells).
    expect([0, 1, 2, 3].map((i) => at(i).average_rainfall!.percentile)).toEqual([100, 75, 50, 25]);
    // Sunshine ties: three cells at 1320 share the top, one at 1200.
    expect([0, 1, 2, 3].map((i) => at(i).average_sunshine!.percentile)).toEqual([100, 100, 100, 25]);
    expect(at(0).highest_wind_speed!.percentile).toBe(100);
  });

  it('gives a cell missing a month no value for that variable, and keeps its others', () => {
    expect(at(4).average_rainfall).toBeNull();
    expect(at(4).highest_rainfall).toBeNull();
    expect(at(4).maximum_temperature).toBeNull();
    expect(at(4).average_temperature!.value).toBe(1);
  });
});

describe('future projections', () => {
  const v = (
    measure: ProjectionValue['measure'],
    period: ProjectionValue['period'],
    statistic: ProjectionValue['statistic'],
    kind: ProjectionValue['kind'],
    value: number,
  ): ProjectionValue => ({ measure, period, statistic, kind, value });

  it('hot days: absolute values, changes from the 1981-2000 median, relative changes', () => {
    const p = projectionOf('annual_hot_days', [
      v('hot_days', '81_00', 'median', 'absolute', 2),
      v('hot_days', '81_00', 'upper', 'absolute', 5),
      v('hot_days', '01_20', 'upper', 'absolute', 4.5),
      v('hot_days', '01_20', 'lower', 'absolute', 1),
      v('hot_days', '40', 'upper', 'absolute', 30),
      v('hot_days', '15', 'lower', 'absolute', 1.5),
    ])!;
    expect(p).toEqual({
      baseline_hot_days: 2,
      upper_recent_hot_days: 4.5,
      upper_recent_hot_days_change: 2.5,
      upper_recent_hot_days_change_relative: 1.25,
      lower_recent_hot_days: 1,
      lower_recent_hot_days_change: -1,
      lower_recent_hot_days_change_relative: -0.5,
      upper_hot_days: 30,
      upper_hot_days_change: 28,
      upper_hot_days_change_relative: 14,
      lower_hot_days: 1.5,
      lower_hot_days_change: -0.5,
      lower_hot_days_change_relative: -0.25,
    });
  });

  it('a zero baseline has changes but no relative change; a missing bound is null', () => {
    const p = projectionOf('annual_hot_days', [
      v('hot_days', '81_00', 'median', 'absolute', 0),
      v('hot_days', '40', 'upper', 'absolute', 3),
    ])!;
    expect(p).toMatchObject({
      upper_hot_days: 3,
      upper_hot_days_change: 3,
      upper_hot_days_change_relative: null,
    });
    expect(p).toMatchObject({
      lower_hot_days: null,
      lower_hot_days_change: null,
      lower_hot_days_change_relative: null,
    });
  });

  it('temperature: published changes win over differences; values are baseline + change without an absolute', () => {
    const p = projectionOf('maximum_temperature', [
      v('maximum_temperature', '81_00', 'median', 'absolute', 20),
      v('maximum_temperature', '01_20', 'upper', 'absolute', 21.5),
      v('maximum_temperature', '01_20', 'upper', 'change', 1.2),
      v('maximum_temperature', '40', 'upper', 'change', 6),
    ])!;
    expect(p.upper_recent_maximum_temperature).toBe(21.5);
    expect(p.upper_recent_maximum_temperature_change).toBe(1.2);
    expect(p.upper_recent_maximum_temperature_change_relative).toBe(0.06);
    expect(p.upper_maximum_temperature).toBe(26);
    expect(p.upper_maximum_temperature_change).toBe(6);
    expect(p.upper_maximum_temperature_change_relative).toBe(0.3);
  });

  it('precipitation: published % changes are the relative change; absolute = baseline × %', () => {
    const values = [
      v('summer_precipitation', '81_00', 'median', 'absolute', 2.5),
      v('summer_precipitation', '40', 'upper', 'change', -4),
      v('summer_precipitation', '15', 'lower', 'change', -20),
      v('winter_precipitation', '40', 'upper', 'change', 36),
    ];
    const summer = projectionOf('summer_precipitation', values)!;
    expect(summer).toMatchObject({
      upper_summer_precipitation: 2.4,
      upper_summer_precipitation_change: -0.1,
      upper_summer_precipitation_change_relative: -0.04,
      lower_summer_precipitation: 2,
      lower_summer_precipitation_change: -0.5,
      lower_summer_precipitation_change_relative: -0.2,
    });
    // No winter baseline published: the % stays, the absolute change and value cannot be known.
    const winter = projectionOf('winter_precipitation', values)!;
    expect(winter).toMatchObject({
      baseline_winter_precipitation: null,
      upper_winter_precipitation: null,
      upper_winter_precipitation_change: null,
      upper_winter_precipitation_change_relative: 0.36,
    });
    const all = futureProjections(values)!;
    expect(all.annual_hot_days).toBeNull();
    expect(all.maximum_temperature).toBeNull();
    expect(ClimateFutureProjectionsSchema.parse(all)).toEqual(all);
  });

  it('a cell without any value has no block', () => {
    expect(futureProjections([])).toBeNull();
  });
});
