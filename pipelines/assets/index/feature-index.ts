// feature_index: the flood pieces in Elasticsearch for live answers (GET /flood-risk?x_coord=&y_coord=).
// The same rows as the batch job reads (derived/flood_pieces), so live and precomputed answers agree. A new
// versioned index per run; the alias `<prefix>-features` moves only when the count and sample checks pass.
import { FEATURE_INDEX_MAPPING } from '../../../schemas/index/features';
import { featuresAlias } from '../../indexing/aliases';
import { parquetPath, queryParquet } from '../../io/parquet';
import { type AssetContext } from '../../orchestration/definition';
import { defineAsset } from '../define';
import { FAMILIES } from '../../transforms/flood/candidates';
import { piecesPath } from '../flood/flood-pieces';
import { featureDocument } from '../../enrich/piece-records';
import { aliasHoldsOutputs, loadVersionedIndex } from '../../orchestration/index-outputs';

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
    let expected = 0;
    for (const family of FAMILIES)
      for await (const row of queryParquet(
        `SELECT count(*) AS n FROM ${parquetPath(piecesPath(ctx, family))}`,
      ))
        expected += Number(row.n);
    return loadVersionedIndex(ctx, {
      alias: featuresAlias(ctx.config),
      mappings: FEATURE_INDEX_MAPPING,
      docs: featureDocs(ctx),
      // The first piece of each family.
      sample: (id) => id.endsWith('-0'),
      expectedCount: expected,
      what: 'pieces',
      metric: 'pieces',
    });
  },
});
