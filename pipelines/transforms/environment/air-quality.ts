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
