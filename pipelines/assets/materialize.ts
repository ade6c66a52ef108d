// Materialising one asset with the catalog: compute its input fingerprint (source checksums, upstream
// materialisation ids, code version); if the last successful build had the same fingerprint and its outputs
// are still there, skip it; otherwise build it and record the result, success or failure.
import { stat } from 'node:fs/promises';
import type { Catalog, InputFingerprint, Materialization } from '../catalog/catalog';
import { fingerprintHash, sourceChecksums } from '../catalog/fingerprint';
import { DataError } from '../io/errors';
import type { AssetContext, AssetDefinition } from './definition';

export interface MaterializeOutcome {
  skipped: boolean;
  materialization: Materialization;
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

/** Whether an asset is up to date: its inputs now, and the earlier build they match, if any. */
export async function assessAsset(
  asset: AssetDefinition,
  ctx: AssetContext,
  catalog: Catalog,
): Promise<Assessment> {
  const upstream = asset.upstream.map((name) => {
    const m = catalog.latestSuccess(name);
    if (!m) throw new DataError(`${asset.name}: upstream asset ${name} has never been materialised`);
    return { asset: name, materialization: m.id };
  });
  const sources = asset.sources ? await sourceChecksums(catalog, await asset.sources(ctx)) : [];
  const inputs = { sources, upstream };
  const fingerprint = fingerprintHash(inputs, asset.codeVersion);
  const previous = catalog.latestSuccess(asset.name);
  if (previous?.fingerprint !== fingerprint) return { inputs, fingerprint, current: null };
  const present = await (asset.outputsPresent ?? ((_ctx, outputs) => filesPresent(outputs)))(
    ctx,
    previous.outputs,
  );
  return { inputs, fingerprint, current: present ? previous : null };
}

export async function materializeWithCatalog(
  asset: AssetDefinition,
  ctx: AssetContext,
  catalog: Catalog,
  options: { force?: boolean } = {},
): Promise<MaterializeOutcome> {
  const { inputs, fingerprint, current } = await assessAsset(asset, ctx, catalog);
  if (!options.force && current) return { skipped: true, materialization: current };

  const startedAt = new Date();
  const base = {
    asset: asset.name,
    partition: '',
    runId: ctx.runId,
    codeVersion: asset.codeVersion,
    inputs,
    fingerprint,
  };
  try {
    const result = await asset.materialize(ctx);
    const materialization = catalog.record({
      ...base,
      status: 'success',
      rows: result.rows,
      bytes: await outputBytes(result.outputs),
      outputs: result.outputs,
      metrics: result.metrics ?? {},
      startedAt: startedAt.toISOString(),
      durationMs: Date.now() - startedAt.getTime(),
      error: null,
    });
    return { skipped: false, materialization };
  } catch (error) {
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
}
