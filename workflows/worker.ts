// A Temporal worker serving the refresh workflow and its activities on the configured task queue.
import { fileURLToPath } from 'node:url';
import { NativeConnection, Worker, bundleWorkflowCode, type WorkflowBundleWithSourceMap } from '@temporalio/worker';
import type { ServiceConfig } from '../pipelines/config';
import { createActivities } from './activities';

export const workflowsPath = fileURLToPath(new URL('./index.ts', import.meta.url));

/** Bundling takes a couple of seconds; do it once and share the bundle between workers (tests). */
export const bundleWorkflows = (): Promise<WorkflowBundleWithSourceMap> =>
  bundleWorkflowCode({ workflowsPath, logger: { info() {}, warn() {}, error() {}, debug() {}, trace() {}, log() {} } });

export interface WorkerOptions {
  taskQueue?: string;
  workflowBundle?: WorkflowBundleWithSourceMap;
  maxConcurrentActivities?: number;
}

export async function createWorker(config: ServiceConfig, options: WorkerOptions = {}): Promise<Worker> {
  const connection = await NativeConnection.connect({ address: config.temporalAddress });
  return Worker.create({
    connection,
    namespace: config.temporalNamespace,
    taskQueue: options.taskQueue ?? config.taskQueue,
    workflowBundle: options.workflowBundle ?? (await bundleWorkflows()),
    activities: createActivities(config),
    maxConcurrentActivityTaskExecutions: options.maxConcurrentActivities ?? 2,
  });
}
