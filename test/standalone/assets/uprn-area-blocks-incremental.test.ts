// uprn_area_blocks per UPRN: a tile built again, when nothing but uprn_epc_blocks moved since its last build,
// keeps the blocks of the UPRNs whose EPC facts held and builds only the others, and the result is what a
// build from scratch writes, row for row, in all four of its tables.
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  AssetContext,
  AssetDefinition,
  PreviousBuild,
} from '../../../pipelines/orchestration/definition';
import { assetByName } from '../../../pipelines/assets/graph';
import { derivedPath, stagedPath } from '../../../pipelines/orchestration/ingest';
import { partitionKeys } from '../../../pipelines/orchestration/materialize';
import {
  GRANT_SETS_TABLE,
  POSTCODE_AREA_BLOCKS_TABLE,
  UPRN_AREA_BLOCKS_TABLE,
  UPRN_POSTCODES_TABLE,
} from '../../../pipelines/assets/area/area-tiles';
import { uprnAreaBlocks } from '../../../pipelines/assets/area/uprn-area-blocks';
import { UPRN_EPC_BLOCK_COLUMNS, UPRN_EPC_BLOCKS_TABLE } from '../../../pipelines/assets/epc/uprn-epc-blocks';
import { loadConfig } from '../../../pipelines/config';
import { inTileSql } from '../../../pipelines/geo/tiles';
import { blockTextsPath, parquetPath, runsRelation, writeParquet } from '../../../pipelines/io/parquet';
import { deltaPath } from '../../../pipelines/io/delta-files';
import { generateSampleData } from '../../../pipelines/sample-data';
import { rows } from '../../helpers/parquet-rows';

// What the asset reads besides the EPC blocks, which the tests write themselves.
const UPSTREAM = uprnAreaBlocks.upstream.filter((name) => name !== UPRN_EPC_BLOCKS_TABLE);
const TABLES = [UPRN_AREA_BLOCKS_TABLE, UPRN_POSTCODES_TABLE, POSTCODE_AREA_BLOCKS_TABLE, GRANT_SETS_TABLE];

let ctx: AssetContext;
let tile: string;

// A tile's table as readers take it: its file and, for the blocks, the delta of later months.
const table = (name: string) => runsRelation(derivedPath(ctx, `${name}/${tile}`))!;
const uprnsSql = () =>
  `SELECT uprn FROM ${parquetPath(stagedPath(ctx, 'os_open_uprn'))} WHERE ${inTileSql(tile)}`;

const blockTexts = () => runsRelation(blockTextsPath(derivedPath(ctx, `${UPRN_AREA_BLOCKS_TABLE}/${tile}`)))!;

/** Every row of the four tables the asset writes for the tile (an update appends the rows it built), and of
 * the block texts beside the blocks. */
const snapshot = async () =>
  Promise.all(
    [...TABLES.map(table), blockTexts()].map((relation) => rows(`SELECT * FROM ${relation} ORDER BY ALL`)),
  );

/** The tile's EPC facts as uprn_epc_blocks gives them: a band and a postcode per UPRN. */
async function writeEpcFacts(
  uprns: readonly unknown[],
  band: (uprn: unknown) => string,
  postcode: (uprn: unknown) => string | null,
) {
  await writeParquet(
    derivedPath(ctx, `${UPRN_EPC_BLOCKS_TABLE}/${tile}`),
    UPRN_EPC_BLOCK_COLUMNS,
    uprns.map((uprn) => ({
      uprn,
      country: 'England',
      epc_count: 1,
      postcode: postcode(uprn),
      tenure: 'Owner-occupied',
      energy_rating_current: band(uprn),
      block: '{}',
      input_digest: '',
    })),
  );
}

let previousBuild: PreviousBuild | undefined;

/**
 * Builds the tile as a refresh would, given the upstream builds it reads (the catalog gives it its last
 * build's too); returns how many blocks it built.
 */
async function build(upstream: Record<string, string>, force = false): Promise<number> {
  const started = new Date().toISOString();
  const result = await uprnAreaBlocks.materialize({
    ...ctx,
    partition: tile,
    upstream,
    force,
    ...(previousBuild ? { previousBuild } : {}),
  });
  previousBuild = { upstream, codeVersion: uprnAreaBlocks.codeVersion, startedAt: started };
  return result.metrics?.built ?? -1;
}

const UPSTREAM_BUILDS = Object.fromEntries(UPSTREAM.map((n) => [n, `${n}-1`]));

beforeAll(async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'pds-area-incremental-'));
  ctx = { config: loadConfig({ PDS_DATA_DIR: dataDir }), runId: 't', log: () => {}, heartbeat: () => {} };
  await generateSampleData({ outDir: ctx.config.sourcesDir, scale: 0.05 });
  for (const name of UPSTREAM) {
    const asset: AssetDefinition = assetByName(name);
    if (!asset.partitioning) await asset.materialize(ctx);
    else
      for (const key of await partitionKeys(asset, ctx)) await asset.materialize({ ...ctx, partition: key });
  }
  // The tile holding the most UPRNs.
  let [most, best] = [-1, ''];
  for (const t of await partitionKeys(uprnAreaBlocks, ctx)) {
    tile = t;
    const n = (await rows(uprnsSql())).length;
    if (n > most) [most, best] = [n, t];
  }
  tile = best;
}, 300_000);

describe('uprn_area_blocks, per UPRN', () => {
  it('builds again only the UPRNs whose EPC facts changed, and equals a build from scratch', async () => {
    const uprns = (await rows(uprnsSql())).map((r) => r.uprn);
    const [{ postcode }] = (await rows(
      `SELECT postcode FROM ${parquetPath(stagedPath(ctx, 'onspd'))} WHERE date_of_termination IS NULL LIMIT 1`,
    )) as [{ postcode: string }];
    await writeEpcFacts(
      uprns,
      () => 'D',
      () => null,
    );
    const all = await build(UPSTREAM_BUILDS);
    expect(all).toBeGreaterThan(10);
    // The same inputs: nothing is built.
    expect(await build(UPSTREAM_BUILDS)).toBe(0);
    // Three homes re-rated (and one given a postcode): only they are built.
    const changed = (
      await rows(`SELECT uprn FROM ${table(UPRN_AREA_BLOCKS_TABLE)} ORDER BY uprn LIMIT 3`)
    ).map((r) => r.uprn);
    await writeEpcFacts(
      uprns,
      (uprn) => (changed.includes(uprn) ? 'G' : 'D'),
      (uprn) => (uprn === changed[0] ? postcode : null),
    );
    const blocks = derivedPath(ctx, `${UPRN_AREA_BLOCKS_TABLE}/${tile}`);
    const file = await readFile(blocks);
    expect(await build(UPSTREAM_BUILDS)).toBe(3);
    // Their blocks went to the tile's delta, texts beside it; the tile's file was not written again.
    expect(await readFile(blocks)).toEqual(file);
    expect(await rows(`SELECT uprn FROM ${parquetPath(deltaPath(blocks))} ORDER BY uprn`)).toEqual(
      changed.map((uprn) => ({ uprn })),
    );
    expect(existsSync(deltaPath(blockTextsPath(blocks)))).toBe(true);
    const incremental = await snapshot();
    // A build from scratch writes the whole tile, with no delta.
    expect(await build(UPSTREAM_BUILDS, true)).toBe(all);
    expect(existsSync(deltaPath(blocks))).toBe(false);
    expect(incremental).toEqual(await snapshot());
  }, 120_000);

  it('after a run cut short between its tables, builds again what that run had not finished', async () => {
    const uprns = (await rows(uprnsSql())).map((r) => r.uprn);
    const blocks = derivedPath(ctx, `${UPRN_AREA_BLOCKS_TABLE}/${tile}`);
    // The blocks as they stand: the tile's file and its delta with their texts (io/delta-files.ts).
    const files = [blocks, deltaPath(blocks), blockTextsPath(blocks), deltaPath(blockTextsPath(blocks))];
    const before = await Promise.all(files.map((f) => readFile(f).catch(() => null)));
    // A month re-rates two homes; its run writes the postcodes and area tables, then stops before the blocks.
    await writeEpcFacts(
      uprns,
      (uprn) => (uprn === uprns[5] || uprn === uprns[6] ? 'B' : 'D'),
      () => null,
    );
    expect(await build(UPSTREAM_BUILDS)).toBeGreaterThanOrEqual(2);
    for (const [i, bytes] of before.entries())
      await (bytes === null ? rm(files[i]!, { force: true }) : writeFile(files[i]!, bytes));
    // The next run finds the blocks older than the postcodes: those two are built again, not kept.
    expect(await build(UPSTREAM_BUILDS)).toBeGreaterThanOrEqual(2);
    const resumed = await snapshot();
    await build(UPSTREAM_BUILDS, true);
    expect(resumed).toEqual(await snapshot());
  }, 120_000);

  it('keeps each block text beside the table as JSON.stringify writes it (the properties index stores it as it is)', async () => {
    const texts = await rows(
      `SELECT b.uprn, t.text, b.block_digest, sha1(t.text) AS text_digest
       FROM ${table(UPRN_AREA_BLOCKS_TABLE)} b JOIN ${blockTexts()} t USING (uprn)`,
    );
    expect(texts.length).toBeGreaterThan(10);
    for (const row of texts) {
      expect(JSON.stringify(JSON.parse(row.text as string))).toBe(row.text);
      expect(row.text_digest).toBe(row.block_digest);
    }
  });

  it('assembles a tile a run of UPRNs at a time (PDS_RUN_ROWS): the same rows, in UPRN order', async () => {
    const inFileOrder = () =>
      Promise.all([table(UPRN_AREA_BLOCKS_TABLE), blockTexts()].map((r) => rows(`SELECT * FROM ${r}`)));
    process.env.PDS_RUN_ROWS = '7';
    try {
      await build(UPSTREAM_BUILDS, true);
    } finally {
      delete process.env.PDS_RUN_ROWS;
    }
    const inRuns = await inFileOrder();
    expect(inRuns[0]!.length).toBeGreaterThan(14);
    const uprns = inRuns[0]!.map((r) => Number(r.uprn));
    expect(uprns).toEqual([...uprns].sort((a, b) => a - b));
    await build(UPSTREAM_BUILDS, true);
    expect(inRuns).toEqual(await inFileOrder());
  }, 60_000);

  it('builds every UPRN again when something the whole tile reads changed', async () => {
    const all = Number((await rows(`SELECT count(*) AS n FROM ${table(UPRN_AREA_BLOCKS_TABLE)}`))[0]!.n);
    expect(await build({ ...UPSTREAM_BUILDS, hpi: 'hpi-2' })).toBe(all);
  }, 60_000);
});
