// feature_index: the flood pieces in Elasticsearch for live answers (GET /flood-risk?x_coord=&y_coord=).
// The same rows as the batch job reads (derived/flood_pieces), so live and precomputed answers agree. A new
// versioned index per run; the alias `<prefix>-features` moves only when the count and sample checks pass.
import { FEATURE_INDEX_MAPPING } from '../../../schemas/index/features';
import { featuresAlias } from '../../indexing/aliases';
import { createEsClient } from '../../indexing/es-client';
import { bulkIndex, createIndex, versionedIndexName } from '../../indexing/versioned-index';
import { parquetPath, queryParquet } from '../../io/parquet';
import { type AssetContext } from '../../orchestration/definition';
import { defineAsset } from '../define';
import { FAMILIES } from '../../transforms/flood/candidates';
import { piecesPath } from '../flood/flood-pieces';
import { featureDocument } from '../../enrich/piece-records';
import { aliasHoldsOutputs, publishIndex } from '../../orchestration/index-outputs';

async function* featureDocs(ctx: AssetContext): AsyncGenerator<{ id: string; doc: Record<string, unknown> }> {
  for (const family of FAMILIES) {
    let n = 0;
    for await (const row of queryParquet(`SELECT * FROM ${parquetPath(piecesPath(ctx, family))}`))
      yield { id: `${family}-${n++}`, doc: featureDocument(row) };
  }
}

export const featureIndex = defineAsset({
  name: 'feature_index',
  kind: 'index',
  description:
    'Elasticsearch pieces of the flood, terrain, coast and land layers with envelope fields (alias <prefix>-features)',
  upstream: ['flood_pieces'],
  codeVersion: '2',
  owner: 'flood',
  cadence: 'quarterly',
  outputsPresent: aliasHoldsOutputs(featuresAlias),
  async materialize(ctx) {
    const es = createEsClient(ctx.config.esUrl);
    try {
      const alias = featuresAlias(ctx.config);
      const index = versionedIndexName(alias, ctx.runId);
      await createIndex(es, index, FEATURE_INDEX_MAPPING);
      let expected = 0;
      for (const family of FAMILIES)
        for await (const row of queryParquet(
          `SELECT count(*) AS n FROM ${parquetPath(piecesPath(ctx, family))}`,
        ))
          expected += Number(row.n);
      const sampleIds: string[] = [];
      const docs = (async function* () {
        for await (const d of featureDocs(ctx)) {
          if (d.id.endsWith('-0')) sampleIds.push(d.id);
          yield d;
        }
      })();
      const ids = new WeakMap<object, string>();
      const result = await bulkIndex(
        es,
        index,
        (async function* () {
          for await (const d of docs) {
            ids.set(d.doc, d.id);
            yield d.doc;
          }
        })(),
        (doc) => ids.get(doc)!,
        { onProgress: (n) => ctx.heartbeat({ indexed: n }) },
      );
      await publishIndex(ctx, es, alias, index, result, {
        expectedCount: expected,
        sampleIds: sampleIds,
        what: 'pieces',
      });
      return {
        rows: result.indexed,
        outputs: [`elasticsearch:${index}`],
        metrics: { pieces: result.indexed },
      };
    } finally {
      await es.close();
    }
  },
});
