// Shapes shared by the refresh workflow, its activities and its clients. No Node imports: the workflow
// bundle includes this file.
export interface RefreshInput {
  /** Selection expressions (`name`, `name+`, `+name`); all assets when empty. */
  select?: string[];
  /** Rebuild even assets whose inputs and code are unchanged. */
  force?: boolean;
}

export type AssetState = 'pending' | 'running' | 'done' | 'skipped' | 'failed';

export interface AssetProgress {
  name: string;
  state: AssetState;
  rows?: number;
  durationMs?: number;
  metrics?: Record<string, number>;
  error?: string;
}

export interface RefreshProgress {
  runId: string;
  waves: string[][];
  assets: AssetProgress[];
  /** What the download step did for each dataset of the sources file (empty without one). */
  sources?: SourceOutput[];
}

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
}
