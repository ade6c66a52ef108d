// Materialising one asset (or one partition of it) with the catalog: compute its input fingerprint (source
// checksums, upstream materialisation ids, code version); if the last successful build had the same
// fingerprint and its outputs are still there, skip it; otherwise build it, run its checks and record the
// result (a failure when it threw or a blocking check failed), with the check results. A partitioned asset also gets a roll-up materialisation (partition '') over its partitions' ids,
// which is what downstream assets depend on: it changes exactly when one of its partitions does.
import { readFileSync } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import type { Catalog, InputFingerprint, Materialization } from '../catalog/catalog';
import { fingerprintHash, sourceChecksums } from '../catalog/fingerprint';
import { DataError } from '../io/errors';
import { withBuildInstance } from '../io/parquet';
import {
  ChecksFailedError,
  blocks,
  checkRecords,
  runChecks,
  type CheckLevel,
  type CheckResult,
} from './checks/check';
import type { AssetContext, AssetDefinition, MaterializeResult } from './definition';
import { sortedKeys } from './partitions';
import { collectLargeHeap } from './collect-large-heap';

export interface MaterializeOutcome {
  skipped: boolean;
  materialization: Materialization;
  /** The checks this build ran (none when it was skipped). */
  checks: CheckResult[];
}

export interface MaterializeOptions {
  force?: boolean;
  /** Failed blocking checks to publish anyway (`--accept`: `check`, `asset.check`, `asset.check@partition`). */
  accept?: readonly string[];
}

/** Runs the asset's checks of one level on a build (before it is recorded: `previous` is the last good one). */
function checksOf(
  asset: AssetDefinition,
  ctx: AssetContext,
  catalog: Catalog,
  level: CheckLevel,
  partition: string,
  result: MaterializeResult,
  sources: readonly string[],
  accept: readonly string[],
): Promise<CheckResult[]> {
  const previous = catalog.latestSuccess(asset.name, partition);
  return runChecks(
    asset.checks ?? [],
    level,
    { ctx, result, previous, sources },
    accept,
    asset.name,
    partition,
  );
}

/**
 * Records a build with its check results: a success, or (when a blocking check failed and was not accepted)
 * a failure whose error is the report, which is then thrown.
 */
function recordChecked(
  catalog: Catalog,
  build: Omit<Materialization, 'id' | 'status' | 'error'>,
  checks: CheckResult[],
): MaterializeOutcome {
  const failed = checks.some(blocks);
  const error = failed ? new ChecksFailedError(build.asset, build.partition, checks) : null;
  const materialization = catalog.transaction(() => {
    const m = catalog.record({
      ...build,
      status: failed ? 'failed' : 'success',
      metrics: {
        ...build.metrics,
        ...(checks.length ? { checks_failed: checks.filter((c) => !c.passed).length } : {}),
      },
      error: error?.message ?? null,
    });
    if (checks.length) catalog.recordChecks(checkRecords(m, checks));
    return m;
  });
  if (error) throw error;
  return { skipped: false, materialization, checks };
}

const isFile = (output: string): boolean => output.startsWith('/');

async function filesPresent(outputs: readonly string[]): Promise<boolean> {
  for (const output of outputs.filter(isFile)) if (!(await stat(output).catch(() => null))) return false;
  return true;
}

async function outputBytes(outputs: readonly string[]): Promise<number> {
  let bytes = 0;
  for (const output of outputs.filter(isFile)) bytes += (await stat(output).catch(() => null))?.size ?? 0;
  return bytes;
}

export interface Assessment {
  inputs: InputFingerprint;
  fingerprint: string;
  /** The last successful materialisation when it is still current (same fingerprint, outputs present). */
  current: Materialization | null;
}

/**
 * The upstream materialisations a build depends on. A partition uses the same-key partition of an upstream
 * that has one (aligned partitioning, e.g. both per BNG tile); otherwise, and for unpartitioned assets, the
 * upstream as a whole (its only materialisation, or its roll-up when it is partitioned). A partition depends
 * only on the declared upstreams its `partitioning.reads` keeps, when the asset declares it (in the
 * declaration's order, which the fingerprint follows).
 */
async function upstreamInputs(
  asset: AssetDefinition,
  ctx: AssetContext,
  catalog: Catalog,
  partition: string | undefined,
): Promise<InputFingerprint['upstream']> {
  const reads = asset.partitioning?.reads;
  const names =
    partition !== undefined && reads ? asset.upstream.filter((u) => reads(partition, u)) : asset.upstream;
  const inputs: InputFingerprint['upstream'] = names.map((name) => {
    const aligned = partition === undefined ? null : catalog.latestSuccess(name, partition);
    if (aligned) return { asset: name, partition, materialization: aligned.id };
    const m = catalog.latestSuccess(name);
    if (!m) throw new DataError(`${asset.name}: upstream asset ${name} has never been materialised`);
    return { asset: name, materialization: m.id };
  });
  const version = asset.partitioning?.version;
  if (partition === undefined || !version) return inputs;
  // A version is read from the upstreams' outputs, which the builds named here fix: the same builds, the
  // same version (a partition is assessed when its wave is planned and again when it is built).
  const builds = JSON.stringify([ctx.config.dataDir, asset.name, partition, inputs]);
  for (const input of inputs.filter((u) => u.partition === undefined)) {
    const key = `${builds} ${input.asset}`;
    if (!versions.has(key)) {
      if (versions.size >= 4096) versions.clear();
      versions.set(key, await version(ctx, partition, input.asset));
    }
    const v = versions.get(key);
    if (v !== undefined) input.version = v;
  }
  return inputs;
}

/** Data versions computed in this process, by the builds they were read from (upstreamInputs). */
const versions = new Map<string, string | undefined>();

/**
 * The process CPU (every thread: DuckDB's and worker threads' too) and the highest resident memory seen
 * while a build ran, as metrics. Activities that run at the same time in the worker share these figures, so
 * per-asset costs are exact only with one activity at a time (bench:national runs so). The memory is sampled
 * every 250 ms, which misses a spike between samples, so a build that raised the process's high-water mark
 * (VmHWM, Linux) takes that mark: the build that set the process's peak shows it exactly. Stopped, the build
 * done, it collects the heap if it has grown large (collect-large-heap.ts), so the next build does not start
 * on it.
 */
function measureUsage(): { stop(): { cpu_ms: number; peak_rss_mb: number } } {
  const cpu = process.cpuUsage();
  const markBefore = highWaterMark();
  let peak = process.memoryUsage.rss();
  const sample = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 250);
  sample.unref();
  return {
    stop() {
      clearInterval(sample);
      const used = process.cpuUsage(cpu);
      const mark = highWaterMark();
      peak = Math.max(peak, process.memoryUsage.rss(), mark > markBefore ? mark : 0);
      collectLargeHeap();
      return {
        cpu_ms: Math.round((used.user + used.system) / 1000),
        peak_rss_mb: Math.round(peak / 2 ** 20),
      };
    },
  };
}

/** The process's peak resident memory so far in bytes (VmHWM), or 0 where /proc does not say. */
function highWaterMark(): number {
  try {
    const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
    return Number(kb ?? 0) * 1024;
  } catch {
    return 0;
  }
}

/** The upstream materialisations of a build (or the data versions it read of them), by asset name. */
const upstreamBuilds = (inputs: InputFingerprint): Record<string, string> =>
  Object.fromEntries(inputs.upstream.map((u) => [u.asset, u.version ?? u.materialization]));

/** Whether an asset (or, with `ctx.partition`, one partition of it) is up to date. */
export async function assessAsset(
  asset: AssetDefinition,
  ctx: AssetContext,
  catalog: Catalog,
): Promise<Assessment> {
  const partition = asset.partitioning ? ctx.partition : undefined;
  if (asset.partitioning && partition === undefined)
    throw new Error(`${asset.name} is partitioned: assess its partitions and its roll-up`);
  const upstream = await upstreamInputs(asset, ctx, catalog, partition);
  const files =
    partition === undefined
      ? asset.sources
        ? await asset.sources(ctx)
        : []
      : ((await asset.partitioning?.sources?.(ctx, partition)) ?? []);
  const sources = files.length ? await sourceChecksums(catalog, files) : [];
  const inputs = { sources, upstream };
  const fingerprint = fingerprintHash(inputs, asset.codeVersion);
  const previous = catalog.latestSuccess(asset.name, partition ?? '');
  if (previous?.fingerprint !== fingerprint) return { inputs, fingerprint, current: null };
  // A later build that a check stopped wrote its outputs over the good ones (a cut-short file's table):
  // the files are no longer what `previous` built, so it is built again even from the same inputs.
  const last = catalog.history(asset.name, 1, partition ?? '')[0];
  if (last && last.id !== previous.id && last.status === 'failed' && last.outputs.length > 0)
    return { inputs, fingerprint, current: null };
  const present = await (asset.outputsPresent ?? ((_ctx, outputs) => filesPresent(outputs)))(
    ctx,
    previous.outputs,
  );
  return { inputs, fingerprint, current: present ? previous : null };
}

/** Materialises an asset, or one partition of it when `ctx.partition` is set, unless it is up to date. */
export async function materializeWithCatalog(
  asset: AssetDefinition,
  ctx: AssetContext,
  catalog: Catalog,
  options: MaterializeOptions = {},
): Promise<MaterializeOutcome> {
  const { inputs, fingerprint, current } = await assessAsset(asset, ctx, catalog);
  if (!options.force && current) return { skipped: true, materialization: current, checks: [] };

  const startedAt = new Date();
  const base = {
    asset: asset.name,
    partition: (asset.partitioning && ctx.partition) || '',
    runId: ctx.runId,
    codeVersion: asset.codeVersion,
    inputs,
    fingerprint,
  };
  const sourcePaths = inputs.sources.map((s) => s.path);
  const accept = options.accept ?? [];
  // Checks of the source files alone (a header) run first: a failure stops the build before it writes.
  const early = await checksOf(
    asset,
    ctx,
    catalog,
    'source',
    base.partition,
    { rows: 0, outputs: [] },
    sourcePaths,
    accept,
  );
  if (early.some(blocks))
    return recordChecked(
      catalog,
      {
        ...base,
        rows: 0,
        bytes: 0,
        outputs: [],
        metrics: {},
        startedAt: startedAt.toISOString(),
        durationMs: Date.now() - startedAt.getTime(),
      },
      early,
    );
  const usage = measureUsage();
  let result: MaterializeResult;
  try {
    const last = catalog.latestSuccess(asset.name, base.partition);
    result = await withBuildInstance(() =>
      asset.materialize({
        ...ctx,
        upstream: upstreamBuilds(inputs),
        ...(last
          ? {
              previousBuild: {
                upstream: upstreamBuilds(last.inputs),
                codeVersion: last.codeVersion,
                startedAt: last.startedAt,
              },
            }
          : {}),
        ...(options.force ? { force: true } : {}),
      }),
    );
  } catch (error) {
    usage.stop();
    catalog.record({
      ...base,
      status: 'failed',
      rows: 0,
      bytes: 0,
      outputs: [],
      metrics: {},
      startedAt: startedAt.toISOString(),
      durationMs: Date.now() - startedAt.getTime(),
      error: error instanceof Error ? error.message : String(error),
    });
    throw error;
  }
  const used = usage.stop();
  const checks = [
    ...early,
    ...(await checksOf(asset, ctx, catalog, 'build', base.partition, result, sourcePaths, accept)),
  ];
  return recordChecked(
    catalog,
    {
      ...base,
      rows: result.rows,
      bytes: await outputBytes(result.outputs),
      outputs: result.outputs,
      metrics: { ...result.metrics, ...used },
      startedAt: startedAt.toISOString(),
      durationMs: Date.now() - startedAt.getTime(),
    },
    checks,
  );
}

/** A partitioned asset's current partition keys, sorted and distinct. */
export async function partitionKeys(asset: AssetDefinition, ctx: AssetContext): Promise<string[]> {
  if (!asset.partitioning) return [];
  return sortedKeys(await asset.partitioning.keys(ctx));
}

export interface RollupAssessment extends Assessment {
  /** Keys with no successful materialisation (the roll-up cannot be recorded while there are any). */
  missing: string[];
}

/**
 * The roll-up of a partitioned asset over `keys`: its inputs are the partitions' latest successful builds,
 * and the builds of what its `settle` reads.
 */
export function assessRollup(
  asset: AssetDefinition,
  catalog: Catalog,
  keys: readonly string[],
): RollupAssessment {
  const missing: string[] = [];
  const upstream: InputFingerprint['upstream'] = [];
  for (const key of keys) {
    const m = catalog.latestSuccess(asset.name, key);
    if (m) upstream.push({ asset: asset.name, partition: key, materialization: m.id });
    else missing.push(key);
  }
  for (const name of asset.partitioning?.settleReads ?? []) {
    const m = catalog.latestSuccess(name);
    if (m) upstream.push({ asset: name, materialization: m.id });
  }
  const inputs = { sources: [], upstream };
  const fingerprint = fingerprintHash(inputs, asset.codeVersion);
  const previous = catalog.latestSuccess(asset.name);
  const current = missing.length === 0 && previous?.fingerprint === fingerprint ? previous : null;
  return { inputs, fingerprint, current, missing };
}

/** Deletes the output files of partitions that are no longer among the keys (under the data folder only). */
async function prunePartitions(
  asset: AssetDefinition,
  ctx: AssetContext,
  catalog: Catalog,
  keys: readonly string[],
): Promise<number> {
  const keep = new Set(keys);
  const root = resolve(ctx.config.dataDir) + sep;
  let removed = 0;
  for (const m of catalog.partitions(asset.name)) {
    if (keep.has(m.partition)) continue;
    const last = catalog.latestSuccess(asset.name, m.partition);
    for (const output of last?.outputs.filter(isFile) ?? [])
      if (resolve(output).startsWith(root)) {
        await rm(output, { force: true });
        removed++;
      }
  }
  return removed;
}

/**
 * Records the roll-up of a partitioned asset once its partitions are built (skipped when it is current), and
 * removes the outputs of partitions that disappeared. A DataError when some key was never materialised.
 */
export async function settlePartitions(
  asset: AssetDefinition,
  ctx: AssetContext,
  catalog: Catalog,
  keys: readonly string[],
  options: Pick<MaterializeOptions, 'accept'> = {},
): Promise<MaterializeOutcome> {
  const rollup = assessRollup(asset, catalog, keys);
  if (rollup.missing.length)
    throw new DataError(
      `${asset.name}: ${rollup.missing.length} partition(s) never materialised (${rollup.missing.slice(0, 5).join(', ')}${rollup.missing.length > 5 ? ', …' : ''}); refresh them, or run without --partitions`,
    );
  if (rollup.current) return { skipped: true, materialization: rollup.current, checks: [] };
  const startedAt = new Date();
  const parts = keys.map((key) => catalog.latestSuccess(asset.name, key)!);
  const metrics: Record<string, number> = { partitions: keys.length };
  // Counts add up over the partitions; a peak is the highest of theirs.
  for (const p of parts)
    for (const [k, v] of Object.entries(p.metrics))
      metrics[k] = k.startsWith('peak_') ? Math.max(metrics[k] ?? 0, v) : (metrics[k] ?? 0) + v;
  const pruned = await prunePartitions(asset, ctx, catalog, keys);
  if (pruned) metrics.pruned_files = pruned;
  const rows = parts.reduce((n, p) => n + p.rows, 0);
  const partOutputs = parts.flatMap((p) => p.outputs);
  // Checked before `settle`, which may publish (an index asset moves its alias there).
  const checks = await checksOf(
    asset,
    ctx,
    catalog,
    'rollup',
    '',
    { rows, outputs: partOutputs, metrics },
    [],
    options.accept ?? [],
  );
  const settled = checks.some(blocks) ? undefined : await asset.partitioning?.settle?.(ctx, keys, parts);
  Object.assign(metrics, settled?.metrics);
  return recordChecked(
    catalog,
    {
      asset: asset.name,
      partition: '',
      runId: ctx.runId,
      codeVersion: asset.codeVersion,
      inputs: rollup.inputs,
      fingerprint: rollup.fingerprint,
      rows,
      bytes: parts.reduce((n, p) => n + p.bytes, 0),
      outputs: settled?.outputs ?? partOutputs,
      metrics,
      startedAt: startedAt.toISOString(),
      // The partitions' build time, so progress and benchmarks see what the asset cost.
      durationMs: parts.reduce((n, p) => n + (p.runId === ctx.runId ? p.durationMs : 0), 0),
    },
    checks,
  );
}
