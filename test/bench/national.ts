// bench:national — does the whole refresh scale to Great Britain? On the real servers (`pds stack up`), for
// generated regions at several scales (BENCH_NATIONAL_SCALES, default "1,20": 4,500 and 90,000 UPRNs):
// 1. a full refresh on a fresh data directory and index prefix, run as docs/national.md deploys it: a standing
//    worker (`bin/pds.js worker`, one per scale, started before the scale's runs and stopped after them; its
//    start is reported, not counted) and the refresh a client (`bin/pds.js refresh --force --no-worker`), each
//    a child process; CPU of the worker over the run (every thread: DuckDB's, the worker threads') plus the
//    client's plus Elasticsearch's (/proc/<pid>/stat before and after). BENCH_NATIONAL_WORKER=process runs
//    each refresh with a worker of its own in one process instead (`bin/pds.js refresh --force`);
// 2. per asset, from the catalog of that run: CPU, UPRNs per CPU-second, peak RSS (the materialisations'
//    cpu_ms and peak_rss_mb metrics); activities run one at a time (BENCH_NATIONAL_CONCURRENCY, default 1) so
//    each asset's figures are its own; the refresh runs with MALLOC_ARENA_MAX=2 unless it is set otherwise;
// 3. the properties index: documents per second, bytes per document on disk (as built, and force-merged);
// 4. on the largest scale, a 1 % monthly EPC release (certificates-<year>.csv in every register-export
//    folder) and a plain `pds refresh`: its time and CPU as a share of the full refresh's;
// 5. the projection to Great Britain's 30 M UPRNs on N worker cores and an Elasticsearch cluster.
// Generated sources are kept in .pds/bench/national-<scale>/sources (BENCH_NATIONAL_FRESH=1 regenerates).
// First, an uncounted refresh of the smallest scale warms Elasticsearch up (BENCH_NATIONAL_WARMUP=0 skips it).
// `--json` prints one JSON object instead of the tables; BENCH_NATIONAL_RELEASE=0 skips step 4. Measure on a quiet machine: every figure is CPU time
// of this benchmark's processes, but a busy machine still inflates them (caches, memory bandwidth).
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, type Dirent } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, relative, resolve, sep } from 'node:path';
import Database from 'better-sqlite3';
import { stackStatus, stackUp } from '../../infra/stack';
import { dataPaths, loadConfig } from '../../pipelines/config';
import { createEsClient } from '../../pipelines/indexing/es-client';
import { propertiesAlias } from '../../pipelines/indexing/aliases';
import { writeEpcRelease } from '../../pipelines/sample-data/epc-release';
import type { SampleManifest } from '../../pipelines/sample-data';
import type { RefreshProgress } from '../../workflows/types';

const GB_UPRNS = 30_000_000;
const scales = (process.env.BENCH_NATIONAL_SCALES ?? '1,20').split(',').map(Number);
const concurrency = Number(process.env.BENCH_NATIONAL_CONCURRENCY ?? 1);
// The refresh runs in the workers' environment as docs/national.md deploys them: two glibc malloc arenas.
const mallocArenaMax = process.env.MALLOC_ARENA_MAX ?? '2';
const workerCores = Number(process.env.BENCH_NATIONAL_WORKER_CORES ?? 32);
const esCores = Number(process.env.BENCH_NATIONAL_ES_CORES ?? 24); // 3 nodes × 8 cores
const releaseShare = Number(process.env.BENCH_NATIONAL_RELEASE_SHARE ?? 0.01);
const workerMode = process.env.BENCH_NATIONAL_WORKER ?? 'standing';
if (workerMode !== 'standing' && workerMode !== 'process')
  throw new Error(`BENCH_NATIONAL_WORKER must be standing or process, got ${workerMode}`);
const json = process.argv.includes('--json');
const say = (line = '') => {
  if (!json) console.log(line);
};

const CLK_TCK = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
/** A process's /proc figures (every thread), or those of its waited-for children: CPU in ms, page faults. */
function procStat(
  pid: number | 'self',
  children = false,
): { cpuMs: number; systemMs: number; minorFaults: number } {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  const [faults, user, system] = children
    ? [fields[8], fields[13], fields[14]]
    : [fields[7], fields[11], fields[12]];
  const ms = (ticks: string | undefined) => (Number(ticks) * 1000) / CLK_TCK;
  return { cpuMs: ms(user) + ms(system), systemMs: ms(system), minorFaults: Number(faults) };
}

// --- the parent -------------------------------------------------------------------------------------------
await stackUp();
const esPid = (await stackStatus()).elasticsearch.pid;
/** Elasticsearch's CPU so far (user + system, every thread), in ms. */
const esCpuMs = (): number => (esPid ? procStat(esPid).cpuMs : 0);

/** A process's CPU in ms with that of its waited-for children, and its minor page faults likewise. */
function procTotals(pid: number): { cpuMs: number; systemMs: number; minorFaults: number } {
  const own = procStat(pid);
  const children = procStat(pid, true);
  return {
    cpuMs: own.cpuMs + children.cpuMs,
    systemMs: own.systemMs + children.systemMs,
    minorFaults: own.minorFaults + children.minorFaults,
  };
}

type ProcFigures = ReturnType<typeof procTotals>;
/** What a process spent between two readings of its figures. */
const since = (before: ProcFigures, after: ProcFigures): ProcFigures => ({
  cpuMs: after.cpuMs - before.cpuMs,
  systemMs: after.systemMs - before.systemMs,
  minorFaults: after.minorFaults - before.minorFaults,
});

/** A standing worker (`pds worker`) for one scale's runs: its pid and what its start cost. */
interface StandingWorker {
  pid: number;
  startCpuS: number;
  stop(): Promise<void>;
}

async function startWorker(env: NodeJS.ProcessEnv): Promise<StandingWorker> {
  const child = spawn(process.execPath, ['bin/pds.js', 'worker', '--max-activities', String(concurrency)], {
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const exited = new Promise<number | null>((done) => child.on('exit', done));
  await new Promise<void>((ready, fail) => {
    let said = '';
    child.stderr.on('data', (chunk: Buffer) => {
      process.stderr.write(chunk);
      said += chunk.toString();
      if (said.includes('worker ready')) ready();
    });
    void exited.then((code) => fail(new Error(`the worker exited (${code}) before it was ready:\n${said}`)));
  });
  return {
    pid: child.pid!,
    startCpuS: procTotals(child.pid!).cpuMs / 1000,
    async stop() {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 60_000);
      await exited;
      clearTimeout(killer);
    },
  };
}

/** The peak RSS a process has had since its last reset (VmHWM), in MB; `reset` sets it to what it holds now. */
function peakRssMb(pid: number, reset = false): number {
  if (reset) writeFileSync(`/proc/${pid}/clear_refs`, '5');
  const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb ?? 0) / 1024;
}

interface RefreshRun {
  wall_s: number;
  /** The worker's CPU over the run plus the client's (one process's with BENCH_NATIONAL_WORKER=process). */
  process_cpu_s: number;
  /** Of which the client's (`pds refresh --no-worker`: its start, planning's wait, progress); 0 in one process. */
  client_cpu_s: number;
  /**
   * Of which in the kernel, and the minor page faults behind most of it: memory DuckDB and Node.js touch
   * fresh, much of it after each instance's close returns every freed page (docs/national.md, session 25).
   */
  process_system_cpu_s: number;
  minor_page_faults: number;
  es_cpu_s: number;
  max_rss_mb: number;
  runId: string;
}

/**
 * `pds refresh --json` as a user runs it (bin/pds.js), in a child process: its CPU (with that of its own
 * children: the workflow bundle is built in one when its cache is stale) and peak memory are its own; with a
 * standing worker, the client's (`--no-worker`) plus the worker's over the run.
 */
async function refresh(
  env: NodeJS.ProcessEnv,
  force: boolean,
  worker: StandingWorker | undefined,
): Promise<RefreshRun> {
  const usageFile = join(tmpdir(), `bench-national-usage-${process.pid}.json`);
  const es0 = esCpuMs();
  const children0 = procStat('self', true);
  const worker0 = worker ? procTotals(worker.pid) : undefined;
  if (worker) peakRssMb(worker.pid, true);
  const start = performance.now();
  const args = [
    'test/bench/with-usage.mjs',
    'bin/pds.js',
    'refresh',
    '--json',
    '--concurrency',
    String(concurrency),
    ...(force ? ['--force'] : []),
    ...(worker ? ['--no-worker'] : []),
  ];
  const child = spawn(process.execPath, args, {
    env: { ...env, BENCH_USAGE_FILE: usageFile },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const code = await new Promise<number | null>((done) => child.on('exit', done));
  const children1 = procStat('self', true);
  const worker1 = worker ? procTotals(worker.pid) : undefined;
  const wall = (performance.now() - start) / 1000;
  // The last progress line is the run's outcome.
  const line = out
    .trim()
    .split('\n')
    .reverse()
    .find((l) => l.startsWith('{'));
  if (code !== 0 || !line) throw new Error(`refresh failed (exit ${code}):\n${out.slice(-3000)}`);
  const progress = JSON.parse(line) as RefreshProgress;
  const failed = progress.assets.filter((a) => a.state === 'failed').map((a) => `${a.name}: ${a.error}`);
  if (failed.length) throw new Error(`assets failed: ${failed.join('; ')}`);
  const usage = JSON.parse(readFileSync(usageFile, 'utf8')) as { max_rss_mb: number };
  rmSync(usageFile, { force: true });
  const client = since(children0, children1);
  const ran = worker0 && worker1 ? since(worker0, worker1) : { cpuMs: 0, systemMs: 0, minorFaults: 0 };
  return {
    wall_s: wall,
    process_cpu_s: (client.cpuMs + ran.cpuMs) / 1000,
    client_cpu_s: worker ? client.cpuMs / 1000 : 0,
    process_system_cpu_s: (client.systemMs + ran.systemMs) / 1000,
    minor_page_faults: client.minorFaults + ran.minorFaults,
    es_cpu_s: (esCpuMs() - es0) / 1000,
    max_rss_mb: Math.round(Math.max(usage.max_rss_mb, worker ? peakRssMb(worker.pid) : 0)),
    runId: progress.runId,
  };
}

interface AssetCost {
  cpu_s: number;
  wall_s: number;
  peak_rss_mb: number;
  rows: number;
  partitions: number;
}

/** Per asset, what this run's materialisations cost (a partitioned asset: the sum of its partitions). */
function assetCosts(dataDir: string, runId: string): Record<string, AssetCost> {
  const db = new Database(dataPaths(dataDir).catalogDb, { readonly: true });
  const rows = db
    .prepare(
      "SELECT asset, partition, rows, duration_ms, metrics FROM materializations WHERE run_id = ? AND status = 'success'",
    )
    .all(runId) as { asset: string; partition: string; rows: number; duration_ms: number; metrics: string }[];
  db.close();
  const partitioned = new Set(rows.filter((r) => r.partition !== '').map((r) => r.asset));
  const costs: Record<string, AssetCost> = {};
  for (const r of rows) {
    // A partitioned asset's roll-up only sums its partitions: count those.
    if (partitioned.has(r.asset) && r.partition === '') continue;
    const m = JSON.parse(r.metrics) as Record<string, number>;
    const c = (costs[r.asset] ??= { cpu_s: 0, wall_s: 0, peak_rss_mb: 0, rows: 0, partitions: 0 });
    c.cpu_s += (m.cpu_ms ?? 0) / 1000;
    c.wall_s += r.duration_ms / 1000;
    c.peak_rss_mb = Math.max(c.peak_rss_mb, m.peak_rss_mb ?? 0);
    c.rows += r.rows;
    c.partitions += r.partition === '' ? 0 : 1;
  }
  return costs;
}

async function indexFigures(
  indexPrefix: string,
): Promise<{ documents: number; bytes: number; merged: number }> {
  const es = createEsClient(loadConfig().esUrl);
  try {
    const alias = propertiesAlias({ indexPrefix });
    const stats = async () => {
      const s = await es.indices.stats({ index: alias, metric: ['store', 'docs'] });
      return { docs: s._all.primaries!.docs!.count!, bytes: s._all.primaries!.store!.size_in_bytes };
    };
    const built = await stats();
    // Merging a national-sized index takes minutes: wait for it.
    await es.indices.forcemerge({ index: alias, max_num_segments: 1 }, { requestTimeout: 3_600_000 });
    const merged = await stats();
    return { documents: built.docs, bytes: built.bytes, merged: merged.bytes };
  } finally {
    await es.close();
  }
}

async function dropIndexes(indexPrefix: string): Promise<void> {
  const es = createEsClient(loadConfig().esUrl);
  await es.indices.delete({ index: `${indexPrefix}-*`, ignore_unavailable: true });
  await es.close();
}

const round = (x: number, d = 1) => Math.round(x * 10 ** d) / 10 ** d;

interface ScaleResult {
  scale: number;
  /** The standing worker's start (CPU-s), outside every figure; absent with BENCH_NATIONAL_WORKER=process. */
  worker_start_cpu_s?: number;
  uprns: number;
  certificates: number;
  full: RefreshRun;
  uprns_per_cpu_s: number;
  uprns_per_process_cpu_s: number;
  assets_cpu_s: number;
  fixed_cpu_s: number;
  documents_per_s: number;
  bytes_per_document: number;
  bytes_per_document_merged: number;
  per_asset: Record<string, AssetCost & { uprns_per_cpu_s: number | null }>;
  release?: {
    certificates: number;
    run: RefreshRun;
    wall_share: number;
    cpu_share: number;
    rebuilt: Record<string, number>;
  };
}

const results: ScaleResult[] = [];
say(
  `bench:national — scales ${scales.join(', ')}; ${workerMode === 'standing' ? 'a standing worker' : 'one process'} a refresh; load average ${loadavg()
    .map((l) => round(l, 2))
    .join(' ')}`,
);
/** Scale `scale`'s generated region (generated if missing, or once a run with BENCH_NATIONAL_FRESH=1). */
const regions = new Map<number, { dir: string; sourcesDir: string; manifest: SampleManifest }>();
function region(scale: number): { dir: string; sourcesDir: string; manifest: SampleManifest } {
  const known = regions.get(scale);
  if (known) return known;
  const dir = resolve('.pds/bench', `national-${scale}`);
  const sourcesDir = join(dir, 'sources');
  const manifestFile = join(sourcesDir, 'manifest.json');
  if (process.env.BENCH_NATIONAL_FRESH === '1') rmSync(sourcesDir, { recursive: true, force: true });
  // A release written by an earlier run is not part of the region, nor is any file its manifest does not list
  // as it is (a month written by hand, say: its full refresh would hold the release before it is made): generate
  // it again.
  if (existsSync(manifestFile) && (existsSync(join(dir, 'release.json')) || !onlyManifestFiles(sourcesDir))) {
    say(`scale ${scale}: the region's sources are not its manifest's; generating them again`);
    rmSync(sourcesDir, { recursive: true, force: true });
  }
  if (!existsSync(manifestFile)) {
    say(`generating the region at scale ${scale} …`);
    execFileSync(
      process.execPath,
      ['--import', 'tsx', 'cli/main.ts', 'sample-data', '--out', sourcesDir, '--scale', String(scale)],
      { stdio: json ? 'ignore' : 'inherit' },
    );
    rmSync(join(dir, 'release.json'), { force: true });
  }
  const found = {
    dir,
    sourcesDir,
    manifest: JSON.parse(readFileSync(manifestFile, 'utf8')) as SampleManifest,
  };
  regions.set(scale, found);
  return found;
}

/**
 * Whether `sourcesDir` holds its manifest's files, each of its size, and no EPC file besides (a shapefile's
 * sidecars are not listed; a certificates file left by hand would be a month the region does not have).
 */
function onlyManifestFiles(sourcesDir: string): boolean {
  const manifest = JSON.parse(readFileSync(join(sourcesDir, 'manifest.json'), 'utf8')) as SampleManifest;
  const sizes = new Map(manifest.files.map((f) => [f.path, f.bytes]));
  const epcFiles = (readdirSync(sourcesDir, { recursive: true, withFileTypes: true }) as Dirent[])
    .filter((e) => e.isFile())
    .map((e) => relative(sourcesDir, join(e.parentPath, e.name)).split(sep).join('/'))
    .filter((path) => path.startsWith('epc-'));
  return (
    epcFiles.every((path) => sizes.has(path)) &&
    [...sizes].every(
      ([path, bytes]) =>
        existsSync(join(sourcesDir, path)) && statSync(join(sourcesDir, path)).size === bytes,
    )
  );
}

/** A refresh's environment: its data directory and index prefix, the generated folder as its sources. */
function refreshEnv(dataDir: string, sourcesDir: string, indexPrefix: string): NodeJS.ProcessEnv {
  // The generated folder itself, never a sources file of the environment.
  const { PDS_SOURCES_FILE: _ignored, ...inherited } = process.env;
  return {
    ...inherited,
    PDS_DATA_DIR: dataDir,
    PDS_SOURCES_DIR: sourcesDir,
    PDS_INDEX_PREFIX: indexPrefix,
    MALLOC_ARENA_MAX: mallocArenaMax,
  };
}

// A freshly started Elasticsearch spends its first minutes compiling its code (the smallest scale's
// Elasticsearch CPU: 16.1 s just after `pds stack up`, 4.2 s a few minutes later): a cost of its start, paid
// once by a cluster that stands, not by each refresh. So the smallest scale is refreshed once first, on a
// data directory and index prefix of its own, and nothing of that run is counted (BENCH_NATIONAL_WARMUP=0
// skips it).
if (process.env.BENCH_NATIONAL_WARMUP !== '0') {
  const { dir, sourcesDir } = region(Math.min(...scales));
  const dataDir = join(dir, 'warm-up');
  const indexPrefix = 'bench-national-warm-up';
  say('warming Elasticsearch up: one refresh of the smallest scale, not counted …');
  rmSync(dataDir, { recursive: true, force: true });
  await dropIndexes(indexPrefix);
  const env = refreshEnv(dataDir, sourcesDir, indexPrefix);
  const worker = workerMode === 'standing' ? await startWorker(env) : undefined;
  try {
    await refresh(env, true, worker);
  } finally {
    await worker?.stop();
  }
  await dropIndexes(indexPrefix);
  rmSync(dataDir, { recursive: true, force: true });
}

for (const scale of scales) {
  const { dir, sourcesDir, manifest } = region(scale);
  const dataDir = join(dir, 'data');
  rmSync(dataDir, { recursive: true, force: true });
  const indexPrefix = `bench-national-${scale}`;
  await dropIndexes(indexPrefix);
  const env = refreshEnv(dataDir, sourcesDir, indexPrefix);
  const worker = workerMode === 'standing' ? await startWorker(env) : undefined;
  try {
    results.push(await runScale(scale, dir, env, manifest, indexPrefix, worker));
  } finally {
    await worker?.stop();
  }
  await dropIndexes(indexPrefix);
}

/** A scale's full refresh and, on the largest, the release after it. */
async function runScale(
  scale: number,
  dir: string,
  env: NodeJS.ProcessEnv,
  manifest: SampleManifest,
  indexPrefix: string,
  worker: StandingWorker | undefined,
): Promise<ScaleResult> {
  const sourcesDir = join(dir, 'sources');
  const dataDir = join(dir, 'data');
  say(`scale ${scale}: full refresh …`);
  const full = await refresh(env, true, worker);
  const costs = assetCosts(dataDir, full.runId);
  const uprns = costs.os_open_uprn?.rows ?? manifest.areas.reduce((n, a) => n + a.uprns, 0);
  const index = await indexFigures(indexPrefix);
  const indexing = costs.properties_index;
  const assetsCpu = Object.values(costs).reduce((n, c) => n + c.cpu_s, 0);
  const result: ScaleResult = {
    scale,
    ...(worker ? { worker_start_cpu_s: round(worker.startCpuS, 2) } : {}),
    uprns,
    certificates: costs.epc_enhanced?.rows ?? 0,
    full,
    uprns_per_cpu_s: round(uprns / (full.process_cpu_s + full.es_cpu_s)),
    uprns_per_process_cpu_s: round(uprns / full.process_cpu_s),
    assets_cpu_s: round(assetsCpu),
    // What the refresh process spends outside the assets: start-up, the workflow bundle, planning.
    fixed_cpu_s: round(full.process_cpu_s - assetsCpu),
    documents_per_s: indexing ? round(indexing.rows / indexing.wall_s) : 0,
    bytes_per_document: Math.round(index.bytes / index.documents),
    bytes_per_document_merged: Math.round(index.merged / index.documents),
    per_asset: Object.fromEntries(
      Object.entries(costs).map(([name, c]) => [
        name,
        { ...c, uprns_per_cpu_s: c.cpu_s > 0 ? Math.round(uprns / c.cpu_s) : null },
      ]),
    ),
  };
  if (scale === Math.max(...scales) && process.env.BENCH_NATIONAL_RELEASE !== '0') {
    const certificates = Math.max(1, Math.round(result.certificates * releaseShare));
    say(
      `scale ${scale}: a ${releaseShare * 100} % EPC release (${certificates} certificates), then refresh …`,
    );
    const written = await writeEpcRelease({ sourcesDir, certificates, year: 2026 });
    // Mark the region as changed, so the next run regenerates it.
    writeFileSync(join(dir, 'release.json'), JSON.stringify(written.files));
    const run = await refresh(env, false, worker);
    result.release = {
      certificates: written.certificates,
      run,
      wall_share: round(run.wall_s / full.wall_s, 3),
      cpu_share: round((run.process_cpu_s + run.es_cpu_s) / (full.process_cpu_s + full.es_cpu_s), 3),
      // Each rebuilt asset's CPU seconds in the release.
      rebuilt: Object.fromEntries(
        Object.entries(assetCosts(dataDir, run.runId)).map(([name, c]) => [name, round(c.cpu_s, 2)]),
      ),
    };
  }
  return result;
}

// --- report -------------------------------------------------------------------------------------------------
const largest = results.at(-1)!;
const smallest = results[0]!;
const perUprn = {
  process: largest.full.process_cpu_s / largest.uprns,
  es: largest.full.es_cpu_s / largest.uprns,
};
const projection = {
  worker_cores: workerCores,
  es_cores: esCores,
  // Workers and the cluster each do their share; counted one after the other (no overlap): an upper bound.
  hours: round(
    (GB_UPRNS * perUprn.process) / workerCores / 3600 + (GB_UPRNS * perUprn.es) / esCores / 3600,
    2,
  ),
  cpu_hours: round((GB_UPRNS * (perUprn.process + perUprn.es)) / 3600, 1),
};
const summary = {
  load_average: loadavg().map((l) => round(l, 2)),
  worker: workerMode,
  concurrency,
  malloc_arena_max: mallocArenaMax,
  scales: results,
  peak_rss_ratio_largest_to_smallest: round(largest.full.max_rss_mb / smallest.full.max_rss_mb, 2),
  gb_projection: projection,
};
if (json) {
  console.log(JSON.stringify(summary, null, 2));
} else {
  say();
  say(
    '| scale | UPRNs | certificates | wall s | process CPU s | ES CPU s | UPRNs per CPU-s | peak RSS MB | docs/s | bytes/doc (merged) |',
  );
  say('|---|---|---|---|---|---|---|---|---|---|');
  for (const r of results)
    say(
      `| ${r.scale} | ${r.uprns} | ${r.certificates} | ${round(r.full.wall_s)} | ${round(r.full.process_cpu_s)} (${r.fixed_cpu_s} outside assets; ${round(r.full.process_system_cpu_s)} in the kernel, ${r.full.minor_page_faults} page faults) | ${round(r.full.es_cpu_s)} | ${r.uprns_per_cpu_s} | ${r.full.max_rss_mb} | ${r.documents_per_s} | ${r.bytes_per_document} (${r.bytes_per_document_merged}) |`,
    );
  say();
  const names = [...new Set(results.flatMap((r) => Object.keys(r.per_asset)))];
  names.sort((a, b) => (largest.per_asset[b]?.cpu_s ?? 0) - (largest.per_asset[a]?.cpu_s ?? 0));
  say(
    `| asset | ${results.map((r) => `scale ${r.scale}: CPU s / UPRNs per CPU-s / peak RSS MB`).join(' | ')} |`,
  );
  say(`|---|${results.map(() => '---').join('|')}|`);
  for (const name of names)
    say(
      `| ${name} | ${results
        .map((r) => {
          const c = r.per_asset[name];
          return c ? `${round(c.cpu_s, 2)} / ${c.uprns_per_cpu_s ?? '—'} / ${c.peak_rss_mb}` : '—';
        })
        .join(' | ')} |`,
    );
  if (largest.release) {
    const rel = largest.release;
    say();
    say(
      `EPC release on scale ${largest.scale}: ${rel.certificates} certificates; refresh ${round(rel.run.wall_s)} s wall (${round(rel.wall_share * 100)} % of the full refresh), ${round(rel.run.process_cpu_s + rel.run.es_cpu_s)} CPU s (${round(rel.cpu_share * 100)} %); rebuilt (CPU s): ${Object.entries(
        rel.rebuilt,
      )
        .map(([name, cpu]) => `${name} ${cpu}`)
        .join(', ')}`,
    );
  }
  say(`peak RSS, largest / smallest scale: ${summary.peak_rss_ratio_largest_to_smallest}×`);
  say(
    `Great Britain (30 M UPRNs) at the largest scale's cost: ${projection.cpu_hours} CPU-hours; ≈ ${projection.hours} h on ${workerCores} worker cores and ${esCores} Elasticsearch cores`,
  );
}
