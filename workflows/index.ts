// Every workflow the worker serves; this file is the entry point of the workflow bundle.
export { refreshWorkflow, progressQuery } from './refresh.workflow';
export { scheduledRefreshWorkflow } from './scheduled-refresh.workflow';
