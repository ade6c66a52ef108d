// uprn_epc_blocks per 10 km tile: each tile partition builds exactly the blocks of the staged UPRNs inside its
// square from its own bucket of certificates (epc_by_tile), and the tiles together equal one build over every
// UPRN from the whole country's tables (the unpartitioned result), row for row. A new month of certificates
// rebuilds only the blocks of the UPRNs it touches, into each tile's delta beside its untouched file, and the
// result is what a build from scratch writes.
import { existsSync } from 'node:fs';
import { copyFile, mkdtemp, readdir, readFile, rename } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AssetContext, AssetDefinition } from '../../../pipelines/orchestration/definition';
import { epcByTile } from '../../../pipelines/assets/epc/epc-by-tile';
import { epcEnhanced } from '../../../pipelines/assets/epc/epc-enhanced';
import { epcEstimates, epcEstimatesPath } from '../../../pipelines/assets/epc/epc-estimates';
import { epcEnglandWalesRaw, epcScotlandRaw } from '../../../pipelines/assets/epc/epc-raw';
import { EPC_STATS_TABLE, epcLatest, epcStats } from '../../../pipelines/assets/epc/epc-stats';
import { derivedPath, stagedPath } from '../../../pipelines/orchestration/ingest';
import { partitionKeys } from '../../../pipelines/orchestration/materialize';
import { onspd } from '../../../pipelines/assets/address/onspd';
import { osOpenUprn } from '../../../pipelines/assets/address/os-open-uprn';
import {
  tileUprnsSql,
  uprnEpcBlocks,
  uprnEpcBlocksGlob,
  UPRN_EPC_BLOCKS_TABLE,
  writeEpcBlocks,
} from '../../../pipelines/assets/epc/uprn-epc-blocks';
import { loadConfig } from '../../../pipelines/config';
import { blockTextsPath, parquetPath } from '../../../pipelines/io/parquet';
import { withDeltasOf } from '../../../pipelines/io/delta-files';
import { DuckDBInstance } from '../../../pipelines/io/duckdb';
import { writeAnalystCatalog } from '../../../pipelines/catalog/analyst-catalog';
import { blockTable } from '../../../pipelines/assets/index/properties-index';
import { PROPERTY_BLOCK_SOURCES } from '../../../pipelines/assets/index/property-blocks';
import { generateSampleData } from '../../../pipelines/sample-data';
import { writeEpcRelease } from '../../../pipelines/sample-data/epc-release';
import { rows } from '../../helpers/parquet-rows';

let ctx: AssetContext;
let tiles: string[];

beforeAll(async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'pds-epc-tiles-'));
  ctx = { config: loadConfig({ PDS_DATA_DIR: dataDir }), runId: 't', log: () => {}, heartbeat: () => {} };
  await generateSampleData({ outDir: ctx.config.sourcesDir, scale: 0.05 });
  const upstream: AssetDefinition[] = [osOpenUprn, onspd, epcEnglandWalesRaw, epcScotlandRaw, epcEnhanced];
  for (const asset of upstream) {
    if (!asset.partitioning) await asset.materialize(ctx);
    else
      for (const key of await partitionKeys(asset, ctx)) await asset.materialize({ ...ctx, partition: key });
  }
  for (const asset of [epcLatest, epcStats, epcEstimates, epcByTile]) await materializeAll(asset);
  tiles = await partitionKeys(uprnEpcBlocks, ctx);
  for (const tile of tiles) await uprnEpcBlocks.materialize({ ...ctx, partition: tile });
  // The unpartitioned result: one build over every staged UPRN.
  await writeEpcBlocks(ctx, allUprns(), derivedPath(ctx, 'whole'));
}, 300_000);

const allUprns = () => `SELECT uprn FROM ${parquetPath(stagedPath(ctx, 'os_open_uprn'))}`;
const COLUMNS =
  'uprn, country, epc_count, postcode, tenure, energy_rating_current, block::VARCHAR AS block, input_digest';

/** Materialises every partition of an asset (or the asset), as a refresh would. */
async function materializeAll(asset: AssetDefinition): Promise<Record<string, number>> {
  const metrics: Record<string, number> = {};
  const keys = asset.partitioning ? await partitionKeys(asset, ctx) : [undefined];
  for (const partition of keys) {
    const result = await asset.materialize(partition === undefined ? ctx : { ...ctx, partition });
    for (const [k, v] of Object.entries(result.metrics ?? {})) metrics[k] = (metrics[k] ?? 0) + v;
  }
  return metrics;
}

/** Per tile, its versions of what its EPC blocks and its estimates read of the national EPC tables. */
async function tileVersions(): Promise<Record<string, { blocks: string; estimates: string | undefined }>> {
  const out: Record<string, { blocks: string; estimates: string | undefined }> = {};
  for (const tile of tiles) {
    const blocks: string[] = [];
    for (const upstream of ['epc_latest', 'epc_stats', 'epc_by_tile'] as const)
      blocks.push((await uprnEpcBlocks.partitioning!.version!(ctx, tile, upstream))!);
    out[tile] = {
      blocks: blocks.join(' | '),
      estimates: await epcEstimates.partitioning!.version!(ctx, tile, 'epc_latest'),
    };
  }
  return out;
}

const byTile = async (sql: (tile: string) => string): Promise<Record<string, unknown[]>> =>
  Object.fromEntries(await Promise.all(tiles.map(async (t) => [t, await rows(sql(t))])));
const blocksByTile = () =>
  byTile(
    (t) =>
      `SELECT ${COLUMNS} FROM ${blockTable(PROPERTY_BLOCK_SOURCES[0]!, uprnEpcBlocksGlob(ctx), t)} ORDER BY uprn`,
  );
const estimatesByTile = () =>
  byTile(
    (t) => `SELECT uprn, estimate::VARCHAR AS e FROM ${parquetPath(epcEstimatesPath(ctx, t))} ORDER BY uprn`,
  );
let versionsBefore: Awaited<ReturnType<typeof tileVersions>>;
let estimatesBefore: Record<string, unknown[]>;
let blocksBefore: Record<string, unknown[]>;

describe('uprn_epc_blocks per tile', () => {
  it('writes one file per tile, each with exactly the UPRNs of its square', async () => {
    expect(tiles.length).toBeGreaterThan(1);
    const dir = join(ctx.config.dataDir, 'parquet/derived', UPRN_EPC_BLOCKS_TABLE);
    const files = (await readdir(dir)).filter((f) => f.endsWith('.parquet')).sort();
    expect(files).toEqual(tiles.map((t) => `${t}.parquet`).sort());
    // The blocks' texts beside them, a file per tile too (the properties documents are built from them).
    expect((await readdir(join(dir, 'texts'))).sort()).toEqual(files);
    for (const tile of tiles) {
      const file = parquetPath(derivedPath(ctx, `${UPRN_EPC_BLOCKS_TABLE}/${tile}`));
      const outside = await rows(
        `SELECT count(*) AS n FROM ${file} WHERE uprn NOT IN (${tileUprnsSql(ctx, tile)})`,
      );
      expect(outside).toEqual([{ n: 0 }]);
      // Every UPRN of the square with a certificate or an estimate has its block.
      const missing = await rows(
        `SELECT count(*) AS n FROM (${tileUprnsSql(ctx, tile)}) t
         WHERE uprn IN (SELECT uprn FROM ${parquetPath(derivedPath(ctx, 'epc_estimates/*'))}
                        UNION SELECT uprn FROM ${parquetPath(derivedPath(ctx, 'epc_latest'))})
           AND uprn NOT IN (SELECT uprn FROM ${file})`,
      );
      expect(missing).toEqual([{ n: 0 }]);
      expect(Number((await rows(`SELECT count(*) AS n FROM ${file}`))[0]!.n)).toBeGreaterThan(0);
    }
  });

  it('the tiles together equal one build over every UPRN, row for row', async () => {
    const union = await rows(`SELECT ${COLUMNS} FROM ${parquetPath(uprnEpcBlocksGlob(ctx))} ORDER BY uprn`);
    const whole = await rows(
      `SELECT ${COLUMNS} FROM ${parquetPath(derivedPath(ctx, 'whole'))} ORDER BY uprn`,
    );
    expect(union.length).toBe(whole.length);
    expect(union).toEqual(whole);
  });

  it("holds each certificate's published and enhanced records as epc_enhanced wrote them, the pair together, latest first", async () => {
    // The records are spliced into the block's text by DuckDB from the order the JavaScript gives: each
    // (epcs[i], epcs_enhanced[i]) must be one certificate's pair of records, of the block's UPRN.
    const pairs = new Map<number, Set<string>>();
    const certificates = await rows(
      `SELECT uprn, raw, enhanced FROM ${parquetPath(derivedPath(ctx, 'epc_certificates/*'))}`,
    );
    for (const c of certificates) {
      // The records are JSON texts (EpcCertificateRowSchema); the block holds them as JSON.
      const key = JSON.stringify([JSON.parse(c.raw as string), JSON.parse(c.enhanced as string)]);
      const uprn = Number(c.uprn);
      if (!pairs.has(uprn)) pairs.set(uprn, new Set());
      pairs.get(uprn)!.add(key);
    }
    const texts = await rows(
      `SELECT t.uprn, t.text, b.epc_count FROM ${parquetPath(blockTextsPath(uprnEpcBlocksGlob(ctx)))} t
       JOIN ${parquetPath(uprnEpcBlocksGlob(ctx))} b USING (uprn)`,
    );
    let withMany = 0;
    for (const { uprn, text, epc_count } of texts) {
      const block = JSON.parse(text as string) as {
        epcs: unknown[];
        epcs_enhanced: { lodgement_date: string }[];
      };
      expect(block.epcs.length).toBe(Number(epc_count));
      expect(block.epcs_enhanced.length).toBe(block.epcs.length);
      block.epcs.forEach((raw, i) => {
        expect(pairs.get(Number(uprn))?.has(JSON.stringify([raw, block.epcs_enhanced[i]]))).toBe(true);
      });
      const dates = block.epcs_enhanced.map((e) => e.lodgement_date);
      expect(dates).toEqual([...dates].sort().reverse());
      if (block.epcs.length > 1) withMany += 1;
    }
    expect(withMany).toBeGreaterThan(0);
  });

  it("holds its latest England and Wales certificate's recommendations, and only those", async () => {
    // A chunk reads only its blocks' latest certificates' recommendations (stageChunk).
    const published = new Map<string, Set<number>>();
    const recs = await rows(
      `SELECT DISTINCT lmk_key, improvement_id FROM ${parquetPath(join(ctx.config.dataDir, 'parquet/staged/epc_england_wales_recommendations/*.parquet'))}`,
    );
    for (const r of recs) {
      const key = String(r.lmk_key);
      if (!published.has(key)) published.set(key, new Set());
      published.get(key)!.add(Number(r.improvement_id));
    }
    const texts = await rows(`SELECT text FROM ${parquetPath(blockTextsPath(uprnEpcBlocksGlob(ctx)))}`);
    let withRecommendations = 0;
    for (const { text } of texts) {
      const block = JSON.parse(text as string) as {
        epc_country: string | null;
        epcs_enhanced: { lmk_key?: string; country?: string | null }[];
        epc_retrofit_recommendations: { improvement_id: number | null }[];
      };
      const latest = block.epcs_enhanced[0];
      const ids = block.epc_retrofit_recommendations.map((r) => r.improvement_id);
      const expected =
        latest && block.epc_country !== 'Scotland' && block.epc_country !== null
          ? [...(published.get(latest.lmk_key ?? '') ?? [])]
          : [];
      expect(ids.sort()).toEqual(expected.sort());
      if (ids.length > 0) withRecommendations += 1;
    }
    expect(withRecommendations).toBeGreaterThan(0);
  });

  it('names its statistics groups by id instead of holding them', async () => {
    const [row] = await rows(
      `SELECT block FROM ${parquetPath(uprnEpcBlocksGlob(ctx))} WHERE epc_count > 0 LIMIT 1`,
    );
    // The block's typed columns, as an object.
    const block = row!.block as Record<string, unknown>;
    expect(block).not.toHaveProperty('epc_stats');
    expect(block).not.toHaveProperty('epc_compare');
    const groups = block.epc_stats_groups as Record<string, string | null>;
    expect(groups.country_stats).toMatch(/^country:(England|Wales|Scotland)$/);
    expect(groups.postcode_stats).toMatch(/^postcode:[A-Z0-9]+ [0-9][A-Z]{2}$/);
  });

  it("moves a tile's version of epc_stats when a group its blocks name goes, and no other tile's", async () => {
    // What a tile's blocks read of epc_stats is which of their groups exist (never the figures), so its
    // version (Partitioning.version) must move exactly for the tiles that name a group that came or went.
    const version = (tile: string) => uprnEpcBlocks.partitioning!.version!(ctx, tile, 'epc_stats');
    const before = Object.fromEntries(await Promise.all(tiles.map(async (t) => [t, await version(t)])));
    const naming = async (id: string) =>
      (
        await Promise.all(
          tiles.map(async (t) => {
            const [r] = await rows(
              `SELECT count(*) AS n FROM ${parquetPath(derivedPath(ctx, `${UPRN_EPC_BLOCKS_TABLE}/${t}`))}
               WHERE block.epc_stats_groups.postcode_stats = '${id}'`,
            );
            return Number(r!.n) > 0 ? [t] : [];
          }),
        )
      ).flat();
    const [named] = await rows(
      `SELECT block.epc_stats_groups.postcode_stats AS id FROM ${parquetPath(uprnEpcBlocksGlob(ctx))}
       WHERE block.epc_stats_groups.postcode_stats IS NOT NULL LIMIT 1`,
    );
    const id = named!.id as string;
    const holders = await naming(id);
    const stats = derivedPath(ctx, EPC_STATS_TABLE);
    await copyFile(stats, `${stats}.kept`);
    try {
      const instance = await DuckDBInstance.create(':memory:');
      const connection = await instance.connect();
      await connection.run(`COPY (SELECT * FROM ${parquetPath(`${stats}.kept`)}
        WHERE NOT (grouping = 'postcode' AND postcode = '${id.replace('postcode:', '')}')) TO '${stats}'`);
      connection.closeSync();
      instance.closeSync();
      const after = Object.fromEntries(await Promise.all(tiles.map(async (t) => [t, await version(t)])));
      expect(holders.length).toBeGreaterThanOrEqual(1);
      for (const tile of tiles)
        if (holders.includes(tile)) expect(after[tile], tile).not.toBe(before[tile]);
        else expect(after[tile], tile).toBe(before[tile]);
    } finally {
      await rename(`${stats}.kept`, stats);
    }
  });

  it('after a new month of certificates, builds again only the blocks it touches, into deltas', async () => {
    const before = new Map(
      (await rows(`SELECT uprn, block::VARCHAR AS block FROM ${parquetPath(uprnEpcBlocksGlob(ctx))}`)).map(
        (r) => [r.uprn, r.block],
      ),
    );
    const dir = join(ctx.config.dataDir, 'parquet/derived', UPRN_EPC_BLOCKS_TABLE);
    const baseBytes = async () =>
      Object.fromEntries(
        await Promise.all(
          (await readdir(dir))
            .filter((f) => f.endsWith('.parquet'))
            .map(async (f) => [f, (await readFile(join(dir, f))).toString('base64')]),
        ),
      );
    const basesBefore = await baseBytes();
    versionsBefore = await tileVersions();
    blocksBefore = await blocksByTile();
    estimatesBefore = await estimatesByTile();
    const sourceFiles = await partitionKeys(epcByTile, ctx);
    // A new run: file listings are cached per run.
    ctx = { ...ctx, runId: 'release' };
    const release = await writeEpcRelease({ sourcesDir: ctx.config.sourcesDir, certificates: 6, year: 2026 });
    expect(release.certificates).toBe(6);
    // As a refresh does: of the assets per source file, only the new files' partitions are built.
    for (const asset of [epcEnglandWalesRaw, epcEnhanced, epcByTile])
      for (const key of await partitionKeys(asset, ctx))
        if (!sourceFiles.includes(key)) await asset.materialize({ ...ctx, partition: key });
    for (const asset of [epcLatest, epcStats, epcEstimates]) await materializeAll(asset);
    const { built } = await materializeAll(uprnEpcBlocks);
    const after = await rows(`SELECT ${COLUMNS} FROM ${withDeltasOf(uprnEpcBlocksGlob(ctx))} ORDER BY uprn`);
    // The rebuilt blocks went to their tiles' deltas, texts beside them; no tile's file was written again.
    const deltas = await readdir(join(dir, 'delta'));
    expect(deltas.length).toBeGreaterThanOrEqual(1);
    expect((await readdir(join(dir, 'texts/delta'))).sort()).toEqual(deltas.sort());
    expect(await baseBytes()).toEqual(basesBefore);
    const changed = after.filter((r) => before.get(r.uprn) !== r.block).length;
    // The re-assessed homes' blocks changed (and perhaps their neighbours' estimates), and nothing else was
    // built: every other block was copied from the previous build.
    expect(changed).toBeGreaterThanOrEqual(1);
    expect(built).toBeGreaterThanOrEqual(changed);
    expect(built).toBeLessThan(after.length / 5);
    // What a build from scratch writes, row for row.
    await writeEpcBlocks(ctx, allUprns(), derivedPath(ctx, 'whole-after'));
    const whole = await rows(
      `SELECT ${COLUMNS} FROM ${parquetPath(derivedPath(ctx, 'whole-after'))} ORDER BY uprn`,
    );
    expect(after).toEqual(whole);
    // And the texts beside them, which the documents are built from.
    const texts = (path: string) =>
      rows(`SELECT uprn, text FROM ${parquetPath(blockTextsPath(path))} ORDER BY uprn`);
    expect(
      await rows(
        `SELECT uprn, text FROM ${withDeltasOf(blockTextsPath(uprnEpcBlocksGlob(ctx)))} ORDER BY uprn`,
      ),
    ).toEqual(await texts(derivedPath(ctx, 'whole-after')));
    // The analysts' view, the properties documents' reader and the exports read the same rows.
    const parquetRoot = join(ctx.config.dataDir, 'parquet');
    const catalog = join(ctx.config.dataDir, 'catalog.duckdb');
    await writeAnalystCatalog(catalog, parquetRoot, [
      ...(await readdir(dir)).filter((f) => f.endsWith('.parquet')).map((f) => join(dir, f)),
      ...deltas.map((f) => join(dir, 'delta', f)),
    ]);
    const instance = await DuckDBInstance.create(catalog, { access_mode: 'READ_ONLY' });
    const connection = await instance.connect();
    const viewRows = (
      await connection.runAndReadAll(
        `SELECT uprn, block::VARCHAR AS block FROM ${UPRN_EPC_BLOCKS_TABLE} ORDER BY uprn`,
      )
    ).getRowObjectsJson();
    connection.closeSync();
    instance.closeSync();
    expect(viewRows.map((r) => [Number(r.uprn), r.block])).toEqual(after.map((r) => [r.uprn, r.block]));
    const tile = deltas[0]!.replace('.parquet', '');
    const tileRows = await rows(
      `SELECT ${COLUMNS} FROM ${blockTable(PROPERTY_BLOCK_SOURCES[0]!, uprnEpcBlocksGlob(ctx), tile)} ORDER BY uprn`,
    );
    expect(tileRows).toEqual(after.filter((r) => tileRows.some((t) => t.uprn === r.uprn)));
    expect(tileRows.length).toBe(
      Number(
        (
          await rows(
            `SELECT count(*) AS n FROM (${tileUprnsSql(ctx, tile)}) t WHERE uprn IN (SELECT uprn FROM ${withDeltasOf(uprnEpcBlocksGlob(ctx))})`,
          )
        )[0]!.n,
      ),
    );
  }, 120_000);

  it("keeps a tile's versions of the national EPC tables when the month does not reach it, and its blocks with them", async () => {
    // Partitioning.version: what a tile reads of epc_latest, epc_stats and the buckets stands in for their
    // builds in its fingerprint, so each must hold only while the tile's blocks (and estimates) do.
    const versionsAfter = await tileVersions();
    const estimatesAfter = await estimatesByTile();
    const blocks = await blocksByTile();
    const held = tiles.filter((t) => versionsAfter[t]!.blocks === versionsBefore[t]!.blocks);
    expect(held.length).toBeGreaterThanOrEqual(1);
    expect(held.length).toBeLessThan(tiles.length);
    for (const tile of held) expect(blocks[tile], tile).toEqual(blocksBefore[tile]);
    for (const tile of tiles.filter((t) => versionsAfter[t]!.estimates === versionsBefore[t]!.estimates))
      expect(estimatesAfter[tile], tile).toEqual(estimatesBefore[tile]);
    // A tile with a new certificate has new buckets, and its epc_latest rows moved.
    for (const tile of tiles.filter((t) => !held.includes(t)))
      expect(versionsAfter[tile]!.blocks).not.toEqual(versionsBefore[tile]!.blocks);
  });

  it('writes partitions and tiles larger than PDS_RUN_ROWS in runs, with the same blocks', async () => {
    const blocks = () => rows(`SELECT ${COLUMNS} FROM ${withDeltasOf(uprnEpcBlocksGlob(ctx))} ORDER BY uprn`);
    const before = await blocks();
    const texts = () =>
      rows(`SELECT uprn, text FROM ${withDeltasOf(blockTextsPath(uprnEpcBlocksGlob(ctx)))} ORDER BY uprn`);
    const textsBefore = await texts();
    const derived = (table: string) => join(ctx.config.dataDir, 'parquet/derived', table);
    process.env.PDS_RUN_ROWS = '50';
    try {
      ctx = { ...ctx, runId: 'runs', force: true };
      await materializeAll(epcEnhanced);
      const byTile = await materializeAll(epcByTile);
      // epc_enhanced: a file per 50 staged rows, each ordered by UPRN; no single file left beside them.
      const runs = (await readdir(derived('epc_certificates'))).filter((f) => /\.\d+\.parquet$/.test(f));
      expect(runs.length).toBeGreaterThan(2);
      expect(await readdir(derived('epc_certificates'))).not.toContain(runs[0]!.replace(/\.\d+\./, '.'));
      for (const run of runs) {
        const file = parquetPath(join(derived('epc_certificates'), run));
        const [{ n, sorted }] = (await rows(
          `SELECT count(*) AS n, count(*) FILTER (WHERE uprn < prev) = 0 AS sorted
           FROM (SELECT uprn, lag(uprn) OVER (ORDER BY file_row_number) AS prev
                 FROM ${file.replace(/\)$/, ', file_row_number = true)')})`,
        )) as [{ n: number; sorted: boolean }];
        expect(n).toBeLessThanOrEqual(50);
        expect(sorted).toBe(true);
      }
      // epc_by_tile: runs of UPRN ranges, so a tile holds several files of one partition. A run sorts half
      // PDS_RUN_ROWS certificates (both records of each), so there are about twice as many as the files of 50.
      const tileFiles = await readdir(join(derived('epc_certificates_by_tile'), tiles[0]!));
      expect(tileFiles.some((f) => /\.\d+\.parquet$/.test(f))).toBe(true);
      expect(byTile.runs).toBeGreaterThan(1.5 * runs.length);
      // uprn_epc_blocks: a tile's blocks in runs too, each with its texts.
      const { runs: blockRuns } = await materializeAll(uprnEpcBlocks);
      expect(blockRuns).toBeGreaterThan(tiles.length);
      const blockFiles = (await readdir(derived(UPRN_EPC_BLOCKS_TABLE))).filter((f) =>
        f.endsWith('.parquet'),
      );
      expect(blockFiles.some((f) => /\.\d+\.parquet$/.test(f))).toBe(true);
      const textFiles = (await readdir(join(derived(UPRN_EPC_BLOCKS_TABLE), 'texts'))).filter((f) =>
        f.endsWith('.parquet'),
      );
      expect(textFiles.sort()).toEqual(blockFiles.sort());
      expect(await blocks()).toEqual(before);
      expect(await texts()).toEqual(textsBefore);
      // A build of the whole tile drops its delta: the runs are the whole table again.
      expect(existsSync(join(derived(UPRN_EPC_BLOCKS_TABLE), 'delta'))).toBe(true);
      expect(await readdir(join(derived(UPRN_EPC_BLOCKS_TABLE), 'delta'))).toEqual([]);
      expect(await readdir(join(derived(UPRN_EPC_BLOCKS_TABLE), 'texts/delta'))).toEqual([]);
    } finally {
      delete process.env.PDS_RUN_ROWS;
    }
    // One run again: the single files take the runs' place.
    for (const asset of [epcEnhanced, epcByTile]) await materializeAll(asset);
    expect((await readdir(derived('epc_certificates'))).filter((f) => /\.\d+\.parquet$/.test(f))).toEqual([]);
  }, 120_000);

  it("writes a partition's recommendations in runs of their source file's rows, the same rows", async () => {
    const table = join(ctx.config.dataDir, 'parquet/derived/epc_recommendations_by_tile');
    const files = async () =>
      (await Promise.all((await readdir(table)).map((t) => readdir(join(table, t))))).flat();
    const recs = () => rows(`SELECT * FROM read_parquet('${table}/*/*.parquet') ORDER BY ALL`);
    const before = await recs();
    expect(before.length).toBeGreaterThan(0);
    expect((await files()).filter((f) => /\.\d+\.parquet$/.test(f))).toEqual([]);
    // Runs of 16 × PDS_RUN_ROWS recommendations: E06000022's 333 take three.
    process.env.PDS_RUN_ROWS = '8';
    try {
      ctx = { ...ctx, runId: 'recommendation-runs', force: true };
      await materializeAll(epcByTile);
    } finally {
      delete process.env.PDS_RUN_ROWS;
    }
    expect((await files()).filter((f) => /^E06000022\.2\.parquet$/.test(f)).length).toBeGreaterThan(0);
    expect(await recs()).toEqual(before);
  }, 60_000);
});
