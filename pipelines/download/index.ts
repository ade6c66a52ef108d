// The download step of a refresh: make every dataset named in the sources file ready to read. Without a
// sources file it does nothing, and the staged assets read `sourcesDir` as before.
import type { ServiceConfig } from '../config';
import { prepareDataset, type PrepareHooks, type PreparedDataset } from './prepare';
import { resolvedDatasets } from './sources-file';

export type { PreparedDataset, PreparedFile, PrepareHooks } from './prepare';
export { datasetFolder, readSourcesFile, resolvedDatasets } from './sources-file';

export async function downloadSources(
  config: ServiceConfig,
  hooks: PrepareHooks = {},
): Promise<PreparedDataset[]> {
  if (!config.sourcesFile) return [];
  const prepared: PreparedDataset[] = [];
  // One dataset at a time: the bulk downloads are large, and one stream already fills a link.
  for (const dataset of resolvedDatasets(config.sourcesFile))
    prepared.push(await prepareDataset(config, dataset, hooks));
  return prepared;
}
