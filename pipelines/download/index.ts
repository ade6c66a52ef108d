// The download step of a refresh: make every dataset named in the sources file ready to read. Without a
// sources file it does nothing, and the staged assets read `sourcesDir` as before.
import type { ServiceConfig } from '../config';
import { allSettledOrThrow, limiter } from './limit';
import { prepareDataset, type PrepareHooks, type PreparedDataset } from './prepare';
import { resolvedDatasets } from './sources-file';

export type { PreparedDataset, PrepareHooks } from './prepare';

/** Files fetched at once across all datasets, unless PDS_DOWNLOAD_CONCURRENCY says otherwise. */
export const DEFAULT_DOWNLOAD_CONCURRENCY = 3;

export async function downloadSources(
  config: ServiceConfig,
  hooks: PrepareHooks & { concurrency?: number } = {},
): Promise<PreparedDataset[]> {
  if (!config.sourcesFile) return [];
  // Datasets are prepared side by side, their files through one limit: a few streams keep a link busy while
  // some servers are slow to answer (and most checks are 304s), without opening dozens of connections.
  const concurrency =
    hooks.concurrency ?? (Number(process.env.PDS_DOWNLOAD_CONCURRENCY) || DEFAULT_DOWNLOAD_CONCURRENCY);
  const limit = hooks.limit ?? limiter(concurrency);
  return allSettledOrThrow(
    resolvedDatasets(config.sourcesFile).map((dataset) =>
      prepareDataset(config, dataset, { ...hooks, limit }),
    ),
  );
}
