// What `pds sources list` and `pds sources check` report: each dataset's location, format, folder and last
// download (from the sidecars), and the problems a sources file has before a refresh trips over them.
import { stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { SOURCE_DATASETS, isUrl } from '../../schemas/sources';
import { dataPaths, type ServiceConfig } from '../config';
import { expandHeaders, readDownloadRecord, type DownloadRecord } from './fetch';
import { downloadNames } from './prepare';
import { datasetFolder, resolvedDatasets } from './sources-file';

export interface SourceListing {
  dataset: string;
  /** null: no sources-file entry, the dataset is read from `<sourcesDir>/<dataset>`. */
  format: string | null;
  folder: string;
  /** The files fetched or read to assemble `folder`; empty when it is a local folder used in place. */
  items: { location: string; download: DownloadRecord | null }[];
}

export async function listSources(config: ServiceConfig): Promise<SourceListing[]> {
  const resolved = config.sourcesFile ? resolvedDatasets(config.sourcesFile) : [];
  const listings: SourceListing[] = [];
  for (const dataset of SOURCE_DATASETS) {
    const folder = datasetFolder(config, dataset);
    const entry = resolved.find((r) => r.dataset === dataset);
    if (!entry) {
      listings.push({ dataset, format: null, folder, items: [] });
      continue;
    }
    if (entry.localFolder) {
      listings.push({ dataset, format: entry.format, folder, items: [] });
      continue;
    }
    const names = downloadNames(entry.items);
    const items = await Promise.all(
      entry.items.map(async (item, i) => ({
        location: item.location,
        download: isUrl(item.location)
          ? await readDownloadRecord(join(dataPaths(config.dataDir).downloads, dataset, names[i]!))
          : null,
      })),
    );
    listings.push({ dataset, format: entry.format, folder, items });
  }
  return listings;
}

const kindOf = async (path: string): Promise<'file' | 'folder' | null> => {
  const st = await stat(path).catch(() => null);
  return st ? (st.isDirectory() ? 'folder' : 'file') : null;
};

/** Problems found without downloading anything: schema (thrown by the reader), local paths, header vars. */
export async function checkSources(config: ServiceConfig, env = process.env): Promise<string[]> {
  const problems: string[] = [];
  const resolved = config.sourcesFile ? resolvedDatasets(config.sourcesFile) : [];
  for (const dataset of SOURCE_DATASETS) {
    const entry = resolved.find((r) => r.dataset === dataset);
    if (!entry) {
      const folder = resolve(config.sourcesDir, dataset);
      if ((await kindOf(folder)) !== 'folder') problems.push(`${dataset}: folder not found: ${folder}`);
      continue;
    }
    if (entry.localFolder) {
      if ((await kindOf(entry.localFolder)) !== 'folder')
        problems.push(`${dataset}: folder not found: ${entry.localFolder}`);
      continue;
    }
    for (const item of entry.items) {
      if (!isUrl(item.location) && (await kindOf(item.location)) !== 'file')
        problems.push(`${dataset}: file not found: ${item.location}`);
      try {
        expandHeaders(item.headers, env);
      } catch (error) {
        problems.push(`${dataset}: ${(error as Error).message}`);
      }
    }
  }
  return problems;
}
