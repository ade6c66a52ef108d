// WAL checkpoints off the request path. SQLite's automatic checkpoint runs inside whichever commit crosses
// the threshold, and with it the fsyncs: a request every few hundred pays milliseconds (the benchmark's p99).
// Instead a worker thread with its own connection runs a PASSIVE checkpoint on a timer; PASSIVE never blocks
// writers. The request connection keeps a high automatic threshold only as a fallback.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

const CODE = `
const { workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.path);
db.pragma('busy_timeout = 1000');
setInterval(() => {
  try { db.pragma('wal_checkpoint(PASSIVE)'); } catch {}
}, workerData.intervalMs);
`;

export interface Checkpointer {
  stop(): Promise<void>;
}

export function startCheckpointer(path: string, intervalMs = 250): Checkpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(CODE, { eval: true, workerData: { path, driver, intervalMs } });
  worker.unref();
  worker.on('error', () => {}); // the fallback automatic checkpoint keeps the WAL bounded
  return { stop: async () => void (await worker.terminate()) };
}
