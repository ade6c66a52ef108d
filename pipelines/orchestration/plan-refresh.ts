// Planning a refresh: resolve the selection, order it in waves, and decide up front which assets are already
// up to date, so only stale ones become activities. An asset is stale when any of its upstreams in the plan
// is stale (it will get a new upstream materialisation) or when its own assessment says so. A partitioned
// asset is assessed partition by partition: it is up to date when every selected partition is and its
// roll-up over the current keys is too; otherwise the plan lists the partitions to build.
import type { Catalog } from '../catalog/catalog';
import type { AssetContext, AssetDefinition } from './definition';
import { assessAsset, assessRollup, partitionKeys } from './materialize';
import { planWaves } from './plan';
import { PartitionSelectionError, parsePartitionSelection, type PartitionSelection } from './partitions';
import { resolveSelection, withMissingUpstreams } from './select';

export interface UpToDateAsset {
  materializationId: string;
  rows: number;
  durationMs: number;
  metrics: Record<string, number>;
  /** For partitioned assets: how many partitions it has. */
  partitions?: number;
}

/** What a partitioned asset's refresh has to do. */
export interface PartitionPlan {
  /** Every current key (the roll-up covers them all). */
  keys: string[];
  /** The keys to materialise in this run (stale, or forced, and matching --partitions). */
  build: string[];
  /** Keys left alone: up to date, or outside --partitions. */
  untouched: number;
}

export interface RefreshPlan {
  waves: string[][];
  /** Assets that need no work, with the materialisation that is current. */
  upToDate: Record<string, UpToDateAsset>;
  /**
   * Partitioned assets that need work and whose upstreams are all current, so their partitions could be
   * assessed now. The others are assessed when their wave comes (their keys may come from upstream outputs).
   */
  partitions: Record<string, PartitionPlan>;
  /** The partitioned assets of the plan. */
  partitioned: string[];
}

export interface PlanOptions {
  force?: boolean;
  /** A --partitions selection (see partitions.ts); only partitioned assets are narrowed by it. */
  partitions?: string;
}

/** Assesses a partitioned asset's partitions: which to build now. */
export async function planPartitions(
  asset: AssetDefinition,
  ctx: AssetContext,
  catalog: Catalog,
  options: { force?: boolean; selection?: PartitionSelection } = {},
): Promise<PartitionPlan> {
  const keys = await partitionKeys(asset, ctx);
  const build: string[] = [];
  for (const key of keys) {
    if (options.selection && !options.selection.matches(key)) continue;
    if (options.force || !(await assessAsset(asset, { ...ctx, partition: key }, catalog)).current)
      build.push(key);
  }
  return { keys, build, untouched: keys.length - build.length };
}

export async function planRefresh(
  graph: readonly AssetDefinition[],
  ctx: AssetContext,
  catalog: Catalog,
  select: readonly string[],
  options: PlanOptions = {},
): Promise<RefreshPlan> {
  const selection = withMissingUpstreams(
    graph,
    resolveSelection(graph, select),
    (n) => catalog.latestSuccess(n) !== null,
  );
  const partitionSelection = options.partitions ? parsePartitionSelection(options.partitions) : undefined;
  const waves = planWaves(graph, selection);
  const upToDate: Record<string, UpToDateAsset> = {};
  const partitions: Record<string, PartitionPlan> = {};
  const stale = new Set<string>();
  let matchedAny = false;
  let assessedAll = true;
  for (const name of waves.flat()) {
    const asset = graph.find((a) => a.name === name)!;
    if (asset.upstream.some((u) => stale.has(u))) {
      stale.add(name);
      if (asset.partitioning) assessedAll = false;
      continue;
    }
    if (asset.partitioning) {
      const plan = await planPartitions(asset, ctx, catalog, {
        force: options.force,
        selection: partitionSelection,
      });
      if (!partitionSelection || plan.keys.some((k) => partitionSelection.matches(k))) matchedAny = true;
      const rollup = plan.build.length ? null : assessRollup(asset, catalog, plan.keys).current;
      if (rollup) {
        upToDate[name] = {
          materializationId: rollup.id,
          rows: rollup.rows,
          durationMs: rollup.durationMs,
          metrics: rollup.metrics,
          partitions: plan.keys.length,
        };
      } else {
        stale.add(name);
        partitions[name] = plan;
      }
      continue;
    }
    const current = options.force ? null : (await assessAsset(asset, ctx, catalog)).current;
    if (!current) {
      stale.add(name);
      continue;
    }
    upToDate[name] = {
      materializationId: current.id,
      rows: current.rows,
      durationMs: current.durationMs,
      metrics: current.metrics,
    };
  }
  if (partitionSelection && assessedAll && !matchedAny)
    throw new PartitionSelectionError(
      `--partitions ${partitionSelection.text} matches no partition of the selected assets`,
    );
  const partitioned = waves.flat().filter((n) => graph.find((a) => a.name === n)!.partitioning);
  return { waves, upToDate, partitions, partitioned };
}
