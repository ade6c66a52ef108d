// `npm run bench:energy`: how fast the energy model is.
// 1. Model evaluations per second on one core (this process, one thread): the engine alone on the example
//    dwelling; request → response without validation (archetypes + engine + fuels); and the full body path
//    (zod validation + normalisation + model).
// 2. POST /energy-model over HTTP against the real app on 127.0.0.1 (port 0, accounts in a SQLite file,
//    metering on): 50 concurrent keep-alive connections for a fixed number of requests, p50/p99 from every
//    request's recorded latency. A small in-repo load generator stands in for autocannon
//    (`autocannon -c 50 -m POST -H content-type=application/json -H x-api-key=… -b @body.json URL` would do).
// Figures only; no assertions.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EnergyModelRequestSchema, normaliseEnergyModelRequest } from '../../schemas/api/energy-model';
import { openAccountStore } from '../../serving/accounts/store';
import { createApp } from '../../serving/app';
import { runEngine, type DwellingDescription } from '../../serving/energy-model/engine/index';
import { evaluateEnergyModel } from '../../serving/energy-model/evaluate';
import { silentLogger } from '../../serving/log';
import { listen } from '../../serving/server';
import { fakeProperties } from '../helpers/api';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 2);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const HTTP_REQUESTS = Number(process.env.BENCH_REQUESTS ?? 20_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

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

// The load generator runs in its own process, as autocannon would, so the client's HTTP work shares neither
// the server's event loop nor its CPU account (process.cpuUsage() below is then the server's alone). Plain
// JavaScript run by `node -e`; its parameters come in on stdin and its result goes out on stdout.
const LOAD_GENERATOR = `
const { Agent, request } = require('node:http');
const chunks = [];
process.stdin.on('data', (c) => chunks.push(c));
process.stdin.on('end', () => main(JSON.parse(Buffer.concat(chunks).toString())));
function main({ url, key, n, connections, payloads }) {
const agent = new Agent({ keepAlive: true, maxSockets: connections });
function post(body) {
  return new Promise((resolve, reject) => {
    const t = process.hrtime.bigint();
    const req = request(url, { agent, method: 'POST', headers: { 'x-api-key': key, 'content-type': 'application/json',
      'content-length': Buffer.byteLength(body) } }, (res) => {
      res.resume();
      res.on('end', () => res.statusCode === 200 ? resolve(Number(process.hrtime.bigint() - t) / 1e6)
        : reject(new Error('status ' + res.statusCode)));
    });
    req.on('error', reject);
    req.end(body);
  });
}
(async () => {
  const times = [];
  let next = 0;
  const start = process.hrtime.bigint();
  await Promise.all(Array.from({ length: connections }, async () => {
    while (next < n) { const i = next++; times.push(await post(payloads[i % payloads.length])); }
  }));
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  agent.destroy();
  process.stdout.write(JSON.stringify({ times, seconds }));
})().catch((e) => process.stdout.write(JSON.stringify({ error: String(e) })));
}
`;

/** n requests over `connections` keep-alive connections; returns each request's latency (ms) and the rate. */
function load(
  url: string,
  key: string,
  n: number,
  connections: number,
): Promise<{ times: number[]; rps: number }> {
  const payloads = bodies.map((b) => JSON.stringify(b));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', LOAD_GENERATOR], { stdio: ['pipe', 'pipe', 'inherit'] });
    const out: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.once('error', reject);
    child.once('close', () => {
      const m = JSON.parse(Buffer.concat(out).toString() || '{}') as {
        times?: number[];
        seconds?: number;
        error?: string;
      };
      if (m.error || !m.times || !m.seconds) reject(new Error(m.error ?? 'no result'));
      else resolve({ times: m.times.sort((a, b) => a - b), rps: n / m.seconds });
    });
    child.stdin.end(JSON.stringify({ url, key, n, connections, payloads }));
  });
}

const pct = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
const fmt = (n: number) => Math.round(n).toLocaleString('en-GB');

async function main(): Promise<void> {
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

  const dir = mkdtempSync(join(tmpdir(), 'pds-bench-energy-'));
  const accounts = openAccountStore(join(dir, 'accounts.sqlite'));
  accounts.createPlan({ name: 'bench', creditLimit: 1_000_000_000 });
  const { key } = accounts.createKey('bench', { plan: 'bench' });
  const common = { accounts, properties: fakeProperties(), log: silentLogger };
  const servers = {
    'metering on': await listen(createApp({ ...common, rateLimit: { perSecond: 1e9, burst: 1e9 } }), {
      port: 0,
      host: '127.0.0.1',
    }),
    'metering off': await listen(createApp({ ...common, metering: false }), { port: 0, host: '127.0.0.1' }),
  };
  process.stdout.write(
    `\nPOST /energy-model, ${CONNECTIONS} concurrent keep-alive connections, ${fmt(HTTP_REQUESTS)} requests per mode ` +
      `(${bodies.length} bodies in turn)\nmode           p50 ms  p99 ms   req/s  server CPU ms/request  ⇒ req/s per free core\n`,
  );
  for (const [mode, server] of Object.entries(servers)) {
    const url = `${server.url}/energy-model`;
    await load(url, key, 2_000, CONNECTIONS); // warm up
    const cpu0 = process.cpuUsage();
    const { times, rps } = await load(url, key, HTTP_REQUESTS, CONNECTIONS);
    const cpu = process.cpuUsage(cpu0);
    const cpuMs = (cpu.user + cpu.system) / 1000 / HTTP_REQUESTS;
    process.stdout.write(
      `${mode.padEnd(14)} ${pct(times, 0.5).toFixed(2).padStart(6)}  ${pct(times, 0.99).toFixed(2).padStart(6)}  ${fmt(rps).padStart(6)}  ${cpuMs.toFixed(3).padStart(21)}  ${fmt(1000 / cpuMs).padStart(8)}\n`,
    );
  }
  for (const server of Object.values(servers)) await server.close();
  accounts.close();
  rmSync(dir, { recursive: true, force: true });
}

await main();
