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
