// A worker runs as many DuckDB statements at once as it has activity slots: DuckDB runs them on libuv's thread
// pool, four threads unless sized before its first use, which bin/pds.js does for the worker's slots.
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../pipelines/config';
import { testConfig } from '../helpers/config';

const config = testConfig('slots');
const workers: ChildProcess[] = [];

/** `pds worker --max-activities <slots>` on a queue of its own, once ready: its process and its ready line. */
async function readyWorker(slots: number): Promise<{ pid: number; said: string }> {
  const child = spawn(
    process.execPath,
    [join(REPO_ROOT, 'bin/pds.js'), 'worker', '--max-activities', String(slots)],
    {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: {
        ...process.env,
        PDS_DATA_DIR: config.dataDir,
        PDS_TASK_QUEUE: `${config.taskQueue}-${slots}`,
        PDS_TEMPORAL_ADDRESS: config.temporalAddress,
      },
    },
  );
  workers.push(child);
  let said = '';
  await new Promise<void>((resolve, reject) => {
    child.stderr!.on('data', (chunk: Buffer) => {
      said += chunk.toString();
      if (said.includes('worker ready')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`worker exited (${code}) before it was ready: ${said}`)));
  });
  return { pid: child.pid!, said };
}

const threads = (pid: number): number => readdirSync(`/proc/${pid}/task`).length;

afterAll(() => {
  for (const w of workers) w.kill('SIGTERM');
});

describe('a worker started through bin/pds.js', () => {
  it('has a thread in libuv’s pool for each activity slot, and says how many slots it runs', async () => {
    const one = await readyWorker(1);
    const seven = await readyWorker(7);
    // The same process but for its pool: 5 threads against 11.
    expect(threads(seven.pid) - threads(one.pid)).toBeGreaterThanOrEqual(6);
    expect(one.said).toContain('1 activity slot\n');
    expect(seven.said).toContain('7 activity slots');
    expect(seven.said).not.toContain('thread pool');
  });
});
