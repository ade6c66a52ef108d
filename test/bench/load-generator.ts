// The benchmarks' HTTP load generators, each in a process of its own so the client's work shares neither
// the server's event loop nor its CPU account. `runLoad`, in the style of autocannon, writes prebuilt
// requests on raw keep-alive sockets and reads only each answer's status line and content-length (node:http's
// client costs ~4× the CPU per request, CPU this 2-core machine's server then lacks); it is plain JavaScript
// run by `node -e`: parameters in on stdin, every latency, the wall time and its own CPU out on stdout. Any
// answer other than 200 fails the run. With a `rate`, request i is due at i / rate seconds (an open loop):
// one due while every connection is busy waits, and its latency counts from when it was due, so a stalled
// server is not measured as a slower client. `runAutocannon` runs autocannon itself (bench:energy).
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

export interface LoadRequest {
  method: 'GET' | 'POST';
  /** Path and query, e.g. `/properties?uprn=1`. */
  path: string;
  /** JSON body (POST). */
  body?: string;
}

export interface LoadResult {
  /** Every request's latency (ms), sorted ascending. */
  times: number[];
  rps: number;
  /** The generator's own CPU per request (ms). */
  clientCpuMs: number;
}

const GENERATOR = `
const net = require('node:net');
const chunks = [];
process.stdin.on('data', (c) => chunks.push(c));
process.stdin.on('end', () => main(JSON.parse(Buffer.concat(chunks).toString())));
function main({ url, key, n, connections, requests: specs, rate }) {
  const u = new URL(url);
  const requests = specs.map((r) => Buffer.from(r.method + ' ' + r.path + ' HTTP/1.1\\r\\nhost: ' + u.host +
    '\\r\\nx-api-key: ' + key + (r.body === undefined ? '' : '\\r\\ncontent-type: application/json\\r\\ncontent-length: ' +
    Buffer.byteLength(r.body)) + '\\r\\n\\r\\n' + (r.body ?? '')));
  const times = [];
  let next = 0, closed = 0, error = null;
  const start = process.hrtime.bigint();
  for (let c = 0; c < connections; c++) {
    const socket = net.connect(Number(u.port), u.hostname);
    socket.setNoDelay(true);
    let buf = Buffer.alloc(0), sentAt = 0n, need = -1;
    const write = (i) => {
      sentAt = process.hrtime.bigint();
      socket.write(requests[i % requests.length]);
    };
    const send = () => {
      if (next >= n || error) return socket.end();
      const i = next++;
      if (!rate) return write(i);
      const due = start + BigInt(Math.round((i * 1e9) / rate));
      const wait = Number(due - process.hrtime.bigint()) / 1e6;
      if (wait > 0) return void setTimeout(() => write(i), wait);
      socket.write(requests[i % requests.length]);
      sentAt = due;
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
      const cpu = process.cpuUsage();
      process.stdout.write(JSON.stringify({ times, error, seconds: Number(process.hrtime.bigint() - start) / 1e9,
        cpuMs: (cpu.user + cpu.system) / 1000 }));
    });
  }
}
`;

/**
 * `n` requests (cycling through `requests`) over `connections` keep-alive connections to `baseUrl`; as fast
 * as the answers come (closed loop), or `rate` requests a second (open loop, see above).
 */
export function runLoad(
  baseUrl: string,
  key: string,
  requests: readonly LoadRequest[],
  n: number,
  connections: number,
  rate?: number,
): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', GENERATOR], { stdio: ['pipe', 'pipe', 'inherit'] });
    const out: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.once('error', reject);
    child.once('close', () => {
      const m = JSON.parse(Buffer.concat(out).toString() || '{}') as {
        times?: number[];
        seconds?: number;
        cpuMs?: number;
        error?: string | null;
      };
      if (m.error || !m.times || !m.seconds || m.times.length !== n)
        reject(new Error(m.error ?? 'no result'));
      else
        resolve({
          times: m.times.sort((a, b) => a - b),
          rps: n / m.seconds,
          clientCpuMs: (m.cpuMs ?? 0) / n,
        });
    });
    child.stdin.end(JSON.stringify({ url: baseUrl, key, n, connections, requests, rate }));
  });
}

/** The p-quantile (0..1) of ascending `sorted`. */
export const percentile = (sorted: readonly number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

export const gets = (paths: readonly string[]): LoadRequest[] =>
  paths.map((path) => ({ method: 'GET', path }));

export interface AutocannonResult {
  /** Latency percentiles (ms) as autocannon reports them. */
  p50: number;
  p99: number;
  p999: number;
  rps: number;
  /** The load generator's own CPU per request (ms). */
  clientCpuMs: number;
}

// autocannon (pinned devDependency) in a child process of its own, so neither its event loop nor its CPU is
// the server's: the `requests` cycle on every connection; any answer other than 2xx fails the run.
const AUTOCANNON = `
const autocannon = require(process.argv[1]);
const chunks = [];
process.stdin.on('data', (c) => chunks.push(c));
process.stdin.on('end', async () => {
  const { url, key, n, connections, requests } = JSON.parse(Buffer.concat(chunks).toString());
  // A 30 s timeout (autocannon's default is 10 s): on a machine shared with other work a stall is a latency
  // to report, not a failed run.
  const r = await autocannon({ url, connections, amount: n, timeout: 30,
    headers: { 'x-api-key': key, 'content-type': 'application/json' }, requests });
  const cpu = process.cpuUsage();
  process.stdout.write(JSON.stringify({ p50: r.latency.p50, p99: r.latency.p99, p999: r.latency.p99_9,
    rps: r.requests.total / (r.duration || 1), ok: r['2xx'], non2xx: r.non2xx, errors: r.errors, timeouts: r.timeouts,
    cpuMs: (cpu.user + cpu.system) / 1000 }));
});
`;

/** `n` requests (cycling through `requests` on each connection) over `connections` with autocannon. */
export function runAutocannon(
  baseUrl: string,
  key: string,
  requests: readonly LoadRequest[],
  n: number,
  connections: number,
): Promise<AutocannonResult> {
  const autocannon = createRequire(import.meta.url).resolve('autocannon');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', AUTOCANNON, autocannon], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    const out: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.once('error', reject);
    child.once('close', () => {
      const m = JSON.parse(Buffer.concat(out).toString() || '{}') as Partial<
        AutocannonResult & { ok: number; non2xx: number; errors: number; timeouts: number; cpuMs: number }
      >;
      if (m.ok === undefined || m.ok < n || m.errors || m.timeouts)
        reject(
          new Error(
            `autocannon: ${m.ok ?? 0} of ${n} answered 2xx (${m.non2xx ?? '?'} other, ${m.errors ?? '?'} errors, ${m.timeouts ?? '?'} timeouts)`,
          ),
        );
      else resolve({ p50: m.p50!, p99: m.p99!, p999: m.p999!, rps: m.rps!, clientCpuMs: (m.cpuMs ?? 0) / n });
    });
    child.stdin.end(
      JSON.stringify({ url: baseUrl, key, n, connections, requests: requests.map((r) => ({ ...r })) }),
    );
  });
}
