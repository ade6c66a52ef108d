// Checks on how many rows a build produced and how many it quarantined.
import type { AssetCheck } from './check';

const n = (x: number): string => x.toLocaleString('en-GB');
const pct = (x: number): string => `${x >= 0 ? '+' : '−'}${Math.abs(x * 100).toFixed(1)} %`;

/** A source that delivers nothing is never a good delivery. */
export const notEmpty = (level: 'build' | 'rollup' = 'build'): AssetCheck => ({
  name: 'not_empty',
  severity: 'blocking',
  level,
  description: 'the build has at least one row',
  run: async ({ result, sources }) => ({
    passed: result.rows > 0,
    measured: `${n(result.rows)} rows`,
    expected: 'at least 1 row',
    ...(result.rows > 0 || sources.length === 0 ? {} : { where: sources.join(', ') }),
  }),
});

export interface RowCountBand {
  /** The largest fall against the previous build, as a fraction (0.02: −2 %). */
  below: number;
  /** The largest rise, as a fraction (0.10: +10 %). */
  above: number;
}

/** National layers change slowly: −2 % … +10 % against the last good build (docs/orchestration.md). */
export const NATIONAL_BAND: RowCountBand = { below: 0.02, above: 0.1 };

/**
 * Rows against the previous successful build of the same asset (partition): a file cut short, or a
 * month delivered twice, moves the count out of the band. The first build has nothing to compare with and
 * passes (`not_empty` still applies).
 */
export const rowCountBand = (
  band: RowCountBand = NATIONAL_BAND,
  level: 'build' | 'rollup' = 'build',
): AssetCheck => ({
  name: 'row_count',
  severity: 'blocking',
  level,
  description: `rows within −${band.below * 100} % … ${Number.isFinite(band.above) ? `+${band.above * 100} %` : 'any rise'} of the previous successful build`,
  async run({ result, previous, sources }) {
    if (!previous) return { passed: true, measured: `${n(result.rows)} rows (first build)`, expected: 'any' };
    const min = Math.ceil(previous.rows * (1 - band.below));
    const max = Number.isFinite(band.above) ? Math.floor(previous.rows * (1 + band.above)) : Infinity;
    const change = previous.rows === 0 ? (result.rows === 0 ? 0 : Infinity) : result.rows / previous.rows - 1;
    const passed = result.rows >= min && result.rows <= max;
    return {
      passed,
      measured: `${n(result.rows)} rows (${Number.isFinite(change) ? pct(change) : 'new'} against ${n(previous.rows)})`,
      expected: Number.isFinite(max)
        ? `${n(min)} … ${n(max)} rows (−${band.below * 100} % … +${band.above * 100} %)`
        : `at least ${n(min)} rows (−${band.below * 100} %; no upper bound)`,
      ...(passed || sources.length === 0 ? {} : { where: sources.join(', ') }),
    };
  },
});

/**
 * The share of a source's rows that were quarantined (`metrics.quarantined` against rows + quarantined):
 * a few bad rows are normal, a broken delivery quarantines many. Up to `allowance` rows pass whatever their
 * share, so a small layer (a few dozen airports, one of them without coordinates) does not block on one row.
 */
export const quarantineShare = (max = 0.01, allowance = 10): AssetCheck => ({
  name: 'quarantine_share',
  severity: 'blocking',
  description: `at most ${max * 100} % of source rows quarantined (or at most ${allowance} rows)`,
  async run({ result }) {
    const quarantined = result.metrics?.quarantined ?? 0;
    const total = result.rows + quarantined;
    const share = total === 0 ? 0 : quarantined / total;
    const quarantine = result.outputs.find((o) => o.includes('/quarantine/'));
    const passed = share <= max || quarantined <= allowance;
    return {
      passed,
      measured: `${n(quarantined)} of ${n(total)} rows (${(share * 100).toFixed(2)} %)`,
      expected: `≤ ${max * 100} % or ≤ ${n(allowance)} rows`,
      ...(!passed && quarantine ? { where: `${quarantine} (each row with its file, line and reason)` } : {}),
    };
  },
});
