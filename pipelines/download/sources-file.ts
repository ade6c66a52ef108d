// Reading a sources file and deciding where each dataset's folder is. Synchronous on purpose: the staged
// assets resolve their folder with a plain function call (pipelines/orchestration/sources.ts).
import { readFileSync, statSync } from 'node:fs';
import { basename, dirname, isAbsolute, resolve } from 'node:path';
import {
  SOURCE_DATASETS,
  SourcesFileSchema,
  isUrl,
  type SourceDataset,
  type SourceDatasetEntry,
  type SourcesFile,
} from '../../schemas/sources';
import { dataPaths, type ServiceConfig } from '../config';
import { DataError } from '../io/errors';

/** One file of a dataset, with a local location made absolute. */
export interface SourceItem {
  /** An http(s) URL or an absolute local path. */
  location: string;
  /** Target inside the dataset folder, as written in the sources file (undefined: the default). */
  path?: string;
  sha256?: string;
  headers?: Record<string, string>;
}

export interface ResolvedDataset {
  dataset: SourceDataset;
  format: string;
  /** A local folder used in place: nothing to download or assemble. */
  localFolder: string | null;
  items: SourceItem[];
}

let cache: { path: string; size: number; mtimeMs: number; file: SourcesFile } | null = null;

/** Parses and validates a sources file; a bad file is a DataError naming the field. Cached by size+mtime. */
export function readSourcesFile(path: string): SourcesFile {
  let st;
  try {
    st = statSync(path);
  } catch {
    throw new DataError(`sources file not found: ${path}`);
  }
  if (cache && cache.path === path && cache.size === st.size && cache.mtimeMs === st.mtimeMs)
    return cache.file;
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new DataError(`sources file ${path} is not valid JSON: ${(error as Error).message}`);
  }
  const parsed = SourcesFileSchema.safeParse(json);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
    throw new DataError(`sources file ${path} is invalid: ${issues.join('; ')}`);
  }
  cache = { path, size: st.size, mtimeMs: st.mtimeMs, file: parsed.data };
  return parsed.data;
}

const isDirectory = (path: string): boolean =>
  statSync(path, { throwIfNoEntry: false })?.isDirectory() ?? false;

/** A dataset's entry with local locations resolved against the sources file's folder. */
export function resolveDataset(
  sourcesFile: string,
  dataset: SourceDataset,
  entry: SourceDatasetEntry,
): ResolvedDataset {
  const base = dirname(sourcesFile);
  const absolute = (location: string): string =>
    isUrl(location) || isAbsolute(location) ? location : resolve(base, location);
  const items: SourceItem[] = entry.files
    ? entry.files.map((f) => ({ ...f, location: absolute(f.location) }))
    : [{ location: absolute(entry.location!), sha256: entry.sha256, headers: entry.headers }];
  // A single local location that is a folder is the dataset folder itself (the sample layout, a mounted
  // share); a missing one is also taken as a folder, so the asset reports "source folder not found" there.
  const only = items.length === 1 && !entry.files ? items[0]! : null;
  const localFolder =
    only && !isUrl(only.location) && (isDirectory(only.location) || !/\.[a-z0-9]+$/i.test(only.location))
      ? only.location
      : null;
  return { dataset, format: entry.format, localFolder, items };
}

/** Every dataset the sources file describes. */
export function resolvedDatasets(sourcesFile: string): ResolvedDataset[] {
  const file = readSourcesFile(sourcesFile);
  return SOURCE_DATASETS.flatMap((d) => {
    const entry = file.datasets[d];
    return entry ? [resolveDataset(sourcesFile, d, entry)] : [];
  });
}

/**
 * The folder a staged asset reads `dataset` from: `<sourcesDir>/<dataset>` without a sources file or entry;
 * the local folder it names; otherwise `<dataDir>/sources/<dataset>`, which the download step assembles.
 */
export function datasetFolder(config: ServiceConfig, dataset: string): string {
  const entry = config.sourcesFile
    ? readSourcesFile(config.sourcesFile).datasets[dataset as SourceDataset]
    : undefined;
  if (!config.sourcesFile || !entry) return resolve(config.sourcesDir, dataset);
  const resolved = resolveDataset(config.sourcesFile, dataset as SourceDataset, entry);
  return resolved.localFolder ?? resolve(dataPaths(config.dataDir).sources, dataset);
}

/** The name a downloaded (or local) file keeps: the last segment of its URL path or its file name. */
export function itemFileName(item: SourceItem): string {
  const raw = isUrl(item.location) ? new URL(item.location).pathname : item.location;
  const name = basename(decodeURIComponent(raw)).replace(/[^\w.@-]+/g, '_');
  return name && name !== '.' ? name : 'download';
}
