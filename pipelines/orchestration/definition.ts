// An asset is declared once: its name, what it is built from, and the function that materialises it.
// The graph is plain data, so it can be listed, planned and checked without running anything. The machinery
// here never names an asset: declarations (pipelines/assets/) narrow `Name` to their union of asset names.
import type { ServiceConfig } from '../config';
import type { AssetCheck } from './checks/check';

export type { AssetCheck };

export type AssetKind = 'staged' | 'derived' | 'index';

export interface AssetContext {
  config: ServiceConfig;
  /** Identifies the refresh run; used to name versioned outputs such as indexes. */
  runId: string;
  /** The partition being materialised: set for partitioned assets only (undefined otherwise). */
  partition?: string;
  /** The build was forced (`--force`): rebuild from nothing rather than update what is there. */
  force?: boolean;
  /**
   * The upstream materialisations this build reads, by asset name (the same-tile partition's where aligned),
   * as its input fingerprint names them (a data version where the partition reads one: Partitioning.version);
   * set by materializeWithCatalog. An asset that updates its previous
   * output row by row keeps these beside it to tell which of its inputs moved since.
   */
  upstream?: Readonly<Record<string, string>>;
  /** The last successful build of the same asset (partition), if any: what it read, its code, its day. */
  previousBuild?: PreviousBuild;
  log(message: string): void;
  /** Reports liveness (and optional progress) for long work; a no-op outside Temporal. */
  heartbeat(details?: unknown): void;
}

export interface PreviousBuild {
  upstream: Readonly<Record<string, string>>;
  codeVersion: string;
  startedAt: string;
}

export interface MaterializeResult {
  rows: number;
  outputs: string[];
  /** Anything worth reporting: quarantined rows, documents indexed, skipped records. */
  metrics?: Record<string, number>;
}

/** What a partition key means; only used for display and to align partitions across assets. */
export type PartitionKind = 'source-file' | 'bng-tile' | 'local-authority';

/**
 * How an asset splits into independently materialised partitions. Each partition has its own input
 * fingerprint and catalog entries, so a refresh rebuilds only the partitions whose inputs changed.
 */
export interface Partitioning<Name extends string = string> {
  kind: PartitionKind;
  /**
   * The partition keys for a run (any order; duplicates ignored). Called when the asset is planned, after its
   * upstreams are materialised, so it may read their outputs (e.g. the BNG tiles that hold UPRNs).
   */
  keys(ctx: AssetContext): Promise<string[]>;
  /** The source files one partition reads (their checksums are that partition's input fingerprint). */
  sources?(ctx: AssetContext, key: string): Promise<string[]>;
  /**
   * Whether one partition reads `upstream`, one of the asset's declared upstreams (default: it reads them
   * all). A partition's fingerprint covers only those it reads, so a partition that reads one upstream's
   * same-key partition is not rebuilt when another upstream it never reads changes (epc_enhanced: England
   * and Wales partitions and Scotland's). What it may read is the declaration's list, never a second one.
   */
  reads?(key: string, upstream: Name): boolean;
  /**
   * The data version of what partition `key` reads of `upstream` (one it reads whole, with no same-key
   * partition) when that is less than the upstream's build: a digest of a national table's rows in the
   * partition's tile, say. The partition's fingerprint (and `ctx.upstream`) names the version instead of the
   * build, so a build that left those rows as they were does not rebuild the partition: a month of England's
   * certificates leaves Scotland's tiles alone. Undefined: the build itself. It must cover everything the
   * partition reads of the upstream, or a change would go unseen.
   */
  version?(ctx: AssetContext, key: string, upstream: Name): Promise<string | undefined> | undefined;
  /**
   * The upstreams `settle` reads (beyond the partitions): the roll-up's fingerprint names their builds, so a
   * change to one settles again though every partition was current.
   */
  settleReads?: readonly Name[];
  /**
   * Called once the partitions are built, before the roll-up is recorded, with the keys and each partition's
   * latest successful materialisation (an index asset publishes here what its partitions loaded). Its outputs
   * and metrics become the roll-up's; it throws to fail the roll-up.
   */
  settle?(
    ctx: AssetContext,
    keys: readonly string[],
    partitions: readonly { partition: string; runId: string; outputs: string[] }[],
  ): Promise<{ outputs: string[]; metrics?: Record<string, number> }>;
}

export interface AssetDefinition<Name extends string = string> {
  name: Name;
  kind: AssetKind;
  description: string;
  upstream: readonly Name[];
  /** Bump when the asset's logic changes, so its outputs are rebuilt even if no input changed. */
  codeVersion: string;
  owner: string;
  /** How often its inputs are expected to change (for schedules and freshness). */
  cadence: 'monthly' | 'quarterly' | 'yearly' | 'on demand';
  /** None (one materialisation per run) unless declared; `materialize` then gets `ctx.partition`. */
  partitioning?: Partitioning<Name>;
  /** The source files it reads directly (their checksums are part of its input fingerprint). */
  sources?(ctx: AssetContext): Promise<string[]>;
  /** Whether a previous materialisation's outputs are still in place (default: its output files exist). */
  outputsPresent?(ctx: AssetContext, outputs: readonly string[]): Promise<boolean>;
  materialize(ctx: AssetContext): Promise<MaterializeResult>;
  /**
   * Run after each materialisation and recorded in the catalog (pipelines/orchestration/checks/); a failing
   * blocking check keeps the build from counting, so nothing downstream (nor the served index) changes.
   */
  checks?: readonly AssetCheck[];
}

/**
 * Whether this build reads what the last successful one did but for the upstreams `varying`: the same code
 * version, not forced, and the same build of every other upstream. An asset that updates its previous output
 * row by row (comparing per-row digests of `varying`) may do so only then.
 */
export function sameBuildsBut(ctx: AssetContext, codeVersion: string, varying: readonly string[]): boolean {
  const last = ctx.previousBuild;
  if (ctx.force || !last || !ctx.upstream || last.codeVersion !== codeVersion) return false;
  const names = new Set([...Object.keys(ctx.upstream), ...Object.keys(last.upstream)]);
  for (const name of names)
    if (!varying.includes(name) && ctx.upstream[name] !== last.upstream[name]) return false;
  return true;
}

/** The partition an asset's materialize was given; throws when called on an unpartitioned run. */
export function partitionOf(ctx: AssetContext): string {
  if (ctx.partition === undefined) throw new Error('this asset is partitioned but got no ctx.partition');
  return ctx.partition;
}
