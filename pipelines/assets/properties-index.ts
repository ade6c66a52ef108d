// The `properties` index: a document per OS Open UPRN address point with its prebuilt response blocks.
// A new versioned index per run; the alias moves only when the count and sample checks pass.
import { existsSync, readdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { PropertyDocument } from '../../schemas/index/properties';
import { PROPERTIES_INDEX_MAPPING } from '../../schemas/index/properties';
import { PROPERTY_RESPONSE_FIELD, PROPERTY_RESPONSE_MAPPING } from '../../serving/repository/properties';
import { prerenderProperty } from '../../serving/routes/properties';
import type { StoredAreaBlock } from '../../schemas/api/area';
import type { StoredEpcBlock } from '../../schemas/api/epcs';
import { propertiesAlias } from '../indexing/aliases';
import { createEsClient } from '../indexing/es-client';
import { bulkIndex, createIndex, versionedIndexName } from '../indexing/versioned-index';
import { parquetPath, queryParquet } from '../io/parquet';
import { DataError } from '../io/errors';
import { defineAsset, type AssetContext } from './definition';
import { stagedPath } from './ingest';
import { PROPERTY_BLOCK_SOURCES } from './property-blocks';
import { aliasHoldsOutputs, publishIndex } from './index-outputs';

const COUNTRIES = ['England', 'Wales', 'Scotland'] as const;

// Each document also carries its GET /properties answer, ready to send (serving/routes/properties.ts):
// stored beside the document, out of its _source.
const MAPPING = {
  ...PROPERTIES_INDEX_MAPPING,
  _source: { excludes: [PROPERTY_RESPONSE_FIELD] },
  properties: {
    ...PROPERTIES_INDEX_MAPPING.properties,
    [PROPERTY_RESPONSE_FIELD]: PROPERTY_RESPONSE_MAPPING,
  },
};

interface JoinedRow {
  uprn: number;
  x_coord: number;
  y_coord: number;
  latitude: number;
  longitude: number;
  country: PropertyDocument['country'];
  epc_count: number | null;
  /** One column per PROPERTY_BLOCK_SOURCES key. */
  [block: string]: unknown;
}

export function toPropertyDocument(row: JoinedRow): PropertyDocument {
  const epcs = (row.epcs ?? null) as StoredEpcBlock | null;
  const area = (row.area ?? null) as StoredAreaBlock | null;
  // The EPC's own postcode first; else the one the area block resolved (nearest postcode centroid).
  const postcode = epcs?.epcs[0]?.postcode?.trim() || area?.admin_boundaries?.postcode?.trim() || null;
  const countryName = area?.admin_boundaries?.country_name;
  const blocks: PropertyDocument['blocks'] = { epcs };
  for (const { key } of PROPERTY_BLOCK_SOURCES)
    blocks[key] = (row[key] ?? null) as Record<string, unknown> | null;
  return {
    uprn: row.uprn,
    location: { lat: row.latitude, lon: row.longitude },
    x_coord: row.x_coord,
    y_coord: row.y_coord,
    postcode,
    country: row.country ?? COUNTRIES.find((c) => c === countryName) ?? null,
    epc_count: row.epc_count ?? 0,
    blocks,
  };
}

/**
 * A block table to join: a partitioned asset writes one file per partition, so when none of its partitions
 * held a UPRN there is no file, and read_parquet of the glob fails; that is an empty table, not an error.
 */
export function blockTable(path: string): string {
  // The partitioned block tables are all `<dir>/*.parquet` (PROPERTY_BLOCK_SOURCES).
  if (!path.includes('*')) return parquetPath(path);
  const dir = dirname(path);
  const any = existsSync(dir) && readdirSync(dir).some((f) => f.endsWith('.parquet'));
  return any ? parquetPath(path) : '(SELECT NULL::BIGINT AS uprn, NULL::JSON AS block WHERE false)';
}

/** Every staged UPRN with each block table's row, in UPRN order (the EPC table adds country and count). */
export function propertiesJoinSql(ctx: AssetContext): string {
  const uprns = parquetPath(stagedPath(ctx, 'os_open_uprn'));
  const epcIndex = PROPERTY_BLOCK_SOURCES.findIndex((s) => s.key === 'epcs');
  const columns = PROPERTY_BLOCK_SOURCES.map((s, i) => `b${i}.block AS "${s.key}"`).join(', ');
  const joins = PROPERTY_BLOCK_SOURCES.map(
    (s, i) => `LEFT JOIN ${blockTable(s.parquet(ctx))} b${i} USING (uprn)`,
  ).join(' ');
  return `SELECT u.*, b${epcIndex}.country, b${epcIndex}.epc_count, ${columns} FROM ${uprns} u ${joins} ORDER BY u.uprn`;
}

async function scalar(sql: string): Promise<number> {
  for await (const row of queryParquet(sql)) return Number(Object.values(row)[0]);
  return 0;
}

export const propertiesIndex = defineAsset({
  name: 'properties_index',
  kind: 'index',
  description: 'Elasticsearch documents per UPRN (alias <prefix>-properties), built from the derived tables',
  upstream: ['os_open_uprn', ...PROPERTY_BLOCK_SOURCES.map((s) => s.asset)],
  codeVersion: '3',
  owner: 'serving',
  cadence: 'monthly',
  // Up to date only while the alias still points at the index this materialisation built.
  outputsPresent: aliasHoldsOutputs(propertiesAlias),
  async materialize(ctx) {
    const uprns = parquetPath(stagedPath(ctx, 'os_open_uprn'));
    const epcTable = PROPERTY_BLOCK_SOURCES.find((s) => s.key === 'epcs')!;
    const blocks = parquetPath(epcTable.parquet(ctx));
    const expected = await scalar(`SELECT count(*) FROM ${uprns}`);
    if (expected === 0) throw new DataError('no UPRNs to index');
    const orphanBlocks = await scalar(
      `SELECT count(*) FROM ${blocks} WHERE uprn NOT IN (SELECT uprn FROM ${uprns})`,
    );

    const es = createEsClient(ctx.config.esUrl);
    try {
      const alias = propertiesAlias(ctx.config);
      const index = versionedIndexName(alias, ctx.runId);
      // DEFLATE for stored fields: each document carries its blocks and its rendered answer (~45 KB), and
      // best_compression stores them in a sixth of the space (207.6 → 35 MB for the 4,500-UPRN sample) for
      // ~0.2 ms more Elasticsearch CPU per GET (docs/performance.md).
      await createIndex(es, index, MAPPING, { codec: 'best_compression' });
      const sampleIds: string[] = [];
      const docs = (async function* () {
        for await (const row of queryParquet(propertiesJoinSql(ctx))) {
          const doc = toPropertyDocument(row as unknown as JoinedRow);
          if (sampleIds.length < 5 || doc.uprn % 997 === 0) sampleIds.push(String(doc.uprn));
          yield { ...doc, [PROPERTY_RESPONSE_FIELD]: prerenderProperty(doc) };
        }
      })();
      const result = await bulkIndex(es, index, docs, (d) => String(d.uprn), {
        onProgress: (n) => ctx.heartbeat({ indexed: n }),
      });
      await publishIndex(ctx, es, alias, index, result, {
        expectedCount: expected,
        sampleIds: sampleIds.slice(0, 50),
        what: 'documents',
      });
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
