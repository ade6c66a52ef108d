// The API in a process of its own, for bench:api: the configured server (real account store and
// Elasticsearch), rate limit off, silent. It prints `{"url", "pids"}` once listening and stops on SIGTERM,
// letting in-flight requests finish. A fresh one has warmed only what the start-up warm-up warms (serving/
// warm-up.ts; BENCH_WARM=0 skips it): no JIT, no cells beyond those.
// BENCH_WORKERS=N (default 1) serves from N node:cluster workers of this file sharing one port, as
// `pds serve --workers N` does (their rate limit, which is off here, aside); `pids` then lists the workers.
import cluster from 'node:cluster';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../../pipelines/config';
import { silentLogger } from '../../serving/log';
import { startServer } from '../../serving/server';

const workers = Number(process.env.BENCH_WORKERS ?? 1);

if (workers > 1 && cluster.isPrimary) {
  const forked = Array.from({ length: workers }, () => cluster.fork());
  const ports = await Promise.all(
    forked.map(
      (w) => new Promise<number>((resolve) => w.once('listening', (a: AddressInfo) => resolve(a.port))),
    ),
  );
  const pids = forked.map((w) => w.process.pid!);
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${ports[0]}`, pids })}\n`);
  process.on('SIGTERM', () => {
    for (const w of forked) w.send('close');
    cluster.on('exit', () => Object.keys(cluster.workers ?? {}).length === 0 && process.exit(0));
  });
} else {
  // Port 0 in every worker: node:cluster gives them one shared port.
  // As `pds serve` starts: the live answers' caches warmed from the indexes before it listens (BENCH_WARM=0:
  // a cold start, as before the warm-up existed).
  const server = await startServer({ ...loadConfig(), port: 0 }, silentLogger, {
    rateLimit: false,
    warm: process.env.BENCH_WARM !== '0',
  });
  const stop = () => void server.close().then(() => process.exit(0));
  if (cluster.isWorker) process.on('message', (m) => m === 'close' && stop());
  else process.stdout.write(`${JSON.stringify({ url: server.url, pids: [process.pid] })}\n`);
  process.on('SIGTERM', stop);
}
