// bench:refresh — wall time of a full refresh of the sample region, of a no-op refresh (everything up to
// date: planning settles it, no asset activity runs), and the marginal scheduling overhead per asset
// activity: a full run's wall time, less the no-op run's (start, download check, planning, finish), less the
// time the activities themselves took laid out on the worker's slots wave by wave, spread over the activities. Real Temporal and Elasticsearch (`pds stack up`), an in-process worker; the workflow
// bundle is built once beforehand.
import { rmSync } from 'node:fs';
import { stackUp } from '../../infra/stack';
import { generateSampleData } from '../../pipelines/sample-data';
import { createEsClient } from '../../pipelines/indexing/es-client';
import { connectClient, startRefresh, watchRefresh } from '../../workflows/client';
import type { RefreshInput, RefreshProgress } from '../../workflows/types';
import { bundleWorkflows, createWorker } from '../../workflows/worker';
import { testConfig } from '../helpers/config';

const scale = Number(process.env.BENCH_SCALE ?? 1);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);

await stackUp();
const config = testConfig('bench-refresh');
await generateSampleData({ outDir: config.sourcesDir, scale });
const bundleStart = performance.now();
const workflowBundle = await bundleWorkflows();
const bundleMs = performance.now() - bundleStart;
const worker = await createWorker(config, { workflowBundle });
const running = worker.run();
const client = await connectClient(config);

async function timed(input: RefreshInput): Promise<{ ms: number; progress: RefreshProgress }> {
  const start = performance.now();
  const progress = await watchRefresh(await startRefresh(client, config, input), () => {}, 50);
  return { ms: performance.now() - start, progress };
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const SLOTS = 2; // the worker's maxConcurrentActivities
const full: number[] = [];
const fullParts: { ms: number; busy: number; activities: number }[] = [];

/** How long jobs take on `slots` parallel slots, each job going to the slot that frees first. */
function makespan(durations: number[], slots: number): number {
  const free = Array<number>(slots).fill(0);
  for (const d of durations) {
    const i = free.indexOf(Math.min(...free));
    free[i]! += d;
  }
  return Math.max(...free);
}
const noop: number[] = [];
let last: RefreshProgress | undefined;
for (let i = 0; i < rounds; i++) {
  const f = await timed({ force: true });
  full.push(f.ms);
  last = f.progress;
  const duration = (name: string) => f.progress.assets.find((a) => a.name === name)?.durationMs ?? 0;
  const busy = f.progress.waves.reduce((sum, wave) => sum + makespan(wave.map(duration), SLOTS), 0);
  fullParts.push({ ms: f.ms, busy, activities: f.progress.assets.length });
  const n = await timed({});
  if (!n.progress.assets.every((a) => a.state === 'skipped'))
    throw new Error('no-op refresh rebuilt something');
  noop.push(n.ms);
}
const assets = last!.assets.length;
const result = {
  scale,
  rounds,
  uprns: last!.assets.find((a) => a.name === 'os_open_uprn')?.rows,
  certificates: last!.assets.find((a) => a.name === 'epc_enhanced')?.rows,
  workflow_bundle_ms: Math.round(bundleMs),
  full_refresh_ms_median: Math.round(median(full)),
  noop_refresh_ms_median: Math.round(median(noop)),
  scheduling_overhead_ms_per_asset_activity: Math.round(
    median(fullParts.map((p) => (p.ms - median(noop) - p.busy) / p.activities)),
  ),
  assets,
  per_asset_ms: Object.fromEntries(last!.assets.map((a) => [a.name, a.durationMs])),
};
console.log(JSON.stringify(result, null, 2));

worker.shutdown();
await running;
await client.connection.close();
const es = createEsClient(config.esUrl);
await es.indices.delete({ index: `${config.indexPrefix}-*`, ignore_unavailable: true });
await es.close();
rmSync(config.dataDir, { recursive: true, force: true });
