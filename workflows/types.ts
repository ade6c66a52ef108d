// Shapes shared by the refresh workflow, its activities and its clients. No Node imports: the workflow
// bundle includes this file.
export interface RefreshInput {
  /** Asset names to refresh; all assets when empty. */
  select?: string[];
}

export type AssetState = 'pending' | 'running' | 'done' | 'failed';

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
  rows: number;
  outputs: string[];
  metrics?: Record<string, number>;
  durationMs: number;
}
