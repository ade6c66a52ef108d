// `npm run bench:api`: what metering costs per request. The same authenticated GET /epcs against the real
// app on 127.0.0.1 (in-memory properties repository, accounts in a SQLite file in WAL mode), once with
// metering (rate limit, admission transaction, charge + history transaction) and once without (auth only).
// Latency at concurrency 1 over a keep-alive connection (p50/p99), then throughput at concurrency 32; the
// modes alternate round by round so background load hits both alike.
// Then GET /properties and GET /location on the real server over the real Elasticsearch (the data dir and
// index prefix of PDS_DATA_DIR / PDS_INDEX_PREFIX, refreshed beforehand: `npx pds sample-data && npx pds
// refresh`): p50/p99, requests per second and CPU per request (server process, Elasticsearch, load
// generator) at BENCH_CONNECTIONS (100) keep-alive connections from a separate load-generator process.
// /properties cycles every indexed UPRN; /location asks as many distinct points as requests. Targets: p99 <
// 25 ms (/properties), < 100 ms (/location). A missing index or an error answer is said before any load.
// Then POST /batch (#19): 1,000 single GET /{endpoint}?uprn= calls (one keep-alive connection, then 32
// at a time) against one batch of the same 1,000 UPRNs, metered, on the real Elasticsearch; the batch's items
// are checked equal to the single answers first. BENCH_BATCH_ENDPOINT (properties), BENCH_BATCH_ROUNDS (3).
// BENCH_METERING=0 / BENCH_SPATIAL=0 / BENCH_BATCH=0 skip a part; BENCH_ENDPOINTS=/location runs one endpoint.
// Figures only; no assertions.
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dataPaths, loadConfig } from '../../pipelines/config';
import type { Client } from '@elastic/elasticsearch';
import { locationFeaturesAlias } from '../../pipelines/enrich/location-documents';
import { featuresAlias, propertiesAlias, sharedPiecesAlias } from '../../pipelines/indexing/aliases';
import { createEsClient } from '../../pipelines/indexing/es-client';
import { openAccountStore } from '../../serving/accounts/store';
import { createApp } from '../../serving/app';
import { silentLogger } from '../../serving/log';
import { propertiesRepository } from '../../serving/repository/properties';
import { listen, startServer } from '../../serving/server';
import { fakeProperties, SAMPLE_DOC } from '../helpers/api';
import { gets, percentile, runLoad } from './load-generator';

const N = Number(process.env.BENCH_REQUESTS ?? 5_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);

function get(agent: Agent, url: string, key: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const t = process.hrtime.bigint();
    const req = request(url, { agent, headers: { 'x-api-key': key } }, (res) => {
      res.resume();
      res.on('end', () => {
        if (res.statusCode !== 200) reject(new Error(`status ${res.statusCode}`));
        else resolve(Number(process.hrtime.bigint() - t) / 1e6);
      });
    });
    req.on('error', reject);
    req.end();
  });
}

async function run(url: string, key: string, n: number, concurrency: number): Promise<number[]> {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const times: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next++ < n) times.push(await get(agent, url, key));
    }),
  );
  agent.destroy();
  return times;
}

const pct = percentile;

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'pds-bench-'));
  // BENCH_GROUP_COMMIT=0: one transaction per completion instead of one per event-loop turn.
  const groupCommit = process.env.BENCH_GROUP_COMMIT !== '0';
  const accounts = openAccountStore(join(dir, 'accounts.sqlite'), undefined, { groupCommit });
  accounts.createPlan({ name: 'bench', creditLimit: 1_000_000_000 });
  const { key } = accounts.createKey('bench', { plan: 'bench' });
  const properties = fakeProperties();
  const common = { accounts, properties, log: silentLogger };
  const metered = await listen(createApp({ ...common, rateLimit: { perSecond: 1e9, burst: 1e9 } }), {
    port: 0,
    host: '127.0.0.1',
  });
  const plain = await listen(createApp({ ...common, metering: false }), { port: 0, host: '127.0.0.1' });
  const path = `/epcs?uprn=${SAMPLE_DOC.uprn}`;
  const modes = { 'metering on': metered.url + path, 'metering off': plain.url + path };

  for (const url of Object.values(modes)) await run(url, key, 1_000, 1); // warm up
  const latency: Record<string, number[]> = { 'metering on': [], 'metering off': [] };
  for (let r = 0; r < ROUNDS; r++)
    for (const [mode, url] of Object.entries(modes)) latency[mode]!.push(...(await run(url, key, N, 1)));

  // Throughput: rounds alternate between the modes too; the median round counts.
  const rounds: Record<string, number[]> = { 'metering on': [], 'metering off': [] };
  for (let r = 0; r < ROUNDS; r++)
    for (const [mode, url] of Object.entries(modes)) {
      const t = process.hrtime.bigint();
      await run(url, key, N, 32);
      rounds[mode]!.push(Math.round(N / (Number(process.hrtime.bigint() - t) / 1e9)));
    }
  const throughput = Object.fromEntries(
    Object.entries(rounds).map(([mode, r]) => [
      mode,
      [...r].sort((a, b) => a - b)[Math.floor(r.length / 2)]!,
    ]),
  );

  const rows = Object.entries(latency).map(([mode, times]) => {
    const s = [...times].sort((a, b) => a - b);
    return { mode, requests: s.length, p50: pct(s, 0.5), p99: pct(s, 0.99), rps32: throughput[mode]! };
  });
  const [on, off] = rows;
  process.stdout.write(
    `GET ${path}, authenticated; ${N} x ${ROUNDS} sequential keep-alive requests per mode; group commit ${groupCommit ? 'on' : 'off'}\n`,
  );
  process.stdout.write('mode           requests  p50 ms  p99 ms  req/s @32\n');
  for (const r of rows)
    process.stdout.write(
      `${r.mode.padEnd(14)} ${String(r.requests).padStart(8)}  ${r.p50.toFixed(3).padStart(6)}  ${r.p99.toFixed(3).padStart(6)}  ${String(r.rps32).padStart(9)}\n`,
    );
  process.stdout.write(
    `metering overhead: p50 +${(on!.p50 - off!.p50).toFixed(3)} ms, p99 +${(on!.p99 - off!.p99).toFixed(3)} ms\n`,
  );
  await metered.close();
  await plain.close();
  accounts.close();
  rmSync(dir, { recursive: true, force: true });
}

/** Elasticsearch's process CPU so far (ms): every thread of the node, whoever asked. */
async function esCpuMs(es: Client): Promise<number> {
  const stats = await es.nodes.stats({ node_id: '_local', metric: 'process' });
  return Object.values(stats.nodes).reduce((t, n) => t + (n.process?.cpu?.total_in_millis ?? 0), 0);
}

const processCpuMs = (): number => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
};

/** A deterministic spread of `n` points within `r` metres of the given ones (mulberry32). */
function jittered(points: readonly [number, number][], n: number, r: number): [number, number][] {
  let seed = 5;
  const rand = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return Array.from({ length: n }, (_, i) => {
    const [x, y] = points[i % points.length]!;
    return [
      Math.round((x + (rand() * 2 - 1) * r) * 10) / 10,
      Math.round((y + (rand() * 2 - 1) * r) * 10) / 10,
    ];
  });
}

async function spatial(): Promise<void> {
  const config = { ...loadConfig(), port: 0 };
  const es = createEsClient(config.esUrl);
  // Every index the two endpoints read must be there: a stale data set (refreshed before an index existed)
  // is said as such, not met as a 503 in the middle of a load run.
  const aliases = [propertiesAlias(config), locationFeaturesAlias(config), featuresAlias(config)];
  const missing = (await Promise.all(aliases.map((name) => es.indices.existsAlias({ name })))).flatMap(
    (ok, i) => (ok ? [] : [aliases[i]!]),
  );
  if (missing.length) {
    await es.close();
    process.stdout.write(
      `\n/properties, /location: no ${missing.join(', ')} under prefix '${config.indexPrefix}' (not refreshed, or refreshed by an older version); run \`npx pds sample-data && npx pds refresh\` with the same PDS_DATA_DIR / PDS_INDEX_PREFIX first\n`,
    );
    process.exitCode = 1;
    return;
  }
  const docs: { uprn: number; x_coord: number; y_coord: number }[] = [];
  for await (const d of scrollUprns(es, propertiesAlias(config))) docs.push(d);
  const accounts = openAccountStore(dataPaths(config.dataDir).accountsDb);
  const plan = `bench-${Date.now()}`;
  accounts.createPlan({ name: plan, creditLimit: 1_000_000_000 });
  const { key } = accounts.createKey('bench-spatial', { plan });
  accounts.close();
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 100);
  const n = Number(process.env.BENCH_SPATIAL_REQUESTS ?? 5_000);
  // Every indexed UPRN once before any repeats; points up to 500 m off the UPRNs', each asked once per round
  // (as many distinct points as requests).
  const points = jittered(
    docs.map((d) => [d.x_coord, d.y_coord]),
    n,
    500,
  );
  const cells = new Set(points.map(([x, y]) => `${Math.floor(x / 1000)},${Math.floor(y / 1000)}`)).size;
  const locationPaths = points.map(([x, y]) => `/location?x_coord=${x}&y_coord=${y}`);
  // /location keeps each 1 km cell's candidates (serving/repository/location.ts): the sample region's points
  // fall in a few hundred cells, so after the first of each the answers are warm. The cold row turns the
  // cache off (PDS_LOCATION_CACHE_CELLS=0): every request fetches its candidates, as in a region far larger
  // than the cache.
  const cases: { name: string; paths: string[]; cellCache: boolean }[] = [
    { name: '/properties', paths: docs.map((d) => `/properties?uprn=${d.uprn}`), cellCache: true },
    { name: '/location', paths: locationPaths, cellCache: true },
    { name: '/location cold', paths: locationPaths, cellCache: false },
  ];
  process.stdout.write(
    `\nReal server and Elasticsearch (prefix '${config.indexPrefix}'): ${n} requests at ${connections} connections per round, median round (by p99) of ${ROUNDS};
/properties cycles ${docs.length} indexed UPRNs, /location ${points.length} distinct points within 500 m of them, in ${cells} 1 km cells.
CPU is per request: the server process (Node), Elasticsearch (its whole process: other clients' work counts too), the load generator.\n`,
  );
  process.stdout.write('endpoint          p50 ms  p99 ms   req/s  server CPU ms  ES CPU ms  client CPU ms\n');
  const only = process.env.BENCH_ENDPOINTS?.split(',');
  for (const { name, paths, cellCache } of cases) {
    if (only && !only.includes(name)) continue;
    const cacheSetting = process.env.PDS_LOCATION_CACHE_CELLS;
    if (!cellCache) process.env.PDS_LOCATION_CACHE_CELLS = '0';
    const server = await startServer(config, silentLogger, { rateLimit: false });
    if (cacheSetting === undefined) delete process.env.PDS_LOCATION_CACHE_CELLS;
    else process.env.PDS_LOCATION_CACHE_CELLS = cacheSetting;
    try {
      // One request first: an error answer is printed whole instead of failing the load run blind.
      const probe = await fetch(server.url + paths[0]!, { headers: { 'x-api-key': key } });
      if (probe.status !== 200) {
        process.stdout.write(`${name}: ${probe.status} ${await probe.text()}\n`);
        process.exitCode = 1;
        continue;
      }
      await runLoad(server.url, key, gets(paths.slice(0, 500)), 500, 10); // warm up (JIT, connections)
      const rounds: { p50: number; p99: number; rps: number; cpu: number; esCpu: number; client: number }[] =
        [];
      for (let r = 0; r < ROUNDS; r++) {
        const [cpu0, es0] = [processCpuMs(), await esCpuMs(es)];
        const load = await runLoad(server.url, key, gets(paths), n, connections).catch(
          (error: Error) => error,
        );
        // An error answer under load (say Elasticsearch past the server's 5 s timeout: a 503) ends this
        // endpoint's rows with the reason, not the whole bench.
        if (load instanceof Error) {
          process.stdout.write(`${name}: a load round failed: ${load.message}\n`);
          process.exitCode = 1;
          break;
        }
        const { times, rps, clientCpuMs } = load;
        const [cpu1, es1] = [processCpuMs(), await esCpuMs(es)];
        rounds.push({
          p50: pct(times, 0.5),
          p99: pct(times, 0.99),
          rps,
          cpu: (cpu1 - cpu0) / n,
          esCpu: (es1 - es0) / n,
          client: clientCpuMs,
        });
      }
      if (rounds.length === 0) continue;
      const m = rounds.sort((a, b) => a.p99 - b.p99)[Math.floor(rounds.length / 2)]!;
      process.stdout.write(
        `${name.padEnd(16)} ${m.p50.toFixed(2).padStart(7)} ${m.p99.toFixed(2).padStart(7)} ${Math.round(m.rps).toString().padStart(7)}  ${m.cpu.toFixed(3).padStart(13)}  ${m.esCpu.toFixed(3).padStart(9)}  ${m.client.toFixed(3).padStart(13)}\n`,
      );
    } finally {
      await server.close();
    }
  }
  await es.close();
}

/** uprn and coordinates of every indexed property (from doc values: the documents' _source is large). */
async function* scrollUprns(
  es: Client,
  index: string,
): AsyncGenerator<{ uprn: number; x_coord: number; y_coord: number }> {
  const fields = ['uprn', 'x_coord', 'y_coord'] as const;
  let after: unknown[] | undefined;
  for (;;) {
    const page = await es.search({
      index,
      size: 5_000,
      _source: false,
      docvalue_fields: [...fields],
      sort: [{ uprn: 'asc' }],
      ...(after ? { search_after: after as never } : {}),
    });
    const hits = page.hits.hits;
    for (const h of hits) {
      const [uprn, x_coord, y_coord] = fields.map((f) => Number(h.fields![f]![0]));
      yield { uprn: uprn!, x_coord: x_coord!, y_coord: y_coord! };
    }
    if (hits.length < 5_000) return;
    after = hits.at(-1)!.sort;
  }
}

/**
 * 1,000 single calls against one batch of the same UPRNs (POST /batch), metered, over the real
 * Elasticsearch: wall time per round, median of BENCH_BATCH_ROUNDS; equality of the answers checked first.
 */
async function batch(): Promise<void> {
  const config = loadConfig();
  const es = createEsClient(config.esUrl);
  if (!(await es.indices.existsAlias({ name: propertiesAlias(config) }))) {
    await es.close();
    process.stdout.write(`
POST /batch: no ${propertiesAlias(config)} (run \`npx pds refresh\` first)\n`);
    process.exitCode = 1;
    return;
  }
  const endpoint = process.env.BENCH_BATCH_ENDPOINT ?? 'properties';
  const param = endpoint === 'flood-risk' ? 'UPRN' : 'uprn';
  const rounds = Number(process.env.BENCH_BATCH_ROUNDS ?? 3);
  const uprns: number[] = [];
  for await (const d of scrollUprns(es, propertiesAlias(config))) {
    uprns.push(d.uprn);
    if (uprns.length === 1_000) break;
  }
  const dir = mkdtempSync(join(tmpdir(), 'pds-bench-batch-'));
  const accounts = openAccountStore(join(dir, 'accounts.sqlite'));
  accounts.createPlan({ name: 'bench', creditLimit: 1_000_000_000 });
  const { key } = accounts.createKey('bench-batch', { plan: 'bench' });
  const properties = propertiesRepository(es, propertiesAlias(config), sharedPiecesAlias(config));
  const server = await listen(createApp({ accounts, properties, log: silentLogger }), {
    port: 0,
    host: '127.0.0.1',
  });
  const single = async (uprn: number) => {
    const res = await fetch(`${server.url}/${endpoint}?${param}=${uprn}`, { headers: { 'x-api-key': key } });
    return res.text();
  };
  const singles = async (concurrency: number): Promise<string[]> => {
    const out: string[] = new Array<string>(uprns.length);
    let next = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < uprns.length) {
          const i = next++;
          out[i] = await single(uprns[i]!);
        }
      }),
    );
    return out;
  };
  const batched = async (): Promise<string> => {
    const res = await fetch(`${server.url}/batch`, {
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify({ endpoint, uprns }),
    });
    if (res.status !== 200) throw new Error(`POST /batch: ${res.status} ${await res.text()}`);
    return res.text();
  };
  // The same answers first (and everything warm).
  const one = await singles(1);
  const all = await batched();
  const expected = `{"results":[${uprns.map((u, i) => `{"uprn":${u},"status":200,"body":${one[i]}}`).join(',')}]}`;
  const same = all === expected;
  const time = async (f: () => Promise<unknown>) => {
    const t = process.hrtime.bigint();
    await f();
    return Number(process.hrtime.bigint() - t) / 1e6;
  };
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const times = { sequential: [] as number[], concurrent: [] as number[], batch: [] as number[] };
  for (let r = 0; r < rounds; r++) {
    times.sequential.push(await time(() => singles(1)));
    times.concurrent.push(await time(() => singles(32)));
    times.batch.push(await time(batched));
  }
  const [seq, conc, bat] = [median(times.sequential), median(times.concurrent), median(times.batch)];
  process.stdout.write(
    `\nPOST /batch vs single calls: ${uprns.length} UPRNs of /${endpoint}, metered, real Elasticsearch, median of ${rounds} rounds
batch items equal to the single answers: ${same ? 'yes' : 'NO'} (${Buffer.byteLength(all)} bytes)
1,000 single calls, 1 connection    ${seq.toFixed(0).padStart(7)} ms
1,000 single calls, 32 connections  ${conc.toFixed(0).padStart(7)} ms
one batch of 1,000                  ${bat.toFixed(0).padStart(7)} ms  (${(seq / bat).toFixed(1)}x / ${(conc / bat).toFixed(1)}x faster)\n`,
  );
  if (!same) process.exitCode = 1;
  await server.close();
  accounts.close();
  await es.close();
  rmSync(dir, { recursive: true, force: true });
}

if (process.env.BENCH_METERING !== '0') await main();
if (process.env.BENCH_SPATIAL !== '0') await spatial();
if (process.env.BENCH_BATCH !== '0') await batch();
