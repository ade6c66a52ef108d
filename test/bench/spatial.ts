// `npm run bench:spatial`: how fast the flood block is computed, per tile in batch and live over HTTP.
//
// 1. Batch. A synthetic region of BENCH_TILES × BENCH_TILES 10 km tiles (default 10 × 10 = 100 tiles) with
//    BENCH_UPRNS_PER_TILE UPRNs each (default 10,000: 1,000,000 UPRNs), clustered into villages and towns.
//    Each tile holds, like a lowland English tile: a meandering river with nested rivers-and-sea zones (High
//    inside Medium inside Low inside Very Low, and a wider climate-change set), 300 surface-water pockets with
//    nested bands in two layers (present day and climate change), 20 recorded flood outlines, 6 areas
//    benefiting from defences, OS Terrain 50-style contours every 10 m from a synthetic terrain (marching
//    squares, as the sample generator draws them), and a coast 3 km west of the region. Features are cut into
//    pieces (pipelines/geo/pieces.ts) exactly as flood_pieces does; each tile then loads its pieces plus the
//    1 km overlap into its indexes and computes every UPRN's full block (the same tileBlockBuilder the asset runs)
//    and serialises it to JSON (what is written to Parquet). Reported: UPRNs per second of this process's
//    CPU (one core) for the computation, and with index building included; time per tile; peak memory.
// 2. Live. The pieces of a 3 × 3 tile block (and the coast and land) are indexed into Elasticsearch (a
//    throwaway index), the real app serves GET /flood-risk?x_coord=&y_coord= with metering, and autocannon in
//    its own process (test/bench/spatial-autocannon.ts) sends 300 requests while the server's caches fill,
//    then BENCH_REQUESTS more, over BENCH_CONNECTIONS (default 50) connections at random points of the centre
//    tile: p50, p99, req/s, and CPU per request of the API process and of Elasticsearch.
//    BENCH_LIVE=0 skips it (it needs `pds stack up`).
// Figures only; no assertions.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEsClient } from '../../pipelines/indexing/es-client';
import { bulkIndex, createIndex } from '../../pipelines/indexing/versioned-index';
import { coastFeatures, landFeatures, tileFeatures, tileUprns, TILES, X0, Y0 } from './spatial-region';
import { FEATURE_INDEX_MAPPING } from '../../schemas/index/features';
import { piecesOf } from '../../pipelines/enrich/build-pieces';
import { featureDocument, fromStoredPiece, type StoredPiece } from '../../pipelines/enrich/piece-records';
import { tileBlockBuilder } from '../../pipelines/enrich/tile-blocks';
import { FeatureIndex } from '../../pipelines/geo/feature-index';
import type { BBox } from '../../pipelines/geo/geometry';
import { tileBBox, tileBBoxWithOverlap, tileOf, TILE_SIZE } from '../../pipelines/geo/tiles';
import { Rng } from '../../pipelines/sample-data/rng';
import type { Family, PieceRecord } from '../../pipelines/transforms/flood/candidates';
import { openAccountStore } from '../../serving/accounts/store';
import { autocannonGets } from './spatial-autocannon';
import { createApp } from '../../serving/app';
import { silentLogger } from '../../serving/log';
import { featuresRepository } from '../../serving/repository/features';
import { listen } from '../../serving/server';
import { fakeProperties } from '../helpers/api';
import { esUrl } from '../../infra/stack';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 3_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

// ---------------------------------------------------------------------------------------------------------
// Batch
// ---------------------------------------------------------------------------------------------------------

const meets = (p: StoredPiece, b: BBox): boolean =>
  p.maxx >= b.minX && p.minx <= b.maxX && p.maxy >= b.minY && p.miny <= b.maxY;
const fmt = (n: number) => Math.round(n).toLocaleString('en-GB');
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
const cpuNow = () => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
};

function batch(): { coast: StoredPiece[]; land: StoredPiece[] } {
  const coast = coastFeatures().flatMap(piecesOf);
  const land = landFeatures().flatMap(piecesOf);
  const coastIndex = new FeatureIndex(coast.map(fromStoredPiece));
  // Pieces by home tile, kept for the rows a tile's overlap can reach (this row and its neighbours).
  const cache = new Map<string, StoredPiece[]>();
  const homePieces = (i: number, j: number): StoredPiece[] => {
    if (i < 0 || j < 0 || i >= TILES || j >= TILES) return [];
    const key = `${i},${j}`;
    let pieces = cache.get(key);
    if (!pieces) {
      pieces = tileFeatures(i, j).flatMap(piecesOf);
      cache.set(key, pieces);
    }
    return pieces;
  };
  let uprns = 0;
  let computeMs = 0;
  let loadMs = 0;
  let generateMs = 0;
  let bytes = 0;
  // A digest of every block's JSON: a speed-up must leave it unchanged (same region, same answers).
  const digest = createHash('sha256');
  const perTile: number[] = [];
  let pieceCount = 0;
  for (let j = 0; j < TILES; j++) {
    for (const key of cache.keys()) if (Number(key.split(',')[1]) < j - 1) cache.delete(key);
    for (let i = 0; i < TILES; i++) {
      const g0 = cpuNow();
      const neighbourhood: StoredPiece[] = [...land];
      for (let dj = -1; dj <= 1; dj++)
        for (let di = -1; di <= 1; di++) neighbourhood.push(...homePieces(i + di, j + dj));
      const points = tileUprns(i, j);
      const tile = tileOf(X0 + i * TILE_SIZE, Y0 + j * TILE_SIZE);
      const l0 = cpuNow();
      generateMs += l0 - g0;
      // What uprn_flood_blocks does per tile: the pieces meeting the tile + 1 km, into indexes per family.
      const box = tileBBoxWithOverlap(tile);
      const byFamily: Partial<Record<Family, PieceRecord[]>> = {};
      for (const p of neighbourhood)
        if (p.family !== 'coast' && meets(p, box))
          (byFamily[p.family] ??= []).push(fromStoredPiece(JSON.parse(JSON.stringify(p))));
      pieceCount += Object.values(byFamily).reduce((n, l) => n + l.length, 0);
      const c0 = cpuNow();
      const build = tileBlockBuilder(byFamily, coastIndex);
      const json = points.map((p) => JSON.stringify(build(p)));
      const c1 = cpuNow();
      for (const text of json) {
        bytes += text.length;
        digest.update(text);
      }
      loadMs += c0 - l0;
      computeMs += c1 - c0;
      perTile.push(c1 - l0);
      uprns += points.length;
    }
    process.stderr.write(
      `  row ${j + 1}/${TILES}: ${fmt(uprns)} UPRNs, ${fmt((uprns / computeMs) * 1000)} UPRNs/CPU s so far\n`,
    );
  }
  const sorted = perTile.sort((a, b) => a - b);
  const rss = process.resourceUsage().maxRSS * 1024;
  process.stdout.write(
    [
      `batch: ${TILES * TILES} tiles, ${fmt(uprns)} UPRNs, ${fmt(pieceCount / (TILES * TILES))} pieces per tile (with overlap)`,
      `  full flood block + JSON, per CPU second (one core): ${fmt((uprns / computeMs) * 1000)} UPRNs/s`,
      `  including each tile's piece decoding and index building: ${fmt((uprns / (computeMs + loadMs)) * 1000)} UPRNs/s`,
      `  time per tile (load + compute, CPU): median ${fmt(sorted[Math.floor(sorted.length / 2)]!)} ms, max ${fmt(sorted.at(-1)!)} ms`,
      `  synthetic geometry generation (not counted above): ${fmt(generateMs / 1000)} s`,
      `  average block ${fmt(bytes / uprns)} bytes of JSON, sha256 of all blocks ${digest.digest('hex').slice(0, 16)}`,
      `  peak memory: maxRSS ${mb(rss)}, heap used now ${mb(process.memoryUsage().heapUsed)}`,
      '',
    ].join('\n'),
  );
  return { coast, land };
}

// ---------------------------------------------------------------------------------------------------------
// Live
// ---------------------------------------------------------------------------------------------------------

/** Elasticsearch's own CPU so far (ms, all nodes): the live path's work is split between it and the API. */
async function esCpuMs(es: ReturnType<typeof createEsClient>): Promise<number> {
  const stats = await es.nodes.stats({ metric: 'process' });
  return Object.values(stats.nodes).reduce((sum, n) => sum + (n.process?.cpu?.total_in_millis ?? 0), 0);
}

async function live(coast: StoredPiece[], land: StoredPiece[]): Promise<void> {
  const es = createEsClient(esUrl());
  const index = `bench-features-${process.pid}`;
  const dir = mkdtempSync(join(tmpdir(), 'pds-bench-spatial-'));
  const accounts = openAccountStore(join(dir, 'accounts.sqlite'));
  try {
    const pieces: StoredPiece[] = [...coast, ...land];
    for (let j = 3; j <= 5; j++)
      for (let i = 3; i <= 5; i++) pieces.push(...tileFeatures(i, j).flatMap(piecesOf));
    const docs: object[] = pieces.map(featureDocument);
    await createIndex(es, index, FEATURE_INDEX_MAPPING);
    let n = 0;
    const ids = new Map<object, string>(docs.map((d) => [d, String(n++)]));
    await bulkIndex(es, index, docs, (d) => ids.get(d)!);
    await es.indices.putSettings({ index, settings: { refresh_interval: '1s' } });
    await es.indices.refresh({ index });
    accounts.createPlan({ name: 'bench', creditLimit: 1_000_000_000 });
    const { key } = accounts.createKey('bench', { plan: 'bench' });
    const app = createApp({
      accounts,
      properties: fakeProperties(),
      // BENCH_HOT_AFTER=Infinity answers every request point by point (no whole-tile providers).
      features: featuresRepository(es, index, { hotAfter: Number(process.env.BENCH_HOT_AFTER ?? 8) }),
      log: silentLogger,
      rateLimit: false,
    });
    const server = await listen(app, { port: 0, host: '127.0.0.1' });
    const centre = tileBBox(tileOf(X0 + 4 * TILE_SIZE, Y0 + 4 * TILE_SIZE));
    const rng = new Rng(7);
    const paths = Array.from(
      { length: 1000 },
      () =>
        `/flood-risk?x_coord=${rng.real(centre.minX, centre.maxX).toFixed(2)}&y_coord=${rng.real(centre.minY, centre.maxY).toFixed(2)}`,
    );
    // Cold: the first requests in the tile list its coast and fetch and decode every piece they meet.
    const cold = await autocannonGets(server.url, key, paths, 300, CONNECTIONS);
    const cpu0 = cpuNow();
    const es0 = await esCpuMs(es);
    const hot = await autocannonGets(server.url, key, paths, REQUESTS, CONNECTIONS);
    const serverCpu = (cpuNow() - cpu0) / hot.requests;
    const esCpu = ((await esCpuMs(es)) - es0) / hot.requests;
    process.stdout.write(
      [
        `live GET /flood-risk?x_coord&y_coord (metered; ${fmt(docs.length)} pieces indexed; random points of one tile; autocannon in its own process, ${CONNECTIONS} connections)`,
        `  first ${fmt(cold.requests)} requests (caches filling): p50 ${cold.p50.toFixed(1)} ms, p99 ${cold.p99.toFixed(1)} ms, ${fmt(cold.rps)} req/s`,
        `  next ${fmt(hot.requests)}: p50 ${hot.p50.toFixed(1)} ms, p99 ${hot.p99.toFixed(1)} ms, ${fmt(hot.rps)} req/s`,
        `  CPU per request: API process ${serverCpu.toFixed(2)} ms, Elasticsearch ${esCpu.toFixed(2)} ms, autocannon ${hot.clientCpuMs.toFixed(2)} ms`,
        '',
      ].join('\n'),
    );
    await server.close();
  } finally {
    accounts.close();
    if (process.env.BENCH_KEEP_INDEX === '1') process.stdout.write(`kept index ${index}\n`);
    else await es.indices.delete({ index, ignore_unavailable: true });
    await es.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const { coast, land } = batch();
  if (process.env.BENCH_LIVE !== '0') await live(coast, land);
}

await main();
