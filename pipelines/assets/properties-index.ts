// The `properties` index: a document per OS Open UPRN address point with its prebuilt response blocks.
// A new versioned index per run; the alias moves only when the count and sample checks pass.
import { existsSync, readdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { PropertyDocument } from '../../schemas/index/properties';
import { PROPERTIES_INDEX_MAPPING } from '../../schemas/index/properties';
import { propertySource } from '../../serving/repository/stored-property';
import { propertiesAlias, sharedPiecesAlias } from '../indexing/aliases';
import { createEsClient } from '../indexing/es-client';
import { bulkIndex, createIndex, versionedIndexName } from '../indexing/versioned-index';
import { parquetPath, queryParquet } from '../io/parquet';
import { DataError } from '../io/errors';
import { defineAsset, type AssetContext } from './definition';
import { stagedPath } from './ingest';
import { PROPERTY_BLOCK_SOURCES } from './property-blocks';
import { aliasHoldsOutputs, publishIndex } from './index-outputs';

const COUNTRIES = ['England', 'Wales', 'Scotland'] as const;

/** The shared pieces (stored-property.ts SHARED): a text each, read by id, never searched. */
const SHARED_PIECES_MAPPING = {
  dynamic: 'strict',
  properties: { text: { type: 'object', enabled: false } },
} as const;
const SEEN_SHARED_MAX = 1_000_000;

/** A row of propertiesJoinSql: the UPRN, what the EPC and area blocks say of it, each block's JSON text. */
export interface JoinedRow {
  uprn: number;
  x_coord: number;
  y_coord: number;
  latitude: number;
  longitude: number;
  country: PropertyDocument['country'];
  epc_count: number | null;
  /** The latest certificate's postcode, the area block's postcode and country name. */
  epc_postcode: string | null;
  area_postcode: string | null;
  area_country: string | null;
  /** One column per PROPERTY_BLOCK_SOURCES key: the block's JSON text. */
  [block: string]: unknown;
}

export interface IndexedProperty {
  uprn: number;
  postcode: string | null;
  country: PropertyDocument['country'];
  /** The document as JSON text, ready for the bulk request. */
  source: string;
  /** The shared pieces it refers to, by id (stored once in the shared-pieces index). */
  shared: Map<string, string>;
}

/** The properties document of a joined row, built as text from the blocks' texts (none is parsed but area). */
export function indexedProperty(row: JoinedRow): IndexedProperty {
  // The EPC's own postcode first; else the one the area block resolved (nearest postcode centroid).
  const postcode = row.epc_postcode?.trim() || row.area_postcode?.trim() || null;
  const country = row.country ?? COUNTRIES.find((c) => c === row.area_country) ?? null;
  const blocks: Record<string, string | null> = {};
  for (const { key } of PROPERTY_BLOCK_SOURCES) {
    const text = (row[key] ?? null) as string | null;
    // The area block is assembled in DuckDB (uprn-area-blocks.ts), whose numbers are not JavaScript's
    // (263.0 for 263): its text is written again as the answers' JSON.stringify writes it. The other blocks
    // were written by JSON.stringify and are stored as they are.
    blocks[key] = key === 'area' && text !== null ? JSON.stringify(JSON.parse(text)) : text;
  }
  const { source, shared } = propertySource({
    uprn: row.uprn,
    x_coord: row.x_coord,
    y_coord: row.y_coord,
    latitude: row.latitude,
    longitude: row.longitude,
    postcode,
    country,
    epc_count: row.epc_count ?? 0,
    blocks,
  });
  return { uprn: row.uprn, postcode, country, source, shared };
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

/**
 * Every staged UPRN with each block table's block as JSON text, in UPRN order; the EPC table adds country
 * and count, and the postcodes and country name the document is queried by are read out of the EPC and
 * area blocks here.
 */
export function propertiesJoinSql(ctx: AssetContext): string {
  const uprns = parquetPath(stagedPath(ctx, 'os_open_uprn'));
  const epc = `b${PROPERTY_BLOCK_SOURCES.findIndex((s) => s.key === 'epcs')}`;
  const area = `b${PROPERTY_BLOCK_SOURCES.findIndex((s) => s.key === 'area')}`;
  const columns = PROPERTY_BLOCK_SOURCES.map((s, i) => `b${i}.block::VARCHAR AS "${s.key}"`).join(', ');
  const joins = PROPERTY_BLOCK_SOURCES.map(
    (s, i) => `LEFT JOIN ${blockTable(s.parquet(ctx))} b${i} USING (uprn)`,
  ).join(' ');
  return `SELECT u.*, ${epc}.country, ${epc}.epc_count,
    json_extract_string(${epc}.block, '$.epcs[0].postcode') AS epc_postcode,
    json_extract_string(${area}.block, '$.admin_boundaries.postcode') AS area_postcode,
    json_extract_string(${area}.block, '$.admin_boundaries.country_name') AS area_country,
    ${columns} FROM ${uprns} u ${joins} ORDER BY u.uprn`;
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
  codeVersion: '5',
  owner: 'serving',
  cadence: 'monthly',
  // Up to date only while the aliases still point at the indexes this materialisation built.
  outputsPresent: aliasHoldsOutputs(propertiesAlias, sharedPiecesAlias),
  async materialize(ctx) {
    const uprns = parquetPath(stagedPath(ctx, 'os_open_uprn'));
    const epcTable = PROPERTY_BLOCK_SOURCES.find((s) => s.key === 'epcs')!;
    const blocks = blockTable(epcTable.parquet(ctx));
    const expected = await scalar(`SELECT count(*) FROM ${uprns}`);
    if (expected === 0) throw new DataError('no UPRNs to index');
    const orphanBlocks = await scalar(
      `SELECT count(*) FROM ${blocks} WHERE uprn NOT IN (SELECT uprn FROM ${uprns})`,
    );

    const es = createEsClient(ctx.config.esUrl);
    try {
      const alias = propertiesAlias(ctx.config);
      const index = versionedIndexName(alias, ctx.runId);
      const shared = { alias: sharedPiecesAlias(ctx.config), index: '' };
      shared.index = versionedIndexName(shared.alias, ctx.runId);
      // best_compression for the stored pieces: a document's blocks are tens of KB of JSON text
      // (docs/performance.md).
      await createIndex(es, index, PROPERTIES_INDEX_MAPPING, { codec: 'best_compression' });
      await createIndex(es, shared.index, SHARED_PIECES_MAPPING, { codec: 'best_compression' });
      const sampleIds: string[] = [];
      let sharedPieces = 0;
      // Each shared piece goes in once, just before the first document that refers to it (the ids seen are
      // forgotten now and then to bound memory: a piece sent again is the same document again).
      const seen = new Set<string>();
      const docs = (async function* () {
        for await (const row of queryParquet(propertiesJoinSql(ctx))) {
          const doc = indexedProperty(row as unknown as JoinedRow);
          if (sampleIds.length < 5 || doc.uprn % 997 === 0) sampleIds.push(String(doc.uprn));
          for (const [id, text] of doc.shared) {
            if (seen.has(id)) continue;
            if (seen.size >= SEEN_SHARED_MAX) seen.clear();
            seen.add(id);
            sharedPieces += 1;
            yield { id, index: shared.index, source: JSON.stringify({ text }) };
          }
          yield { id: String(doc.uprn), index, source: doc.source };
        }
      })();
      const result = await bulkIndex(es, index, docs, (d) => d.id, {
        serialize: (d) => d.source,
        indexOf: (d) => d.index,
        onProgress: (n) => ctx.heartbeat({ indexed: n }),
      });
      await publishIndex(ctx, es, alias, index, result, {
        expectedCount: expected,
        sampleIds: sampleIds.slice(0, 50),
        what: 'documents',
        companions: [shared],
      });
      const documents = result.indexed - sharedPieces;
      return {
        rows: documents,
        outputs: [`elasticsearch:${index}`, `elasticsearch:${shared.index}`],
        metrics: {
          documents,
          shared_pieces: sharedPieces,
          with_epc: await scalar(`SELECT count(*) FROM ${blocks} WHERE uprn IN (SELECT uprn FROM ${uprns})`),
          epc_uprns_not_in_os_open_uprn: orphanBlocks,
        },
      };
    } finally {
      await es.close();
    }
  },
});
