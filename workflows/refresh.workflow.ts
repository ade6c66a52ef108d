// The refresh workflow: plans the selected assets (an activity, since planning reads the asset graph),
// then materialises them wave by wave; assets in one wave run in parallel. Progress is a query.
import { SearchAttributeType, defineSearchAttributeKey } from '@temporalio/common';
import {
  ActivityFailure,
  ApplicationFailure,
  CancellationScope,
  defineQuery,
  proxyActivities,
  setHandler,
  upsertMemo,
  upsertSearchAttributes,
  workflowInfo,
} from '@temporalio/workflow';
import type { RefreshActivities } from './activities';
import type { AssetProgress, RefreshInput, RefreshProgress } from './types';

const { finishRefresh } = proxyActivities<RefreshActivities>({
  startToCloseTimeout: '1 minute',
  retry: { maximumAttempts: 3 },
});

// Planning checksums new or changed source files, which can take minutes for national files.
const { planRefresh } = proxyActivities<RefreshActivities>({
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

const { materializeAsset } = proxyActivities<RefreshActivities>({
  startToCloseTimeout: '2 hours',
  // Activities heartbeat every 10 s; a worker that died is noticed after 30 s and its task retried.
  heartbeatTimeout: '30 seconds',
  retry: {
    initialInterval: '2s',
    backoffCoefficient: 2,
    maximumAttempts: 4,
    nonRetryableErrorTypes: ['DataError'],
  },
});

export const progressQuery = defineQuery<RefreshProgress>('progress');

// Registered by `pds stack up`; they let the Temporal UI filter runs by asset and kind.
const PdsAssets = defineSearchAttributeKey('PdsAssets', SearchAttributeType.KEYWORD_LIST);
const PdsRunKind = defineSearchAttributeKey('PdsRunKind', SearchAttributeType.KEYWORD);

/** Asset counts by state, shown as the run's memo in the Temporal UI. */
function publishCounts(progress: RefreshProgress): void {
  const counts: Record<string, number> = { assets: progress.assets.length };
  for (const a of progress.assets) counts[a.state] = (counts[a.state] ?? 0) + 1;
  upsertMemo({ counts });
}

export async function refreshWorkflow(input: RefreshInput = {}): Promise<RefreshProgress> {
  // Names this run's versioned outputs (indexes): start time plus the run id's first characters, so
  // runs sort by time and never collide, and a retried activity of the same run reuses its own name.
  const info = workflowInfo();
  const started = info.startTime
    .toISOString()
    .replace(/[-:]|\.\d+/g, '')
    .toLowerCase();
  const runId = `${started}-${info.runId.slice(0, 8)}`;
  const progress: RefreshProgress = { runId, waves: [], assets: [] };
  setHandler(progressQuery, () => progress);

  // Sources first: planning and materialising fingerprint the files the downloads may replace.
  progress.sources = await downloadSources().catch((error: unknown) => {
    const reason = error instanceof ActivityFailure && error.cause ? error.cause.message : String(error);
    throw ApplicationFailure.nonRetryable(`refresh failed: sources: ${reason}`, 'SourcesFailed');
  });
  const plan = await planRefresh(input.select ?? [], runId, input.force ?? false);
  progress.waves = plan.waves;
  progress.assets = plan.waves.flat().map((name): AssetProgress => {
    const current = plan.upToDate[name];
    if (!current) return { name, state: 'pending' };
    return {
      name,
      state: 'skipped',
      rows: current.rows,
      durationMs: current.durationMs,
      metrics: current.metrics,
    };
  });
  const entry = (name: string): AssetProgress => progress.assets.find((a) => a.name === name)!;
  upsertSearchAttributes([
    { key: PdsAssets, value: progress.waves.flat() },
    { key: PdsRunKind, value: input.force ? 'refresh-forced' : 'refresh' },
  ]);
  publishCounts(progress);

  try {
    // Up-to-date assets were settled by the plan; only stale ones become activities.
    for (const wave of progress.waves) {
      await Promise.all(
        wave
          .filter((name) => !plan.upToDate[name])
          .map(async (name) => {
            entry(name).state = 'running';
            try {
              const out = await materializeAsset(name, runId, input.force ?? false);
              Object.assign(entry(name), {
                state: out.skipped ? 'skipped' : 'done',
                rows: out.rows,
                durationMs: out.durationMs,
                metrics: out.metrics,
              });
            } catch (error) {
              // The activity's own message (a DataError's reason, say), not the wrapper's "Activity task failed".
              const reason =
                error instanceof ActivityFailure && error.cause ? error.cause.message : String(error);
              Object.assign(entry(name), { state: 'failed', error: reason });
              throw ApplicationFailure.nonRetryable(`${name}: ${reason}`, 'AssetFailed');
            } finally {
              publishCounts(progress);
            }
          }),
      ).catch((error: unknown) => {
        throw ApplicationFailure.nonRetryable(`refresh failed: ${(error as Error).message}`, 'RefreshFailed');
      });
    }
  } finally {
    // Also when the run is cancelled: cleanup must not be cancelled with it.
    await CancellationScope.nonCancellable(() => finishRefresh());
  }
  return progress;
}
