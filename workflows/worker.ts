// A Temporal worker serving the refresh workflow and its activities on the configured task queue.
import { fileURLToPath } from 'node:url';
import {
  DefaultLogger,
  NativeConnection,
  Runtime,
  Worker,
  bundleWorkflowCode,
  type WorkflowBundleWithSourceMap,
} from '@temporalio/worker';
import type { ServiceConfig } from '../pipelines/config';
import type { AssetDefinition } from '../pipelines/orchestration/definition';
import { createActivities } from './activities';
import { sweepLocalScratch } from '../pipelines/io/scratch';

export const workflowsPath = fileURLToPath(new URL('./index.ts', import.meta.url));

/** Bundling takes a couple of seconds; do it once and share the bundle between workers (tests). */
export const bundleWorkflows = (): Promise<WorkflowBundleWithSourceMap> =>
  bundleWorkflowCode({
    workflowsPath,
    logger: { info() {}, warn() {}, error() {}, debug() {}, trace() {}, log() {} },
  });

export interface WorkerOptions {
  taskQueue?: string;
  workflowBundle?: WorkflowBundleWithSourceMap;
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

export async function createWorker(config: ServiceConfig, options: WorkerOptions = {}): Promise<Worker> {
  installQuietRuntime();
  // Local scratch (PDS_SCRATCH_DIR) left by this machine's killed workers; the shared data folder's is swept
  // when a refresh starts.
  await sweepLocalScratch();
  const connection = await NativeConnection.connect({ address: config.temporalAddress });
  return Worker.create({
    connection,
    namespace: config.temporalNamespace,
    taskQueue: options.taskQueue ?? config.taskQueue,
    workflowBundle: options.workflowBundle ?? (await bundleWorkflows()),
    activities: createActivities(config, { assets: options.assets }),
    maxConcurrentActivityTaskExecutions: options.maxConcurrentActivities ?? 2,
  });
}
