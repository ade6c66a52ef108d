// `npm run bench:energy`: how fast the energy model is.
// 1. Model evaluations per second on one core (this process, one thread): the engine alone on the example
//    dwelling; request → response without validation (archetypes + engine + fuels); and the full body path
//    (zod validation + normalisation + model). BENCH_MODEL=0 skips this part.
// 2. POST /energy-model over HTTP against the real app on 127.0.0.1 (accounts in a SQLite file), driven by
//    autocannon (pinned devDependency) in a child process of its own, the way the issue names it:
//    `autocannon -c 50 -a N -m POST -H content-type=application/json -H x-api-key=… -b @body.json URL`,
//    here with the example bodies in turn. Three servers: the default app (the lean path, metered), the
//    same without metering, and the same app with the lean path off (everything through Express), for the
//    difference. Each row: autocannon's p50/p99 (whole ms), requests per second, the server's CPU per
//    request (this process, or all its cluster workers) and autocannon's own. BENCH_WORKERS=N serves from N
//    node:cluster workers sharing the port and the SQLite file.
// Figures only; no assertions.
import cluster, { type Worker } from 'node:cluster';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EnergyModelRequestSchema, normaliseEnergyModelRequest } from '../../schemas/api/energy-model';
import { openAccountStore, type AccountStore } from '../../serving/accounts/store';
import { createApp } from '../../serving/app';
import { runEngine, type DwellingDescription } from '../../serving/energy-model/engine/index';
import { evaluateEnergyModel } from '../../serving/energy-model/evaluate';
import { silentLogger } from '../../serving/log';
import { listen } from '../../serving/server';
import { fakeProperties } from '../helpers/api';
import { runAutocannon } from './load-generator';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 2);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const HTTP_REQUESTS = Number(process.env.BENCH_REQUESTS ?? 20_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const WORKERS = Number(process.env.BENCH_WORKERS ?? 0);

const examples = new URL('../../serving/energy-model/examples/', import.meta.url);
const dwelling = JSON.parse(readFileSync(new URL('dwelling.json', examples), 'utf8')) as DwellingDescription;
const bodies = readFileSync(new URL('requests.jsonl', examples), 'utf8')
  .split('\n')
  .filter((l) => l.trim())
  .map((l) => JSON.parse(l) as unknown)
  .filter((b) => EnergyModelRequestSchema.safeParse(b).success);
const inputs = bodies.map((b) => normaliseEnergyModelRequest(EnergyModelRequestSchema.parse(b)));

/**
 * Calls per second of `f`, the median of ROUNDS timed rounds after a warm-up: per wall-clock second and per
 * second of this process's CPU time (the second is what "one core" means on a machine shared with other work).
 */
function rate(f: (i: number) => unknown): { wall: number; cpu: number } {
  for (let i = 0; i < 50_000; i++) f(i);
  const rounds: { wall: number; cpu: number }[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    let n = 0;
    const cpu0 = process.cpuUsage();
    const start = process.hrtime.bigint();
    const end = start + BigInt(SECONDS * 1e9);
    let now = start;
    while (now < end) {
      for (let i = 0; i < 1000; i++) f(n++);
      now = process.hrtime.bigint();
    }
    const cpu = process.cpuUsage(cpu0);
    rounds.push({ wall: n / (Number(now - start) / 1e9), cpu: n / ((cpu.user + cpu.system) / 1e6) });
  }
  const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  return { wall: median(rounds.map((r) => r.wall)), cpu: median(rounds.map((r) => r.cpu)) };
}

/** n requests over `connections` keep-alive connections, the example bodies in turn. */
const load = (url: string, key: string, n: number, connections: number) => {
  const { origin, pathname } = new URL(url);
  const requests = bodies.map((b) => ({ method: 'POST' as const, path: pathname, body: JSON.stringify(b) }));
  return runAutocannon(origin, key, requests, n, connections);
};
const fmt = (n: number) => Math.round(n).toLocaleString('en-GB');

function modelRates(): void {
  process.stdout.write(
    `energy model evaluations per second, one thread; median of ${ROUNDS} rounds of ${SECONDS} s\n`,
  );
  process.stdout.write('                                         per wall s   per CPU s\n');
  const line = (label: string, r: { wall: number; cpu: number }) =>
    process.stdout.write(`  ${label.padEnd(38)} ${fmt(r.wall).padStart(10)}  ${fmt(r.cpu).padStart(10)}\n`);
  line(
    'engine alone (example dwelling)',
    rate(() => runEngine(dwelling)),
  );
  line(
    'request → response (validated input)',
    rate((i) => evaluateEnergyModel(inputs[i % inputs.length]!)),
  );
  line(
    'body → response (zod + model)',
    rate((i) =>
      evaluateEnergyModel(
        normaliseEnergyModelRequest(EnergyModelRequestSchema.parse(bodies[i % bodies.length])),
      ),
    ),
  );
}

async function main(): Promise<void> {
  if (process.env.BENCH_MODEL !== '0') modelRates();

  const dir = mkdtempSync(join(tmpdir(), 'pds-bench-energy-'));
  const db = join(dir, 'accounts.sqlite');
  const accounts = openAccountStore(db);
  accounts.createPlan({ name: 'bench', creditLimit: 1_000_000_000 });
  const { key } = accounts.createKey('bench', { plan: 'bench' });
  process.stdout.write(
    `\nPOST /energy-model, ${CONNECTIONS} concurrent keep-alive connections, ${fmt(HTTP_REQUESTS)} requests per mode ` +
      `(${bodies.length} bodies in turn); server: ${WORKERS ? `${WORKERS} cluster workers` : 'this process'}\n` +
      'mode                     p50 ms  p99 ms   req/s  server CPU ms/req  client CPU ms/req\n',
  );
  const modes: [string, Mode][] = [
    ['lean path, metered', { metered: true, lean: true }],
    ['lean path, no metering', { metered: false, lean: true }],
    ['Express only, metered', { metered: true, lean: false }],
  ];
  for (const [label, mode] of modes) {
    const server = WORKERS ? await clusterServer(db, mode) : await inProcessServer(accounts, mode);
    const url = `${server.url}/energy-model`;
    await load(url, key, 2_000, CONNECTIONS); // warm up
    const cpu0 = await server.cpuMicros();
    const r = await load(url, key, HTTP_REQUESTS, CONNECTIONS);
    const cpuMs = ((await server.cpuMicros()) - cpu0) / 1000 / HTTP_REQUESTS;
    process.stdout.write(
      `${label.padEnd(24)} ${r.p50.toFixed(0).padStart(6)}  ${r.p99.toFixed(0).padStart(6)}  ${fmt(r.rps).padStart(6)}  ${cpuMs.toFixed(3).padStart(17)}  ${r.clientCpuMs.toFixed(3).padStart(17)}\n`,
    );
    await server.close();
  }
  accounts.close();
  rmSync(dir, { recursive: true, force: true });
}

interface BenchServer {
  url: string;
  /** CPU time (user + system, µs) the server has used so far, over all its processes. */
  cpuMicros(): Promise<number>;
  close(): Promise<void>;
}

interface Mode {
  metered: boolean;
  lean: boolean;
}

function appFor(accounts: AccountStore, mode: Mode) {
  return createApp({
    accounts,
    properties: fakeProperties(),
    log: silentLogger,
    leanPath: mode.lean,
    ...(mode.metered ? { rateLimit: { perSecond: 1e9, burst: 1e9 } } : { metering: false }),
  });
}

async function inProcessServer(accounts: AccountStore, mode: Mode): Promise<BenchServer> {
  const server = await listen(appFor(accounts, mode), { port: 0, host: '127.0.0.1' });
  const cpuMicros = async () => {
    const c = process.cpuUsage();
    return c.user + c.system;
  };
  return { url: server.url, cpuMicros, close: server.close };
}

// BENCH_WORKERS=N: N node:cluster workers share the port (the primary hands out connections) and the SQLite
// file (WAL; admissions and completions serialise on its write lock across processes).
async function clusterServer(db: string, mode: Mode): Promise<BenchServer> {
  const port = 20_000 + (process.pid % 20_000);
  const workers = Array.from({ length: WORKERS }, () =>
    cluster.fork({ BENCH_DB: db, BENCH_PORT: String(port), BENCH_MODE: JSON.stringify(mode) }),
  );
  await Promise.all(workers.map((w) => new Promise((r) => w.once('message', r))));
  const cpuOf = (w: Worker) =>
    new Promise<number>((r) => {
      w.once('message', (m: { cpu: number }) => r(m.cpu));
      w.send('cpu');
    });
  return {
    url: `http://127.0.0.1:${port}`,
    cpuMicros: async () => (await Promise.all(workers.map(cpuOf))).reduce((a, b) => a + b, 0),
    close: async () => {
      await Promise.all(workers.map((w) => new Promise((r) => (w.once('exit', r), w.send('close')))));
    },
  };
}

async function clusterWorker(): Promise<void> {
  const accounts = openAccountStore(process.env.BENCH_DB!, undefined, { checkpointIntervalMs: 0 });
  const server = await listen(appFor(accounts, JSON.parse(process.env.BENCH_MODE!) as Mode), {
    port: Number(process.env.BENCH_PORT),
    host: '127.0.0.1',
  });
  process.on('message', (m) => {
    if (m === 'cpu') {
      const c = process.cpuUsage();
      process.send!({ cpu: c.user + c.system });
    } else if (m === 'close') void server.close().then(() => (accounts.close(), process.exit(0)));
  });
  process.send!('ready');
}

if (cluster.isWorker) await clusterWorker();
else await main();
