// A Temporal worker serving the refresh workflow and its activities on the configured task queue.
import v8 from 'node:v8';
import { DefaultLogger, NativeConnection, Runtime, Worker, type WorkflowBundle } from '@temporalio/worker';
import type { ServiceConfig } from '../pipelines/config';
import type { AssetDefinition } from '../pipelines/orchestration/definition';
import { createActivities } from './activities';
import { workflowBundle } from './bundle';
import { sweepLocalScratch } from '../pipelines/io/scratch';

export interface WorkerOptions {
  taskQueue?: string;
  workflowBundle?: WorkflowBundle;
  maxConcurrentActivities?: number;
  /** The asset graph the activities use (default: the declared one); tests add synthetic assets. */
  assets?: readonly AssetDefinition[];
}

let runtimeInstalled = false;

/** Worker lifecycle chatter stays out of the CLI's output: only warnings and errors are logged. */
function installQuietRuntime(): void {
  if (runtimeInstalled) return;
  runtimeInstalled = true;
  try {
    Runtime.install({
      logger: new DefaultLogger((process.env.PDS_WORKER_LOG_LEVEL as 'WARN' | undefined) ?? 'WARN'),
    });
  } catch {
    // Already installed by the host (for example a test harness): keep its logger.
  }
}

/**
 * The heap of a worker's process grows to at most twice what a full collection left live, where V8 lets it
 * grow to four times when allocation is fast: blocks and documents are tens of KB of strings that outlive a
 * young-generation collection while in flight, and were left to pile up as old garbage (properties_index at
 * scale 20 peaked at 1.77 GB with 0.7 GB of heap, 1.19 GB with this; docs/national.md).
 */
function boundHeapGrowth(): void {
  v8.setFlagsFromString('--heap-growing-percent=100');
}

/** Activities a worker runs at once unless told otherwise (bin/pds.js assumes it too). */
export const DEFAULT_ACTIVITY_SLOTS = 2;

export async function createWorker(config: ServiceConfig, options: WorkerOptions = {}): Promise<Worker> {
  installQuietRuntime();
  boundHeapGrowth();
  // Local scratch (PDS_SCRATCH_DIR) left by this machine's killed workers; the shared data folder's is swept
  // when a refresh starts.
  await sweepLocalScratch();
  const connection = await NativeConnection.connect({ address: config.temporalAddress });
  return Worker.create({
    connection,
    namespace: config.temporalNamespace,
    taskQueue: options.taskQueue ?? config.taskQueue,
    workflowBundle: options.workflowBundle ?? (await workflowBundle()),
    activities: createActivities(config, { assets: options.assets }),
    maxConcurrentActivityTaskExecutions: options.maxConcurrentActivities ?? DEFAULT_ACTIVITY_SLOTS,
  });
}
