// An index asset's outputs are `elasticsearch:<versioned index>`; they are still in place only while the
// alias points at the index that materialisation built (a later run, or a hand-moved alias, makes it stale).
import type { ServiceConfig } from '../config';
import { createEsClient } from '../indexing/es-client';
import { aliasTargets } from '../indexing/versioned-index';
import type { AssetContext } from './definition';

export const aliasHoldsOutputs =
  (aliasOf: (config: ServiceConfig) => string) =>
  async (ctx: AssetContext, outputs: readonly string[]): Promise<boolean> => {
    const es = createEsClient(ctx.config.esUrl);
    try {
      const targets = await aliasTargets(es, aliasOf(ctx.config));
      return outputs.length > 0 && outputs.every((o) => targets.includes(o.replace(/^elasticsearch:/, '')));
    } finally {
      await es.close();
    }
  };
