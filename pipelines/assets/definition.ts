// An asset is declared once: its name, what it is built from, and the function that materialises it.
// The graph is plain data, so it can be listed, planned and checked without running anything.
import type { ServiceConfig } from '../config';

export type AssetKind = 'staged' | 'derived' | 'index';

export interface AssetContext {
  config: ServiceConfig;
  /** Identifies the refresh run; used to name versioned outputs such as indexes. */
  runId: string;
  log(message: string): void;
  /** Reports liveness (and optional progress) for long work; a no-op outside Temporal. */
  heartbeat(details?: unknown): void;
}

export interface MaterializeResult {
  rows: number;
  outputs: string[];
  /** Anything worth reporting: quarantined rows, documents indexed, skipped records. */
  metrics?: Record<string, number>;
}

export interface AssetDefinition {
  name: string;
  kind: AssetKind;
  description: string;
  upstream: readonly string[];
  /** Bump when the asset's logic changes, so its outputs are rebuilt even if no input changed. */
  codeVersion: string;
  owner: string;
  /** How often its inputs are expected to change (for schedules and freshness). */
  cadence: 'monthly' | 'quarterly' | 'yearly' | 'on demand';
  /** The source files it reads directly (their checksums are part of its input fingerprint). */
  sources?(ctx: AssetContext): Promise<string[]>;
  /** Whether a previous materialisation's outputs are still in place (default: its output files exist). */
  outputsPresent?(ctx: AssetContext, outputs: readonly string[]): Promise<boolean>;
  materialize(ctx: AssetContext): Promise<MaterializeResult>;
}

export const defineAsset = (definition: AssetDefinition): AssetDefinition => definition;
