// Activities: thin wrappers over the asset graph in pipelines/. They run in the worker process, with the
// worker's configuration (so a test worker can use its own data folder and index prefix).
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { Context, ApplicationFailure, CancelledFailure } from '@temporalio/activity';
import { dataPaths, type ServiceConfig } from '../pipelines/config';
import { openCatalog, type Catalog } from '../pipelines/catalog/catalog';
import { writeAnalystCatalogFor } from '../pipelines/catalog/analyst-catalog';
import { ASSETS } from '../pipelines/assets/graph';
import {
  materializeWithCatalog,
  settlePartitions as settleAssetPartitions,
} from '../pipelines/orchestration/materialize';
import type { AssetContext, AssetDefinition } from '../pipelines/orchestration/definition';
import { ChecksFailedError, type CheckResult } from '../pipelines/orchestration/checks/check';
import { UnknownAssetError } from '../pipelines/orchestration/plan';
import { PartitionSelectionError, parsePartitionSelection } from '../pipelines/orchestration/partitions';
import {
  planPartitions,
  planRefresh as planAssets,
  type RefreshPlan,
} from '../pipelines/orchestration/plan-refresh';
import { downloadSources as prepareSources } from '../pipelines/download';
import { DataError } from '../pipelines/io/errors';
import { sweepScratch } from '../pipelines/io/scratch';
import type {
  CheckNote,
  MaterializeOutput,
  PartitionOutput,
  PartitionPlanOutput,
  SourceOutput,
} from './types';

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

/** The checks worth showing in progress: every one that did not simply pass. */
const notable = (asset: string, partition: string, results: readonly CheckResult[]): CheckNote[] =>
  results
    .filter((r) => !r.passed)
    .map((r) => ({
      asset,
      partition,
      check: r.check,
      severity: r.severity,
      passed: r.passed,
      accepted: r.accepted,
      measured: r.measured,
      expected: r.expected,
      ...(r.where ? { where: r.where } : {}),
    }));

/** Bad data and bad selections are final: Temporal must not retry them. */
function finalFailure(error: unknown): unknown {
  // The failed checks travel as the failure's details, so the workflow can show and memo them.
  if (error instanceof ChecksFailedError)
    return ApplicationFailure.create({
      message: error.message,
      type: 'ChecksFailed',
      nonRetryable: true,
      details: [notable(error.asset, error.partition, error.results)],
    });
  if (error instanceof UnknownAssetError || error instanceof PartitionSelectionError)
    return ApplicationFailure.nonRetryable(error.message, 'InvalidSelection');
  if (error instanceof DataError) return ApplicationFailure.nonRetryable(error.message, 'DataError');
  return error;
}

/** Heartbeats on a timer while `fn` runs, so long single steps (a DuckDB COPY) never look dead. */
async function withHeartbeats<T>(fn: () => Promise<T>): Promise<T> {
  const ctx = Context.current();
  const timer = setInterval(() => ctx.heartbeat(), 10_000);
  try {
    return await fn();
  } catch (error) {
    throw finalFailure(error);
  } finally {
    clearInterval(timer);
  }
}

/** Whether this run already built it: a forced activity retried after a crash must not build it twice. */
const builtInRun = (catalog: Catalog, asset: string, runId: string, partition = ''): boolean =>
  catalog.latestSuccess(asset, partition)?.runId === runId;

export interface ActivityOptions {
  /** The asset graph (default: the declared one); tests and benchmarks add synthetic assets. */
  assets?: readonly AssetDefinition[];
}

export function createActivities(config: ServiceConfig, options: ActivityOptions = {}) {
  const graph = options.assets ?? ASSETS;
  const assetByName = (name: string): AssetDefinition => {
    const asset = graph.find((a) => a.name === name);
    if (!asset) throw ApplicationFailure.nonRetryable(`unknown asset: ${name}`, 'InvalidSelection');
    return asset;
  };
  // One catalog connection per worker, reused by every activity: opening SQLite, setting it up and
  // preparing statements on each of hundreds of partition activities was a measurable part of their cost.
  const catalogPath = dataPaths(config.dataDir).catalogDb;
  let catalog: { db: Catalog; ino: number } | undefined;
  const useCatalog = (): Catalog => {
    // Reopened when the file went away or was replaced (a test or an operator removed the data folder, or
    // restored it from a copy): a connection to the old file would go on reading and writing that one.
    const ino = statSync(catalogPath, { throwIfNoEntry: false })?.ino;
    if (catalog && catalog.ino !== ino) {
      catalog.db.close();
      catalog = undefined;
    }
    catalog ??= { db: openCatalog(catalogPath), ino: statSync(catalogPath).ino };
    return catalog.db;
  };

  return {
    /**
     * Resolves the selection and decides which assets (and partitions) are already up to date (it checksums
     * the sources, cached by size and mtime), so the workflow schedules activities only for stale ones.
     */
    async planRefresh(
      select: string[],
      runId: string,
      force = false,
      partitions?: string,
    ): Promise<RefreshPlan> {
      // Refreshes run one at a time, so any scratch left now belongs to a writer that was killed.
      await sweepScratch(resolve(config.dataDir, 'parquet'));
      return withHeartbeats(() =>
        planAssets(graph, assetContext(config, runId), useCatalog(), select, { force, partitions }),
      );
    },

    /**
     * Fetches the sources file's URLs (conditionally) and assembles the dataset folders the staged assets
     * read; a no-op without a sources file. Transient failures are retried by Temporal, DataErrors are final.
     */
    async downloadSources(): Promise<SourceOutput[]> {
      if (!config.sourcesFile) return [];
      const ctx = Context.current();
      // Also between progress callbacks (hashing a local zip, unzip); a stalled transfer times out inside.
      return withHeartbeats(() =>
        prepareSources(config, {
          signal: ctx.cancellationSignal,
          heartbeat: (details) => ctx.heartbeat(details),
          log: (message) => ctx.log.info(message),
        }),
      );
    },

    /** The analysts' DuckDB catalog over every asset's current files, once a run has succeeded. */
    async writeAnalystCatalog(): Promise<{ path: string; views: number }> {
      return writeAnalystCatalogFor(
        useCatalog(),
        config.dataDir,
        graph.map((a) => a.name),
      );
    },

    /** Runs when a refresh ends, whatever the outcome: removes scratch of attempts killed during it. */
    async finishRefresh(): Promise<number> {
      return (await sweepScratch(resolve(config.dataDir, 'parquet'))).length;
    },

    async materializeAsset(
      name: string,
      runId: string,
      force = false,
      accept: string[] = [],
    ): Promise<MaterializeOutput> {
      const asset = assetByName(name);
      return withHeartbeats(async () => {
        const catalog = useCatalog();
        const {
          skipped,
          materialization: m,
          checks,
        } = await materializeWithCatalog(asset, assetContext(config, runId, name), catalog, {
          force: force && !builtInRun(catalog, name, runId),
          accept,
        });
        return {
          skipped,
          materializationId: m.id,
          rows: m.rows,
          outputs: m.outputs,
          metrics: m.metrics,
          durationMs: m.durationMs,
          checks: notable(name, '', checks),
        };
      });
    },

    /** A partitioned asset's keys and the ones to build now (for assets whose upstreams were just rebuilt). */
    async assessPartitions(
      name: string,
      runId: string,
      force = false,
      partitions?: string,
    ): Promise<PartitionPlanOutput> {
      const asset = assetByName(name);
      return withHeartbeats(() =>
        planPartitions(asset, assetContext(config, runId, name), useCatalog(), {
          force,
          selection: partitions ? parsePartitionSelection(partitions) : undefined,
        }),
      );
    },

    /**
     * Materialises a batch of partitions one after the other. Each is checked again first, so a batch retried
     * after a crash skips the partitions its killed attempt already recorded: each is materialised once.
     */
    async materializePartitions(
      name: string,
      keys: string[],
      runId: string,
      force = false,
      accept: string[] = [],
    ): Promise<PartitionOutput[]> {
      const asset = assetByName(name);
      const ctx = Context.current();
      const catalog = useCatalog();
      return withHeartbeats(async () => {
        const out: PartitionOutput[] = [];
        for (const key of keys) {
          // Cancelled between partitions: stop before the next one. Every finished partition is whole (its
          // files were renamed into place) and no roll-up is recorded, so downstream assets see no change.
          if (ctx.cancellationSignal.aborted) throw new CancelledFailure('refresh cancelled');
          const {
            skipped,
            materialization: m,
            checks,
          } = await materializeWithCatalog(
            asset,
            { ...assetContext(config, runId, name), partition: key },
            catalog,
            { force: force && !builtInRun(catalog, name, runId, key), accept },
          );
          const noted = notable(name, key, checks);
          out.push({
            key,
            skipped,
            rows: m.rows,
            durationMs: m.durationMs,
            ...(noted.length ? { checks: noted } : {}),
          });
          ctx.heartbeat({ asset: name, done: out.length, of: keys.length });
        }
        return out;
      });
    },

    /** Records a partitioned asset's roll-up over its keys (what downstream assets depend on). */
    async settlePartitions(
      name: string,
      keys: string[],
      runId: string,
      accept: string[] = [],
    ): Promise<MaterializeOutput> {
      const asset = assetByName(name);
      return withHeartbeats(async () => {
        const {
          skipped,
          materialization: m,
          checks,
        } = await settleAssetPartitions(asset, assetContext(config, runId, name), useCatalog(), keys, {
          accept,
        });
        return {
          skipped,
          materializationId: m.id,
          rows: m.rows,
          outputs: [],
          metrics: m.metrics,
          durationMs: m.durationMs,
          checks: notable(name, '', checks),
        };
      });
    },
  };
}

export type RefreshActivities = ReturnType<typeof createActivities>;
