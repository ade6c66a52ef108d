// `npm run bench:api`: what metering costs per request. The same authenticated GET /epcs against the real
// app on 127.0.0.1 (in-memory properties repository, accounts in a SQLite file in WAL mode), once with
// metering (rate limit, admission transaction, charge + history transaction) and once without (auth only).
// Latency at concurrency 1 over a keep-alive connection (p50/p99), then throughput at concurrency 32; the
// modes alternate round by round so background load hits both alike.
// Then GET /properties and GET /location on the real server over the real Elasticsearch (the data dir and
// index prefix of PDS_DATA_DIR / PDS_INDEX_PREFIX, refreshed beforehand: `npx pds sample-data && npx pds
// refresh`): p50/p99 and requests per second at 100 keep-alive connections from a separate load-generator
// process, over the indexed UPRNs' points. Targets: p99 < 25 ms (/properties), < 100 ms (/location).
// BENCH_SPATIAL=0 skips that part.
// Figures only; no assertions.
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dataPaths, loadConfig } from '../../pipelines/config';
import { propertiesAlias } from '../../pipelines/indexing/aliases';
import { createEsClient } from '../../pipelines/indexing/es-client';
import { openAccountStore } from '../../serving/accounts/store';
import { createApp } from '../../serving/app';
import { silentLogger } from '../../serving/log';
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

const loadGet = (url: string, key: string, paths: string[], n: number, connections: number) =>
  runLoad(url, key, gets(paths), n, connections);

async function spatial(): Promise<void> {
  const config = { ...loadConfig(), port: 0 };
  const es = createEsClient(config.esUrl);
  const found = await es
    .search<{ uprn: number; x_coord: number; y_coord: number }>({
      index: propertiesAlias(config),
      size: 200,
      _source: ['uprn', 'x_coord', 'y_coord'],
    })
    .catch(() => null);
  await es.close();
  const docs = found?.hits.hits.map((h) => h._source!) ?? [];
  if (docs.length === 0) {
    process.stdout.write(
      `\n/properties, /location: no properties index under prefix '${config.indexPrefix}'; run \`npx pds sample-data && npx pds refresh\` first\n`,
    );
    return;
  }
  const accounts = openAccountStore(dataPaths(config.dataDir).accountsDb);
  const plan = `bench-${Date.now()}`;
  accounts.createPlan({ name: plan, creditLimit: 1_000_000_000 });
  const { key } = accounts.createKey('bench-spatial', { plan });
  accounts.close();
  const server = await startServer(config, silentLogger, { rateLimit: false });
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 100);
  const n = Number(process.env.BENCH_SPATIAL_REQUESTS ?? 5_000);
  const cases = {
    '/properties': docs.map((d) => `/properties?uprn=${d.uprn}`),
    '/location': docs.map((d) => `/location?x_coord=${d.x_coord}&y_coord=${d.y_coord}`),
  };
  process.stdout.write(
    `\nReal server and Elasticsearch (prefix '${config.indexPrefix}'), ${docs.length} indexed points, ${n} requests at ${connections} connections per round, median round of ${ROUNDS}\n`,
  );
  process.stdout.write('endpoint      p50 ms  p99 ms   req/s\n');
  for (const [name, paths] of Object.entries(cases)) {
    await loadGet(server.url, key, paths, Math.min(n, 500), 10); // warm up
    const rounds: { p50: number; p99: number; rps: number }[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const { times, rps } = await loadGet(server.url, key, paths, n, connections);
      rounds.push({ p50: pct(times, 0.5), p99: pct(times, 0.99), rps });
    }
    const median = rounds.sort((a, b) => a.p99 - b.p99)[Math.floor(rounds.length / 2)]!;
    process.stdout.write(
      `${name.padEnd(12)} ${median.p50.toFixed(2).padStart(7)} ${median.p99.toFixed(2).padStart(7)} ${Math.round(median.rps).toString().padStart(7)}\n`,
    );
  }
  await server.close();
}

await main();
if (process.env.BENCH_SPATIAL !== '0') await spatial();
