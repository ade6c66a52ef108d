// autocannon 9 (the load generator the issue names) in a child process of its own, so the client's work
// shares neither the server's event loop nor its CPU account. Each request picks one of `paths` at random
// (autocannon's setupRequest), so concurrent connections ask about different points. Any non-2xx answer or
// socket error fails the run.
import { spawn } from 'node:child_process';

export interface AutocannonResult {
  p50: number;
  p99: number;
  /** Mean requests per second over the run. */
  rps: number;
  requests: number;
  /** The generator's own CPU per request (ms). */
  clientCpuMs: number;
}

const CHILD = `
const autocannon = require('autocannon');
const chunks = [];
process.stdin.on('data', (c) => chunks.push(c));
process.stdin.on('end', () => {
  const { url, key, paths, amount, connections } = JSON.parse(Buffer.concat(chunks).toString());
  autocannon({
    url, connections, amount, headers: { 'x-api-key': key },
    requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: paths[Math.floor(Math.random() * paths.length)] }) }],
  }, (error, r) => {
    const cpu = process.cpuUsage();
    process.stdout.write(JSON.stringify(error ? { error: String(error) } : {
      p50: r.latency.p50, p99: r.latency.p99, rps: r.requests.average, requests: r.requests.total,
      non2xx: r.non2xx, errors: r.errors, timeouts: r.timeouts, cpuMs: (cpu.user + cpu.system) / 1000,
    }));
  });
});
`;

export function autocannonGets(
  url: string,
  key: string,
  paths: readonly string[],
  amount: number,
  connections: number,
): Promise<AutocannonResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', CHILD], { stdio: ['pipe', 'pipe', 'inherit'] });
    const out: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.once('error', reject);
    child.once('close', () => {
      const r = JSON.parse(Buffer.concat(out).toString() || '{"error":"no result"}') as {
        error?: string;
      } & Record<'p50' | 'p99' | 'rps' | 'requests' | 'non2xx' | 'errors' | 'timeouts' | 'cpuMs', number>;
      if (r.error) return reject(new Error(r.error));
      if (r.non2xx || r.errors || r.timeouts)
        return reject(
          new Error(`autocannon: ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts`),
        );
      resolve({
        p50: r.p50,
        p99: r.p99,
        rps: r.rps,
        requests: r.requests,
        clientCpuMs: r.cpuMs / r.requests,
      });
    });
    child.stdin.end(JSON.stringify({ url, key, paths, amount, connections }));
  });
}
