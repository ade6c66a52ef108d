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
//    1 km overlap into its indexes and computes every UPRN's full block (the same tileBlocks the asset runs)
//    and serialises it to JSON (what is written to Parquet). Reported: UPRNs per second of this process's
//    CPU (one core) for the computation, and with index building included; time per tile; peak memory.
// 2. Live. The pieces of a 3 × 3 tile block are indexed into Elasticsearch (a throwaway index), the real app
//    serves GET /flood-risk?x_coord=&y_coord= with metering, and a load generator in its own process (the GET
//    form of test/bench/energy.ts's, standing in for autocannon) sends BENCH_REQUESTS requests over
//    BENCH_CONNECTIONS keep-alive connections at random points of the centre tile: p50, p99, req/s.
//    BENCH_LIVE=0 skips it (it needs `pds stack up`).
// Figures only; no assertions.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEsClient } from '../../pipelines/indexing/es-client';
import { bulkIndex, createIndex } from '../../pipelines/indexing/versioned-index';
import { FEATURE_INDEX_MAPPING } from '../../schemas/index/features';
import { piecesOf, TileCountryCounter, type FeatureInput } from '../../pipelines/enrich/build-pieces';
import { featureDocument, fromStoredPiece, type StoredPiece } from '../../pipelines/enrich/piece-records';
import { tileBlocks, type UprnPoint } from '../../pipelines/enrich/tile-blocks';
import { FeatureIndex } from '../../pipelines/geo/feature-index';
import type { BBox, Geometry, Position } from '../../pipelines/geo/geometry';
import { tileBBox, tileBBoxWithOverlap, tileOf, TILE_SIZE } from '../../pipelines/geo/tiles';
import { hashSeed, Rng } from '../../pipelines/sample-data/rng';
import { contourLines, sampleGrid } from '../../pipelines/sample-data/terrain/contours';
import type { Family, PieceRecord } from '../../pipelines/transforms/flood/candidates';
import { openAccountStore } from '../../serving/accounts/store';
import { gets, percentile, runLoad } from './load-generator';
import { createApp } from '../../serving/app';
import { silentLogger } from '../../serving/log';
import { featuresRepository } from '../../serving/repository/features';
import { listen } from '../../serving/server';
import { fakeProperties } from '../helpers/api';
import { esUrl } from '../../infra/stack';

const TILES = Number(process.env.BENCH_TILES ?? 10);
const UPRNS_PER_TILE = Number(process.env.BENCH_UPRNS_PER_TILE ?? 10_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 3_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
// South-west corner of the region: lowland Somerset/Wiltshire (ST/SU), inside England's grid squares.
const X0 = 340_000;
const Y0 = 120_000;
const COAST_X = X0 - 3000;

// ---------------------------------------------------------------------------------------------------------
// Synthetic region
// ---------------------------------------------------------------------------------------------------------

const terrain = (p: Position): number =>
  60 + 45 * Math.sin(p[0] / 2300) * Math.cos(p[1] / 3100) + 18 * Math.sin((p[0] + p[1]) / 900);

const ringOf = (pts: Position[]): Position[] => [...pts, pts[0]!];
const circle = (c: Position, r: number, n: number): Geometry => ({
  type: 'Polygon',
  coordinates: [
    ringOf(
      Array.from(
        { length: n },
        (_, k) =>
          [
            c[0] + r * Math.cos((2 * Math.PI * k) / n),
            c[1] + r * Math.sin((2 * Math.PI * k) / n),
          ] as Position,
      ),
    ),
  ],
});

/** The river of tile row j, as a function of x (continuous across tiles). */
const riverY = (j: number, x: number): number =>
  Y0 + (j + 0.5) * TILE_SIZE + 1500 * Math.sin(x / 1700 + j) + 500 * Math.sin(x / 530 + 2 * j);

function riverBand(j: number, x0: number, x1: number, half: number): Geometry {
  const upper: Position[] = [];
  const lower: Position[] = [];
  for (let x = x0; x <= x1 + 1e-9; x += 25) {
    const y = riverY(j, x);
    upper.push([x, y + half]);
    lower.push([x, y - half]);
  }
  return { type: 'Polygon', coordinates: [ringOf([...lower, ...upper.reverse()])] };
}

const BANDS = [
  ['High', 'High'],
  ['Medium', 'Medium'],
  ['Low', 'Low'],
  ['Very low', 'Very Low'],
] as const;

/** Every feature whose home is tile (i, j) of the region. Deterministic per tile. */
function tileFeatures(i: number, j: number): FeatureInput[] {
  const rng = new Rng(hashSeed('bench-spatial', i, j));
  const bx = X0 + i * TILE_SIZE;
  const by = Y0 + j * TILE_SIZE;
  const out: FeatureInput[] = [];
  const zone = (layer: string, id: string, band: number, geometry: Geometry) =>
    out.push({
      family: 'zones',
      layer,
      featureId: id,
      country: 'England',
      attrs: { label: BANDS[band]![0], band: BANDS[band]![1] },
      geometry,
    });
  // The river: nested bands (each band's polygon is its whole extent, as the 4-band maps are drawn).
  [40, 90, 180, 300].forEach((half, b) =>
    zone('england.rivers_and_seas', `r-${i}-${j}-${b}`, b, riverBand(j, bx, bx + TILE_SIZE, half)),
  );
  [50, 110, 220, 360].forEach((half, b) =>
    zone(
      'england.rivers_and_seas_climate_change',
      `rc-${i}-${j}-${b}`,
      b,
      riverBand(j, bx, bx + TILE_SIZE, half),
    ),
  );
  // Surface-water pockets: High inside Medium inside Low.
  for (let k = 0; k < 300; k++) {
    const c: Position = [bx + rng.real(0, TILE_SIZE), by + rng.real(0, TILE_SIZE)];
    const r = rng.real(8, 40);
    [1, 1.6, 2.4].forEach((f, b) => {
      zone('england.surface_water', `s-${i}-${j}-${k}-${b}`, b, circle(c, r * f, 20));
      zone('england.surface_water_climate_change', `sc-${i}-${j}-${k}-${b}`, b, circle(c, r * f * 1.2, 20));
    });
  }
  for (let k = 0; k < 20; k++) {
    const x = bx + rng.real(0, TILE_SIZE);
    out.push({
      family: 'outlines',
      layer: 'England',
      featureId: `o-${i}-${j}-${k}`,
      country: 'England',
      attrs: {
        name: `Event ${k}`,
        start_date: `${1950 + k * 3}-01-0${1 + (k % 9)}T00:00:00.000Z`,
        end_date: null,
        flood_source: 'main river',
        flood_cause: 'channel capacity exceeded (no raising or breaching)',
      },
      geometry: circle([x, riverY(j, x) + rng.real(-200, 200)], rng.real(100, 400), 48),
    });
  }
  for (let k = 0; k < 6; k++) {
    const x = bx + rng.real(0, TILE_SIZE);
    out.push({
      family: 'defence_areas',
      layer: 'England',
      featureId: `d-${i}-${j}-${k}`,
      country: 'England',
      attrs: {},
      geometry: circle([x, riverY(j, x) + 250], rng.real(150, 300), 32),
    });
  }
  // Contours of the tile's own square (50 m grid, as OS Terrain 50), every 10 m.
  const grid = sampleGrid(bx, by, 50, TILE_SIZE / 50 + 1, TILE_SIZE / 50 + 1, terrain);
  for (let level = 0; level <= 140; level += 10)
    contourLines(grid, level).forEach((line, k) =>
      out.push({
        family: 'contours',
        layer: 'contours',
        featureId: `c-${i}-${j}-${level}-${k}`,
        country: null,
        attrs: { kind: 'contour', height: level },
        geometry: { type: 'LineString', coordinates: line },
      }),
    );
  return out;
}

function coastFeatures(): FeatureInput[] {
  const line: Position[] = [];
  for (let y = Y0 - 20_000; y <= Y0 + TILES * TILE_SIZE + 20_000; y += 50)
    line.push([COAST_X + 400 * Math.sin(y / 1300), y]);
  return [
    {
      family: 'coast',
      layer: 'coast',
      featureId: 'coast',
      country: null,
      attrs: { height: 2.2 },
      geometry: { type: 'LineString', coordinates: line },
    },
  ];
}

function tileUprns(i: number, j: number): UprnPoint[] {
  const rng = new Rng(hashSeed('bench-uprns', i, j));
  const bx = X0 + i * TILE_SIZE;
  const by = Y0 + j * TILE_SIZE;
  // Settlements: a town and a few villages; addresses normal around them, clipped to the tile.
  const centres = Array.from({ length: 6 }, (_, k) => ({
    c: [bx + rng.real(1000, 9000), by + rng.real(1000, 9000)] as Position,
    sd: k === 0 ? 1500 : 500,
    w: k === 0 ? 0.5 : 0.1,
  }));
  const out: UprnPoint[] = [];
  for (let n = 0; n < UPRNS_PER_TILE; n++) {
    let u = rng.next();
    const s = centres.find((c) => (u -= c.w) < 0) ?? centres[0]!;
    const x = Math.min(bx + TILE_SIZE - 0.01, Math.max(bx, rng.normal(s.c[0], s.sd)));
    const y = Math.min(by + TILE_SIZE - 0.01, Math.max(by, rng.normal(s.c[1], s.sd)));
    out.push({
      uprn: (i * 1000 + j) * 1_000_000 + n,
      x: Math.round(x * 100) / 100,
      y: Math.round(y * 100) / 100,
    });
  }
  return out;
}

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

function batch(): { coast: StoredPiece[] } {
  const countries = new TileCountryCounter();
  const coast = coastFeatures().flatMap(piecesOf);
  const coastIndex = new FeatureIndex(coast.map(fromStoredPiece));
  // Pieces by home tile, kept for the rows a tile's overlap can reach (this row and its neighbours).
  const cache = new Map<string, StoredPiece[]>();
  const homePieces = (i: number, j: number): StoredPiece[] => {
    if (i < 0 || j < 0 || i >= TILES || j >= TILES) return [];
    const key = `${i},${j}`;
    let pieces = cache.get(key);
    if (!pieces) {
      pieces = tileFeatures(i, j).flatMap(piecesOf);
      for (const p of pieces) countries.add(p);
      cache.set(key, pieces);
    }
    return pieces;
  };
  let uprns = 0;
  let computeMs = 0;
  let loadMs = 0;
  let generateMs = 0;
  let bytes = 0;
  const perTile: number[] = [];
  let pieceCount = 0;
  for (let j = 0; j < TILES; j++) {
    for (const key of cache.keys()) if (Number(key.split(',')[1]) < j - 1) cache.delete(key);
    for (let i = 0; i < TILES; i++) {
      const g0 = cpuNow();
      const neighbourhood: StoredPiece[] = [];
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
      const countryMap = new Map([[tile, [{ country: 'England' as const, pieces: 1 }]]]);
      const blocks = tileBlocks(points, byFamily, coastIndex, countryMap);
      for (const b of blocks) bytes += JSON.stringify(b.block).length;
      const c1 = cpuNow();
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
      `  average block ${fmt(bytes / uprns)} bytes of JSON`,
      `  peak memory: maxRSS ${mb(rss)}, heap used now ${mb(process.memoryUsage().heapUsed)}`,
      '',
    ].join('\n'),
  );
  return { coast };
}

// ---------------------------------------------------------------------------------------------------------
// Live
// ---------------------------------------------------------------------------------------------------------

const load = (url: string, key: string, paths: string[], n: number) =>
  runLoad(new URL(url).origin, key, gets(paths), n, CONNECTIONS);

async function live(coast: StoredPiece[]): Promise<void> {
  const es = createEsClient(esUrl());
  const index = `bench-features-${process.pid}`;
  const dir = mkdtempSync(join(tmpdir(), 'pds-bench-spatial-'));
  const accounts = openAccountStore(join(dir, 'accounts.sqlite'));
  try {
    const counter = new TileCountryCounter();
    const pieces: StoredPiece[] = [...coast];
    for (let j = 3; j <= 5; j++)
      for (let i = 3; i <= 5; i++) pieces.push(...tileFeatures(i, j).flatMap(piecesOf));
    for (const p of pieces) counter.add(p);
    const docs: object[] = [
      ...pieces.map(featureDocument),
      ...counter.rows().map((r) => ({ family: 'tile_country', layer: 'tile_country', ...r })),
    ];
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
      features: featuresRepository(es, index),
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
    await load(`${server.url}/flood-risk`, key, paths, 300); // warm up
    const cpu0 = cpuNow();
    const { times, rps } = await load(`${server.url}/flood-risk`, key, paths, REQUESTS);
    const serverCpu = (cpuNow() - cpu0) / REQUESTS;
    const pct = (p: number) => percentile(times, p);
    process.stdout.write(
      `live GET /flood-risk?x_coord&y_coord (metered; ${fmt(docs.length)} pieces indexed): ${fmt(REQUESTS)} requests, ` +
        `${CONNECTIONS} connections: p50 ${pct(0.5).toFixed(1)} ms, p99 ${pct(0.99).toFixed(1)} ms, ${fmt(rps)} req/s, ` +
        `API process CPU ${serverCpu.toFixed(2)} ms/request (Elasticsearch's own CPU not included)\n`,
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
  const { coast } = batch();
  if (process.env.BENCH_LIVE !== '0') await live(coast);
}

await main();
