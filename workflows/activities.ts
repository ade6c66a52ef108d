// Activities: thin wrappers over the asset graph in pipelines/. They run in the worker process, with the
// worker's configuration (so a test worker can use its own data folder and index prefix).
import { Context, ApplicationFailure } from '@temporalio/activity';
import type { ServiceConfig } from '../pipelines/config';
import { ASSETS, assetByName } from '../pipelines/assets/graph';
import { planWaves } from '../pipelines/assets/plan';
import { DataError } from '../pipelines/io/errors';
import type { MaterializeOutput } from './types';

export function createActivities(config: ServiceConfig) {
  return {
    async planRefresh(select: string[]): Promise<string[][]> {
      try {
        return planWaves(ASSETS, select);
      } catch (error) {
        throw ApplicationFailure.nonRetryable((error as Error).message, 'InvalidSelection');
      }
    },

    async materializeAsset(name: string, runId: string): Promise<MaterializeOutput> {
      const ctx = Context.current();
      const asset = assetByName(name);
      const started = Date.now();
      // Heartbeat on a timer too, so long single steps (a DuckDB COPY) never look dead.
      const timer = setInterval(() => ctx.heartbeat(), 10_000);
      try {
        const result = await asset.materialize({
          config,
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
    },
  };
}

export type RefreshActivities = ReturnType<typeof createActivities>;
