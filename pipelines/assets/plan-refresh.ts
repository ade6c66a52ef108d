// Planning a refresh: resolve the selection, order it in waves, and decide up front which assets are already
// up to date, so only stale ones become activities. An asset is stale when any of its upstreams in the plan
// is stale (it will get a new upstream materialisation) or when its own assessment says so.
import type { Catalog } from '../catalog/catalog';
import type { AssetContext, AssetDefinition } from './definition';
import { assessAsset } from './materialize';
import { planWaves } from './plan';
import { resolveSelection, withMissingUpstreams } from './select';

export interface UpToDateAsset {
  materializationId: string;
  rows: number;
  durationMs: number;
  metrics: Record<string, number>;
}

export interface RefreshPlan {
  waves: string[][];
  /** Assets that need no work, with the materialisation that is current. */
  upToDate: Record<string, UpToDateAsset>;
}

export async function planRefresh(
  graph: readonly AssetDefinition[],
  ctx: AssetContext,
  catalog: Catalog,
  select: readonly string[],
  options: { force?: boolean } = {},
): Promise<RefreshPlan> {
  const selection = withMissingUpstreams(
    graph,
    resolveSelection(graph, select),
    (n) => catalog.latestSuccess(n) !== null,
  );
  const waves = planWaves(graph, selection);
  const upToDate: Record<string, UpToDateAsset> = {};
  if (options.force) return { waves, upToDate };
  const stale = new Set<string>();
  for (const name of waves.flat()) {
    const asset = graph.find((a) => a.name === name)!;
    const current = asset.upstream.some((u) => stale.has(u))
      ? null
      : (await assessAsset(asset, ctx, catalog)).current;
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
  return { waves, upToDate };
}
