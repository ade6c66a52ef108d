// Certificates and their recommendations bucketed by the 10 km BNG tile of their UPRN, so that a tile of the
// EPC blocks reads its own rows instead of scanning the whole country's (which made the blocks' cost grow
// with tiles × certificates). Partitioned like epc_enhanced (per source file, plus Scotland): each partition
// splits its own certificates in one DuckDB pass and writes `<table>/<tile>/<key>.parquet` (or, past half
// PDS_RUN_ROWS certificates, a pass and a file per run of UPRN ranges), so a new month's file re-buckets only
// itself. Certificates whose UPRN has no point in OS Open UPRN belong to no tile (they have no block either).
import { existsSync, readdirSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { readdir, rm, stat } from 'node:fs/promises';
import { DuckDBInstance } from '../../io/duckdb';
import { dirname, join } from 'node:path';
import { onGridSql, TILE_SIZE, tileOf } from '../../geo/tiles';
import {
  copyQueryToParquet,
  countRows,
  DOCUMENT_ROW_GROUP_ROWS,
  duckdbMemoryLimit,
  parquetFiles,
  parquetPath,
  queryParquet,
  type ColumnSpec,
  ZSTD_COPY_OPTION,
} from '../../io/parquet';
import { halfRunRows, isRunFileOf, runFile, runFilesOf, runRows } from '../../io/run-files';
import { publishFile, scratchFolder } from '../../io/scratch';
import { partitionOf, type AssetContext } from '../../orchestration/definition';
import { defineAsset } from '../define';
import { EPC_CERTIFICATES_TABLE, SCOTLAND_PARTITION, epcEnhanced } from './epc-enhanced';
import { EW_RECOMMENDATION_TABLE } from './epc-raw';
import { derivedPath, stagedPath } from '../../orchestration/ingest';
import { rowDigestSql, rowHashSql } from '../../io/row-digest';
import { parquetColumnsFor } from '../../io/parquet-columns';
import { PROPERTY_BLOCK_TABLES } from '../../../schemas/property-block-tables';

export const CERTIFICATES_BY_TILE = 'epc_certificates_by_tile';
/** A digest of a certificate's raw and enhanced records (of a relation `c`). */
export const CERT_DIGEST_SQL = rowDigestSql('c.raw', 'c.enhanced');
/**
 * The bucketed certificates' columns (tx, ty are the folders), from the table's schema: the records as their
 * JSON texts, as epc_certificates holds them. DuckDB checks every JSON value it scans, and a tile's blocks scan
 * all of its buckets' records to keep those of the UPRNs being built (a month's 1,000 of a 30,000-UPRN tile:
 * ~600 → ~400 ms as text).
 */
export const CERTIFICATES_BY_TILE_COLUMNS: readonly ColumnSpec[] = parquetColumnsFor(
  PROPERTY_BLOCK_TABLES.epc_certificates_by_tile.schema,
);

const RECOMMENDATION_FIELDS =
  'improvement_item, improvement_summary_text, improvement_descr_text, improvement_id, indicative_cost';
// In a fixed order, so blocks and digests do not depend on the order the files are scanned in.
const RECOMMENDATION_ORDER =
  'improvement_item, improvement_id, improvement_summary_text, improvement_descr_text, indicative_cost';

/**
 * A certificate's recommendations as one JSON list (an aggregate over its rows), in RECOMMENDATION_ORDER:
 * packed in that order, list_sort compares them field by field (NULLs last), as an ORDER BY in the aggregate
 * would, at ~40 % of its cost (that sorts each certificate's few rows on its own). The members are read by
 * name (toRecommendation), so the packing order is not seen.
 */
export const RECOMMENDATIONS_JSON_SQL = `to_json(list_sort(list(struct_pack(${RECOMMENDATION_ORDER}))))`;

/**
 * The recommendations of the certificates of `certificateIds` (a query; all when omitted), DISTINCT: a
 * certificate delivered twice (in two files) has its recommendations twice.
 */
export const distinctRecommendations = (recs: string, certificateIds?: string): string =>
  `(SELECT DISTINCT lmk_key, ${RECOMMENDATION_FIELDS} FROM ${recs}
    ${certificateIds === undefined ? '' : `WHERE lmk_key IN (${certificateIds})`})`;

/**
 * Per certificate (lmk_key) of a recommendations relation, a digest of its recommendations (`recs_digest`):
 * the sum of its distinct recommendations' digests (io/row-digest.ts), in no order (an ordered string_agg of
 * their MD5s cost ~8 times as much). Narrow rows only, so the partition's copy stays within a small memory
 * limit (a DISTINCT over the texts themselves did not, at 400,000 recommendations).
 */
export const recsDigestSql = (recs: string): string =>
  `SELECT lmk_key, sum(h)::VARCHAR AS recs_digest FROM (
     SELECT DISTINCT lmk_key, ${rowHashSql(...RECOMMENDATION_FIELDS.split(', '))} AS h FROM ${recs})
   GROUP BY lmk_key`;
export const RECOMMENDATIONS_BY_TILE = 'epc_recommendations_by_tile';

/** The folder of a bucketed table. */
const tableDir = (ctx: AssetContext, table: string): string => dirname(derivedPath(ctx, `${table}/x`));

/** A tile's rows of a bucketed table (every source partition's file), or null when no partition has any. */
export function tileRelation(ctx: AssetContext, table: string, tile: string): string | null {
  const dir = join(tableDir(ctx, table), tile);
  if (!existsSync(dir) || !readdirSync(dir).some((f) => f.endsWith('.parquet'))) return null;
  return parquetPath(join(dir, '*.parquet'));
}

/**
 * The data version of a tile's buckets of both tables: each file's name, size and modification time. A
 * partition writes its files whole and renames them into place (and removes those it no longer has), so a
 * month's new file, or a source file built again, changes the version of exactly the tiles it writes to.
 */
export async function tileBucketsVersion(ctx: AssetContext, tile: string): Promise<string> {
  const hash = createHash('sha256');
  for (const table of [CERTIFICATES_BY_TILE, RECOMMENDATIONS_BY_TILE]) {
    const dir = join(tableDir(ctx, table), tile);
    const files = await readdir(dir).catch(() => [] as string[]);
    for (const file of files.filter((f) => f.endsWith('.parquet')).sort()) {
      const { size, mtimeMs } = await stat(join(dir, file));
      hash.update(`${table}/${file} ${size} ${mtimeMs}\n`);
    }
  }
  return hash.digest('hex');
}

const tileColumns = `floor(u.x_coord / ${TILE_SIZE})::BIGINT AS tx, floor(u.y_coord / ${TILE_SIZE})::BIGINT AS ty`;

/**
 * The UPRN ranges [lo, hi] of a relation with a `uprn` column, in order, each holding about `size` of its
 * rows (a UPRN's rows all in one range, so a range may hold more); none when it has no rows.
 */
export async function uprnRuns(relation: string, size: number): Promise<[number, number][]> {
  const runs: [number, number][] = [];
  for await (const row of queryParquet(
    `SELECT min(uprn) AS lo, max(uprn) AS hi FROM (
       SELECT uprn, (sum(n) OVER (ORDER BY uprn ROWS UNBOUNDED PRECEDING) - 1) // ${size} AS run
       FROM (SELECT uprn, count(*) AS n FROM ${relation} WHERE uprn IS NOT NULL GROUP BY uprn))
     GROUP BY run ORDER BY run`,
  ))
    runs.push([row.lo as number, row.hi as number]);
  return runs;
}

/**
 * Writes each of `selects` (rows with tx, ty; runs of a partition in order) split by tile into
 * `<table>/<tile>/<key>.parquet`, or `<key>.<run>.parquet` when there are several runs, replacing this key's
 * files of an earlier build. Returns the files written and the rows in them.
 */
async function writeByTile(
  ctx: AssetContext,
  table: string,
  key: string,
  selects: readonly string[],
): Promise<{ files: string[]; rows: number }> {
  const root = tableDir(ctx, table);
  // This key's files of an earlier build (a tile it no longer reaches must not keep them).
  for (const tile of await readdir(root).catch(() => [] as string[]))
    for (const file of await readdir(join(root, tile)).catch(() => [] as string[]))
      if (isRunFileOf(file, key)) await rm(join(root, tile, file), { force: true });
  const scratch = await scratchFolder(join(root, key));
  try {
    const written: string[] = [];
    let rows = 0;
    for (const [run, select] of selects.entries()) {
      const out = join(scratch, String(run));
      rows += await copyByTile(select, out, `${scratch}.spill`);
      for (const tx of await readdir(out)) {
        for (const ty of await readdir(join(out, tx))) {
          const [x, y] = [Number(tx.split('=')[1]), Number(ty.split('=')[1])];
          const tile = tileOf(x * TILE_SIZE + 1, y * TILE_SIZE + 1);
          const [file] = (await readdir(join(out, tx, ty))).filter((f) => f.endsWith('.parquet'));
          const target = runFile(join(root, tile, `${key}.parquet`), run, selects.length);
          await publishFile(join(out, tx, ty, file!), target);
          written.push(target);
        }
      }
    }
    return { files: written, rows };
  } finally {
    await rm(scratch, { recursive: true, force: true });
    await rm(`${scratch}.spill`, { recursive: true, force: true });
  }
}

/** Copies `select` into `out/tx=…/ty=…/` (Parquet), on an instance of its own; returns the rows copied. */
async function copyByTile(select: string, out: string, spill: string): Promise<number> {
  // One thread: each tile's file then holds its rows in the order of the query, so a rebuild writes the
  // same bytes and the blocks see certificates in the same order. An instance per run: one kept across runs
  // held on to what the earlier runs had used.
  const instance = await DuckDBInstance.create(':memory:', {
    threads: '1',
    memory_limit: duckdbMemoryLimit(),
    temp_directory: spill,
  });
  const db = await instance.connect();
  try {
    // Flush each tile's rows early and in small row groups: PARTITION_BY buffers rows per open file, and a
    // certificate row carries ~11 KB of JSON, so the defaults held hundreds of MB per tile. A chunk of the EPC
    // blocks reads whole row groups of its UPRNs: ST76's peaked at 616–617 MB over groups of 4,096, 583–587
    // over 2,048 (documents' groups, the least), the same CPU.
    await db.run(`SET partitioned_write_flush_threshold = ${DOCUMENT_ROW_GROUP_ROWS}`);
    const copied = await db.runAndReadAll(
      `COPY (${select}) TO '${out.replaceAll("'", "''")}' (FORMAT parquet, ${ZSTD_COPY_OPTION}, ROW_GROUP_SIZE ${DOCUMENT_ROW_GROUP_ROWS}, PARTITION_BY (tx, ty))`,
    );
    return Number(Object.values(copied.getRowObjects()[0] ?? {})[0] ?? 0);
  } finally {
    // The instance too: left to the garbage collector, it keeps its buffers (io/parquet.ts, openInstance).
    db.closeSync();
    instance.closeSync();
  }
}

/**
 * Recommendations of a source file's row range, in a run: a recommendation row is ~0.5 KB where a certificate
 * with both its records is ~11 KB, so 16 × PDS_RUN_ROWS of them (~64 MB) sort in about what a certificates run
 * does. E06000022 at scale 80 (~700,000 recommendations), forced: at once 684–797 MB; in runs of 131,072
 * 385–395, of 32,768 385–389 (~2 CPU-s more: each run reads the certificates' tiles again).
 */
const recommendationRunRows = (): number => runRows() * 16;

/**
 * Writes a partition's recommendations split by tile, once into each tile its certificate's UPRNs lie in (a
 * certificate may name two UPRNs), in their source file's order: in runs of its row ranges (a run reads only
 * its own row groups), each joined to the certificates' tiles, staged once.
 */
async function writeRecommendationsByTile(
  ctx: AssetContext,
  key: string,
  recommendations: string,
  /** The partition's certificates, joined to the UPRNs on the grid (`c` and `u`). */
  certificatesOnGrid: string,
  scratch: string,
): Promise<{ files: string[]; rows: number }> {
  const tiles = join(scratch, 'certificate-tiles.parquet');
  await copyQueryToParquet(
    `SELECT DISTINCT c.certificate_id, ${tileColumns} FROM ${certificatesOnGrid}`,
    tiles,
  );
  const source = parquetPath(recommendations);
  const size = recommendationRunRows();
  const runs = Math.max(1, Math.ceil((await countRows(`SELECT 1 FROM ${source}`)) / size));
  const inRun = (run: number) =>
    runs === 1 ? 'true' : `r.file_row_number BETWEEN ${run * size} AND ${(run + 1) * size - 1}`;
  return writeByTile(
    ctx,
    RECOMMENDATIONS_BY_TILE,
    key,
    Array.from(
      { length: runs },
      (_, run) => `SELECT r.* EXCLUDE (file_row_number, filename), t.tx, t.ty
         FROM ${parquetFiles([recommendations], 'file_row_number = true, filename = true')} r
         JOIN ${parquetPath(tiles)} t ON t.certificate_id = r.lmk_key
         WHERE ${inRun(run)} ORDER BY r.file_row_number, t.tx, t.ty`,
    ),
  );
}

export const epcByTile = defineAsset({
  name: 'epc_by_tile',
  kind: 'derived',
  description:
    'Certificates (raw and enhanced) and recommendations bucketed by the 10 km tile of their UPRN, per source partition',
  upstream: ['epc_enhanced', 'epc_england_wales_raw', 'os_open_uprn'],
  // 2: cert_digest. 3: certificates sorted by UPRN (a block chunk reads only its row groups). 4: recs_digest.
  // 5: a large partition's certificates in runs of UPRN ranges, a file each. 6: cert_digest and recs_digest by hashes.
  // 7: the records as VARCHAR (CERTIFICATES_BY_TILE_COLUMNS); digests by MD5s (io/row-digest.ts).
  codeVersion: '7',
  owner: 'epc',
  cadence: 'monthly',
  partitioning: {
    kind: 'local-authority',
    keys: (ctx) => epcEnhanced.partitioning!.keys(ctx),
    // Scotland's partition reads no England and Wales certificate.
    reads: (key, upstream) => key !== SCOTLAND_PARTITION || upstream !== 'epc_england_wales_raw',
  },
  async materialize(ctx) {
    const key = partitionOf(ctx);
    const uprns = parquetPath(stagedPath(ctx, 'os_open_uprn'));
    // The partition's certificates: one file, or its runs (epc_enhanced writes a large partition in runs).
    const files = runFilesOf(derivedPath(ctx, `${EPC_CERTIFICATES_TABLE}/${key}`));
    const certificates = parquetFiles(files);
    // Rows by UPRN, then in their source file's order (filename, file_row_number), whatever order the join
    // produced them in.
    const numbered = (paths: readonly string[]) =>
      parquetFiles(paths, 'file_row_number = true, filename = true');
    const inGrid = onGridSql('u.x_coord', 'u.y_coord');
    const recommendations = stagedPath(ctx, `${EW_RECOMMENDATION_TABLE}/${key}`);
    const withRecommendations = key !== SCOTLAND_PARTITION && existsSync(recommendations);
    const scratch = await scratchFolder(derivedPath(ctx, `${CERTIFICATES_BY_TILE}/${key}`));
    try {
      // cert_digest and recs_digest: what the blocks' input digests read instead of the certificate's texts
      // and its recommendations (uprn-epc-blocks.ts). A certificate's recommendations are published in the
      // file pair it is in, this partition's. Computed once, for every run.
      let recsDigests = '(SELECT NULL::VARCHAR AS lmk_key, NULL::VARCHAR AS recs_digest WHERE false)';
      if (withRecommendations) {
        const file = join(scratch, 'recs-digests.parquet');
        await copyQueryToParquet(recsDigestSql(parquetPath(recommendations)), file);
        recsDigests = parquetPath(file);
      }
      // Sorted in runs of UPRN ranges (io/run-files.ts): a whole city's certificates at once took the worker
      // from ~0.3 to ~1.4 GB. Each certificates file (epc_enhanced) and os_open_uprn are sorted by UPRN, so
      // a run reads only its own row groups. Half PDS_RUN_ROWS: the sort holds a run's rows whole (~11 KB
      // each, both records), and E06000022's 60,049 certificates peaked at 493–510 MB in runs of 8,192,
      // 405–430 in runs of 4,096 (4.4–4.7 → 5.0–5.2 CPU-s alone; the whole asset forced 12.2–12.8, within
      // its spread before: each run is an instance and a copy of its own).
      const size = halfRunRows();
      const runs =
        (await countRows(`SELECT 1 FROM ${certificates}`)) > size
          ? await uprnRuns(certificates, size)
          : [null];
      const inRun = (run: [number, number] | null, column: string) =>
        run ? `${column} BETWEEN ${run[0]} AND ${run[1]}` : 'true';
      const certs = await writeByTile(
        ctx,
        CERTIFICATES_BY_TILE,
        key,
        runs.map(
          (run) => `SELECT c.* EXCLUDE (file_row_number, filename),
             ${CERT_DIGEST_SQL} AS cert_digest,
             rd.recs_digest, ${tileColumns}
           FROM ${numbered(files)} c
           JOIN (SELECT uprn, x_coord, y_coord FROM ${uprns} WHERE ${inRun(run, 'uprn')}) u USING (uprn)
           LEFT JOIN ${recsDigests} rd ON rd.lmk_key = c.certificate_id
           WHERE ${inGrid} AND ${inRun(run, 'c.uprn')} ORDER BY c.uprn, c.filename, c.file_row_number`,
        ),
      );
      const recs = !withRecommendations
        ? { files: [] }
        : await writeRecommendationsByTile(
            ctx,
            key,
            recommendations,
            `${certificates} c JOIN ${uprns} u USING (uprn) WHERE ${inGrid}`,
            scratch,
          );
      return {
        rows: certs.rows,
        outputs: [...certs.files, ...recs.files],
        metrics: { tiles: certs.files.length, runs: runs.length },
      };
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  },
});
