// What every index asset shares. Its outputs are `elasticsearch:<versioned index>`, still in place only while
// the alias points at the index that materialisation built (a later run, or a hand-moved alias, makes it
// stale); and it publishes a new version the same way: rejects fail the run, checks before the alias moves.
import type { ServiceConfig } from '../config';
import { createEsClient } from '../indexing/es-client';
import type { Client } from '@elastic/elasticsearch';
import { DataError } from '../io/errors';
import {
  aliasTargets,
  pruneOldIndexes,
  verifyAndSwapAlias,
  type BulkResult,
  type Companion,
} from '../indexing/versioned-index';
import type { AssetContext } from './definition';

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
 * The end of every index asset: any rejected document fails the run; otherwise the alias moves to `index`
 * only when the count and sample checks pass, and older versions beyond the previous one are pruned.
 */
export async function publishIndex(
  ctx: AssetContext,
  es: Client,
  alias: string,
  index: string,
  result: BulkResult,
  checks: { expectedCount: number; sampleIds: string[]; what: string; companions?: readonly Companion[] },
): Promise<void> {
  if (result.failed.length)
    throw new DataError(
      `${result.failed.length} ${checks.what} rejected, first: ${JSON.stringify(result.failed[0])}`,
    );
  const { previous } = await verifyAndSwapAlias(
    es,
    alias,
    index,
    { expectedCount: checks.expectedCount, sampleIds: checks.sampleIds },
    ctx.config.esReplicas ?? 0,
    checks.companions,
  );
  const pruned = await pruneOldIndexes(es, alias, 1);
  for (const c of checks.companions ?? []) pruned.push(...(await pruneOldIndexes(es, c.alias, 1)));
  ctx.log(`alias ${alias} → ${index} (was ${previous.join(', ') || 'none'}; pruned ${pruned.length})`);
}
