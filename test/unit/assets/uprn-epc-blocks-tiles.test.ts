// uprn_epc_blocks per 10 km tile: each tile partition builds exactly the blocks of the staged UPRNs inside its
// square from its own bucket of certificates (epc_by_tile), and the tiles together equal one build over every
// UPRN from the whole country's tables (the unpartitioned result), row for row.
import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AssetContext, AssetDefinition } from '../../../pipelines/assets/definition';
import { epcByTile } from '../../../pipelines/assets/epc-by-tile';
import { epcEnhanced } from '../../../pipelines/assets/epc-enhanced';
import { epcEstimates } from '../../../pipelines/assets/epc-estimates';
import { epcEnglandWalesRaw, epcScotlandRaw } from '../../../pipelines/assets/epc-raw';
import { epcLatest, epcStats } from '../../../pipelines/assets/epc-stats';
import { derivedPath, stagedPath } from '../../../pipelines/assets/ingest';
import { partitionKeys } from '../../../pipelines/assets/materialize';
import { onspd } from '../../../pipelines/assets/onspd';
import { osOpenUprn } from '../../../pipelines/assets/os-open-uprn';
import {
  tileUprnsSql,
  uprnEpcBlocks,
  uprnEpcBlocksGlob,
  UPRN_EPC_BLOCKS_TABLE,
  writeEpcBlocks,
} from '../../../pipelines/assets/uprn-epc-blocks';
import { loadConfig } from '../../../pipelines/config';
import { parquetPath, queryParquet } from '../../../pipelines/io/parquet';
import { generateSampleData } from '../../../pipelines/sample-data';

let ctx: AssetContext;
let tiles: string[];

async function rows(sql: string): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  for await (const row of queryParquet(sql)) out.push(row);
  return out;
}

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
  for (const asset of [epcLatest, epcStats, epcEstimates]) await asset.materialize(ctx);
  for (const key of await partitionKeys(epcByTile, ctx))
    await epcByTile.materialize({ ...ctx, partition: key });
  tiles = await partitionKeys(uprnEpcBlocks, ctx);
  for (const tile of tiles) await uprnEpcBlocks.materialize({ ...ctx, partition: tile });
  // The unpartitioned result: one build over every staged UPRN.
  const all = `SELECT uprn FROM ${parquetPath(stagedPath(ctx, 'os_open_uprn'))}`;
  await writeEpcBlocks(ctx, all, derivedPath(ctx, 'whole'));
}, 300_000);

describe('uprn_epc_blocks per tile', () => {
  it('writes one file per tile, each with exactly the UPRNs of its square', async () => {
    expect(tiles.length).toBeGreaterThan(1);
    const files = (await readdir(join(ctx.config.dataDir, 'parquet/derived', UPRN_EPC_BLOCKS_TABLE))).sort();
    expect(files).toEqual(tiles.map((t) => `${t}.parquet`).sort());
    for (const tile of tiles) {
      const file = parquetPath(derivedPath(ctx, `${UPRN_EPC_BLOCKS_TABLE}/${tile}`));
      const outside = await rows(
        `SELECT count(*) AS n FROM ${file} WHERE uprn NOT IN (${tileUprnsSql(ctx, tile)})`,
      );
      expect(outside).toEqual([{ n: 0 }]);
      // Every UPRN of the square with a certificate or an estimate has its block.
      const missing = await rows(
        `SELECT count(*) AS n FROM (${tileUprnsSql(ctx, tile)}) t
         WHERE uprn IN (SELECT uprn FROM ${parquetPath(derivedPath(ctx, 'epc_estimates'))}
                        UNION SELECT uprn FROM ${parquetPath(derivedPath(ctx, 'epc_latest'))})
           AND uprn NOT IN (SELECT uprn FROM ${file})`,
      );
      expect(missing).toEqual([{ n: 0 }]);
      expect(Number((await rows(`SELECT count(*) AS n FROM ${file}`))[0]!.n)).toBeGreaterThan(0);
    }
  });

  it('the tiles together equal one build over every UPRN, row for row', async () => {
    const cols = 'uprn, country, epc_count, postcode, tenure, energy_rating_current, block::VARCHAR AS block';
    const union = await rows(`SELECT ${cols} FROM ${parquetPath(uprnEpcBlocksGlob(ctx))} ORDER BY uprn`);
    const whole = await rows(`SELECT ${cols} FROM ${parquetPath(derivedPath(ctx, 'whole'))} ORDER BY uprn`);
    expect(union.length).toBe(whole.length);
    expect(union).toEqual(whole);
  });
});
