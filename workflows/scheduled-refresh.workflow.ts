// What a schedule starts: the refresh as a child under the fixed refresh workflow id, so a scheduled run
// never overlaps a running refresh (a manual one, or another schedule's); it is skipped instead.
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/common';
import { executeChild, log } from '@temporalio/workflow';
import { refreshWorkflow } from './refresh.workflow';
import type { RefreshInput, RefreshProgress } from './types';

export interface ScheduledRefreshInput extends RefreshInput {
  /** The refresh workflow id of this deployment (`<index prefix>-refresh`). */
  refreshWorkflowId: string;
}

export type ScheduledRefreshResult =
  { skipped: true; reason: string } | { skipped: false; progress: RefreshProgress };

export async function scheduledRefreshWorkflow(
  input: ScheduledRefreshInput,
): Promise<ScheduledRefreshResult> {
  const { refreshWorkflowId, ...refresh } = input;
  try {
    const progress = await executeChild(refreshWorkflow, { workflowId: refreshWorkflowId, args: [refresh] });
    return { skipped: false, progress };
  } catch (error) {
    if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
    log.warn('a refresh is already running; this scheduled run is skipped', { refreshWorkflowId });
    return { skipped: true, reason: `refresh ${refreshWorkflowId} already running` };
  }
}
