// bench:refresh — on the real Temporal and Elasticsearch (`pds stack up`), with in-process workers and the
// workflow bundle built once beforehand:
// 1. the sample region: wall time of a full (forced) refresh and of a no-op refresh (everything up to date:
//    planning settles it, no asset activity runs), and the marginal overhead per asset activity: a full
//    run's wall time, less the no-op run's, less the activities' own durations laid out on the worker's
//    slots wave by wave, spread over the activities;
// 2. the scheduling overhead per partition, with a synthetic partitioned asset whose partitions do nothing
//    (BENCH_PARTITIONS, default 200): a forced run's wall time less a no-op run's, over the partitions; once
//    with the default batching and once with one partition per activity (the cost of an activity);
// 3. where that time goes, measured apart: a catalog record, a partition's staleness check (fingerprint and
//    catalog look-ups), opening the catalog.
// BENCH_SCALE, BENCH_ROUNDS; BENCH_ONLY=partitions skips part 1.
import { rmSync } from 'node:fs';
import { stackUp } from '../../infra/stack';
import type { AssetDefinition } from '../../pipelines/orchestration/definition';
import { assessAsset } from '../../pipelines/orchestration/materialize';
import { openCatalog } from '../../pipelines/catalog/catalog';
import { dataPaths } from '../../pipelines/config';
import { generateSampleData } from '../../pipelines/sample-data';
import { createEsClient } from '../../pipelines/indexing/es-client';
import { connectClient, startRefresh, watchRefresh } from '../../workflows/client';
import type { RefreshInput, RefreshProgress } from '../../workflows/types';
import { workflowBundle as loadWorkflowBundle } from '../../workflows/bundle';
import { createWorker } from '../../workflows/worker';
import { testConfig } from '../helpers/config';

const scale = Number(process.env.BENCH_SCALE ?? 1);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const partitionCount = Number(process.env.BENCH_PARTITIONS ?? 200);
const onlyPartitions = process.env.BENCH_ONLY === 'partitions';

await stackUp();
const config = testConfig('bench-refresh');
const synthetic = testConfig('bench-partitions');
const bundleStart = performance.now();
const workflowBundle = await loadWorkflowBundle();
const bundleMs = performance.now() - bundleStart;

const KEYS = Array.from({ length: partitionCount }, (_, i) => `p${String(i).padStart(4, '0')}`);
const noopPartitioned: AssetDefinition = {
  name: 'bench_noop_partitions',
  kind: 'derived',
  description: 'does nothing, per partition',
  upstream: [],
  codeVersion: '1',
  owner: 'bench',
  cadence: 'on demand',
  partitioning: { kind: 'source-file', keys: async () => KEYS },
  materialize: async () => ({ rows: 0, outputs: [] }),
};

const workers = [
  ...(onlyPartitions ? [] : [await createWorker(config, { workflowBundle })]),
  await createWorker(synthetic, { workflowBundle, assets: [noopPartitioned] }),
];
const running = workers.map((w) => w.run());
const client = await connectClient(config);

async function timed(
  cfg: typeof config,
  input: RefreshInput,
): Promise<{ ms: number; progress: RefreshProgress }> {
  const start = performance.now();
  const progress = await watchRefresh(await startRefresh(client, cfg, input), () => {}, 50);
  return { ms: performance.now() - start, progress };
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const round1 = (x: number): number => Math.round(x * 10) / 10;
const round2 = (x: number): number => Math.round(x * 100) / 100;
const SLOTS = 2; // the worker's maxConcurrentActivities

/** How long jobs take on `slots` parallel slots, each job going to the slot that frees first. */
function makespan(durations: number[], slots: number): number {
  const free = Array<number>(slots).fill(0);
  for (const d of durations) {
    const i = free.indexOf(Math.min(...free));
    free[i]! += d;
  }
  return Math.max(...free);
}

const result: Record<string, unknown> = { scale, rounds, workflow_bundle_ms: Math.round(bundleMs) };

if (!onlyPartitions) {
  await generateSampleData({ outDir: config.sourcesDir, scale });
  const full: number[] = [];
  const fullParts: { ms: number; busy: number; activities: number }[] = [];
  const noop: number[] = [];
  let last: RefreshProgress | undefined;
  for (let i = 0; i < rounds; i++) {
    const f = await timed(config, { force: true });
    full.push(f.ms);
    last = f.progress;
    const duration = (name: string) => f.progress.assets.find((a) => a.name === name)?.durationMs ?? 0;
    const busy = f.progress.waves.reduce((sum, wave) => sum + makespan(wave.map(duration), SLOTS), 0);
    fullParts.push({ ms: f.ms, busy, activities: f.progress.assets.length });
    const n = await timed(config, {});
    if (!n.progress.assets.every((a) => a.state === 'skipped'))
      throw new Error('no-op refresh rebuilt something');
    noop.push(n.ms);
  }
  Object.assign(result, {
    uprns: last!.assets.find((a) => a.name === 'os_open_uprn')?.rows,
    certificates: last!.assets.find((a) => a.name === 'epc_enhanced')?.rows,
    full_refresh_ms_median: Math.round(median(full)),
    noop_refresh_ms_median: Math.round(median(noop)),
    scheduling_overhead_ms_per_asset_activity: Math.round(
      median(fullParts.map((p) => (p.ms - median(noop) - p.busy) / p.activities)),
    ),
    assets: last!.assets.length,
    per_asset_ms: Object.fromEntries(last!.assets.map((a) => [a.name, a.durationMs])),
  });
}

// 2. Per-partition overhead: forced runs (every partition an activity's work) less no-op runs (planning
// assesses every partition and finds it current; nothing is scheduled).
await timed(synthetic, {}); // first build, and warm-up
const perPartition = async (input: RefreshInput) => {
  const forced: number[] = [];
  const noop: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const f = await timed(synthetic, { ...input, force: true });
    if (f.progress.assets[0]!.partitions?.done !== partitionCount) throw new Error('not every partition ran');
    forced.push(f.ms);
    const n = await timed(synthetic, input);
    if (n.progress.assets[0]!.state !== 'skipped') throw new Error('no-op run rebuilt something');
    noop.push(n.ms);
  }
  return {
    forced_ms_median: Math.round(median(forced)),
    noop_ms_median: Math.round(median(noop)),
    overhead_ms_per_partition: round1((median(forced) - median(noop)) / partitionCount),
  };
};
result.partitions = partitionCount;
result.partitioned_default = await perPartition({}); // 20 per activity, 4 in flight
result.partitioned_one_per_activity = await perPartition({ partitionsPerActivity: 1 });

// 3. Where the time goes, apart from Temporal: the catalog and the staleness check, per partition.
{
  const catalog = openCatalog(dataPaths(synthetic.dataDir).catalogDb);
  const ctx = { config: synthetic, runId: 'bench', log: () => {}, heartbeat: () => {} };
  const n = 500;
  let t = performance.now();
  for (let i = 0; i < n; i++)
    await assessAsset(noopPartitioned, { ...ctx, partition: KEYS[i % KEYS.length] }, catalog);
  const assessMs = (performance.now() - t) / n;
  const base = catalog.latestSuccess(noopPartitioned.name, KEYS[0])!;
  t = performance.now();
  for (let i = 0; i < n; i++) catalog.record({ ...base, partition: `bench-${i}`, runId: 'bench' });
  const recordMs = (performance.now() - t) / n;
  catalog.close();
  t = performance.now();
  for (let i = 0; i < 20; i++) openCatalog(dataPaths(synthetic.dataDir).catalogDb).close();
  const openMs = (performance.now() - t) / 20;
  result.breakdown_ms = {
    catalog_record: round2(recordMs),
    partition_staleness_check: round2(assessMs),
    catalog_open: round2(openMs),
  };
}
console.log(JSON.stringify(result, null, 2));

for (const w of workers) w.shutdown();
await Promise.all(running);
await client.connection.close();
const es = createEsClient(config.esUrl);
await es.indices.delete({ index: `${config.indexPrefix}-*`, ignore_unavailable: true });
await es.close();
rmSync(config.dataDir, { recursive: true, force: true });
rmSync(synthetic.dataDir, { recursive: true, force: true });
