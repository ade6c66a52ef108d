// The refresh workflow: plans the selected assets (an activity, since planning reads the asset graph),
// then materialises them wave by wave; assets in one wave run in parallel. A partitioned asset fans out its
// stale partitions in batches, then records its roll-up. Every activity goes through one limiter, so the
// run keeps at most `concurrency` of them in flight. Progress is a query and a memo.
import { SearchAttributeType, defineSearchAttributeKey } from '@temporalio/common';
import {
  ActivityFailure,
  ApplicationFailure,
  CancellationScope,
  defineQuery,
  isCancellation,
  proxyActivities,
  setHandler,
  upsertMemo,
  upsertSearchAttributes,
  workflowInfo,
} from '@temporalio/workflow';
import { batchPartitions } from '../pipelines/orchestration/partitions';
import type { RefreshActivities } from './activities';
import type { AssetProgress, CheckNote, PartitionPlanOutput, RefreshInput, RefreshProgress } from './types';

const { finishRefresh } = proxyActivities<RefreshActivities>({
  startToCloseTimeout: '1 minute',
  retry: { maximumAttempts: 3 },
});

// Views over the current files: seconds, even for a national folder.
const { writeAnalystCatalog } = proxyActivities<RefreshActivities>({
  startToCloseTimeout: '10 minutes',
  retry: { maximumAttempts: 2 },
});

// Planning checksums new or changed source files, which can take minutes for national files.
const { planRefresh, assessPartitions } = proxyActivities<RefreshActivities>({
  startToCloseTimeout: '1 hour',
  heartbeatTimeout: '30 seconds',
  retry: { maximumAttempts: 3, nonRetryableErrorTypes: ['InvalidSelection', 'DataError'] },
});

// Downloads can be large and publishers flaky: long timeout, heartbeats, patient retries with backoff.
const { downloadSources } = proxyActivities<RefreshActivities>({
  startToCloseTimeout: '6 hours',
  heartbeatTimeout: '30 seconds',
  retry: {
    initialInterval: '5s',
    backoffCoefficient: 2,
    maximumInterval: '5 minutes',
    maximumAttempts: 6,
    nonRetryableErrorTypes: ['DataError'],
  },
});

const { materializeAsset, materializePartitions, settlePartitions } = proxyActivities<RefreshActivities>({
  startToCloseTimeout: '2 hours',
  // Activities heartbeat every 10 s; a worker that died is noticed after 30 s and its task retried.
  heartbeatTimeout: '30 seconds',
  retry: {
    initialInterval: '2s',
    backoffCoefficient: 2,
    maximumAttempts: 4,
    nonRetryableErrorTypes: ['DataError', 'InvalidSelection'],
  },
});

export const progressQuery = defineQuery<RefreshProgress>('progress');

// Registered by `pds stack up`; they let the Temporal UI filter runs by asset and kind.
const PdsAssets = defineSearchAttributeKey('PdsAssets', SearchAttributeType.KEYWORD_LIST);
const PdsRunKind = defineSearchAttributeKey('PdsRunKind', SearchAttributeType.KEYWORD);

/** Asset counts by state and partition counts, shown as the run's memo in the Temporal UI. */
function publishCounts(progress: RefreshProgress): void {
  const counts: Record<string, number> = { assets: progress.assets.length };
  for (const a of progress.assets) counts[a.state] = (counts[a.state] ?? 0) + 1;
  const partitions = { total: 0, toBuild: 0, done: 0, skipped: 0, failed: 0 };
  const perAsset: Record<string, string> = {};
  for (const a of progress.assets) {
    if (!a.partitions) continue;
    for (const k of Object.keys(partitions) as (keyof typeof partitions)[]) partitions[k] += a.partitions[k];
    perAsset[a.name] =
      `${a.partitions.done + a.partitions.skipped}/${a.partitions.toBuild} of ${a.partitions.total}`;
  }
  // Failed blocking checks (and accepted ones) are what an operator looks for first in the UI.
  const checkFailures = progress.assets
    .flatMap((a) => a.checks ?? [])
    .filter((c) => c.severity === 'blocking')
    .map(
      (c) =>
        `${c.asset}${c.partition ? `@${c.partition}` : ''} ${c.check}${c.accepted ? ' (accepted)' : ''}: ${c.measured}; expected ${c.expected}`,
    );
  upsertMemo({ counts, partitions, perAsset, ...(checkFailures.length ? { checkFailures } : {}) });
}

/** At most `n` calls of `fn` in flight; a finished call hands its slot straight to the next waiting one. */
function limiter(n: number) {
  let free = Math.max(1, n);
  const waiting: (() => void)[] = [];
  return async <T>(fn: () => Promise<T>): Promise<T> => {
    if (free > 0) free--;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await fn();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else free++;
    }
  };
}

/** The activity's own message (a DataError's reason, say), not the wrapper's "Activity task failed". */
const reasonOf = (error: unknown): string =>
  error instanceof ActivityFailure && error.cause ? error.cause.message : String(error);

/** The failed checks an activity's failure carries (activities.ts sends them as its details). */
function failedChecks(error: unknown): CheckNote[] {
  const cause = error instanceof ActivityFailure ? error.cause : undefined;
  if (!(cause instanceof ApplicationFailure) || cause.type !== 'ChecksFailed') return [];
  return (cause.details?.[0] as CheckNote[] | undefined) ?? [];
}

const noteChecks = (e: AssetProgress, notes: readonly CheckNote[] | undefined): void => {
  if (notes?.length) e.checks = [...(e.checks ?? []), ...notes];
};

export async function refreshWorkflow(input: RefreshInput = {}): Promise<RefreshProgress> {
  // Names this run's versioned outputs (indexes) and keys per-run caches: start time plus the run id's last
  // characters, so runs sort by time and never collide, and a retried activity of the same run reuses its own
  // name. The last, not the first: Temporal's run ids are UUIDv7, whose first characters are a timestamp that
  // two runs started in the same minute share (two back-to-back refreshes got one name).
  const info = workflowInfo();
  const started = info.startTime
    .toISOString()
    .replace(/[-:]|\.\d+/g, '')
    .toLowerCase();
  const runId = `${started}-${info.runId.replaceAll('-', '').slice(-8)}`;
  const force = input.force ?? false;
  const progress: RefreshProgress = { runId, waves: [], assets: [] };
  setHandler(progressQuery, () => progress);
  const limit = limiter(input.concurrency ?? 4);
  const perActivity = Math.max(1, input.partitionsPerActivity ?? 20);
  const accept = input.accept ?? [];

  // Sources first: planning and materialising fingerprint the files the downloads may replace.
  progress.sources = await downloadSources().catch((error: unknown) => {
    throw ApplicationFailure.nonRetryable(`refresh failed: sources: ${reasonOf(error)}`, 'SourcesFailed');
  });
  const plan = await planRefresh(input.select ?? [], runId, force, input.partitions).catch(
    (error: unknown) => {
      throw ApplicationFailure.nonRetryable(`refresh failed: ${reasonOf(error)}`, 'PlanFailed');
    },
  );
  progress.waves = plan.waves;
  const partitioned = new Set(plan.partitioned);
  progress.assets = plan.waves.flat().map((name): AssetProgress => {
    const current = plan.upToDate[name];
    if (!current) {
      const p = plan.partitions[name];
      return p ? { name, state: 'pending', partitions: partitionCounts(p) } : { name, state: 'pending' };
    }
    return {
      name,
      state: 'skipped',
      rows: current.rows,
      durationMs: current.durationMs,
      metrics: current.metrics,
      ...(current.partitions !== undefined
        ? {
            partitions: { total: current.partitions, toBuild: 0, done: 0, skipped: 0, failed: 0 },
          }
        : {}),
    };
  });
  const entry = (name: string): AssetProgress => progress.assets.find((a) => a.name === name)!;
  upsertSearchAttributes([
    { key: PdsAssets, value: progress.waves.flat() },
    { key: PdsRunKind, value: input.partitions ? 'backfill' : force ? 'refresh-forced' : 'refresh' },
  ]);
  publishCounts(progress);

  /** Builds a partitioned asset's stale partitions in batches, then records its roll-up. */
  async function runPartitioned(name: string): Promise<void> {
    const e = entry(name);
    const p: PartitionPlanOutput =
      plan.partitions[name] ?? (await limit(() => assessPartitions(name, runId, force, input.partitions)));
    e.partitions = partitionCounts(p);
    const counts = e.partitions;
    publishCounts(progress);
    const batches = batchPartitions(p.build, input.concurrency ?? 4, perActivity);
    const settled = await Promise.allSettled(
      batches.map((batch) =>
        limit(async () => {
          try {
            for (const out of await materializePartitions(name, batch, runId, force, accept)) {
              counts[out.skipped ? 'skipped' : 'done']++;
              noteChecks(e, out.checks);
            }
          } catch (error) {
            counts.failed += batch.length;
            noteChecks(e, failedChecks(error));
            throw error;
          } finally {
            publishCounts(progress);
          }
        }),
      ),
    );
    const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
    if (failed) throw failed.reason;
    const out = await limit(() => settlePartitions(name, p.keys, runId, accept)).catch((error: unknown) => {
      noteChecks(e, failedChecks(error));
      throw error;
    });
    noteChecks(e, out.checks);
    Object.assign(e, {
      state: out.skipped && counts.done === 0 ? 'skipped' : 'done',
      rows: out.rows,
      durationMs: out.durationMs,
      metrics: out.metrics,
    });
  }

  async function runAsset(name: string): Promise<void> {
    const out = await limit(() => materializeAsset(name, runId, force, accept)).catch((error: unknown) => {
      noteChecks(entry(name), failedChecks(error));
      throw error;
    });
    noteChecks(entry(name), out.checks);
    Object.assign(entry(name), {
      state: out.skipped ? 'skipped' : 'done',
      rows: out.rows,
      durationMs: out.durationMs,
      metrics: out.metrics,
    });
  }

  try {
    // Up-to-date assets were settled by the plan; only stale ones become activities.
    for (const wave of progress.waves) {
      // Every asset of the wave settles before the run goes on or ends: a failure must not leave a sibling's
      // activity running while the clean-up below sweeps the scratch it is writing in.
      const settled = await Promise.allSettled(
        wave
          .filter((name) => !plan.upToDate[name])
          .map(async (name) => {
            entry(name).state = 'running';
            try {
              await (partitioned.has(name) ? runPartitioned(name) : runAsset(name));
            } catch (error) {
              // A cancelled run ends as cancelled (after the clean-up below), not as a failed asset.
              if (isCancellation(error)) throw error;
              const reason = reasonOf(error);
              Object.assign(entry(name), { state: 'failed', error: reason });
              throw ApplicationFailure.nonRetryable(`${name}: ${reason}`, 'AssetFailed');
            } finally {
              publishCounts(progress);
            }
          }),
      );
      const failures = settled.flatMap((s) => (s.status === 'rejected' ? [s.reason as Error] : []));
      const cancelled = failures.find(isCancellation);
      if (cancelled) throw cancelled;
      if (failures.length > 0)
        throw ApplicationFailure.nonRetryable(`refresh failed: ${failures[0]!.message}`, 'RefreshFailed');
    }
  } finally {
    // Also when the run is cancelled: cleanup must not be cancelled with it.
    await CancellationScope.nonCancellable(() => finishRefresh());
  }
  // The analysts' catalog follows every successful run, a scheduled one too, on a worker (a client that only
  // starts and watches the run stays light); failing to write it fails nothing else.
  progress.analystCatalog = await writeAnalystCatalog().catch((error: unknown) => {
    if (isCancellation(error)) throw error;
    return { error: reasonOf(error) };
  });
  return progress;
}

function partitionCounts(p: PartitionPlanOutput): NonNullable<AssetProgress['partitions']> {
  return { total: p.keys.length, toBuild: p.build.length, done: 0, skipped: 0, failed: 0 };
}
