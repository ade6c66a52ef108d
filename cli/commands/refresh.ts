import type { Command } from 'commander';
import { loadConfig, type ServiceConfig } from '../../pipelines/config';
import type { RefreshProgress } from '../../workflows/types';
import { progressPrinter } from '../progress';

export interface RefreshOptions {
  select?: string[];
  force?: boolean;
  /** Backfill selection for partitioned assets (docs/orchestration.md). */
  partitions?: string;
  concurrency?: number;
  partitionsPerActivity?: number;
  /** Failed blocking checks to publish anyway (after a human has looked). */
  accept?: string[];
  json?: boolean;
  /** Run a worker in this process for the duration (default), so a refresh works with no other worker. */
  worker?: boolean;
}

export async function runRefresh(
  config: ServiceConfig,
  options: RefreshOptions = {},
): Promise<RefreshProgress> {
  const { WorkflowExecutionAlreadyStartedError, WorkflowFailedError } = await import('@temporalio/client');
  const { connectClient, startRefresh, watchRefresh } = await import('../../workflows/client');
  // Only a refresh that runs its own worker loads the worker's modules: a client is light.
  const worker =
    options.worker === false
      ? undefined
      : await (await import('../../workflows/worker')).createWorker(config);
  const running = worker?.run();
  try {
    const client = await connectClient(config);
    const handle = await startRefresh(client, config, {
      select: options.select ?? [],
      force: options.force ?? false,
      ...(options.partitions ? { partitions: options.partitions } : {}),
      ...(options.concurrency ? { concurrency: options.concurrency } : {}),
      ...(options.partitionsPerActivity ? { partitionsPerActivity: options.partitionsPerActivity } : {}),
      ...(options.accept?.length ? { accept: options.accept } : {}),
    }).catch((error: unknown) => {
      if (error instanceof WorkflowExecutionAlreadyStartedError)
        throw new Error(
          `a refresh is already running (workflow ${error.workflowId}); watch it in the Temporal UI`,
        );
      throw error;
    });
    process.stderr.write(
      `refresh started; watch it in the Temporal UI: http://127.0.0.1:8233/namespaces/${config.temporalNamespace}/workflows/${handle.workflowId}/${handle.firstExecutionRunId}\n`,
    );
    const result = await watchRefresh(handle, progressPrinter(Boolean(options.json))).catch(
      (error: unknown) => {
        // "Workflow execution failed" says nothing: the cause names the asset, the check and what to do.
        if (error instanceof WorkflowFailedError && error.cause) throw new Error(error.cause.message);
        throw error;
      },
    );
    await client.connection.close();
    const written = result.analystCatalog;
    if (written)
      process.stderr.write(
        'error' in written
          ? `analyst catalog not written (run \`pds analyst\`): ${written.error}\n`
          : `analyst catalog: ${written.views} views → ${written.path}\n`,
      );
    return result;
  } finally {
    if (worker) {
      worker.shutdown();
      await running;
    }
  }
}

type RefreshFlags = {
  select?: string;
  force?: boolean;
  partitions?: string;
  concurrency?: string;
  partitionsPerActivity?: string;
  accept?: string;
  json?: boolean;
  worker: boolean;
  sources?: string;
};

function positive(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${flag} must be a positive integer, got ${value}`);
  return n;
}

export function registerRefreshCommands(program: Command): void {
  program
    .command('refresh')
    .description(
      'Ingest sources, transform, write Parquet and index into Elasticsearch (a Temporal workflow)',
    )
    .option(
      '--select <expr>',
      'assets: `name`, `name+` (and downstream), `+name` (and upstream); comma-separated',
    )
    .option('--force', 'rebuild assets even when their inputs and code are unchanged')
    .option(
      '--partitions <keys>',
      'backfill only these partitions of partitioned assets: KEY,KEY  FROM..TO (e.g. ST70..ST79)  PREFIX*',
    )
    .option('--concurrency <n>', 'activities in flight at once (default 4)')
    .option('--partitions-per-activity <n>', 'most partitions one activity builds (default 20)')
    .option(
      '--accept <checks>',
      'publish although these blocking checks fail: CHECK, ASSET.CHECK or ASSET.CHECK@PARTITION, comma-separated',
    )
    .option('--json', 'progress as JSON lines')
    .option('--no-worker', 'do not run a worker in this process (use `pds worker` elsewhere)')
    .option('--sources <file>', 'a sources file saying where each dataset comes from (docs/sources.md)')
    .action(async (opts: RefreshFlags) => {
      // A mistyped backfill selection is refused here, before a run starts.
      if (opts.partitions)
        (await import('../../pipelines/orchestration/partitions')).parsePartitionSelection(opts.partitions);
      // The worker running the activities reads it: with --no-worker, give that worker PDS_SOURCES_FILE.
      const env = opts.sources ? { ...process.env, PDS_SOURCES_FILE: opts.sources } : process.env;
      await runRefresh(loadConfig(env), {
        select: opts.select
          ?.split(',')
          .map((s) => s.trim())
          .filter(Boolean),
        force: opts.force,
        partitions: opts.partitions,
        concurrency: positive('--concurrency', opts.concurrency),
        partitionsPerActivity: positive('--partitions-per-activity', opts.partitionsPerActivity),
        accept: opts.accept
          ?.split(',')
          .map((s) => s.trim())
          .filter(Boolean),
        json: opts.json,
        worker: opts.worker,
      });
    });
  program
    .command('worker')
    .description('Run a Temporal worker for refreshes until interrupted')
    .option('--max-activities <n>', 'activities this worker runs at once (default 2)')
    .action(async (opts: { maxActivities?: string }) => {
      const { createWorker, DEFAULT_ACTIVITY_SLOTS } = await import('../../workflows/worker');
      const config = loadConfig();
      const slots = positive('--max-activities', opts.maxActivities) ?? DEFAULT_ACTIVITY_SLOTS;
      // DuckDB runs its statements on libuv's thread pool, sized when first used (bin/pds.js sizes it).
      const pool = Number(process.env.UV_THREADPOOL_SIZE) || 4;
      if (pool < slots)
        process.stderr.write(
          `worker: libuv's thread pool has ${pool} threads for ${slots} activity slots, so at most ${pool} ` +
            `statements run at once: start it through bin/pds.js, or with UV_THREADPOOL_SIZE=${slots + 4}\n`,
        );
      const worker = await createWorker(config, { maxConcurrentActivities: slots });
      // Said once it is up, so that a supervisor (or bench:national) knows when refreshes can start.
      process.stderr.write(
        `worker ready on task queue ${config.taskQueue}, ${slots} activity slot${slots === 1 ? '' : 's'}\n`,
      );
      process.once('SIGINT', () => worker.shutdown());
      process.once('SIGTERM', () => worker.shutdown());
      await worker.run();
    });
}
