// Starting and watching refreshes from the CLI and tests.
import {
  Client,
  Connection,
  type WorkflowHandle,
  type WorkflowHandleWithFirstExecutionRunId,
} from '@temporalio/client';
import type { ServiceConfig } from '../pipelines/config';
import { progressQuery, refreshWorkflow } from './refresh.workflow';
import type { RefreshInput, RefreshProgress } from './types';

export async function connectClient(config: ServiceConfig): Promise<Client> {
  const connection = await Connection.connect({ address: config.temporalAddress, connectTimeout: '10s' });
  return new Client({ connection, namespace: config.temporalNamespace });
}

export const refreshWorkflowId = (config: Pick<ServiceConfig, 'indexPrefix'>): string =>
  `${config.indexPrefix}-refresh`;

export async function startRefresh(
  client: Client,
  config: ServiceConfig,
  input: RefreshInput,
  options: { taskQueue?: string; workflowId?: string } = {},
): Promise<WorkflowHandleWithFirstExecutionRunId<typeof refreshWorkflow>> {
  // One refresh at a time per index prefix: a fixed workflow id with the FAIL conflict policy makes a
  // second start fail with WorkflowExecutionAlreadyStartedError instead of racing the first.
  return client.workflow.start(refreshWorkflow, {
    taskQueue: options.taskQueue ?? config.taskQueue,
    workflowId: options.workflowId ?? refreshWorkflowId(config),
    workflowIdConflictPolicy: 'FAIL',
    args: [input],
  });
}

/** Waits for the result, calling `onProgress` whenever the query answer changes. */
export async function watchRefresh(
  handle: WorkflowHandle<typeof refreshWorkflow>,
  onProgress: (progress: RefreshProgress) => void,
  pollMs = 500,
): Promise<RefreshProgress> {
  let last = '';
  let done = false;
  const result = handle.result().finally(() => {
    done = true;
  });
  while (!done) {
    try {
      const progress = await handle.query(progressQuery);
      const text = JSON.stringify(progress);
      if (text !== last) onProgress(progress);
      last = text;
    } catch {
      // The query fails until the workflow's first task has run; keep polling.
    }
    await Promise.race([result.catch(() => undefined), new Promise((r) => setTimeout(r, pollMs))]);
  }
  const final = await result.catch(async (error: unknown) => {
    // A failed run's last state (which asset failed, which checks) may not have been polled yet.
    const progress = await handle.query(progressQuery).catch(() => undefined);
    if (progress && JSON.stringify(progress) !== last) onProgress(progress);
    throw error;
  });
  onProgress(final);
  return final;
}
