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
import { spawn } from 'node:child_process';
import { dataPaths, loadConfig } from '../../pipelines/config';
import { propertiesAlias } from '../../pipelines/indexing/aliases';
import { createEsClient } from '../../pipelines/indexing/es-client';
import { openAccountStore } from '../../serving/accounts/store';
import { createApp } from '../../serving/app';
import { silentLogger } from '../../serving/log';
import { listen, startServer } from '../../serving/server';
import { fakeProperties, SAMPLE_DOC } from '../helpers/api';

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

const pct = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

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

// A GET load generator in its own process (as in test/bench/energy.ts, whose generator POSTs): prebuilt
// requests on raw keep-alive sockets, reading only each answer's status line and content-length.
const GET_LOAD_GENERATOR = `
const net = require('node:net');
const chunks = [];
process.stdin.on('data', (c) => chunks.push(c));
process.stdin.on('end', () => main(JSON.parse(Buffer.concat(chunks).toString())));
function main({ url, key, n, connections, paths }) {
  const u = new URL(url);
  const requests = paths.map((p) => Buffer.from('GET ' + p + ' HTTP/1.1\\r\\nhost: ' + u.host +
    '\\r\\nx-api-key: ' + key + '\\r\\n\\r\\n'));
  const times = [];
  let next = 0, closed = 0, error = null;
  const start = process.hrtime.bigint();
  for (let c = 0; c < connections; c++) {
    const socket = net.connect(Number(u.port), u.hostname);
    socket.setNoDelay(true);
    let buf = Buffer.alloc(0), sentAt = 0n, need = -1;
    const send = () => {
      if (next >= n || error) return socket.end();
      const i = next++;
      sentAt = process.hrtime.bigint();
      socket.write(requests[i % requests.length]);
    };
    socket.on('connect', send);
    socket.on('data', (chunk) => {
      buf = buf.length ? Buffer.concat([buf, chunk]) : chunk;
      for (;;) {
        if (need < 0) {
          const end = buf.indexOf('\\r\\n\\r\\n');
          if (end < 0) return;
          const head = buf.toString('latin1', 0, end);
          const length = /\\r\\ncontent-length: *(\\d+)/i.exec(head);
          if (!length) { error = 'answer without content-length'; return socket.destroy(); }
          if (head.slice(9, 12) !== '200') error = 'status ' + head.slice(9, 12);
          need = end + 4 + Number(length[1]);
        }
        if (buf.length < need) return;
        buf = buf.subarray(need);
        need = -1;
        times.push(Number(process.hrtime.bigint() - sentAt) / 1e6);
        send();
      }
    });
    socket.on('error', (e) => { error = String(e); });
    socket.on('close', () => {
      if (++closed < connections) return;
      process.stdout.write(JSON.stringify({ times, error, seconds: Number(process.hrtime.bigint() - start) / 1e9 }));
    });
  }
}
`;

function loadGet(
  url: string,
  key: string,
  paths: string[],
  n: number,
  connections: number,
): Promise<{ times: number[]; rps: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', GET_LOAD_GENERATOR], { stdio: ['pipe', 'pipe', 'inherit'] });
    const out: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.once('error', reject);
    child.once('close', () => {
      const m = JSON.parse(Buffer.concat(out).toString() || '{}') as {
        times?: number[];
        seconds?: number;
        error?: string | null;
      };
      if (m.error || !m.times || !m.seconds || m.times.length !== n)
        reject(new Error(m.error ?? 'no result'));
      else resolve({ times: m.times.sort((a, b) => a - b), rps: n / m.seconds });
    });
    child.stdin.end(JSON.stringify({ url, key, n, connections, paths }));
  });
}

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
