// One EPC block per UPRN: its certificates joined with the recommendations, the ids of its statistics groups
// and, for a UPRN without certificates, its estimate. Partitioned per 10 km tile (keys: the tiles holding
// staged UPRNs, as the other block assets): a tile selects its UPRNs by coordinates and builds only their
// blocks, derived/uprn_epc_blocks/<tile>.parquet (a file per run of PDS_RUN_ROWS blocks past that). A UPRN
// with certificates but not in os_open_uprn (no coordinates) has no tile and no block; the properties
// documents never carried it.
//
// Incremental per UPRN: each row carries `input_digest`, an MD5 over everything its block is built from
// (its certificates' ids, dates and texts, their recommendations, its geography and estimate, which of its
// statistics groups exist, and this code's version), computed in DuckDB. A rebuild of the tile computes the
// digests first and builds in JavaScript only the blocks whose digest changed; the others are copied from the
// tile's previous file. A new month of certificates thus rebuilds the blocks of the UPRNs it touches.
//
// The statistics are not in the block: `epc_stats_groups` names each group by its stable id
// (statsGroupId: `postcode:SW6 1AA`), the statistics are stored once per group (epc_stats; the properties
// index stores each group's text once) and `epc_compare` is computed when serving. So a month that moves a
// country's means changes one group, not every block of the country.
import { existsSync } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { EPC_STATS_GROUPINGS, type EpcEstimate } from '../../../schemas/epc';
import { inTileSql, onGridSql, TILE_SIZE, tileBBox, tileName } from '../../geo/tiles';
import { rowHashSql } from '../../io/row-digest';
import {
  blockTextsPath,
  columnTypeOf,
  copyQueryToParquet,
  emptyRelation,
  hasColumn,
  openWriterFilledBy,
  parquetPath,
  writeFilledRuns,
  type ParquetTableWriter,
  type StagingScope,
  type WriterFill,
  runsRelation,
  countRows,
  queryRows,
  quoteString,
  uprnRanges,
  type ColumnSpec,
} from '../../io/parquet';
import { deltaFilesOf } from '../../io/delta-files';
import { pendingWriter, putFreshRows } from '../../io/fresh-rows';
import { halfRunRows, runFilesOf } from '../../io/run-files';
import { scratchFolder } from '../../io/scratch';
import { parquetColumnsFor } from '../../io/parquet-columns';
import { UprnEpcBlockRowSchema } from '../../../schemas/property-block-tables';
import { buildEpcBlock, latestCertificate, type UprnCertificate } from '../../transforms/epc/uprn-block';
import { STATS_KEY_COLUMNS, statsGroupIdSql, statsRowIdSql } from '../../transforms/epc/stats-group-id';
import { collectAfterBlocks } from '../../orchestration/collect-large-heap';
import { partitionOf, type AssetContext } from '../../orchestration/definition';
import { defineAsset } from '../define';
import {
  CERTIFICATE_TABLE_COLUMNS,
  EPC_CERTIFICATES_TABLE,
  derivedGlob,
  partitionedTable,
} from './epc-enhanced';
import {
  CERT_DIGEST_SQL,
  CERTIFICATES_BY_TILE,
  CERTIFICATES_BY_TILE_COLUMNS,
  distinctRecommendations,
  RECOMMENDATIONS_BY_TILE,
  RECOMMENDATIONS_JSON_SQL,
  recsDigestSql,
  tileBucketsVersion,
  tileRelation,
} from './epc-by-tile';
import { epcEstimatesPath, epcEstimatesRelation } from './epc-estimates';
import { EW_RECOMMENDATION_TABLE, ewStagedGlob } from './epc-raw';
import { EPC_LATEST_TABLE, EPC_STATS_TABLE, epcLatestVersion } from './epc-stats';
import { derivedPath, stagedPath } from '../../orchestration/ingest';
import { tilesHoldingUprns } from '../location/uprn-location-blocks';

export const UPRN_EPC_BLOCKS_TABLE = 'uprn_epc_blocks';
/** Every tile's file (readers join on this glob; `partitionedTable` copes with none). */
export const uprnEpcBlocksGlob = (ctx: Pick<AssetContext, 'config'>): string =>
  derivedGlob(ctx as AssetContext, UPRN_EPC_BLOCKS_TABLE);

/** The table's columns, the block typed (schemas/property-block-tables.ts UprnEpcBlockRowSchema). */
export const UPRN_EPC_BLOCK_COLUMNS: readonly ColumnSpec[] = parquetColumnsFor(UprnEpcBlockRowSchema);

/** The UPRNs of one 10 km tile (staged os_open_uprn, by coordinates, as the other block assets select). */
export function tileUprnsSql(ctx: AssetContext, tile: string): string {
  return `SELECT uprn FROM ${parquetPath(stagedPath(ctx, 'os_open_uprn'))} WHERE ${inTileSql(tile)}`;
}

/** Bumped with any change to what a block holds: every block's input digest changes with it. */
const BLOCK_VERSION = '9';

/**
 * The CTEs of a tile's UPRNs' geography (latest certificate, or estimate) with the ids of their statistics
 * groups that exist (epc_stats): `tile`, `geo`, `stats_ids`, `geo_stats`. `stats_ids` keeps only the groups
 * whose every key is one of the tile's (a semi-join a key column; the ids then match exactly): Great Britain
 * has ~1.5 M postcode groups, and naming them all for each of its ~17,000 tile and chunk queries cost ~180 ms
 * each (a synthetic 1.5 M-group table: ~50 ms this way).
 */
function geoSql(ctx: AssetContext, uprnsSql: string, tile?: string): string {
  const geoColumns =
    'uprn, postcode, outcode, local_authority_district_code, region_code, country, property_type';
  const groups = EPC_STATS_GROUPINGS.map(
    (g) =>
      `CASE WHEN ${statsGroupIdSql('g', g)} IN (SELECT id FROM stats_ids) THEN ${statsGroupIdSql('g', g)} END AS ${g.key}`,
  ).join(', ');
  return `
    tile AS (${uprnsSql}),
    geo AS (
      SELECT ${geoColumns}, NULL::JSON AS estimate
      FROM ${parquetPath(derivedPath(ctx, EPC_LATEST_TABLE))}
      WHERE ${tile === undefined ? '' : `${inTileSql(tile)} AND `}uprn IN (SELECT uprn FROM tile)
      UNION ALL
      SELECT ${geoColumns}, to_json(estimate) AS estimate FROM ${epcEstimatesRelation(ctx, tile)}
      WHERE uprn IN (SELECT uprn FROM tile)),
    stats_ids AS (SELECT ${statsRowIdSql('s')} AS id FROM ${parquetPath(derivedPath(ctx, EPC_STATS_TABLE))} s
      WHERE ${STATS_KEY_COLUMNS.map((c) => `(s.${c} IS NULL OR s.${c} IN (SELECT ${c} FROM geo))`).join(' AND ')}),
    geo_stats AS (SELECT g.uprn, g.country AS geo_country, g.estimate, ${groups} FROM geo g)`;
}

/**
 * The data version of what a tile's blocks read of epc_stats: which statistics groups exist among those its
 * UPRNs can name (geoSql's `stats_ids`: a group whose every key is among the tile's values of that key; a
 * block names its groups, never their figures). Every tile's at once (statsGroupsVersions), kept while the
 * files it was read from are the same.
 */
async function statsGroupsVersion(ctx: AssetContext, tile: string): Promise<string> {
  const latest = derivedPath(ctx, EPC_LATEST_TABLE);
  const stats = derivedPath(ctx, EPC_STATS_TABLE);
  const estimates = dirname(epcEstimatesPath(ctx, tile));
  // The estimates' folder by its own modification time: every file is renamed into it or removed from it, and
  // stating each file for each of ~1,900 tiles would be ~3.6 M calls a planning.
  const key = (
    await Promise.all(
      [latest, stats, estimates].map((f) =>
        stat(f).then(
          (s) => `${f} ${s.size} ${s.mtimeMs}`,
          () => f,
        ),
      ),
    )
  ).join('\n');
  if (groupVersions?.key !== key) {
    const versions = readdir(estimates)
      .catch(() => [] as string[])
      .then((files) =>
        statsGroupsVersions(
          latest,
          stats,
          files.filter((f) => /^[A-Z]{2}\d\d\.parquet$/.test(f)).map((f) => join(estimates, f)),
        ),
      );
    groupVersions = { key, versions };
    versions.catch(() => {
      if (groupVersions?.versions === versions) groupVersions = undefined;
    });
  }
  return (await groupVersions.versions).get(tile) ?? '0:0';
}

/** The statistics-group versions last computed in this process, by the files they were read from. */
let groupVersions: { key: string; versions: Promise<Map<string, string>> } | undefined;

/**
 * Every tile's statsGroupsVersion in one query: a group's keys are matched to the distinct values of each
 * tile's UPRNs (epc_latest's rows by their point, each tile's estimates), and a group counts for a tile when
 * all its keys matched. One query of a tile read the whole of epc_stats (~1.5 M groups for Great Britain) for
 * each of the ~1,900 tiles a refresh plans.
 */
async function statsGroupsVersions(
  latest: string,
  stats: string,
  estimates: readonly string[],
): Promise<Map<string, string>> {
  const keys = STATS_KEY_COLUMNS.join(', ');
  const cells = estimates.map((f) => {
    const b = tileBBox(basename(f, '.parquet'));
    return `(${quoteString(f)}, ${b.minX / TILE_SIZE}, ${b.minY / TILE_SIZE})`;
  });
  const estimatesGeo = cells.length
    ? `UNION ALL SELECT c.i, c.j, ${STATS_KEY_COLUMNS.map((k) => `e.${k}`).join(', ')}
       FROM read_parquet([${estimates.map(quoteString).join(', ')}], filename = true) e
       JOIN (VALUES ${cells.join(', ')}) c(file, i, j) ON c.file = e.filename`
    : '';
  const unpivot = (from: string, head: string) =>
    STATS_KEY_COLUMNS.map(
      (k) => `SELECT ${head}, '${k}' AS col, ${k}::VARCHAR AS v FROM ${from} WHERE ${k} IS NOT NULL`,
    ).join(' UNION ALL ');
  const rows = await queryRows(`
    WITH geo AS (
      SELECT floor(x_coord / ${TILE_SIZE})::BIGINT AS i, floor(y_coord / ${TILE_SIZE})::BIGINT AS j, ${keys}
      FROM ${parquetPath(latest)} WHERE ${onGridSql()}
      ${estimatesGeo}),
    vals AS (SELECT DISTINCT * FROM (${unpivot('geo', 'i, j')})),
    s AS (SELECT ${statsRowIdSql('s')} AS id, ${keys} FROM ${parquetPath(stats)} s),
    keyed AS (${unpivot('s', 'id')}),
    need AS (SELECT id, count(*) AS n FROM keyed GROUP BY id),
    matched AS (SELECT v.i, v.j, k.id, count(*) AS n FROM keyed k JOIN vals v USING (col, v) GROUP BY ALL)
    SELECT m.i, m.j, count(*) AS n, sum(${rowHashSql('m.id')})::VARCHAR AS h
    FROM matched m JOIN need USING (id) WHERE m.n = need.n GROUP BY ALL`);
  return new Map(rows.map((r) => [tileName(Number(r.i), Number(r.j)), `${r.n}:${r.h}`]));
}

/**
 * What a tile reads of the national EPC tables, as data versions (Partitioning.version): its rows of
 * epc_latest, its buckets, which of its statistics groups exist. A month of certificates elsewhere changes
 * none of them.
 */
const TILE_VERSIONS: Partial<Record<string, (ctx: AssetContext, tile: string) => Promise<string>>> = {
  [EPC_LATEST_TABLE]: (ctx, tile) => epcLatestVersion(ctx, [tile]),
  [EPC_STATS_TABLE]: statsGroupsVersion,
  epc_by_tile: tileBucketsVersion,
};

const RECOMMENDATION_COLUMNS: ColumnSpec[] = [
  'lmk_key',
  'improvement_item',
  'improvement_summary_text',
  'improvement_descr_text',
  'improvement_id',
  'indicative_cost',
].map((name) => ({ name, type: 'VARCHAR' }));

/**
 * The certificates and recommendations a tile reads: its own buckets (epc-by-tile.ts), or without a tile
 * the whole country's tables. Each certificate comes with its cert_digest.
 */
function certificateRelations(ctx: AssetContext, tile?: string): { certs: string; recs: string } {
  if (tile === undefined) {
    const recs = parquetPath(ewStagedGlob(ctx, EW_RECOMMENDATION_TABLE));
    return {
      certs: `(SELECT c.*, ${CERT_DIGEST_SQL} AS cert_digest, rd.recs_digest
        FROM ${partitionedTable(derivedGlob(ctx, EPC_CERTIFICATES_TABLE), CERTIFICATE_TABLE_COLUMNS)} c
        LEFT JOIN (${recsDigestSql(recs)}) rd ON rd.lmk_key = c.certificate_id)`,
      recs,
    };
  }
  return {
    certs: tileRelation(ctx, CERTIFICATES_BY_TILE, tile) ?? emptyRelation(CERTIFICATES_BY_TILE_COLUMNS),
    recs: tileRelation(ctx, RECOMMENDATIONS_BY_TILE, tile) ?? emptyRelation(RECOMMENDATION_COLUMNS),
  };
}

/** Every UPRN of `uprnsSql` with a certificate or an estimate, and the digest of what its block is built from. */
export function inputDigestsSql(ctx: AssetContext, uprnsSql: string, tile?: string): string {
  const { certs } = certificateRelations(ctx, tile);
  const groups = EPC_STATS_GROUPINGS.map((g) => `coalesce(gs.${g.key}, '')`).join(', ');
  // Only narrow columns: a certificate by its cert_digest and recs_digest (epc-by-tile.ts), never its texts
  // nor its recommendations'. A UPRN's certificates are summed as hashes, in no order: an ordered string_agg
  // was half the query (a 25,000-UPRN tile: ~280 against ~100 ms). A certificate delivered twice counts twice.
  return `
    WITH ${geoSql(ctx, uprnsSql, tile)},
    cd AS (
      SELECT uprn, certificate_id, country, lodged_at, cert_digest, recs_digest FROM ${certs}
      WHERE uprn IN (SELECT uprn FROM tile)),
    cert_digests AS (
      SELECT cd.uprn, sum(${rowHashSql(
        'cd.certificate_id',
        'cd.country',
        'cd.lodged_at',
        'cd.cert_digest',
        "CASE WHEN cd.country <> 'Scotland' THEN coalesce(cd.recs_digest, '') END",
      )})::VARCHAR AS d
      FROM cd GROUP BY cd.uprn)
    SELECT gs.uprn, md5(concat_ws(chr(31), '${BLOCK_VERSION}', coalesce(gs.geo_country, ''),
        coalesce(gs.estimate::VARCHAR, ''), ${groups}, coalesce(cert_digests.d, ''))) AS input_digest
    FROM geo_stats gs LEFT JOIN cert_digests USING (uprn)`;
}

/** What the JavaScript reads of a row of blockRowsSql: everything but the records' texts. */
interface BlockRow {
  /** The certificate's row in BLOCK_CERTS, where its records' texts stay; null without one. */
  row: number | null;
  uprn: number;
  geo_country: string | null;
  input_digest: string;
  country: UprnCertificate['country'];
  lodged_at: string | null;
  has_record: boolean | null;
  /** What the block reads of the enhanced record, in ENHANCED_FACTS order (json_extract_string's). */
  enhanced_facts: (string | null)[] | null;
  certificate_id: string | null;
  estimate: EpcEstimate | null;
  [statsKey: string]: unknown;
}

// A chunk's blocks are built in three steps on the writer's instance (stageChunk): the chunk's certificates,
// their records' texts included, into BLOCK_CERTS (chunkCertificatesSql); each block built in JavaScript from
// the facts of its rows (blockRowsSql, which carries no text) and its latest certificate's recommendations
// (latestRecommendationsSql), as its text without its records (BLOCK_SKELETONS, split where they go) and their
// order (BLOCK_RECORDS: the rows of BLOCK_CERTS holding them); the records spliced in as the writer stages
// the blocks (spliceSql, a query for each SPLICE_UPRNS of them). The records (~7 KB of raw and enhanced JSON a
// certificate) never enter JavaScript, nor go through the joins and the sort: read into JavaScript and appended
// back they were ~3 of a 25,000-UPRN tile's ~24 CPU-s with their garbage collection, and carried through the
// query's joins and sort a third of its cost.
const BLOCK_CERTS = 'block_certs';
const BLOCK_SKELETONS = 'block_skeletons';
const BLOCK_RECORDS = 'block_records';
/** The chunk's blocks' latest certificates, the only ones whose recommendations a block holds. */
const LATEST_CERTS = 'latest_certs';

/** What a build's chunks read: its UPRNs (`uprnsSql`), their input digests, the certificates' relations. */
interface BlockInputs {
  ctx: AssetContext;
  uprnsSql: string;
  digests: string;
  tile?: string;
  /** certificateRelations', resolved once a build (a tile's are found by listing its buckets' folders). */
  certs: string;
  recs: string;
}

/**
 * The certificates of the UPRNs of `uprnsSql` in `range` (BLOCK_CERTS), with their records' texts and what
 * the block reads of the enhanced record (ENHANCED_FACTS).
 */
function chunkCertificatesSql({ uprnsSql, certs }: BlockInputs, range: readonly [number, number]): string {
  // A constant range lets DuckDB skip the row groups of other UPRNs (the buckets are sorted by UPRN).
  return `
    SELECT c.uprn, c.country, c.lodged_at, c.raw::VARCHAR AS raw, c.enhanced::VARCHAR AS enhanced,
      c.enhanced IS NOT NULL AS has_record,
      json_extract_string(c.enhanced, ${ENHANCED_FACTS_PATHS}) AS enhanced_facts, c.certificate_id
    FROM ${certs} c
    WHERE c.uprn BETWEEN ${range[0]} AND ${range[1]} AND c.uprn IN (${uprnsSql})`;
}

/**
 * The UPRNs of `uprnsSql` in `range` with a certificate or an estimate, one row per certificate of
 * BLOCK_CERTS (`row`, its rowid), with their groups' ids and their input digest (from `digests`, a relation
 * of inputDigestsSql's rows), in UPRN order and a UPRN's in BLOCK_CERTS' (its buckets').
 */
function blockRowsSql(
  { ctx, uprnsSql, digests, tile }: BlockInputs,
  range: readonly [number, number],
): string {
  const groups = EPC_STATS_GROUPINGS.map((g) => `gs.${g.key}`).join(', ');
  const uprns = `SELECT uprn FROM (${uprnsSql}) WHERE uprn BETWEEN ${range[0]} AND ${range[1]}`;
  return `
    WITH ${geoSql(ctx, uprns, tile)}
    SELECT gs.uprn, gs.geo_country, gs.estimate, ${groups}, d.input_digest,
      c.rowid AS row, c.country, c.lodged_at, c.has_record, c.enhanced_facts, c.certificate_id
    FROM geo_stats gs
    JOIN ${digests} d ON d.uprn = gs.uprn
    LEFT JOIN ${BLOCK_CERTS} c ON c.uprn = gs.uprn
    ORDER BY gs.uprn, c.rowid`;
}

/** The recommendations of the certificates of LATEST_CERTS, by certificate (lmk_key), as JSON lists. */
function latestRecommendationsSql({ recs }: BlockInputs): string {
  return `
    SELECT lmk_key, ${RECOMMENDATIONS_JSON_SQL} AS recommendations
    FROM ${distinctRecommendations(recs, `SELECT certificate_id FROM ${LATEST_CERTS}`)} GROUP BY lmk_key`;
}

/**
 * The members of an enhanced record the block is built from: the latest certificate's lodgement date, and
 * the plain copies downstream joins read. Read in DuckDB (one JSON parse a certificate, in C); the record
 * itself is never parsed in JavaScript.
 */
const ENHANCED_FACTS = ['lodgement_date', 'postcode', 'tenure', 'energy_rating_current'] as const;
const ENHANCED_FACTS_PATHS = `[${ENHANCED_FACTS.map((f) => `'$.${f}'`).join(', ')}]`;

/** A block's row without its records (the text before and after them), as BLOCK_SKELETONS holds it. */
const SKELETON_COLUMNS: readonly ColumnSpec[] = [
  { name: 'uprn', type: 'BIGINT' },
  ...['country', 'postcode', 'tenure', 'energy_rating_current', 'input_digest', 'head', 'tail'].map(
    (name): ColumnSpec => ({ name, type: 'VARCHAR' }),
  ),
  { name: 'epc_count', type: 'BIGINT' },
];

/** A certificate of a block: its place `pos` in the block's lists, `row` its row in BLOCK_CERTS. */
const RECORD_COLUMNS: readonly ColumnSpec[] = ['uprn', 'pos', 'row'].map((name) => ({
  name,
  type: 'BIGINT',
}));

/** Where a stored block's records go: its two lists, written empty, one after the other. */
const EMPTY_RECORDS = '"epcs":[],"epcs_enhanced":[]';
const RECORDS_BETWEEN = '],"epcs_enhanced":[';

/**
 * `text` (a stored block's JSON, its `epcs` and `epcs_enhanced` written empty) split where their records go:
 * the block is `head`, the raw records, RECORDS_BETWEEN, the enhanced ones in the same order, `tail`.
 * EMPTY_RECORDS first appears as those members: the only members before them are two strings, which
 * JSON.stringify escapes.
 */
export function splitAtRecords(text: string): { head: string; tail: string } {
  const at = text.indexOf(EMPTY_RECORDS);
  if (at < 0) throw new Error('an EPC block without its lists of records');
  const open = EMPTY_RECORDS.indexOf('[') + 1;
  return { head: text.slice(0, at + open), tail: text.slice(at + EMPTY_RECORDS.length - 1) };
}

/**
 * The blocks of BLOCK_SKELETONS with their records spliced in from BLOCK_CERTS, in the skeletons' order, for
 * the UPRNs of `range`.
 */
const spliceSql = ([first, last]: readonly [number, number]): string => `
  SELECT s.uprn, s.country, s.epc_count, s.postcode, s.tenure, s.energy_rating_current, s.input_digest,
    concat(s.head, r.raws, '${RECORDS_BETWEEN}', r.enhanced, s.tail) AS block
  FROM ${BLOCK_SKELETONS} s LEFT JOIN (
    SELECT o.uprn, string_agg(coalesce(b.raw, 'null'), ',' ORDER BY o.pos) AS raws,
      string_agg(b.enhanced, ',' ORDER BY o.pos) AS enhanced
    FROM ${BLOCK_RECORDS} o JOIN ${BLOCK_CERTS} b ON b.rowid = o.row
    WHERE o.uprn BETWEEN ${first} AND ${last} AND b.uprn BETWEEN ${first} AND ${last}
    GROUP BY o.uprn) r ON r.uprn = s.uprn
  WHERE s.uprn BETWEEN ${first} AND ${last}
  ORDER BY s.rowid`;

/**
 * UPRNs a splice query takes (of a chunk's CHUNK_UPRNS): its join, aggregates, concatenation and sort each
 * hold a copy of its records' texts (~7 KB a certificate), where the chunk's certificates are held once.
 * ST76 at scale 20 (30,000 UPRNs) forced alone: 1,024 → 512, 596–638 → 560–590 MB at the same CPU; 256 saved
 * ~25 MB more for ~20 % more CPU (docs/national.md).
 */
const SPLICE_UPRNS = 512;

/**
 * The rows of a UPRN's certificates its block is built from. A certificate delivered twice (a month in two
 * files) counts once: the first row of its number. Only England and Wales certificates have a number of their
 * own (LMK_KEY); a Scottish certificate_id is the building's reference, shared by its successive certificates.
 */
function blockCertificates(group: readonly BlockRow[]): BlockRow[] {
  const seen = new Set<string>();
  return group.filter((r) => {
    if (!r.has_record) return false;
    if (r.certificate_id === null || r.country === 'Scotland') return true;
    if (seen.has(r.certificate_id)) return false;
    seen.add(r.certificate_id);
    return true;
  });
}

/**
 * A UPRN's block as BLOCK_SKELETONS holds it, and the rows of its certificates in the block's order, from its
 * rows (`group`) and those its block is built from (blockCertificates'); `recommendations` those of its latest
 * certificate (by certificate number).
 */
function toBlockRow(
  group: readonly BlockRow[],
  certificates: readonly BlockRow[],
  recommendations: ReadonlyMap<string, UprnCertificate['recommendations']>,
): { skeleton: Record<string, unknown>; rows: number[] } {
  const first = group[0]!;
  // The block is built with a stand-in object for each record (the enhanced one carrying ENHANCED_FACTS), by
  // which the order of the block's records gives the rows their texts are spliced from.
  const rowOf = new Map<object, number>();
  const standIns = certificates.map((r): UprnCertificate => {
    const raw = {};
    rowOf.set(raw, r.row!);
    const facts = r.enhanced_facts ?? [];
    const enhanced = Object.fromEntries(ENHANCED_FACTS.map((f, i) => [f, facts[i] ?? null]));
    rowOf.set(enhanced, r.row!);
    // The stand-in holds only ENHANCED_FACTS: all buildEpcBlock reads of a record it passes through.
    return {
      ...(r as unknown as UprnCertificate),
      raw,
      enhanced: enhanced as UprnCertificate['enhanced'],
      recommendations: recommendations.get(r.certificate_id ?? '') ?? null,
    };
  });
  const block = buildEpcBlock(standIns, { estimate: first.estimate })!;
  const rows = block.epcs.map((raw) => rowOf.get(raw)!);
  // The splice writes both lists in one order: buildEpcBlock lists a certificate's two records together.
  if (block.epcs_enhanced.some((enhanced, i) => rowOf.get(enhanced) !== rows[i]))
    throw new Error(`UPRN ${first.uprn}: the block's raw and enhanced records in different orders`);
  const latest = block.epcs_enhanced[0] as Record<string, unknown> | undefined;
  const text = (key: string) => (typeof latest?.[key] === 'string' ? latest[key] : null);
  // The stored block: the statistics by group id, in the place of the statistics and the comparison.
  const stored = {
    epc_country: block.epc_country,
    latest_lodgement_date: block.latest_lodgement_date,
    epcs: [],
    epcs_enhanced: [],
    epc_retrofit_recommendations: block.epc_retrofit_recommendations,
    epc_stats_groups: Object.fromEntries(EPC_STATS_GROUPINGS.map((g) => [g.key, first[g.key] ?? null])),
    epc_estimate: block.epc_estimate,
  };
  return {
    skeleton: {
      uprn: first.uprn,
      country: block.epc_country ?? first.geo_country,
      epc_count: block.epcs.length,
      // Plain copies of what downstream joins read, so they need not read the blocks.
      postcode: text('postcode'),
      tenure: text('tenure'),
      energy_rating_current: text('energy_rating_current'),
      input_digest: first.input_digest,
      ...splitAtRecords(JSON.stringify(stored)),
    },
    rows,
  };
}

/**
 * Stages the blocks of the UPRNs of `inputs` in `range` into `writer`, as the steps above say. A large chunk's
 * rows and skeletons in JavaScript (~40 MB of heap at 4,096 UPRNs) are garbage once their tables are made, and
 * are collected before the splices run: V8 otherwise kept them while DuckDB held the chunk's records and staged
 * their splices. ST17 and ST76 at scale 20 forced, two each alternating: 508–518 → 442–460 MB. A month's chunk
 * (its tile's changed UPRNs, ~1,100 at most here) is not collected (collectAfterBlocks).
 */
async function stageChunk(
  writer: ParquetTableWriter,
  inputs: BlockInputs,
  range: readonly [number, number],
): Promise<void> {
  await writer.stageBy(async (db) => {
    await db.createTableAs(BLOCK_CERTS, chunkCertificatesSql(inputs, range));
    const { splices, blocks } = await stageSkeletons(db, inputs, range);
    collectAfterBlocks(blocks);
    return splices;
  });
}

/**
 * The chunk's blocks built in JavaScript from the facts of BLOCK_CERTS' rows: their skeletons into
 * BLOCK_SKELETONS and their records' order into BLOCK_RECORDS. Returns the splice queries (SPLICE_UPRNS blocks
 * each) and how many blocks were built.
 */
async function stageSkeletons(
  db: StagingScope,
  inputs: BlockInputs,
  range: readonly [number, number],
): Promise<{ splices: string[]; blocks: number }> {
  // Each UPRN's rows, together in the query's order.
  const groups: BlockRow[][] = [];
  for await (const row of db.rows(blockRowsSql(inputs, range)) as AsyncGenerator<BlockRow>) {
    const group = groups.at(-1);
    if (group?.[0]!.uprn === row.uprn) group.push(row);
    else groups.push([row]);
  }
  const certificates = groups.map(blockCertificates);
  // Only the latest certificates' recommendations, the ones a block holds (about half the certificates).
  // None for a certificate of no known country, as the recommendations' join has always given (a block
  // built since would otherwise differ from one built before without its digest moving).
  const latest = certificates.flatMap((certs) => {
    const c = latestCertificate(certs);
    return c?.certificate_id && c.country !== null && c.country !== 'Scotland'
      ? [{ certificate_id: c.certificate_id }]
      : [];
  });
  await db.createTable(LATEST_CERTS, [{ name: 'certificate_id', type: 'VARCHAR' }], latest);
  const recommendations = new Map<string, UprnCertificate['recommendations']>();
  for await (const r of db.rows(latestRecommendationsSql(inputs)))
    recommendations.set(r.lmk_key as string, r.recommendations as UprnCertificate['recommendations']);
  const skeletons: Record<string, unknown>[] = [];
  const records: { uprn: number; pos: number; row: number }[] = [];
  groups.forEach((group, i) => {
    const { skeleton, rows } = toBlockRow(group, certificates[i]!, recommendations);
    skeletons.push(skeleton);
    rows.forEach((row, pos) => records.push({ uprn: group[0]!.uprn, pos, row }));
  });
  await db.createTable(BLOCK_SKELETONS, SKELETON_COLUMNS, skeletons);
  await db.createTable(BLOCK_RECORDS, RECORD_COLUMNS, records);
  const splices: string[] = [];
  for (let i = 0; i < groups.length; i += SPLICE_UPRNS) {
    const last = groups[Math.min(i + SPLICE_UPRNS, groups.length) - 1]!;
    splices.push(spliceSql([groups[i]![0]!.uprn, last[0]!.uprn]));
  }
  return { splices, blocks: groups.length };
}

/**
 * UPRNs a chunk's queries read at once: bounds their joins and the chunk's records whatever the tile's density.
 * A run's worth since the records stay in DuckDB (ST17 forced: 2,048 to 4,096, 16.3–17.3 → 15.2–16.1 CPU-s
 * for ~80 MB more at its peak: ~750 MB).
 */
const CHUNK_UPRNS = 4096;

/**
 * The blocks of the UPRNs `uprnsSql` selects, as the fills of runs of whole chunks (CHUNK_UPRNS, or a run's
 * blocks when fewer) of about halfRunRows() blocks, in UPRN order: an EPC block is ~15 KB, and a writer holds a
 * run's texts (~60 MB at 4,096).
 */
async function blockRuns(
  ctx: AssetContext,
  uprnsSql: string,
  digests: string,
  tile?: string,
): Promise<WriterFill[]> {
  const inputs: BlockInputs = { ctx, uprnsSql, digests, tile, ...certificateRelations(ctx, tile) };
  const runBlocks = halfRunRows();
  const size = Math.min(CHUNK_UPRNS, runBlocks);
  const ranges = await uprnRanges(uprnsSql, size);
  const perRun = Math.floor(runBlocks / size);
  const runs: WriterFill[] = [];
  for (let i = 0; i < ranges.length; i += perRun) {
    const chunks = ranges.slice(i, i + perRun);
    runs.push(async (writer) => {
      for (const range of chunks) await stageChunk(writer, inputs, range);
    });
  }
  return runs;
}

/**
 * The EPC blocks of the UPRNs `uprnsSql` selects (a query with a `uprn` column), written to `path`; a tile
 * partition passes its tile's UPRNs (tileUprnsSql). When `path` holds an earlier build (and the run is not
 * forced), only the blocks whose input digest changed are built again; the others are copied from it.
 */
export async function writeEpcBlocks(
  ctx: AssetContext,
  uprnsSql: string,
  path: string,
  tile?: string,
): Promise<{ rows: number; files: string[]; texts: string[]; built: number }> {
  const scratch = await scratchFolder(`${path}.work`);
  try {
    const digestsFile = join(scratch, 'digests.parquet');
    await copyQueryToParquet(inputDigestsSql(ctx, uprnsSql, tile), digestsFile);
    const digests = parquetPath(digestsFile);
    // `--force` builds every block again, as a code change does (BLOCK_VERSION is in every digest).
    // A file of JSON blocks (code version 7 and before) is not kept from: its rows are not this table's.
    const previousRuns = runFilesOf(path);
    const previous =
      !ctx.force &&
      previousRuns.length > 0 &&
      (await hasColumn(previousRuns[0]!, 'input_digest')) &&
      (await columnTypeOf(previousRuns[0]!, 'block'))?.startsWith('STRUCT') &&
      previousRuns.every((run) => existsSync(blockTextsPath(run)))
        ? runsRelation(path)!
        : null;
    const texts = { key: 'uprn' };
    if (previous === null) {
      // In runs (io/run-files.ts): a writer holds one run's blocks, not a tile's.
      const runs = await blockRuns(ctx, `SELECT uprn FROM ${digests}`, digests, tile);
      const written = await writeFilledRuns(path, UPRN_EPC_BLOCK_COLUMNS, runs, { texts });
      return { ...written, built: written.rows };
    }
    // Which blocks are kept and which built, written once: the counts, the chunk queries and the put below
    // all read them (as queries, each would read the tile's file again).
    const keptFile = join(scratch, 'kept.parquet');
    const changedFile = join(scratch, 'changed.parquet');
    const kept = await copyQueryToParquet(
      `SELECT p.uprn FROM ${previous} p
       WHERE (p.uprn, p.input_digest) IN (SELECT uprn, input_digest FROM ${digests}) ORDER BY p.uprn`,
      keptFile,
    );
    const keptUprns = `SELECT uprn FROM ${parquetPath(keptFile)}`;
    const changed = await copyQueryToParquet(
      `SELECT uprn FROM ${digests} EXCEPT ${keptUprns} ORDER BY uprn`,
      changedFile,
    );
    // Nothing to build and no UPRN gone: the file already holds every block as built now; it stays as it is.
    if (changed.rows === 0 && kept.rows === (await countRows(`SELECT uprn FROM ${previous}`))) {
      return {
        rows: kept.rows,
        files: [...previousRuns, ...deltaFilesOf(path)],
        texts: [...previousRuns.map(blockTextsPath), ...deltaFilesOf(blockTextsPath(path))],
        built: 0,
      };
    }
    const runs = await blockRuns(ctx, `SELECT uprn FROM ${parquetPath(changedFile)}`, digests, tile);
    const freshPath = join(scratch, 'fresh.parquet');
    // A month's few blocks: one writer, left open for putFreshRows to write them where they go (the tile's
    // delta, usually) rather than to a file copied there. Many blocks in runs, as a full build does: a change
    // to the enhancement's code rebuilds every block of a tile here, and one writer holding them all took a
    // 30,000-UPRN tile to 1.15 GB (a London tile's would not fit).
    const [fresh, built] =
      runs.length <= 1
        ? await openWriterFilledBy(freshPath, UPRN_EPC_BLOCK_COLUMNS, async (w) => runs[0]?.(w), {
            texts,
          }).then((w) => [pendingWriter(w), w.rowCount] as const)
        : await writeFilledRuns(freshPath, UPRN_EPC_BLOCK_COLUMNS, runs, { texts }).then(
            (r) => [r.files, r.rows] as const,
          );
    // A few changed blocks go to the tile's delta; many, or a UPRN gone, write the tile again.
    const written = await putFreshRows(path, UPRN_EPC_BLOCK_COLUMNS, {
      keptUprns,
      fresh,
      uprns: `SELECT uprn FROM ${digests}`,
    });
    return { ...written, built };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

export const uprnEpcBlocks = defineAsset({
  name: 'uprn_epc_blocks',
  kind: 'derived',
  description:
    'Per UPRN: certificates latest first (raw and enhanced), recommendations, the ids of its statistics groups, estimate; one Parquet file per 10 km tile',
  upstream: [
    'os_open_uprn',
    'epc_enhanced',
    'epc_england_wales_raw',
    'epc_latest',
    'epc_stats',
    'epc_estimates',
    'epc_by_tile',
  ],
  // 5: partitioned per 10 km tile (derived/uprn_epc_blocks/<tile>.parquet); 6: certificates read per tile.
  // 7: statistics by group id (epc_stats_groups), built per UPRN whose input digest changed.
  // 8: the block as typed nested columns (issue 20). 9: its texts kept beside the table (blockTextsPath).
  // 10: a large tile written in runs, a file each (io/run-files.ts). 11: certificates digested by a sum of
  // hashes. 12: those hashes of MD5s (io/row-digest.ts).
  codeVersion: '12',
  owner: 'epc',
  cadence: 'monthly',
  partitioning: {
    kind: 'bng-tile',
    keys: (ctx) => tilesHoldingUprns(ctx),
    // A tile reads its certificates from its buckets (epc_by_tile), never the source files' tables.
    reads: (_tile, upstream) => upstream !== 'epc_enhanced' && upstream !== 'epc_england_wales_raw',
    version: (ctx, tile, upstream) => TILE_VERSIONS[upstream]?.(ctx, tile),
  },
  async materialize(ctx) {
    const tile = partitionOf(ctx);
    const written = await writeEpcBlocks(
      ctx,
      tileUprnsSql(ctx, tile),
      derivedPath(ctx, `${UPRN_EPC_BLOCKS_TABLE}/${tile}`),
      tile,
    );
    // The single file of the unpartitioned asset (code version 4 and before) would only mislead.
    await rm(derivedPath(ctx, UPRN_EPC_BLOCKS_TABLE), { force: true });
    return {
      rows: written.rows,
      outputs: [...written.files, ...written.texts],
      metrics: { built: written.built, runs: written.files.length },
    };
  },
});
