// The `properties` index: a document per OS Open UPRN address point with its prebuilt response blocks,
// built per 10 km BNG tile (aligned with the per-UPRN block tables, so a worker holds one tile and the tiles
// fan out over every worker). Two ways to build:
// - a new versioned index, when there is none yet, its code changed, or the run is forced: every tile loads
//   into `<alias>-<run id>`, and when all are in, the alias moves in one call if the count and sample checks
//   pass (settle below);
// - in place, otherwise: the tiles whose inputs changed replace their documents in the live index and remove
//   those of UPRNs that left the tile; the other tiles are not touched. Each document is replaced whole, so a
//   reader sees it before or after, never half; a run that fails leaves every tile it did not reach as it was
//   (and the tiles it did, already updated).
// Either way a tile sends only the documents that changed: a digest per UPRN over what its document is built
// from (each block table's digest column: the EPC block names its statistics groups, whose texts are stored
// apart) is kept per index and tile (derived/properties_index_digests/<index>/<tile>.parquet, with the run
// that last indexed each UPRN: the record of which UPRNs a run changed), and only UPRNs whose digest moved
// are read into JavaScript and indexed. The EPC statistics groups are stored once each, under their stable ids, and
// written by the settle step from epc_stats when their row changed.
import { existsSync, readdirSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { PropertyDocument } from '../../../schemas/index/properties';
import { PROPERTIES_INDEX_MAPPING } from '../../../schemas/index/properties';
import { propertySourceParts } from '../../indexing/stored-property';
import { propertiesAlias, sharedPiecesAlias } from '../../indexing/aliases';
import { createEsClient } from '../../indexing/es-client';
import { aliasTargets, bulkIndex, ensureIndex, versionedIndexName } from '../../indexing/versioned-index';
import type { Client } from '@elastic/elasticsearch';
import { inTileSql, onGridSql } from '../../geo/tiles';
import {
  blockTextsPath,
  copyQueryToParquet,
  emptyRelation,
  hasColumn,
  parquetFiles,
  parquetPath,
  queryParquet,
  queryRows,
  queryParquetEach,
  holdBlobs,
  uprnRanges,
  type ColumnSpec,
} from '../../io/parquet';
import { deltaFilesOf, withDelta } from '../../io/delta-files';
import { statsGroupOf } from '../../transforms/epc/compare';
import { statsRowGroup, statsRowIdSql } from '../../transforms/epc/stats-group-id';
import { columnsHashSql } from '../../io/row-digest';
import { parquetColumnsFor } from '../../io/parquet-columns';
import { EpcStatsRowSchema } from '../../../schemas/epc';
import { DataError } from '../../io/errors';
import { isRunFileOf } from '../../io/run-files';
import { scratchFolder } from '../../io/scratch';
import { partitionOf, type AssetContext } from '../../orchestration/definition';
import { defineAsset } from '../define';
import { derivedPath, stagedPath } from '../../orchestration/ingest';
import { EPC_STATS_TABLE } from '../epc/epc-stats';
import { PROPERTY_BLOCK_SOURCES, type PropertyBlockSource } from './property-blocks';
import { duckdbType } from '../../io/nested-type';
import { aliasHoldsOutputs, swapAlias } from '../../orchestration/index-outputs';
import { tilesHoldingUprns } from '../location/uprn-location-blocks';

const COUNTRIES = ['England', 'Wales', 'Scotland'] as const;

/** The shared pieces (stored-property.ts SHARED): a text each, read by id, never searched. */
const SHARED_PIECES_MAPPING = {
  dynamic: 'strict',
  properties: { text: { type: 'object', enabled: false } },
} as const;

/** A row of joinedRows: the UPRN, what the EPC and area blocks say of it, each block's JSON text. */
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
  /**
   * The document as JSON text (UTF-8) in the parts it is made of, copied once into the bulk request (its
   * statistics groups by id: writeStatsGroups).
   */
  parts: readonly Uint8Array[];
  /** The pieces it holds by content (stored-property.ts CONTENT_SHARED), their texts by id. */
  shared: ReadonlyMap<string, string>;
}

/** The properties document of a joined row, built as text from the blocks' texts (none is parsed). */
export function indexedProperty(row: JoinedRow, tile?: string): IndexedProperty {
  // The EPC's own postcode first; else the one the area block resolved (nearest postcode centroid).
  const postcode = row.epc_postcode?.trim() || row.area_postcode?.trim() || null;
  const country = row.country ?? COUNTRIES.find((c) => c === row.area_country) ?? null;
  const blocks: Record<string, Uint8Array | null> = {};
  // Every block's text is JSON.stringify's (the area block's numbers too: uprn-area-blocks.ts), stored as is.
  for (const { key } of PROPERTY_BLOCK_SOURCES) blocks[key] = (row[key] ?? null) as Uint8Array | null;
  const { parts, shared } = propertySourceParts({
    uprn: row.uprn,
    x_coord: row.x_coord,
    y_coord: row.y_coord,
    latitude: row.latitude,
    longitude: row.longitude,
    postcode,
    country,
    epc_count: row.epc_count ?? 0,
    ...(tile === undefined ? {} : { tile }),
    blocks,
  });
  return { uprn: row.uprn, postcode, country, parts, shared };
}

/**
 * A block table to join, or its texts (blockTextsPath): a partitioned asset writes one file per partition,
 * so when none of its partitions held a UPRN there is no file, and read_parquet of the glob fails; that is
 * an empty table, not an error. With a tile, a table partitioned per tile (`<dir>/<tile>.parquet`) is read
 * from that tile's file alone; `fromDelta`, from its delta alone (sourcesInDelta).
 */
export function blockTable(
  source: PropertyBlockSource,
  path: string,
  tile?: string,
  part: 'table' | 'texts' = 'table',
  fromDelta = false,
  where?: string,
): string {
  const read = blockFiles(source, path, tile, part);
  if (read === null)
    return part === 'texts'
      ? '(SELECT NULL::BIGINT AS uprn, NULL::VARCHAR AS text WHERE false)'
      : `(SELECT NULL::BIGINT AS uprn, NULL::${duckdbType(source.type)} AS block, NULL::VARCHAR AS input_digest, NULL::VARCHAR AS block_digest WHERE false)`;
  return fromDelta && read.delta.length > 0
    ? withDelta(read.delta, [], '', 'uprn', where)
    : withDelta(read.files, read.delta, '', 'uprn', where);
}

/** The files of a block table (of one tile, when given) or of its texts, with its delta; null when none. */
function blockFiles(
  source: PropertyBlockSource,
  path: string,
  tile?: string,
  part: 'table' | 'texts' = 'table',
): { files: string[]; delta: string[] } | null {
  // `table`: the table's path or glob, whose delta (delta-files.ts) supersedes rows of `files`.
  const of = (files: readonly string[], table: string) => {
    if (part === 'texts')
      // A table written before its texts were kept beside it (an older build of the asset).
      for (const file of files)
        if (!file.includes('*') && !existsSync(blockTextsPath(file)))
          throw new DataError(
            `${source.asset}: ${file} has no block texts beside it; build it again (--force)`,
          );
    const read = part === 'texts' ? blockTextsPath : (file: string) => file;
    return { files: files.map(read), delta: deltaFilesOf(read(table)) };
  };
  // The partitioned block tables are all `<dir>/*.parquet` (PROPERTY_BLOCK_SOURCES).
  if (!path.includes('*')) return of([path], path);
  const dir = dirname(path);
  const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.parquet')) : [];
  if (tile !== undefined && files.length > 0) {
    // A table partitioned like this asset: the tile's own file (or its runs), or nothing when it has none.
    const own = files.filter((f) => isRunFileOf(f, tile)).sort();
    if (own.length > 0)
      return of(
        own.map((f) => `${dir}/${f}`),
        `${dir}/${tile}.parquet`,
      );
    if (files.every((f) => /^[A-Z]{2}\d{2}(\.\d+)?\.parquet$/.test(f))) return null;
  }
  return files.length > 0 ? of([path], path) : null;
}

/**
 * The sources (by key) whose every row the UPRNs of `only` (a query of UPRNs) have in the tile, in its table
 * and in its texts, is its delta's: a join of those UPRNs reads the delta alone. A month's changed documents
 * are mostly the UPRNs whose blocks it rebuilt, and reading a few hundred of them out of a tile's files
 * decompresses all of it (an EPC tile's texts: ~15 KB a UPRN). One query for every source: a tile's dozen
 * counts cost ~15 ms each, mostly their own set-up.
 */
export async function sourcesInDelta(
  ctx: AssetContext,
  sources: readonly PropertyBlockSource[],
  tile: string,
  only: string,
): Promise<Set<string>> {
  const tests: string[] = [];
  for (const source of sources) {
    const parts = (['table', 'texts'] as const).map((part) =>
      blockFiles(source, source.parquet(ctx), tile, part),
    );
    if (parts.some((read) => read === null || read.delta.length === 0)) continue;
    const outside = parts.map(
      (read) => `NOT EXISTS (SELECT uprn FROM ${parquetFiles(read!.files)} WHERE uprn IN (${only})
        EXCEPT SELECT uprn FROM ${parquetFiles(read!.delta)})`,
    );
    tests.push(`${outside.join(' AND ')} AS "${source.key}"`);
  }
  if (tests.length === 0) return new Set();
  const [row] = await queryRows(`SELECT ${tests.join(', ')}`);
  return new Set(Object.keys(row!).filter((key) => row![key] === true));
}

/**
 * Every staged UPRN (of one tile, when given) with each block's text as its writer serialised it (the
 * table's texts file); the EPC table adds country and count, and the postcodes and country name the document
 * is queried by are read out of the EPC and area blocks here. In no order: documents are indexed in any, and
 * sorting a 30,000-UPRN tile's texts 4,096 UPRNs at a time cost its worker ~80 MB more.
 *
 * Two queries, merged here by UPRN: the UPRNs with what is read out of the blocks (factsSql, a join of narrow
 * columns, or the rows of `facts`, a file of them written once for the tile: writeFacts), and every block
 * source's texts as one union of scans. Joined in DuckDB, each text went through a join's hash table: ~200 MB
 * of DuckDB's memory for 2,048 documents (~67 MB of texts), and the 12-way join planned again for every chunk;
 * a scan streams them a row group at a time. The texts stay in DuckDB's result chunks (holdBlobs), each copied
 * out as its document is built and the chunks freed when the range is done: copied into a map of buffers, a
 * range's texts outlived it as garbage until V8's next full collection, and ST76 at scale 20 peaked at 568–600
 * MB, 505–538 this way (docs/national.md).
 */
export async function* joinedRows(
  ctx: AssetContext,
  tile?: string,
  only?: string,
  range?: readonly [number, number],
  fromDelta?: ReadonlySet<string>,
  facts?: string,
): AsyncGenerator<JoinedRow> {
  const where = { tile, range, only, ...(fromDelta ? { fromDelta } : {}) };
  // Where each UPRN's texts are among the held result chunks, a reference per block source (-1: none).
  const at = new Map<number, number[]>();
  const texts = await holdBlobs(blockTextsSql(ctx, where), (uprn, source, ref) => {
    let refs = at.get(uprn);
    if (!refs) at.set(uprn, (refs = PROPERTY_BLOCK_SOURCES.map(() => -1)));
    refs[source] = ref;
  });
  try {
    // A range of the tile's facts is a small read: on the build's instance, not one of its own (~10 ms each).
    const rows =
      facts === undefined
        ? queryParquetEach([factsSql(ctx, where)])
        : queryParquet(
            `SELECT * FROM ${parquetPath(facts)}${range ? ` WHERE uprn BETWEEN ${range[0]} AND ${range[1]}` : ''}`,
          );
    for await (const row of rows) {
      const refs = at.get(row.uprn as number);
      PROPERTY_BLOCK_SOURCES.forEach((s, i) => (row[s.key] = refs ? texts.bytes(refs[i]!) : null));
      yield row as JoinedRow;
    }
  } finally {
    texts.release();
  }
}

/**
 * The staged UPRNs `where` selects with what their documents read out of the EPC and area blocks (READ_OUT).
 * Its cost is mostly fixed: ~90 ms a query on ST76 at scale 20 for 10 UPRNs or 2,048 alike (an instance of its
 * own, and each block table's files opened and their footers read: the EPC blocks' nine run files ~10 ms each),
 * so a tile of many chunks runs it once (writeFacts).
 */
function factsSql(ctx: AssetContext, where: BlockWhere): string {
  const uprns = parquetPath(stagedPath(ctx, 'os_open_uprn'));
  const epc = `b${PROPERTY_BLOCK_SOURCES.findIndex((s) => s.key === 'epcs')}`;
  const area = `b${PROPERTY_BLOCK_SOURCES.findIndex((s) => s.key === 'area')}`;
  const filter = blockFilter(where);
  return `SELECT u.*, ${epc}.country, ${epc}.epc_count, ${epc}.epc_postcode, ${area}.area_postcode,
    ${area}.area_country FROM (SELECT * FROM ${tileUprns(uprns, where.tile)} ${filter ? `WHERE ${filter}` : ''}) u
    ${blockJoins(ctx, (s) => READ_OUT[s.key] ?? null, where)}`;
}

/**
 * Writes factsSql's rows for the UPRNs of `only` in `tile` to `path`, sorted by UPRN, for joinedRows to read
 * a chunk's range from (ST76 at scale 20, 15 chunks: its fifteen joins ~1.6 CPU-s).
 */
export async function writeFacts(
  ctx: AssetContext,
  tile: string,
  only: string,
  fromDelta: ReadonlySet<string>,
  path: string,
): Promise<string> {
  await copyQueryToParquet(`${factsSql(ctx, { tile, only, fromDelta })} ORDER BY uprn`, path, {
    ownInstance: true,
  });
  return path;
}

/** Every block source's texts: `uprn`, `source` (its index in PROPERTY_BLOCK_SOURCES), `text` (UTF-8). */
function blockTextsSql(ctx: AssetContext, where: BlockWhere): string {
  return PROPERTY_BLOCK_SOURCES.map(
    (s, i) =>
      `SELECT uprn, ${i} AS source, encode(text) AS text FROM ${blockTable(s, s.parquet(ctx), where.tile, 'texts', where.fromDelta?.has(s.key), blockFilter(where))}`,
  ).join(' UNION ALL ');
}

/** What the join reads out of a block table besides the text: the EPC's country, count and latest postcode,
 * the area block's postcode and country name (what the document is queried by). */
const READ_OUT: Partial<Record<PropertyBlockSource['key'], readonly string[]>> = {
  // The latest certificate's postcode as the table keeps it beside the block: normalised (upper case, one
  // space), as GET /addresses asks for it, and read without the typed block's certificates (1.2 CPU-s for a
  // 30,000-UPRN tile).
  epcs: ['country', 'epc_count', 'postcode AS epc_postcode'],
  area: [
    'block.admin_boundaries.postcode AS area_postcode',
    'block.admin_boundaries.country_name AS area_country',
  ],
};

/** A run id as an SQL string literal. */
const runLiteral = (runId: string): string => `'${runId.replace(/'/g, "''")}'`;

/** The digest column of each input of a document: the UPRN's own row, then each block source's. */
const DIGEST_COLUMNS = ['d_uprn', ...PROPERTY_BLOCK_SOURCES.map((s) => `d_${s.key}`)];
/** A digests file's columns (digestsSql), given to its copy so it is not planned twice to learn them. */
const DIGESTS_FILE_COLUMNS: readonly ColumnSpec[] = [
  { name: 'uprn', type: 'BIGINT' },
  ...['digest', 'indexed_run', ...DIGEST_COLUMNS, 'built_from'].map((name) => ({
    name,
    type: 'VARCHAR' as const,
  })),
];

/**
 * Every UPRN of the tile with the digest of what its document is built from (one per input, `d_*`, and their
 * digest), the run that last indexed it (`runId` when the digest differs from the previous build's, or there
 * is none) and the upstream builds it was computed from (`built_from`, the same on every row). With a
 * previous digests file, an input whose upstream build is the one it names is not read again: its digests
 * are the previous ones. Each block source is compared by its digest column (PROPERTY_BLOCK_SOURCES), so
 * no block is read.
 */
export function digestsSql(
  ctx: AssetContext,
  tile: string,
  runId: string,
  previous?: { path: string; builtFrom: Readonly<Record<string, string>> },
): string {
  const uprns = parquetPath(stagedPath(ctx, 'os_open_uprn'));
  const upstream = ctx.upstream ?? {};
  const same = (asset: string) =>
    previous !== undefined && upstream[asset] !== undefined && previous.builtFrom[asset] === upstream[asset];
  const own = same('os_open_uprn')
    ? 'p.d_uprn'
    : 'md5(concat_ws(chr(31), u.uprn, u.x_coord, u.y_coord, u.latitude, u.longitude))';
  const columns = [
    `${own} AS d_uprn`,
    ...PROPERTY_BLOCK_SOURCES.map((s, i) => {
      const column = `d_${s.key}`;
      return same(s.asset) ? `p.${column} AS ${column}` : `coalesce(b${i}.digest, '') AS ${column}`;
    }),
  ];
  // Only the block tables whose digests are computed are joined.
  const joins = blockJoins(ctx, (s) => (same(s.asset) ? null : [`${s.digest} AS digest`]), { tile });
  const builtFrom = JSON.stringify(
    Object.fromEntries(
      ['os_open_uprn', ...PROPERTY_BLOCK_SOURCES.map((s) => s.asset)].map((a) => [a, upstream[a] ?? null]),
    ),
  ).replace(/'/g, "''");
  const digestOf = `md5(concat_ws(chr(31), ${DIGEST_COLUMNS.join(', ')}))`;
  const run = runLiteral(runId);
  // The same upstream builds on every row, added after the sort: in it, each row carried its own copy.
  const withBuiltFrom = (sorted: string) => `SELECT *, '${builtFrom}' AS built_from FROM (${sorted})`;
  if (previous === undefined)
    return withBuiltFrom(`SELECT uprn, ${digestOf} AS digest, ${run} AS indexed_run, ${DIGEST_COLUMNS.join(', ')}
      FROM (SELECT u.uprn, ${columns.join(', ')} FROM ${tileUprns(uprns, tile)} u ${joins})
      ORDER BY uprn`);
  // The previous file joined once, its digest and run carried beside the inputs: a UPRN whose every input
  // digest is the previous one keeps its digest without another MD5 (all but a month's few).
  const unchanged = DIGEST_COLUMNS.map((c) => `${c} IS NOT DISTINCT FROM p_${c}`).join(' AND ');
  return withBuiltFrom(`SELECT uprn, digest,
      CASE WHEN digest = p_digest THEN p_indexed_run ELSE ${run} END AS indexed_run, ${DIGEST_COLUMNS.join(', ')}
    FROM (SELECT *, CASE WHEN p_digest IS NOT NULL AND ${unchanged} THEN p_digest ELSE ${digestOf} END AS digest
      FROM (SELECT u.uprn, ${columns.join(', ')}, p.digest AS p_digest, p.indexed_run AS p_indexed_run,
          ${DIGEST_COLUMNS.map((c) => `p.${c} AS p_${c}`).join(', ')}
        FROM ${tileUprns(uprns, tile)} u LEFT JOIN ${parquetPath(previous.path)} p USING (uprn) ${joins}))
    ORDER BY uprn`);
}

/** The upstream builds a digests file was computed from; null when it predates `built_from`. */
async function builtFromOf(path: string): Promise<Record<string, string> | null> {
  if (!(await hasColumn(path, 'built_from'))) return null;
  const [row] = await queryRows(`SELECT built_from FROM ${parquetPath(path)} LIMIT 1`);
  return row ? (JSON.parse(String(row.built_from)) as Record<string, string>) : {};
}

/** Where the digests are kept: a folder per index (removed with it), a file per tile. */
const digestsRoot = (ctx: AssetContext): string => dirname(derivedPath(ctx, 'properties_index_digests/x'));
const digestsPath = (ctx: AssetContext, index: string, tile: string): string =>
  derivedPath(ctx, `properties_index_digests/${index}/${tile}`);

/**
 * Every block table joined to the UPRNs `u` by UPRN, as `b0`, `b1`, … in PROPERTY_BLOCK_SOURCES order, each
 * with the `columns` it gives (none: not joined). Only those columns are joined, never the typed block: a
 * join carrying thousands of nested columns cost ~10 times as much, most of it whatever the number of rows.
 * With a range, each table is read for it alone (the tables are sorted by UPRN: only its row groups are read);
 * with `only` (a query of UPRNs, the ones a month changed), each table is cut to them before it is joined.
 */
function blockJoins(
  ctx: AssetContext,
  columns: (source: PropertyBlockSource) => readonly string[] | null,
  where: BlockWhere,
): string {
  return PROPERTY_BLOCK_SOURCES.map((s, i) => {
    const selected = columns(s);
    if (selected === null) return '';
    const read = `SELECT uprn, ${selected.join(', ')} FROM ${blockTable(s, s.parquet(ctx), where.tile, 'table', where.fromDelta?.has(s.key), blockFilter(where))}`;
    return `LEFT JOIN (${read}) b${i} USING (uprn)`;
  }).join(' ');
}

/** Which rows of the block tables are read: a tile's, within a range of UPRNs, of the UPRNs `only` selects. */
interface BlockWhere {
  tile?: string;
  range?: readonly [number, number];
  only?: string;
  /** The sources whose delta holds every row of `only` (sourcesInDelta): read from it alone. */
  fromDelta?: ReadonlySet<string>;
}

/** The filter of a table's rows by UPRN, pushed into its scan (the block tables are sorted by UPRN). */
function blockFilter({ range, only }: BlockWhere): string | undefined {
  const filters = [
    ...(range ? [`uprn BETWEEN ${range[0]} AND ${range[1]}`] : []),
    ...(only === undefined ? [] : [`uprn IN (${only})`]),
  ];
  return filters.length ? filters.join(' AND ') : undefined;
}

/** The staged UPRNs of a tile (half-open, as tileOf assigns them), or all of them. */
function tileUprns(uprns: string, tile?: string): string {
  if (tile === undefined) return uprns;
  return `(SELECT * FROM ${uprns} WHERE ${inTileSql(tile)})`;
}

async function scalar(sql: string): Promise<number> {
  const [row] = await queryRows(sql);
  return row ? Number(Object.values(row)[0]) : 0;
}

/** The indexes a run loads: the live ones (in place), or new ones named for the run. */
interface Targets {
  properties: { alias: string; index: string };
  shared: { alias: string; index: string };
  inPlace: boolean;
}

async function targets(ctx: AssetContext, es: Client, codeVersion: string): Promise<Targets> {
  const alias = propertiesAlias(ctx.config);
  const sharedAlias = sharedPiecesAlias(ctx.config);
  const [live, liveShared] = [await aliasTargets(es, alias), await aliasTargets(es, sharedAlias)];
  if (!ctx.force && live.length === 1 && liveShared.length === 1) {
    const mapping = await es.indices.getMapping({ index: live[0]! });
    const meta = Object.values(mapping)[0]?.mappings?._meta as { code_version?: string } | undefined;
    if (meta?.code_version === codeVersion)
      return {
        properties: { alias, index: live[0]! },
        shared: { alias: sharedAlias, index: liveShared[0]! },
        inPlace: true,
      };
  }
  return {
    properties: { alias, index: versionedIndexName(alias, ctx.runId) },
    shared: { alias: sharedAlias, index: versionedIndexName(sharedAlias, ctx.runId) },
    inPlace: false,
  };
}

/** The ids of an index's documents that match a query (scrolled: a tile may hold a million). */
async function idsMatching(es: Client, index: string, query: object): Promise<Set<string>> {
  const ids = new Set<string>();
  let page = await es.search({ index, scroll: '1m', size: 5000, _source: false, query: query as never });
  while (page.hits.hits.length > 0) {
    for (const hit of page.hits.hits) ids.add(hit._id!);
    page = await es.scroll({ scroll_id: page._scroll_id!, scroll: '1m' });
  }
  if (page._scroll_id) await es.clearScroll({ scroll_id: page._scroll_id }).catch(() => undefined);
  return ids;
}

/** Deletes documents by id, in bulk requests of at most 10,000. */
async function deleteIds(es: Client, index: string, ids: Iterable<string>): Promise<number> {
  const all = [...ids];
  for (let i = 0; i < all.length; i += 10_000)
    await es.bulk({
      operations: all.slice(i, i + 10_000).map((id) => ({ delete: { _index: index, _id: id } })),
    });
  return all.length;
}

// 7: statistics groups stored under stable ids, epc_compare computed when serving, digests per tile.
// 8: documents rendered from the blocks' typed columns (issue 20). The documents built from the block
// texts since are the same.
// 9: area_attributes stored member by member (SPLIT in the order the area block writes it).
// 10: pieces many UPRNs repeat stored once by content in the shared pieces (CONTENT_SHARED).
const CODE_VERSION = '10';
/**
 * Documents read and sent at once. The chunk's texts are the largest thing a worker holds while it indexes
 * (~33 KB a document): ST76 at scale 20 (30,000 UPRNs) peaked at ~570 MB with 2,048, ~740 with 4,096 for a
 * few per cent less CPU (each chunk's two queries open an instance each and read the footers; docs/national.md),
 * 505–538 with 2,048 since the texts stay in DuckDB's chunks (joinedRows).
 */
const CHUNK_UPRNS = 2048;

export const propertiesIndex = defineAsset({
  name: 'properties_index',
  kind: 'index',
  description:
    'Elasticsearch documents per UPRN (alias <prefix>-properties), built from the derived tables per 10 km tile',
  upstream: ['os_open_uprn', 'epc_stats', ...PROPERTY_BLOCK_SOURCES.map((s) => s.asset)],
  codeVersion: CODE_VERSION,
  owner: 'serving',
  cadence: 'monthly',
  // Up to date only while the aliases still point at the indexes this materialisation loaded.
  outputsPresent: aliasHoldsOutputs(propertiesAlias, sharedPiecesAlias),
  partitioning: {
    kind: 'bng-tile',
    keys: (ctx) => tilesHoldingUprns(ctx),
    // A tile's documents name their statistics groups (in the EPC block); the groups' figures are written
    // by the settle step, which a new epc_stats therefore runs again whatever the tiles did.
    reads: (_tile, upstream) => upstream !== EPC_STATS_TABLE,
    settleReads: [EPC_STATS_TABLE],
    settle: (ctx, keys, partitions) => publishTiles(ctx, keys, partitions),
  },
  async materialize(ctx) {
    const tile = partitionOf(ctx);
    const es = createEsClient(ctx.config.esUrl);
    try {
      const { properties, shared, inPlace } = await targets(ctx, es, CODE_VERSION);
      // best_compression for the stored pieces: a document's blocks are tens of KB of JSON text
      // (docs/performance.md).
      const settings = { codec: 'best_compression', shards: ctx.config.esShards } as const;
      await ensureIndex(
        es,
        properties.index,
        { ...PROPERTIES_INDEX_MAPPING, _meta: { code_version: CODE_VERSION } },
        settings,
      );
      await ensureIndex(es, shared.index, SHARED_PIECES_MAPPING, settings);
      // What this tile's documents are built from, against what the index holds (its digests), so only the
      // UPRNs whose document changed are read and sent; a tile the index has no digests for is sent whole.
      const current = digestsPath(ctx, properties.index, tile);
      const previousBuilt = inPlace && existsSync(current) ? await builtFromOf(current) : null;
      const previous = previousBuilt === null ? undefined : { path: current, builtFrom: previousBuilt };
      const next = `${current}.${ctx.runId}.next`;
      const all = await copyQueryToParquet(digestsSql(ctx, tile, ctx.runId, previous), next, {
        columns: DIGESTS_FILE_COLUMNS,
        ownInstance: true,
      });
      const changed = `SELECT uprn FROM ${parquetPath(next)} WHERE indexed_run = ${runLiteral(ctx.runId)}`;
      // UPRNs that left the tile (retired, or moved): their documents go too.
      const gone = new Set<string>();
      if (previous !== undefined)
        for await (const row of queryParquet(
          `SELECT uprn FROM ${parquetPath(previous.path)} EXCEPT SELECT uprn FROM ${parquetPath(next)}`,
        ))
          gone.add(String(row.uprn));
      else if (inPlace)
        for (const id of await idsMatching(es, properties.index, { term: { tile } })) gone.add(id);
      let documents = 0;
      // CHUNK_UPRNS documents at a time: a tile's blocks are tens of KB a UPRN, too many to sort at once
      // within a worker's memory limit.
      const ranges = await uprnRanges(changed, CHUNK_UPRNS);
      const fromDelta =
        ranges.length > 0
          ? await sourcesInDelta(ctx, PROPERTY_BLOCK_SOURCES, tile, changed)
          : new Set<string>();
      // The pieces stored by content go to the shared pieces, each once a tile, ahead of the first document
      // that refers to it (in the same bulk requests, which Elasticsearch applies in order).
      const written = new Set<string>();
      const docs = (async function* (): AsyncGenerator<{
        id: string;
        index: string;
        source: string | readonly Uint8Array[];
      }> {
        // A tile of several chunks reads what its documents take out of the blocks once (writeFacts); the
        // scratch folder goes when the load stops reading, whether it finished or failed.
        const scratch = ranges.length > 1 ? await scratchFolder(current) : undefined;
        try {
          const facts =
            scratch && (await writeFacts(ctx, tile, changed, fromDelta, join(scratch, 'facts.parquet')));
          for (const range of ranges)
            for await (const row of joinedRows(ctx, tile, changed, range, fromDelta, facts)) {
              const doc = indexedProperty(row, tile);
              for (const [id, text] of doc.shared)
                if (!written.has(id)) {
                  written.add(id);
                  yield { id, index: shared.index, source: JSON.stringify({ text }) };
                }
              gone.delete(String(doc.uprn));
              documents += 1;
              yield { id: String(doc.uprn), index: properties.index, source: doc.parts };
            }
        } finally {
          if (scratch) await rm(scratch, { recursive: true, force: true });
        }
      })();
      const result = await bulkIndex(es, properties.index, docs, (d) => d.id, {
        indexOf: (d) => d.index,
        serialize: (d) => d.source,
        onProgress: (n) => ctx.heartbeat({ tile, indexed: n }),
      });
      if (result.failed.length) {
        await rm(next, { force: true });
        throw new DataError(
          `${result.failed.length} documents rejected, first: ${JSON.stringify(result.failed[0])}`,
        );
      }
      const removed = await deleteIds(es, properties.index, gone);
      // The digests now describe what the index holds for the tile.
      await rename(next, current);
      return {
        rows: documents,
        outputs: [`elasticsearch:${properties.index}`, `elasticsearch:${shared.index}`],
        metrics: {
          documents,
          unchanged: all.rows - documents,
          pieces_shared: written.size,
          removed,
          in_place: inPlace ? 1 : 0,
        },
      };
    } finally {
      await es.close();
    }
  },
});

/**
 * When every tile is in: a new index gets its replicas, is checked (one document per UPRN of the tiles, a
 * sample of them present) and replaces the live one in one alias call; an index updated in place is made
 * visible, loses the documents of tiles that no longer hold UPRNs, and is checked the same way.
 */
async function publishTiles(
  ctx: AssetContext,
  keys: readonly string[],
  partitions: readonly { outputs: string[] }[],
): Promise<{ outputs: string[]; metrics: Record<string, number> }> {
  const outputs = [...new Set(partitions.flatMap((p) => p.outputs))];
  const named = (alias: string) =>
    outputs.map((o) => o.replace(/^elasticsearch:/, '')).filter((i) => i.startsWith(`${alias}-`));
  const alias = propertiesAlias(ctx.config);
  const sharedAlias = sharedPiecesAlias(ctx.config);
  const [index, ...others] = named(alias);
  const [sharedIndex] = named(sharedAlias);
  // Tiles loaded into different indexes (a run interrupted between a rebuild and an update): rebuild.
  if (!index || others.length || !sharedIndex)
    throw new DataError(
      `properties_index: tiles are in different indexes (${outputs.join(', ')}); run with --force`,
    );
  // The keys are every tile holding a staged UPRN (tilesHoldingUprns): one document per UPRN on the grid.
  const onGrid = `(SELECT uprn FROM ${parquetPath(stagedPath(ctx, 'os_open_uprn'))}
    WHERE ${onGridSql()})`;
  const expected = await scalar(`SELECT count(*) FROM ${onGrid}`);
  if (expected === 0) throw new DataError('no UPRNs to index');
  const sampleIds: string[] = [];
  for await (const row of queryParquet(
    `SELECT uprn FROM ${onGrid} ORDER BY (uprn % 997 = 0) DESC, uprn LIMIT 50`,
  ))
    sampleIds.push(String(row.uprn));
  const es = createEsClient(ctx.config.esUrl);
  try {
    // The statistics groups whose text changed, under their ids, whether or not a document of them changed.
    const stats = await writeStatsGroups(ctx, es, index, sharedIndex);
    const live = await aliasTargets(es, alias);
    let removed = 0;
    if (live.includes(index)) {
      // Documents of tiles that hold no UPRN any more (the integ-test distribution has no delete-by-query).
      await es.indices.refresh({ index });
      const gone = await idsMatching(es, index, { bool: { must_not: [{ terms: { tile: [...keys] } }] } });
      removed = await deleteIds(es, index, gone);
      await es.indices.refresh({ index: [index, sharedIndex] });
      const { count } = await es.count({ index });
      if (count !== expected)
        throw new DataError(
          `index ${index}: ${count} documents after the update, expected ${expected}; run with --force to rebuild it`,
        );
    } else {
      await swapAlias(ctx, es, alias, index, { expectedCount: expected, sampleIds }, [
        { alias: sharedAlias, index: sharedIndex },
      ]);
    }
    await pruneDigests(ctx, index);
    return {
      outputs: [`elasticsearch:${index}`, `elasticsearch:${sharedIndex}`],
      metrics: {
        documents: expected,
        removed_with_their_tiles: removed,
        stats_groups: stats.groups,
        stats_groups_written: stats.written,
      },
    };
  } finally {
    await es.close();
  }
}

/**
 * The digest of each statistics group's row as the shared-pieces index paired with the properties index
 * `index` holds it, by group id (a folder below the tiles' digests: not one of them, and gone with its index).
 */
const statsDigestsPath = (ctx: AssetContext, index: string): string =>
  derivedPath(ctx, `properties_index_digests/${index}/stats/groups`);

/** Bumped with any change to how a stored group is made from its row (statsGroupOf): every group is written again. */
const STATS_TEXT_VERSION = '2';
const STATS_COLUMNS = parquetColumnsFor(EpcStatsRowSchema);
const STATS_DIGEST_COLUMNS: ColumnSpec[] = [
  { name: 'id', type: 'VARCHAR' },
  { name: 'digest', type: 'VARCHAR' },
];

/**
 * Writes the groups of epc_stats into the shared-pieces index `sharedIndex` under their ids (statsGroupId),
 * as the blocks hold them (assembleStats): those it does not hold yet, by a digest of each group's row kept
 * beside the properties index `index`'s digests (a month moves the statistics of the postcodes it touches;
 * Great Britain has ~1.8 M groups). The ids and digests are computed in DuckDB, so only the groups to write
 * are read into JavaScript and made text (all 7,409 of scale 20, made text and digested there, cost a release
 * ~0.45 CPU-s). Returns how many groups there are and how many were written.
 */
async function writeStatsGroups(
  ctx: AssetContext,
  es: Client,
  index: string,
  sharedIndex: string,
): Promise<{ groups: number; written: number }> {
  const path = derivedPath(ctx, EPC_STATS_TABLE);
  if (!existsSync(path)) return { groups: 0, written: 0 };
  const digestsFile = statsDigestsPath(ctx, index);
  const groups = `(SELECT s.*, ${statsRowIdSql('s')} AS "#id",
      '${STATS_TEXT_VERSION}:' || ${columnsHashSql(STATS_COLUMNS, 's')}::VARCHAR AS "#digest"
    FROM ${parquetPath(path)} s)`;
  const held = existsSync(digestsFile) ? parquetPath(digestsFile) : emptyRelation(STATS_DIGEST_COLUMNS);
  const pieces = (async function* () {
    for await (const row of queryParquet(`SELECT * EXCLUDE ("#id", "#digest") FROM ${groups} g
        WHERE "#id" IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM ${held} h WHERE h.id = g."#id" AND h.digest = g."#digest")`)) {
      const group = statsRowGroup(row);
      if (group) yield { id: group.id, text: JSON.stringify(statsGroupOf(group.grouping, row)) };
    }
  })();
  const result = await bulkIndex(es, sharedIndex, pieces, (p) => p.id, {
    serialize: (p) => JSON.stringify({ text: p.text }),
  });
  if (result.failed.length)
    throw new DataError(
      `${result.failed.length} statistics groups rejected, first: ${JSON.stringify(result.failed[0])}`,
    );
  // Only once the index holds them: a failed write leaves the old digests, so the next run writes again.
  const written = await copyQueryToParquet(
    `SELECT "#id" AS id, "#digest" AS digest FROM ${groups} WHERE "#id" IS NOT NULL`,
    digestsFile,
    { columns: STATS_DIGEST_COLUMNS },
  );
  return { groups: written.rows, written: result.indexed };
}

/** Removes the digests of indexes other than `index` (they went with their index). */
async function pruneDigests(ctx: AssetContext, index: string): Promise<void> {
  const root = digestsRoot(ctx);
  if (!existsSync(root)) return;
  for (const name of readdirSync(root))
    if (name !== index) await rm(`${root}/${name}`, { recursive: true, force: true });
}
