// Faults on the real Temporal server, deployed as on several machines: three worker processes share one
// data folder and task queue, each with its own local scratch folder (PDS_SCRATCH_DIR). The worker running
// the EPC build is killed (SIGKILL) in the middle of the refresh; the other two finish it. Every asset is
// materialised once, and the Parquet files and index contents are byte-identical to those of an
// uninterrupted refresh of the same sources.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCatalog } from '../../pipelines/catalog/catalog';
import { REPO_ROOT, dataPaths, type ServiceConfig } from '../../pipelines/config';
import { propertiesAlias } from '../../pipelines/indexing/aliases';
import { createEsClient } from '../../pipelines/indexing/es-client';
import { generateSampleData } from '../../pipelines/sample-data';
import { connectClient, startRefresh, watchRefresh } from '../../workflows/client';
import type { RefreshProgress } from '../../workflows/types';
import { testConfig } from '../helpers/config';
import { dropTestIndexes, startTestWorker } from '../helpers/worker';

const crashed = testConfig('crash');
const clean = testConfig('clean');
const es = createEsClient(crashed.esUrl);
const workers: ChildProcess[] = [];
const scratchDirs: string[] = [];
let crashedRun: RefreshProgress;
let cleanRun: RefreshProgress;
let killedWhile: string[] = [];
let killed: ChildProcess | undefined;

/** A `pds worker` in its own process (and process group) with its own scratch folder, as on its own machine. */
function spawnWorker(config: ServiceConfig): ChildProcess {
  const scratch = mkdtempSync(join(tmpdir(), 'pds-worker-scratch-'));
  scratchDirs.push(scratch);
  const child = spawn(process.execPath, [join(REPO_ROOT, 'bin/pds.js'), 'worker'], {
    cwd: REPO_ROOT,
    detached: true,
    stdio: 'ignore',
    env: {
      ...process.env,
      PDS_DATA_DIR: config.dataDir,
      PDS_SOURCES_DIR: config.sourcesDir,
      PDS_TASK_QUEUE: config.taskQueue,
      PDS_INDEX_PREFIX: config.indexPrefix,
      PDS_ES_URL: config.esUrl,
      PDS_TEMPORAL_ADDRESS: config.temporalAddress,
      PDS_SCRATCH_DIR: scratch,
    },
  });
  workers.push(child);
  return child;
}

/**
 * Every output Parquet file's SHA-256. The properties index's digests are left out: they are the index's own
 * bookkeeping, kept per index name and stamped with the run that indexed each UPRN, so two runs differ there
 * by design.
 */
function parquetChecksums(config: ServiceConfig): Record<string, string> {
  const root = join(config.dataDir, 'parquet');
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter(
    (f) => f.endsWith('.parquet') && !f.startsWith('derived/properties_index_digests/'),
  );
  return Object.fromEntries(
    files.sort().map((f) => [
      f,
      createHash('sha256')
        .update(readFileSync(join(root, f)))
        .digest('hex'),
    ]),
  );
}

async function indexChecksum(config: ServiceConfig): Promise<{ count: number; sha256: string }> {
  const hash = createHash('sha256');
  let count = 0;
  let after: unknown[] | undefined;
  for (;;) {
    const page = await es.search({
      index: propertiesAlias(config),
      size: 1000,
      sort: [{ uprn: 'asc' }],
      ...(after ? { search_after: after as never } : {}),
    });
    if (page.hits.hits.length === 0) break;
    for (const hit of page.hits.hits) hash.update(`${hit._id}\n${JSON.stringify(hit._source)}\n`);
    count += page.hits.hits.length;
    after = page.hits.hits.at(-1)!.sort as unknown[];
  }
  return { count, sha256: hash.digest('hex') };
}

beforeAll(async () => {
  await Promise.all([
    generateSampleData({ outDir: crashed.sourcesDir, scale: 0.5 }),
    generateSampleData({ outDir: clean.sourcesDir, scale: 0.5 }),
  ]);
  const client = await connectClient(crashed);

  // The uninterrupted reference run, with a worker in this process.
  const worker = await startTestWorker(clean);
  cleanRun = await watchRefresh(await startRefresh(client, clean, {}), () => {});
  await worker.stop();

  // The crashed run: three workers; the one running the EPC build is killed while it runs.
  const started = [spawnWorker(crashed), spawnWorker(crashed), spawnWorker(crashed)];
  const handle = await startRefresh(client, crashed, {});
  /** The worker process that runs a pending activity now (Temporal's worker identity is `<pid>@<host>`). */
  const runningWorker = async (): Promise<ChildProcess | undefined> => {
    const pending = (await handle.describe()).raw.pendingActivities ?? [];
    const pids = pending.map((a) => Number(a.lastWorkerIdentity?.split('@')[0]));
    return started.find((w) => pids.includes(w.pid!));
  };
  // This first watcher keeps polling after the kill; it is awaited before the connection closes, so none of
  // its queries (retried by the client while no worker answers) outlives the channel.
  let firstWatcher: Promise<unknown> = Promise.resolve();
  let looking = false;
  await new Promise<void>((resolve, reject) => {
    firstWatcher = watchRefresh(
      handle,
      (p) => {
        const running = p.assets.filter((a) => a.state === 'running').map((a) => a.name);
        if (killed || looking || !running.some((n) => n === 'epc_enhanced' || n === 'uprn_epc_blocks'))
          return;
        looking = true;
        runningWorker()
          .then((worker) => {
            looking = false;
            if (!worker || killed) return;
            killed = worker;
            killedWhile = running;
            process.kill(-worker.pid!, 'SIGKILL');
            resolve();
          })
          .catch(reject);
      },
      100,
    ).catch(reject);
  });
  crashedRun = await watchRefresh(handle, () => {});
  await firstWatcher.catch(() => undefined);
  await client.connection.close();
}, 600_000);

afterAll(async () => {
  for (const w of workers) {
    try {
      process.kill(-w.pid!, 'SIGTERM');
    } catch {
      // Already gone (the one we killed).
    }
  }
  await dropTestIndexes(es, crashed, clean);
  await es.close();
  for (const d of scratchDirs) rmSync(d, { recursive: true, force: true });
});

describe('a refresh whose worker is killed mid-run', () => {
  it('was really interrupted while building a derived asset, by killing the worker running it', () => {
    expect(killedWhile.length).toBeGreaterThan(0);
    expect(killed?.signalCode ?? 'SIGKILL').toBe('SIGKILL');
  });

  it("built in the workers' own scratch folders, never beside the shared outputs", () => {
    // The workers that lived removed their scratch as they finished; the killed one's stays until a worker
    // of this machine starts again (sweepLocalScratch), never in the shared folder.
    const used = scratchDirs.filter((d, i) => existsSync(join(d, `worker-${workers[i]!.pid}`)));
    expect(used.length).toBeGreaterThanOrEqual(1);
  });

  it('completes on the replacement workers', () => {
    expect(crashedRun.assets.map((a) => [a.name, a.state])).toEqual(
      cleanRun.assets.map((a) => [a.name, 'done']),
    );
  });

  it('materialises every asset, and every partition of a partitioned one, exactly once', () => {
    const catalog = openCatalog(dataPaths(crashed.dataDir).catalogDb);
    // Per (asset, partition): '' is an unpartitioned asset's build or a partitioned one's roll-up.
    const builds = new Map<string, number>();
    for (const a of crashedRun.assets)
      for (const m of catalog.history(a.name, 1000))
        if (m.status === 'success')
          builds.set(`${a.name}/${m.partition}`, (builds.get(`${a.name}/${m.partition}`) ?? 0) + 1);
    const partitions = new Map(crashedRun.assets.map((a) => [a.name, catalog.partitions(a.name).length]));
    catalog.close();
    expect(partitions.get('epc_england_wales_raw')).toBeGreaterThanOrEqual(2);
    expect([...builds.values()]).toEqual([...builds.keys()].map(() => 1));
    const partitionCount = [...partitions.values()].reduce((a, b) => a + b, 0);
    expect(builds.size).toBe(crashedRun.assets.length + partitionCount);
  });

  it('writes Parquet files identical to an uninterrupted run, and leaves no scratch behind', () => {
    const crashedFiles = parquetChecksums(crashed);
    expect(Object.keys(crashedFiles).length).toBeGreaterThanOrEqual(10);
    expect(crashedFiles).toEqual(parquetChecksums(clean));
    const leftovers = readdirSync(join(crashed.dataDir, 'parquet'), {
      recursive: true,
      encoding: 'utf8',
    }).filter((f) => relative('', f).includes('.scratch-'));
    expect(leftovers).toEqual([]);
  });

  it('indexes the same documents as an uninterrupted run', async () => {
    const [a, b] = await Promise.all([indexChecksum(crashed), indexChecksum(clean)]);
    expect(a.count).toBeGreaterThan(0);
    expect(a).toEqual(b);
  });
});
