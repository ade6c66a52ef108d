// bench:refresh — wall time of a full refresh of the sample region, of a no-op refresh (everything up to
// date), and the scheduling overhead per asset (no-op wall time over the number of assets). Real Temporal
// and Elasticsearch (`pds stack up`), an in-process worker; the workflow bundle is built once beforehand.
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
const full: number[] = [];
const noop: number[] = [];
let last: RefreshProgress | undefined;
for (let i = 0; i < rounds; i++) {
  const f = await timed({ force: true });
  full.push(f.ms);
  last = f.progress;
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
  scheduling_overhead_ms_per_asset: Math.round(median(noop) / assets),
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
