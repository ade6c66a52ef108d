// bench:enrich — the cost of the complete property document per UPRN. On a generated region
// (BENCH_ENRICH_SCALE, default 5: 1,500 UPRNs per area at scale 1), every asset the per-UPRN blocks of the
// `properties` document are built from (the block tables of PROPERTY_BLOCK_SOURCES and everything upstream of
// them: staged sources, EPC enhancement, stats and estimates, flood pieces, feature layers) is materialised
// directly through the asset definitions, in dependency order, partition by partition — what a refresh's
// activities run, without Temporal or the catalog in between. Indexing into Elasticsearch is not included
// (bench:refresh covers the whole refresh).
//
// Per asset: wall seconds, CPU seconds (process.cpuUsage: every thread of this process, DuckDB's included,
// so the figure stays meaningful on a shared machine where wall time is mostly waiting), rows and peak RSS.
// Then UPRNs per CPU second (= per core) for the whole document and for the per-UPRN block assets alone, peak
// memory (maxRSS), and the projection to Great Britain's ~30 million UPRNs on one core and on N cores.
//
// The generated sources are kept in .pds/bench/enrich-<scale>/sources (BENCH_ENRICH_FRESH=1 regenerates);
// the generator runs in a child process so its memory is not in this process's maxRSS. `--json` prints one
// JSON object instead of the table.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import type { AssetContext, AssetDefinition } from '../../pipelines/assets/definition';
import { ASSETS } from '../../pipelines/assets/graph';
import { planWaves } from '../../pipelines/assets/plan';
import { partitionKeys } from '../../pipelines/assets/materialize';
import { PROPERTY_BLOCK_SOURCES } from '../../pipelines/assets/property-blocks';
import { resolveSelection } from '../../pipelines/assets/select';
import { loadConfig } from '../../pipelines/config';
import type { SampleManifest } from '../../pipelines/sample-data';

const scale = Number(process.env.BENCH_ENRICH_SCALE ?? 5);
const json = process.argv.includes('--json');
const GB_UPRNS = 30_000_000;
const CORE_COUNTS = [1, 2, 8, 32];

const dir = resolve('.pds/bench', `enrich-${scale}`);
const sourcesDir = join(dir, 'sources');
const manifestFile = join(sourcesDir, 'manifest.json');
const say = (line: string) => {
  if (!json) console.log(line);
};

if (process.env.BENCH_ENRICH_FRESH === '1') rmSync(dir, { recursive: true, force: true });
if (!existsSync(manifestFile)) {
  say(`generating the sample region at scale ${scale} into ${sourcesDir} …`);
  execFileSync(
    process.execPath,
    ['--import', 'tsx', 'cli/main.ts', 'sample-data', '--out', sourcesDir, '--scale', String(scale)],
    { stdio: json ? 'ignore' : 'inherit' },
  );
}
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as SampleManifest;
const generatedUprns = manifest.areas.reduce((n, a) => n + a.uprns, 0);

// A clean data directory each run, so every asset does its full work.
const dataDir = join(dir, 'data');
rmSync(dataDir, { recursive: true, force: true });
const ctx: AssetContext = {
  config: loadConfig({ PDS_DATA_DIR: dataDir, PDS_SOURCES_DIR: sourcesDir }),
  runId: `bench-enrich-${Date.now()}`,
  log: () => {},
  heartbeat: () => {},
};

const blockAssets = PROPERTY_BLOCK_SOURCES.map((b) => b.asset);
const selection = resolveSelection(
  ASSETS,
  blockAssets.map((a) => `+${a}`),
);
const waves = planWaves(ASSETS, selection);
const byName = new Map(ASSETS.map((a) => [a.name, a]));

interface AssetFigures {
  asset: string;
  kind: string;
  block: boolean;
  partitions: number;
  rows: number;
  wall_s: number;
  cpu_s: number;
  peak_rss_mb: number;
}

let peakRss = 0;
let assetPeak = 0;
const sampler = setInterval(() => {
  const rss = process.memoryUsage().rss;
  assetPeak = Math.max(assetPeak, rss);
  peakRss = Math.max(peakRss, rss);
}, 50);

async function run(asset: AssetDefinition): Promise<AssetFigures> {
  assetPeak = process.memoryUsage().rss;
  const cpuStart = process.cpuUsage();
  const started = performance.now();
  let rows = 0;
  const keys = await partitionKeys(asset, ctx);
  if (asset.partitioning)
    for (const key of keys) rows += (await asset.materialize({ ...ctx, partition: key })).rows;
  else rows = (await asset.materialize(ctx)).rows;
  const wall = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuStart);
  assetPeak = Math.max(assetPeak, process.memoryUsage().rss);
  return {
    asset: asset.name,
    kind: asset.kind,
    block: blockAssets.includes(asset.name),
    partitions: keys.length,
    rows,
    wall_s: wall,
    cpu_s: (cpu.user + cpu.system) / 1e6,
    peak_rss_mb: Math.round(assetPeak / 2 ** 20),
  };
}

const load = loadavg().map((l) => Number(l.toFixed(1)));
say(
  `scale ${scale}: ${generatedUprns.toLocaleString('en-GB')} UPRNs generated; ${selection.length} assets; load ${load.join(' ')}`,
);
const figures: AssetFigures[] = [];
for (const wave of waves)
  for (const name of wave) {
    const f = await run(byName.get(name)!);
    figures.push(f);
    say(
      `  ${f.asset.padEnd(34)} ${f.wall_s.toFixed(1).padStart(7)} s wall ${f.cpu_s.toFixed(1).padStart(7)} s CPU ` +
        `${String(f.rows).padStart(9)} rows, peak RSS ${String(f.peak_rss_mb).padStart(5)} MB` +
        `${f.partitions ? ` (${f.partitions} partitions)` : ''}`,
    );
  }
clearInterval(sampler);

const uprns = figures.find((f) => f.asset === 'os_open_uprn')?.rows ?? generatedUprns;
const sum = (fs: AssetFigures[], key: 'wall_s' | 'cpu_s') => fs.reduce((n, f) => n + f[key], 0);
const blocks = figures.filter((f) => f.block);
const totals = {
  wall_s: sum(figures, 'wall_s'),
  cpu_s: sum(figures, 'cpu_s'),
  blocks_wall_s: sum(blocks, 'wall_s'),
  blocks_cpu_s: sum(blocks, 'cpu_s'),
};
const perCpuSecond = uprns / totals.cpu_s;
const blocksPerCpuSecond = uprns / totals.blocks_cpu_s;
// Linear in UPRNs: the staged national layers are a fixed cost at GB scale rather than a per-UPRN one, and the
// per-tile block assets are independent partitions, so N cores divide the work (an upper bound on speed-up).
const hours = (rate: number, cores: number) => GB_UPRNS / rate / cores / 3600;
const result = {
  scale,
  uprns,
  certificates: figures.find((f) => f.asset === 'epc_enhanced')?.rows ?? null,
  assets: figures.length,
  load_average: load,
  cpus: cpus().length,
  total_wall_s: round(totals.wall_s, 1),
  total_cpu_s: round(totals.cpu_s, 1),
  uprns_per_cpu_second: Math.round(perCpuSecond),
  uprns_per_wall_second: Math.round(uprns / totals.wall_s),
  block_assets_cpu_s: round(totals.blocks_cpu_s, 1),
  block_assets_uprns_per_cpu_second: Math.round(blocksPerCpuSecond),
  peak_rss_mb: Math.round(Math.max(peakRss, process.memoryUsage().rss) / 2 ** 20),
  max_rss_mb: Math.round(process.resourceUsage().maxRSS / 1024),
  great_britain: {
    uprns: GB_UPRNS,
    hours_by_cores: Object.fromEntries(CORE_COUNTS.map((n) => [n, round(hours(perCpuSecond, n), 1)])),
    block_assets_hours_by_cores: Object.fromEntries(
      CORE_COUNTS.map((n) => [n, round(hours(blocksPerCpuSecond, n), 1)]),
    ),
  },
  per_asset: figures.map((f) => ({ ...f, wall_s: round(f.wall_s, 2), cpu_s: round(f.cpu_s, 2) })),
};

function round(x: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}

if (json) console.log(JSON.stringify(result, null, 2));
else {
  const n = (x: number) => x.toLocaleString('en-GB');
  console.log('');
  console.log(`| figure | value |`);
  console.log(`|---|---|`);
  console.log(`| UPRNs (scale ${scale}) | ${n(uprns)} (${n(result.certificates ?? 0)} certificates) |`);
  console.log(`| assets run | ${result.assets} (${blocks.length} per-UPRN block assets) |`);
  console.log(
    `| wall / CPU, all assets | ${result.total_wall_s} s / ${result.total_cpu_s} s (load ${load.join(' ')}) |`,
  );
  console.log(`| complete document | ${n(result.uprns_per_cpu_second)} UPRNs per CPU second (per core) |`);
  console.log(
    `| block assets alone | ${n(result.block_assets_uprns_per_cpu_second)} UPRNs per CPU second (${result.block_assets_cpu_s} s CPU) |`,
  );
  console.log(`| peak memory | maxRSS ${n(result.max_rss_mb)} MB |`);
  for (const cores of CORE_COUNTS)
    console.log(
      `| Great Britain, 30 M UPRNs, ${cores} core${cores > 1 ? 's' : ''} | ${result.great_britain.hours_by_cores[cores]} h ` +
        `(block assets alone ${result.great_britain.block_assets_hours_by_cores[cores]} h) |`,
    );
}
