// Activities: thin wrappers over the asset graph in pipelines/. They run in the worker process, with the
// worker's configuration (so a test worker can use its own data folder and index prefix).
import { resolve } from 'node:path';
import { Context, ApplicationFailure } from '@temporalio/activity';
import { dataPaths, type ServiceConfig } from '../pipelines/config';
import { openCatalog } from '../pipelines/catalog/catalog';
import { ASSETS, assetByName } from '../pipelines/assets/graph';
import { materializeWithCatalog } from '../pipelines/assets/materialize';
import type { AssetContext } from '../pipelines/assets/definition';
import { UnknownAssetError } from '../pipelines/assets/plan';
import { planRefresh as planAssets, type RefreshPlan } from '../pipelines/assets/plan-refresh';
import { downloadSources as prepareSources } from '../pipelines/download';
import { DataError } from '../pipelines/io/errors';
import { sweepScratch } from '../pipelines/io/parquet';
import type { MaterializeOutput, SourceOutput } from './types';

/** The asset context inside an activity: the worker's config, Temporal's logger and heartbeats. */
function assetContext(config: ServiceConfig, runId: string, asset?: string): AssetContext {
  const ctx = Context.current();
  return {
    config,
    runId,
    log: (message) => ctx.log.info(message, asset ? { asset } : {}),
    heartbeat: (details) => ctx.heartbeat(details),
  };
}

export function createActivities(config: ServiceConfig) {
  return {
    /**
     * Resolves the selection and decides which assets are already up to date (it checksums the sources,
     * cached by size and mtime), so the workflow schedules activities only for stale ones.
     */
    async planRefresh(select: string[], runId: string, force = false): Promise<RefreshPlan> {
      // Refreshes run one at a time, so any scratch left now belongs to a writer that was killed.
      await sweepScratch(resolve(config.dataDir, 'parquet'));
      const ctx = Context.current();
      const timer = setInterval(() => ctx.heartbeat(), 10_000);
      const catalog = openCatalog(dataPaths(config.dataDir).catalogDb);
      try {
        return await planAssets(ASSETS, assetContext(config, runId), catalog, select, { force });
      } catch (error) {
        if (error instanceof UnknownAssetError)
          throw ApplicationFailure.nonRetryable(error.message, 'InvalidSelection');
        if (error instanceof DataError) throw ApplicationFailure.nonRetryable(error.message, 'DataError');
        throw error;
      } finally {
        clearInterval(timer);
        catalog.close();
      }
    },

    /**
     * Fetches the sources file's URLs (conditionally) and assembles the dataset folders the staged assets
     * read; a no-op without a sources file. Transient failures are retried by Temporal, DataErrors are final.
     */
    async downloadSources(): Promise<SourceOutput[]> {
      if (!config.sourcesFile) return [];
      const ctx = Context.current();
      // Also between progress callbacks (hashing a local zip, unzip); a stalled transfer times out inside.
      const timer = setInterval(() => ctx.heartbeat(), 10_000);
      try {
        return await prepareSources(config, {
          signal: ctx.cancellationSignal,
          heartbeat: (details) => ctx.heartbeat(details),
          log: (message) => ctx.log.info(message),
        });
      } catch (error) {
        if (error instanceof DataError) throw ApplicationFailure.nonRetryable(error.message, 'DataError');
        throw error;
      } finally {
        clearInterval(timer);
      }
    },

    /** Runs when a refresh ends, whatever the outcome: removes scratch of attempts killed during it. */
    async finishRefresh(): Promise<number> {
      return (await sweepScratch(resolve(config.dataDir, 'parquet'))).length;
    },

    async materializeAsset(name: string, runId: string, force = false): Promise<MaterializeOutput> {
      const ctx = Context.current();
      const asset = assetByName(name);
      const catalog = openCatalog(dataPaths(config.dataDir).catalogDb);
      // Heartbeat on a timer too, so long single steps (a DuckDB COPY) never look dead.
      const timer = setInterval(() => ctx.heartbeat(), 10_000);
      try {
        const { skipped, materialization: m } = await materializeWithCatalog(
          asset,
          assetContext(config, runId, name),
          catalog,
          {
            force,
          },
        );
        return {
          skipped,
          materializationId: m.id,
          rows: m.rows,
          outputs: m.outputs,
          metrics: m.metrics,
          durationMs: m.durationMs,
        };
      } catch (error) {
        if (error instanceof DataError) throw ApplicationFailure.nonRetryable(error.message, 'DataError');
        throw error;
      } finally {
        clearInterval(timer);
        catalog.close();
      }
    },
  };
}

export type RefreshActivities = ReturnType<typeof createActivities>;
