// Shapes shared by the refresh workflow, its activities and its clients. No Node imports: the workflow
// bundle includes this file.
export interface RefreshInput {
  /** Selection expressions (`name`, `name+`, `+name`); all assets when empty. */
  select?: string[];
  /** Rebuild even assets whose inputs and code are unchanged. */
  force?: boolean;
  /** Backfill: only these partitions of partitioned assets (`KEY,KEY`, `FROM..TO`, `PREFIX*`). */
  partitions?: string;
  /** How many activities the run keeps in flight at once (default 4). */
  concurrency?: number;
  /** The most partitions one activity materialises (default 20): small partitions share its fixed cost. */
  partitionsPerActivity?: number;
  /** Failed blocking checks to publish anyway: `check`, `asset.check` or `asset.check@partition`. */
  accept?: string[];
}

/** A check that did not simply pass (failed, warned or accepted), as progress and the memo show it. */
export interface CheckNote {
  asset: string;
  /** '' for the asset as a whole. */
  partition: string;
  check: string;
  severity: 'blocking' | 'warning';
  passed: boolean;
  accepted: boolean;
  measured: string;
  expected: string;
  where?: string;
}

export type AssetState = 'pending' | 'running' | 'done' | 'skipped' | 'failed';

/** A partitioned asset's partitions in this run. */
export interface PartitionProgress {
  /** Every current key of the asset. */
  total: number;
  /** How many this run materialises (stale or forced, within --partitions); the rest are left alone. */
  toBuild: number;
  done: number;
  /** Built ones that turned out up to date when their activity checked again (e.g. a retried batch). */
  skipped: number;
  failed: number;
}

export interface AssetProgress {
  name: string;
  state: AssetState;
  /** Set for partitioned assets once their partitions are known. */
  partitions?: PartitionProgress;
  rows?: number;
  durationMs?: number;
  metrics?: Record<string, number>;
  error?: string;
  /** Checks that failed, warned or were accepted in this run (passing ones are in `pds assets checks`). */
  checks?: CheckNote[];
}

export interface RefreshProgress {
  runId: string;
  waves: string[][];
  assets: AssetProgress[];
  /** What the download step did for each dataset of the sources file (empty without one). */
  sources?: SourceOutput[];
  /** The analysts' catalog written after a successful run (docs/analysts.md), or why it was not. */
  analystCatalog?: AnalystCatalogOutput;
}

export type AnalystCatalogOutput = { path: string; views: number } | { error: string };

/** A dataset made ready from the sources file: its folder rebuilt, left unchanged, or a local folder. */
export interface SourceOutput {
  dataset: string;
  state: 'in-place' | 'assembled' | 'unchanged';
  files: {
    location: string;
    status: 'downloaded' | 'not-modified' | 'unchanged' | 'local';
    bytes: number;
    sha256: string;
  }[];
}

export interface MaterializeOutput {
  /** True when the asset was up to date and not rebuilt; the other fields describe that earlier build. */
  skipped: boolean;
  materializationId: string;
  rows: number;
  outputs: string[];
  metrics?: Record<string, number>;
  durationMs: number;
  checks?: CheckNote[];
}

/** One partition's outcome in a batch activity. */
export interface PartitionOutput {
  key: string;
  skipped: boolean;
  rows: number;
  durationMs: number;
  checks?: CheckNote[];
}

/** A partitioned asset's keys for this run (see pipelines/orchestration/plan-refresh.ts PartitionPlan). */
export interface PartitionPlanOutput {
  keys: string[];
  build: string[];
  untouched: number;
}
