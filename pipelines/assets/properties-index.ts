// The `properties` index: a document per OS Open UPRN address point with its prebuilt response blocks.
// A new versioned index per run; the alias moves only when the count and sample checks pass.
import type { PropertyDocument } from '../../schemas/index/properties';
import { PROPERTIES_INDEX_MAPPING } from '../../schemas/index/properties';
import type { StoredEpcBlock } from '../../schemas/api/epcs';
import { propertiesAlias } from '../indexing/aliases';
import { createEsClient } from '../indexing/es-client';
import {
  aliasTargets,
  bulkIndex,
  createIndex,
  pruneOldIndexes,
  verifyAndSwapAlias,
  versionedIndexName,
} from '../indexing/versioned-index';
import { parquetPath, queryParquet } from '../io/parquet';
import { DataError } from '../io/errors';
import { defineAsset } from './definition';
import { derivedPath, stagedPath } from './ingest';
import { UPRN_EPC_BLOCKS_TABLE } from './uprn-epc-blocks';

interface JoinedRow {
  uprn: number;
  x_coord: number;
  y_coord: number;
  latitude: number;
  longitude: number;
  country: PropertyDocument['country'];
  epc_count: number | null;
  block: StoredEpcBlock | null;
}

export function toPropertyDocument(row: JoinedRow): PropertyDocument {
  const postcode = row.block?.epcs[0]?.postcode?.trim() || null;
  return {
    uprn: row.uprn,
    location: { lat: row.latitude, lon: row.longitude },
    x_coord: row.x_coord,
    y_coord: row.y_coord,
    postcode,
    country: row.country,
    epc_count: row.epc_count ?? 0,
    blocks: { epcs: row.block },
  };
}

async function scalar(sql: string): Promise<number> {
  for await (const row of queryParquet(sql)) return Number(Object.values(row)[0]);
  return 0;
}

export const propertiesIndex = defineAsset({
  name: 'properties_index',
  kind: 'index',
  description: 'Elasticsearch documents per UPRN (alias <prefix>-properties), built from the derived tables',
  upstream: ['os_open_uprn', 'uprn_epc_blocks'],
  codeVersion: '1',
  owner: 'serving',
  cadence: 'monthly',
  // Up to date only while the alias still points at the index this materialisation built.
  async outputsPresent(ctx, outputs) {
    const es = createEsClient(ctx.config.esUrl);
    try {
      const targets = await aliasTargets(es, propertiesAlias(ctx.config));
      return outputs.length > 0 && outputs.every((o) => targets.includes(o.replace(/^elasticsearch:/, '')));
    } finally {
      await es.close();
    }
  },
  async materialize(ctx) {
    const uprns = parquetPath(stagedPath(ctx, 'os_open_uprn'));
    const blocks = parquetPath(derivedPath(ctx, UPRN_EPC_BLOCKS_TABLE));
    const expected = await scalar(`SELECT count(*) FROM ${uprns}`);
    if (expected === 0) throw new DataError('no UPRNs to index');
    const orphanBlocks = await scalar(
      `SELECT count(*) FROM ${blocks} WHERE uprn NOT IN (SELECT uprn FROM ${uprns})`,
    );

    const es = createEsClient(ctx.config.esUrl);
    try {
      const alias = propertiesAlias(ctx.config);
      const index = versionedIndexName(alias, ctx.runId);
      await createIndex(es, index, PROPERTIES_INDEX_MAPPING);
      const sampleIds: string[] = [];
      const docs = (async function* () {
        const sql = `SELECT u.*, b.country, b.epc_count, b.block FROM ${uprns} u LEFT JOIN ${blocks} b USING (uprn) ORDER BY u.uprn`;
        for await (const row of queryParquet(sql)) {
          const doc = toPropertyDocument(row as unknown as JoinedRow);
          if (sampleIds.length < 5 || doc.uprn % 997 === 0) sampleIds.push(String(doc.uprn));
          yield doc;
        }
      })();
      const result = await bulkIndex(es, index, docs, (d) => String(d.uprn), {
        onProgress: (n) => ctx.heartbeat({ indexed: n }),
      });
      if (result.failed.length)
        throw new DataError(
          `${result.failed.length} documents rejected, first: ${JSON.stringify(result.failed[0])}`,
        );
      const { previous } = await verifyAndSwapAlias(es, alias, index, {
        expectedCount: expected,
        sampleIds: sampleIds.slice(0, 50),
      });
      const pruned = await pruneOldIndexes(es, alias, 1);
      ctx.log(`alias ${alias} → ${index} (was ${previous.join(', ') || 'none'}; pruned ${pruned.length})`);
      return {
        rows: result.indexed,
        outputs: [`elasticsearch:${index}`],
        metrics: {
          documents: result.indexed,
          with_epc: await scalar(`SELECT count(*) FROM ${blocks} WHERE uprn IN (SELECT uprn FROM ${uprns})`),
          epc_uprns_not_in_os_open_uprn: orphanBlocks,
        },
      };
    } finally {
      await es.close();
    }
  },
});
