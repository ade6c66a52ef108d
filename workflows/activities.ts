// Activities: thin wrappers over the asset graph in pipelines/. They run in the worker process.
import { Context, ApplicationFailure } from '@temporalio/activity';
import { loadConfig } from '../pipelines/config';
import { ASSETS, assetByName } from '../pipelines/assets/graph';
import { planWaves } from '../pipelines/assets/plan';
import { DataError } from '../pipelines/io/errors';
import type { MaterializeOutput } from './types';

export async function planRefresh(select: string[]): Promise<string[][]> {
  try {
    return planWaves(ASSETS, select);
  } catch (error) {
    throw ApplicationFailure.nonRetryable((error as Error).message, 'InvalidSelection');
  }
}

export async function materializeAsset(name: string, runId: string): Promise<MaterializeOutput> {
  const ctx = Context.current();
  const asset = assetByName(name);
  const started = Date.now();
  // Heartbeat on a timer too, so long single steps (a DuckDB COPY) never look dead.
  const timer = setInterval(() => ctx.heartbeat(), 10_000);
  try {
    const result = await asset.materialize({
      config: loadConfig(),
      runId,
      log: (message) => ctx.log.info(message, { asset: name }),
      heartbeat: (details) => ctx.heartbeat(details),
    });
    return { ...result, durationMs: Date.now() - started };
  } catch (error) {
    if (error instanceof DataError) throw ApplicationFailure.nonRetryable(error.message, 'DataError');
    throw error;
  } finally {
    clearInterval(timer);
  }
}
