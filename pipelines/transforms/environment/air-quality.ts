// Percentile of a cell's value among all UK cells loaded (spec 2.7 air_quality: "rank against UK"): the
// share of cells whose value is at or below this one, in whole percent. With every cell of a pollutant
// sorted once, each lookup is a binary search. "At or below" makes the highest cell 100 and never gives 0
// to a loaded value unless n is huge; ties share one percentile.
export function percentileOf(sorted: Float64Array | readonly number[], value: number): number {
  const n = sorted.length;
  if (n === 0) return 0;
  let lo = 0;
  let hi = n;
  // First index whose value is > value: the count of values ≤ value.
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] as number) <= value) lo = mid + 1;
    else hi = mid;
  }
  return Math.round((100 * lo) / n);
}

/**
 * The latest year's value of each pollutant and cell of staged `air_quality_cells` (relation `from`): one SQL
 * for the batch (uprn-environment-blocks.ts) and the live index (location-feature-index.ts), so both rank the
 * same values.
 */
export const latestAirQualitySql = (from: string): string =>
  `(SELECT pollutant, cell_x, cell_y, value FROM ${from}
    QUALIFY row_number() OVER (PARTITION BY pollutant, cell_x, cell_y ORDER BY year DESC) = 1)`;

/** Each pollutant's values of `cells` (rows of latestAirQualitySql), sorted for percentileOf. */
export function sortedValuesByPollutant(
  cells: readonly Record<string, unknown>[],
): Map<string, Float64Array> {
  const all = new Map<string, number[]>();
  for (const c of cells) {
    const list = all.get(String(c.pollutant)) ?? [];
    list.push(Number(c.value));
    all.set(String(c.pollutant), list);
  }
  return new Map([...all].map(([k, v]) => [k, Float64Array.from(v).sort()]));
}
