// Asset checks: declared beside an asset's `materialize`, run after each materialisation, recorded in the
// catalog with what they measured and what was expected. A failing blocking check keeps the build from
// counting (downstream assets, and so the served index, stay as they were); a warning is only recorded.
import type { CheckRecord, Materialization } from '../../catalog/catalog';
import { DataError } from '../../io/errors';
import type { AssetContext, MaterializeResult } from '../definition';

export type CheckSeverity = 'blocking' | 'warning';
export type CheckLevel = 'source' | 'build' | 'rollup';

export interface CheckOutcome {
  passed: boolean;
  /** What was found, for people: "2,250 rows (−50.0 % against 4,500)". */
  measured: string;
  /** What would have passed: "4,410 … 4,950 rows (−2 % … +10 %)". */
  expected: string;
  /** Where it applies, when known: a source file and line, or a file. */
  where?: string;
  /** A failure this outcome downgrades to a warning (drift the loader tolerates, say). */
  severity?: CheckSeverity;
}

export interface CheckInput {
  ctx: AssetContext;
  /** This build: its rows, output files and metrics (for a roll-up, its partitions' together). */
  result: MaterializeResult;
  /** The last successful build of the same asset and partition (roll-up for 'rollup' checks), if any. */
  previous: Materialization | null;
  /** The source files this build read. */
  sources: readonly string[];
}

export interface AssetCheck {
  name: string;
  severity: CheckSeverity;
  description: string;
  /**
   * 'build' (default): after each materialisation that writes outputs, a partition's or an unpartitioned
   * asset's. 'rollup': once over a partitioned asset's partitions together (a vanished partition shows here).
   * 'source': before the build, on the source files alone (a header): a failure stops it before the loader
   * reads a row or writes anything (a renamed column can make the loader refuse the file outright).
   */
  level?: CheckLevel;
  run(input: CheckInput): Promise<CheckOutcome>;
}

export interface CheckResult extends CheckOutcome {
  check: string;
  severity: CheckSeverity;
  /** A failed blocking check that `--accept` named: recorded as failed, but the build counts. */
  accepted: boolean;
}

/** Whether a result stops the build: a blocking failure nobody accepted. */
export const blocks = (r: CheckResult): boolean => !r.passed && r.severity === 'blocking' && !r.accepted;

/**
 * Whether `--accept` names this check: `check` (on any asset), `asset.check`, or `asset.check@partition`
 * (accepted in that partition only).
 */
export function isAccepted(
  accept: readonly string[],
  asset: string,
  check: string,
  partition: string,
): boolean {
  return accept.some((a) => {
    const [name, only] = a.split('@') as [string, string | undefined];
    if (only !== undefined && only !== partition) return false;
    return name === check || name === `${asset}.${check}`;
  });
}

/** Runs the checks of one level in declaration order; a check that throws fails (with its own severity). */
export async function runChecks(
  checks: readonly AssetCheck[],
  level: CheckLevel,
  input: CheckInput,
  accept: readonly string[],
  asset: string,
  partition: string,
): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  for (const check of checks.filter((c) => (c.level ?? 'build') === level)) {
    let outcome: CheckOutcome;
    try {
      outcome = await check.run(input);
    } catch (error) {
      outcome = {
        passed: false,
        measured: `the check could not run: ${error instanceof Error ? error.message : String(error)}`,
        expected: 'a check that runs',
      };
    }
    const severity = outcome.passed ? check.severity : (outcome.severity ?? check.severity);
    results.push({
      check: check.name,
      ...outcome,
      severity,
      accepted:
        !outcome.passed && severity === 'blocking' && isAccepted(accept, asset, check.name, partition),
    });
  }
  return results;
}

/** One line a person can act on: asset, partition, check, measured, expected, where. */
export function describeResult(asset: string, partition: string, r: CheckResult): string {
  const state = r.passed
    ? 'passed'
    : r.accepted
      ? 'failed, accepted'
      : r.severity === 'blocking'
        ? 'FAILED'
        : 'warning';
  return (
    `${asset}${partition ? `@${partition}` : ''} ${r.check}: ${state}; measured ${r.measured}; expected ${r.expected}` +
    (r.where ? `; at ${r.where}` : '')
  );
}

/** A report of the checks a build failed: thrown so the run stops there, and final (retrying cannot fix it). */
export class ChecksFailedError extends DataError {
  constructor(
    readonly asset: string,
    readonly partition: string,
    readonly results: readonly CheckResult[],
  ) {
    super(
      `check failed: ${results
        .filter(blocks)
        .map((r) => describeResult(asset, partition, r))
        .join(' | ')} (publish anyway after a look: pds refresh --accept ${results
        .filter(blocks)
        .map((r) => `${asset}.${r.check}`)
        .join(',')})`,
    );
  }
}

/** Results as catalog rows of one materialisation. */
export const checkRecords = (
  m: Pick<Materialization, 'id' | 'asset' | 'partition' | 'runId'>,
  results: readonly CheckResult[],
): CheckRecord[] => {
  const at = new Date().toISOString();
  return results.map((r) => ({
    materializationId: m.id,
    asset: m.asset,
    partition: m.partition,
    runId: m.runId,
    check: r.check,
    severity: r.severity,
    passed: r.passed,
    accepted: r.accepted,
    measured: r.measured,
    expected: r.expected,
    where: r.where ?? null,
    at,
  }));
};
