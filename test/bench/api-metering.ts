// `npm run bench:api`: the API's cost per request, in one run (issue 17 items 1 to 4, issue 19's batch).
// 1. Metering overhead: the same authenticated GET /epcs against the app on 127.0.0.1 (in-memory properties
//    repository, accounts in a SQLite file in WAL mode), with metering (rate limit, admission, charge and
//    history row) and without (auth only): p50/p99 at concurrency 1 over a keep-alive connection, then
//    throughput at 32; the modes alternate round by round so background load hits both alike.
// 2. Each endpoint (/properties, /epcs, /flood-risk by UPRN, /retrofit, /energy-model, and live /location)
//    against a direct Elasticsearch GET of the stored document it reads: saturation throughput and the ratio,
//    then p50/p99 at half that rate; on a separate API process over the real Elasticsearch (the data dir and
//    index prefix of PDS_DATA_DIR / PDS_INDEX_PREFIX, refreshed beforehand: `npx pds sample-data && npx pds
//    refresh`), load from a separate load-generator process.
//    Then the floor: a bare proxy (store-proxy.ts: node:http, one keep-alive GET of the document a request,
//    its bytes sent back; no key, metering or answer) against the same store, as the `floor (proxy)` row
//    (BENCH_ENDPOINTS: `floor`).
// 3. First touch: /location and /flood-risk by point on a fresh API process, distinct points, 10 connections.
// 4. POST /batch: 1,000 single GET /{endpoint}?uprn= calls (1 connection, then 32) against one batch of the
//    same 1,000 UPRNs, metered; the batch's items are checked equal to the single answers first.
//    BENCH_BATCH_ENDPOINT (properties), BENCH_BATCH_ROUNDS (3).
// BENCH_METERING=0 / BENCH_SPATIAL=0 / BENCH_FIRST_TOUCH=0 / BENCH_BATCH=0 skip a part; BENCH_ENDPOINTS=/epcs,
// /location runs those endpoints of part 2; BENCH_CONNECTIONS (50), BENCH_SPATIAL_REQUESTS (4,000 a round),
// BENCH_ROUNDS (3), BENCH_FIRST_TOUCH_REQUESTS (500), BENCH_WORKERS (1: API processes, node:cluster),
// BENCH_WARM (1; 0: API processes start without warming their caches, serving/warm-up.ts). Figures
// only; no assertions. The method and the targets: docs/performance.md, "Serving".
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Client } from '@elastic/elasticsearch';
import { dataPaths, loadConfig, type ServiceConfig } from '../../pipelines/config';
import { EnergyModelRequestSchema } from '../../schemas/api/energy-model';
import { locationFeaturesAlias } from '../../pipelines/enrich/location-documents';
import { featuresAlias, propertiesAlias } from '../../pipelines/indexing/aliases';
import { createEsClient } from '../../pipelines/indexing/es-client';
import { openAccountStore } from '../../serving/accounts/store';
import { createApp } from '../../serving/app';
import { silentLogger } from '../../serving/log';
import { listen } from '../../serving/server';
import { fakeProperties, SAMPLE_DOC } from '../helpers/api';
import { gets, percentile, runLoad, type LoadRequest } from './load-generator';

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

/** The processes' CPU so far (ms), from /proc (Linux): every thread, user and system. */
function procCpuMs(pids: readonly number[]): number {
  return pids.reduce((total, pid) => {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return total + ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime: ticks (USER_HZ 100)
  }, 0);
}

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
    // Spread over the whole list (sorted by UPRN, so neighbours are near each other).
    const [x, y] = points[Math.floor((i * points.length) / n) % points.length]!;
    return [
      Math.round((x + (rand() * 2 - 1) * r) * 10) / 10,
      Math.round((y + (rand() * 2 - 1) * r) * 10) / 10,
    ];
  });
}

interface ApiProcess {
  url: string;
  /** The process serving, or its cluster workers (BENCH_WORKERS). */
  pids: number[];
  stop(): Promise<void>;
}

/** A fresh API server process (api-server.ts, or `script`) on the configured data dir and indexes. */
function apiProcess(env: NodeJS.ProcessEnv = {}, script = './api-server.ts'): Promise<ApiProcess> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(new URL(script, import.meta.url))],
    {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  return new Promise((resolve, reject) => {
    let out = '';
    child.once('exit', (code) => reject(new Error(`the API process exited (${code}) before listening`)));
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (!out.includes('\n')) return;
      const { url, pids } = JSON.parse(out) as { url: string; pids: number[] };
      child.removeAllListeners('exit');
      resolve({
        url,
        pids,
        stop: () => new Promise<void>((done) => (child.once('exit', () => done()), child.kill('SIGTERM'))),
      });
    });
  });
}

interface Indexed {
  uprns: number[];
  points: [number, number][];
}

/** The indexed UPRNs and their points, or null (said) when an index the endpoints read is missing. */
async function indexed(es: Client, config: ServiceConfig): Promise<Indexed | null> {
  // Every index the endpoints read must be there: a stale data set (refreshed before an index existed) is
  // said as such, not met as a 503 in the middle of a load run.
  const aliases = [propertiesAlias(config), locationFeaturesAlias(config), featuresAlias(config)];
  const missing = (await Promise.all(aliases.map((name) => es.indices.existsAlias({ name })))).flatMap(
    (ok, i) => (ok ? [] : [aliases[i]!]),
  );
  if (missing.length) {
    process.stdout.write(
      `\nno ${missing.join(', ')} under prefix '${config.indexPrefix}' (not refreshed, or refreshed by an older version); run \`npx pds sample-data && npx pds refresh\` with the same PDS_DATA_DIR / PDS_INDEX_PREFIX first\n`,
    );
    process.exitCode = 1;
    return null;
  }
  const docs: { uprn: number; x_coord: number; y_coord: number }[] = [];
  for await (const d of scrollUprns(es, propertiesAlias(config))) docs.push(d);
  return { uprns: docs.map((d) => d.uprn), points: docs.map((d) => [d.x_coord, d.y_coord]) };
}

/** A key on a plan no run exhausts, in the configured accounts database. */
function benchKey(config: ServiceConfig, name: string): string {
  const accounts = openAccountStore(dataPaths(config.dataDir).accountsDb);
  const plan = `bench-${Date.now()}`;
  accounts.createPlan({ name: plan, creditLimit: 1_000_000_000_000 });
  const { key } = accounts.createKey(name, { plan });
  accounts.close();
  return key;
}

const median = <T>(xs: T[], by: (x: T) => number): T =>
  [...xs].sort((a, b) => by(a) - by(b))[Math.floor(xs.length / 2)]!;

const ENERGY_BODIES = readFileSync(
  new URL('../../serving/energy-model/examples/requests.jsonl', import.meta.url),
  'utf8',
)
  .split('\n')
  .filter((line) => line.trim())
  .map((line) => JSON.parse(line) as unknown)
  // The file also holds examples the model refuses (its tests' 400s); the load wants 200s.
  .filter((body) => EnergyModelRequestSchema.safeParse(body).success)
  .map((body) => JSON.stringify(body));

/**
 * Each endpoint against a direct Elasticsearch GET of the stored document it reads (`GET
 * <alias>/_source/<uprn>?realtime=false`, what the API sends): saturation throughput at BENCH_CONNECTIONS
 * (closed loop, rounds alternating API and store), then p50/p99 at half the endpoint's saturation rate (open
 * loop). One fresh API process, metered (a real key and plan), rate limit off.
 */
async function endpoints(config: ServiceConfig, es: Client, data: Indexed): Promise<void> {
  const key = benchKey(config, 'bench-endpoints');
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
  const n = Number(process.env.BENCH_SPATIAL_REQUESTS ?? 4_000);
  const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
  const uprns = data.uprns;
  const locationPaths = jittered(data.points, n, 500).map(([x, y]) => `/location?x_coord=${x}&y_coord=${y}`);
  const store: LoadRequest[] = uprns.map((u) => ({
    method: 'GET',
    path: `/${propertiesAlias(config)}/_source/${u}?realtime=false`,
  }));
  const cases: { name: string; requests: LoadRequest[] }[] = [
    { name: '/properties', requests: gets(uprns.map((u) => `/properties?uprn=${u}`)) },
    { name: '/epcs', requests: gets(uprns.map((u) => `/epcs?uprn=${u}`)) },
    { name: '/flood-risk', requests: gets(uprns.map((u) => `/flood-risk?UPRN=${u}`)) },
    { name: '/retrofit', requests: gets(uprns.map((u) => `/retrofit?uprn=${u}`)) },
    {
      name: '/energy-model',
      requests: ENERGY_BODIES.map((body) => ({ method: 'POST', path: '/energy-model', body })),
    },
    // Live, not precomputed: its 1 km cells warm after the first point in each (the warm-up below).
    { name: '/location', requests: gets(locationPaths) },
  ];
  const only = process.env.BENCH_ENDPOINTS?.split(',');
  const api = await apiProcess();
  process.stdout.write(
    `\nEach endpoint against a direct Elasticsearch GET of the stored document (prefix '${config.indexPrefix}', ${uprns.length} UPRNs cycled): ${n} requests a round at ${connections} connections, median of ${rounds} rounds alternating API and store; metered, ${api.pids.length} API process(es).
"ratio" is the endpoint's saturation req/s over the store's; p50/p99 are at half the endpoint's saturation rate (open loop); CPU per request of the API process and of Elasticsearch (/proc: other clients' work counts too), for the API's requests and for the direct GETs.\n`,
  );
  process.stdout.write(
    'endpoint        store req/s   API req/s  ratio  p50 ms @50%  p99 ms @50%  API CPU ms  ES CPU ms  ES CPU ms (direct GET)\n',
  );
  const storeUrl = config.esUrl;
  const measure = async (name: string, target: ApiProcess, requests: LoadRequest[]): Promise<void> => {
    try {
      await runLoad(target.url, key, requests, Math.min(n, 1_000), 10); // warm up: JIT, connections, cells
      const sat: { store: number; api: number; cpu: number; esCpu: number; storeCpu: number }[] = [];
      for (let r = 0; r < rounds; r++) {
        const storeEs0 = await esCpuMs(es);
        const s = await runLoad(storeUrl, key, store, n, connections);
        const [cpu0, es0] = [procCpuMs(target.pids), await esCpuMs(es)];
        const a = await runLoad(target.url, key, requests, n, connections);
        const [cpu1, es1] = [procCpuMs(target.pids), await esCpuMs(es)];
        sat.push({
          store: s.rps,
          api: a.rps,
          cpu: (cpu1 - cpu0) / n,
          esCpu: (es1 - es0) / n,
          storeCpu: (es0 - storeEs0) / n,
        });
      }
      const m = median(sat, (x) => x.api / x.store);
      const half = await runLoad(target.url, key, requests, n, connections, m.api / 2);
      process.stdout.write(
        `${name.padEnd(15)} ${Math.round(m.store).toString().padStart(11)} ${Math.round(m.api).toString().padStart(11)}  ${(m.api / m.store).toFixed(2).padStart(5)}  ${percentile(half.times, 0.5).toFixed(2).padStart(11)}  ${percentile(half.times, 0.99).toFixed(2).padStart(11)}  ${m.cpu.toFixed(3).padStart(10)}  ${m.esCpu.toFixed(3).padStart(9)}  ${m.storeCpu.toFixed(3).padStart(22)}\n`,
      );
    } catch (error) {
      // An error answer under load (say Elasticsearch past the server's 5 s timeout: a 503) ends this
      // endpoint's row with the reason, not the whole bench.
      process.stdout.write(`${name}: a load round failed: ${(error as Error).message}\n`);
      process.exitCode = 1;
    }
  };
  try {
    for (const { name, requests } of cases)
      if (!only || only.includes(name)) await measure(name, api, requests);
  } finally {
    await api.stop();
  }
  if (only && !only.includes('floor')) return;
  // The floor on this machine: what any API that forwards each request to the store pays (store-proxy.ts).
  const proxy = await apiProcess({}, './store-proxy.ts');
  try {
    await measure('floor (proxy)', proxy, cases[0]!.requests);
  } finally {
    await proxy.stop();
  }
}

/**
 * First touch: a fresh API process asked BENCH_FIRST_TOUCH_REQUESTS distinct points (within 500 m of indexed
 * UPRNs, so cells nobody asked about) at 10 connections, p50/p99 over those first requests; then the same
 * points again (warm) for comparison. /location and /flood-risk by point, each on its own fresh process.
 */
async function firstTouch(config: ServiceConfig, data: Indexed): Promise<void> {
  const key = benchKey(config, 'bench-first-touch');
  const n = Number(process.env.BENCH_FIRST_TOUCH_REQUESTS ?? 500);
  const points = jittered(data.points, n, 500).map(([x, y]) => `x_coord=${x}&y_coord=${y}`);
  const cells = new Set(
    points.map((q) => {
      const [x, y] = q.split('&').map((kv) => Number(kv.split('=')[1]));
      return `${Math.floor(x! / 1000)},${Math.floor(y! / 1000)}`;
    }),
  ).size;
  process.stdout.write(
    `\nFirst touch: a fresh API process (${process.env.BENCH_WARM === '0' ? 'no start-up warm-up' : 'started as pds serve starts: caches warmed from the indexes before it listens'}), ${n} distinct points (${cells} 1 km cells) at 10 connections; then the same points again\n`,
  );
  process.stdout.write('endpoint          first p50  first p99  first max   warm p50   warm p99\n');
  for (const endpoint of ['/location', '/flood-risk']) {
    const api = await apiProcess();
    try {
      const requests = gets(points.map((q) => `${endpoint}?${q}`));
      const first = await runLoad(api.url, key, requests, n, 10);
      const warm = await runLoad(api.url, key, requests, n, 10);
      const f = (x: number) => x.toFixed(2).padStart(9);
      process.stdout.write(
        `${endpoint.padEnd(16)} ${f(percentile(first.times, 0.5))}  ${f(percentile(first.times, 0.99))}  ${f(first.times.at(-1)!)}  ${f(percentile(warm.times, 0.5))}  ${f(percentile(warm.times, 0.99))}\n`,
      );
    } catch (error) {
      process.stdout.write(`${endpoint}: failed: ${(error as Error).message}\n`);
      process.exitCode = 1;
    } finally {
      await api.stop();
    }
  }
}

/**
 * Elasticsearch's process CPU so far (ms): every thread of the node, whoever asked. From /proc when the node
 * runs on this machine (its node stats refresh once a second, too seldom for a half-second round), else from
 * those stats.
 */
async function esCpuMs(es: Client): Promise<number> {
  const pids = await (localEsPids ??= localPids(es));
  if (pids) return procCpuMs(pids);
  const stats = await es.nodes.stats({ node_id: '_local', metric: 'process' });
  return Object.values(stats.nodes).reduce((t, n) => t + (n.process?.cpu?.total_in_millis ?? 0), 0);
}

let localEsPids: Promise<number[] | null> | undefined;

/** The node's process ids when it runs on this machine, else null (asked once). */
async function localPids(es: Client): Promise<number[] | null> {
  const info = await es.nodes.info({ node_id: '_local', metric: 'process' });
  const pids = Object.values(info.nodes).map((n) => n.process?.id ?? -1);
  const local = (pid: number) =>
    existsSync(`/proc/${pid}/cmdline`) &&
    readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('elasticsearch');
  return pids.every(local) ? pids : null;
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
 * Elasticsearch, on a separate API process: wall time per round, median of BENCH_BATCH_ROUNDS; equality of
 * the answers checked first. The single calls come from the load generator (1 and 32 connections), the batch
 * is read whole by a plain node:http client.
 */
async function batch(config: ServiceConfig, data: Indexed): Promise<void> {
  const endpoint = process.env.BENCH_BATCH_ENDPOINT ?? 'properties';
  const param = endpoint === 'flood-risk' ? 'UPRN' : 'uprn';
  const rounds = Number(process.env.BENCH_BATCH_ROUNDS ?? 3);
  const uprns = data.uprns.slice(0, 1_000);
  const key = benchKey(config, 'bench-batch');
  const api = await apiProcess();
  const body = JSON.stringify({ endpoint, uprns });
  const batched = (): Promise<Buffer> =>
    new Promise((resolve, reject) => {
      const req = request(
        `${api.url}/batch`,
        { method: 'POST', headers: { 'x-api-key': key, 'content-type': 'application/json' } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            res.statusCode === 200
              ? resolve(Buffer.concat(chunks))
              : reject(new Error(`POST /batch: ${res.statusCode} ${Buffer.concat(chunks).toString()}`)),
          );
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  const singles = gets(uprns.map((u) => `/${endpoint}?${param}=${u}`));
  try {
    // The same answers first (and everything warm).
    const one = await Promise.all(
      uprns.map(async (u) =>
        (await fetch(`${api.url}/${endpoint}?${param}=${u}`, { headers: { 'x-api-key': key } })).text(),
      ),
    );
    const all = (await batched()).toString();
    const expected = `{"results":[${uprns.map((u, i) => `{"uprn":${u},"status":200,"body":${one[i]}}`).join(',')}]}`;
    const same = all === expected;
    const times = { sequential: [] as number[], concurrent: [] as number[], batch: [] as number[] };
    for (let r = 0; r < rounds; r++) {
      const t = process.hrtime.bigint();
      await batched();
      times.batch.push(Number(process.hrtime.bigint() - t) / 1e6);
      times.sequential.push(
        (uprns.length / (await runLoad(api.url, key, singles, uprns.length, 1)).rps) * 1000,
      );
      times.concurrent.push(
        (uprns.length / (await runLoad(api.url, key, singles, uprns.length, 32)).rps) * 1000,
      );
    }
    process.stdout.write(`batch rounds: ${times.batch.map((t) => t.toFixed(0)).join(', ')} ms\n`);
    const m = (xs: number[]) => median(xs, (x) => x);
    const [seq, conc, bat] = [m(times.sequential), m(times.concurrent), m(times.batch)];
    process.stdout.write(
      `\nPOST /batch vs single calls: ${uprns.length} UPRNs of /${endpoint}, metered, real Elasticsearch, median of ${rounds} rounds
batch items equal to the single answers: ${same ? 'yes' : 'NO'} (${Buffer.byteLength(all)} bytes)
${uprns.length} single calls, 1 connection    ${seq.toFixed(0).padStart(7)} ms
${uprns.length} single calls, 32 connections  ${conc.toFixed(0).padStart(7)} ms
one batch of ${uprns.length}                  ${bat.toFixed(0).padStart(7)} ms  (${(seq / bat).toFixed(1)}x / ${(conc / bat).toFixed(1)}x faster; target 10x)\n`,
    );
    if (!same) process.exitCode = 1;
  } finally {
    await api.stop();
  }
}

async function againstTheStore(): Promise<void> {
  const config = loadConfig();
  const es = createEsClient(config.esUrl);
  try {
    const data = await indexed(es, config);
    if (!data) return;
    if (process.env.BENCH_SPATIAL !== '0') await endpoints(config, es, data);
    if (process.env.BENCH_FIRST_TOUCH !== '0') await firstTouch(config, data);
    if (process.env.BENCH_BATCH !== '0') await batch(config, data);
  } finally {
    await es.close();
  }
}

if (process.env.BENCH_METERING !== '0') await main();
await againstTheStore();
