// `npm run bench:api`: what metering costs per request. The same authenticated GET /epcs against the real
// app on 127.0.0.1 (in-memory properties repository, accounts in a SQLite file in WAL mode), once with
// metering (rate limit, admission transaction, charge + history transaction) and once without (auth only).
// Latency at concurrency 1 over a keep-alive connection (p50/p99), then throughput at concurrency 32; the
// modes alternate round by round so background load hits both alike.
// Figures only; no assertions.
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openAccountStore } from '../../serving/accounts/store';
import { createApp } from '../../serving/app';
import { silentLogger } from '../../serving/log';
import { listen } from '../../serving/server';
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

await main();
