// What every index asset shares. Its outputs are `elasticsearch:<versioned index>`, still in place only while
// the alias points at the index that materialisation built (a later run, or a hand-moved alias, makes it
// stale); and it publishes a new version the same way: a new versioned index, loaded in bulk, rejects fail
// the run, checks before the alias moves, older versions pruned (loadVersionedIndex does all of it).
import type { ServiceConfig } from '../config';
import { createEsClient } from '../indexing/es-client';
import type { Client } from '@elastic/elasticsearch';
import { DataError } from '../io/errors';
import {
  aliasTargets,
  bulkIndex,
  createIndex,
  pruneOldIndexes,
  verifyAndSwapAlias,
  versionedIndexName,
  type Companion,
  type IndexCheck,
} from '../indexing/versioned-index';
import type { AssetContext, MaterializeResult } from './definition';

export const aliasHoldsOutputs =
  (...aliasesOf: ((config: ServiceConfig) => string)[]) =>
  async (ctx: AssetContext, outputs: readonly string[]): Promise<boolean> => {
    const es = createEsClient(ctx.config.esUrl);
    try {
      // Every output is behind one of the aliases (an asset may publish companion indexes).
      const targets = (await Promise.all(aliasesOf.map((a) => aliasTargets(es, a(ctx.config))))).flat();
      return outputs.length > 0 && outputs.every((o) => targets.includes(o.replace(/^elasticsearch:/, '')));
    } finally {
      await es.close();
    }
  };

/**
 * Moves `alias` (and each companion's) to the new index once the count and sample checks pass, then prunes
 * the versions older than the one it replaced.
 */
export async function swapAlias(
  ctx: AssetContext,
  es: Client,
  alias: string,
  index: string,
  check: IndexCheck,
  companions: readonly Companion[] = [],
): Promise<void> {
  const { previous } = await verifyAndSwapAlias(
    es,
    alias,
    index,
    check,
    ctx.config.esReplicas ?? 0,
    companions,
  );
  const pruned = await pruneOldIndexes(es, alias, 1);
  for (const c of companions) pruned.push(...(await pruneOldIndexes(es, c.alias, 1)));
  ctx.log(`alias ${alias} → ${index} (was ${previous.join(', ') || 'none'}; pruned ${pruned.length})`);
}

/**
 * An unpartitioned index asset's build: a new versioned index of `alias` for this run, every document of
 * `docs` loaded in bulk, then published: any rejected document fails the run; otherwise the alias moves only
 * when the index holds `expectedCount` documents (default: as many as were sent) and the sample ids.
 */
export async function loadVersionedIndex(
  ctx: AssetContext,
  spec: {
    alias: string;
    mappings: object;
    docs: AsyncIterable<{ id: string; doc: object }>;
    /** Which ids the sample check looks up. */
    sample(id: string): boolean;
    expectedCount?: number;
    /** What the documents are, for messages and the metric. */
    what: string;
    metric: string;
  },
): Promise<MaterializeResult> {
  const es = createEsClient(ctx.config.esUrl);
  try {
    const index = versionedIndexName(spec.alias, ctx.runId);
    await createIndex(es, index, spec.mappings);
    const ids = new WeakMap<object, string>();
    const sampleIds: string[] = [];
    const result = await bulkIndex(
      es,
      index,
      (async function* () {
        for await (const d of spec.docs) {
          if (spec.sample(d.id)) sampleIds.push(d.id);
          ids.set(d.doc, d.id);
          yield d.doc;
        }
      })(),
      (doc) => ids.get(doc)!,
      { onProgress: (n) => ctx.heartbeat({ indexed: n }) },
    );
    if (result.failed.length)
      throw new DataError(
        `${result.failed.length} ${spec.what} rejected, first: ${JSON.stringify(result.failed[0])}`,
      );
    await swapAlias(ctx, es, spec.alias, index, {
      expectedCount: spec.expectedCount ?? result.indexed,
      sampleIds,
    });
    return {
      rows: result.indexed,
      outputs: [`elasticsearch:${index}`],
      metrics: { [spec.metric]: result.indexed },
    };
  } finally {
    await es.close();
  }
}
