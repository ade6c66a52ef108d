// What the check tests share: an asset context and a previous build to compare with.
import type { AssetContext } from '../../../../pipelines/orchestration/definition';
import type { Materialization } from '../../../../pipelines/catalog/catalog';
import { loadConfig } from '../../../../pipelines/config';

export const ctx: AssetContext = {
  config: loadConfig({}),
  runId: 'run-2',
  log: () => {},
  heartbeat: () => {},
};

/** The last successful build of an asset, with `rows` rows. */
export const previousBuild = (rows: number): Materialization => ({
  id: 'm-1',
  asset: 'os_open_uprn',
  partition: '',
  runId: 'run-1',
  codeVersion: '1',
  inputs: { sources: [], upstream: [] },
  fingerprint: 'f',
  status: 'success',
  rows,
  bytes: 0,
  outputs: [],
  metrics: {},
  startedAt: '2025-01-01T00:00:00.000Z',
  durationMs: 1,
  error: null,
});
