// Preparing one dataset's folder from its sources-file entry: fetch each URL (conditionally) into
// `<dataDir>/downloads/<dataset>/`, then, only if some input's content changed, rebuild
// `<dataDir>/sources/<dataset>/` in a temporary folder (zips extracted, plain files hard-linked) and swap it
// in with renames. Unchanged inputs leave the folder, and so every file's mtime and checksum, as they were.
import { createHash, randomUUID } from 'node:crypto';
import { copyFile, link, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { isUrl } from '../../schemas/sources';
import { fileSha256 } from '../catalog/fingerprint';
import { dataPaths, type ServiceConfig } from '../config';
import { DataError } from '../io/errors';
import { downloadFile, type DownloadStatus } from './fetch';
import { readJsonFile, writeJsonFile } from './json-file';
import { allSettledOrThrow, type Limit } from './limit';
import { itemFileName, type ResolvedDataset, type SourceItem } from './sources-file';
import { extractZip, isZipFile } from './unzip';

export interface PrepareHooks {
  signal?: AbortSignal;
  /** Liveness and progress for long downloads (the activity's heartbeat). */
  heartbeat?: (details: unknown) => void;
  log?: (message: string) => void;
  /** Bounds how many files are fetched at once (shared across datasets); one at a time without it. */
  limit?: Limit;
}

export interface PreparedFile {
  location: string;
  /** `local`: a local file, read where it is. */
  status: DownloadStatus | 'local';
  bytes: number;
  sha256: string;
}

export interface PreparedDataset {
  dataset: string;
  folder: string;
  /** in-place: a local folder used as is; assembled: the folder was rebuilt; unchanged: left as it was. */
  state: 'in-place' | 'assembled' | 'unchanged';
  files: PreparedFile[];
}

interface Obtained extends PreparedFile {
  file: string;
  zip: boolean;
  /** Where it goes in the dataset folder: a file path, or the folder a zip is extracted into. */
  target: string;
  size: number;
  mtimeMs: number;
}

/** What a dataset folder was last assembled from; equal keys mean the folder is still right. */
interface AssemblyRecord {
  key: string;
  assembledAt: string;
  files: { location: string; size: number; mtimeMs: number; sha256: string }[];
}

const recordPath = (sourcesRoot: string, dataset: string): string =>
  join(sourcesRoot, `.${dataset}.assembled.json`);

/** Download names, unique within the dataset (two URLs ending in the same name get an index prefix). */
export function downloadNames(items: readonly SourceItem[]): string[] {
  const names = items.map(itemFileName);
  return names.map((n, i) => (names.indexOf(n) === names.lastIndexOf(n) ? n : `${i}-${n}`));
}

async function obtain(
  item: SourceItem,
  dest: string,
  previous: AssemblyRecord | null,
  hooks: PrepareHooks,
): Promise<Obtained> {
  let file: string;
  let status: PreparedFile['status'];
  let sha256: string;
  if (isUrl(item.location)) {
    let lastBeat = 0;
    const result = await downloadFile({
      url: item.location,
      dest,
      headers: item.headers,
      sha256: item.sha256,
      signal: hooks.signal,
      onProgress: (bytes, total) => {
        if (Date.now() - lastBeat < 1000) return;
        lastBeat = Date.now();
        hooks.heartbeat?.({ download: item.location, bytes, total });
      },
    });
    hooks.log?.(`${item.location}: ${result.status} (${result.bytes} bytes)`);
    ({ path: file, status, sha256 } = result);
  } else {
    file = item.location;
    status = 'local';
    const st = await stat(file).catch(() => null);
    if (!st?.isFile()) throw new DataError(`source file not found: ${file}`);
    // A local archive can be large: reuse its checksum while its size and mtime are unchanged.
    const known = previous?.files.find(
      (f) => f.location === file && f.size === st.size && f.mtimeMs === st.mtimeMs,
    );
    sha256 = known?.sha256 ?? (await fileSha256(file));
    if (item.sha256 && sha256 !== item.sha256)
      throw new DataError(`${file}: sha256 ${sha256} does not match the expected ${item.sha256}`);
  }
  const st = await stat(file);
  const zip = await isZipFile(file);
  const target = item.path ?? (zip ? '.' : itemFileName(item));
  return {
    location: item.location,
    status,
    bytes: st.size,
    sha256,
    file,
    zip,
    target,
    size: st.size,
    mtimeMs: st.mtimeMs,
  };
}

/**
 * Removes what a killed run left: half-assembled or old folders, and partial downloads (which can be large).
 * Refreshes run one at a time, so nothing else is writing them.
 */
async function sweep(sourcesRoot: string, downloads: string, dataset: string): Promise<void> {
  for (const name of await readdir(sourcesRoot).catch(() => [] as string[]))
    if (name.startsWith(`.${dataset}.tmp-`) || name.startsWith(`.${dataset}.old-`))
      await rm(join(sourcesRoot, name), { recursive: true, force: true });
  for (const name of await readdir(downloads).catch(() => [] as string[]))
    if (/\.tmp-[0-9a-f]{8}$/.test(name)) await rm(join(downloads, name), { force: true });
}

async function assemble(folder: string, tmp: string, files: readonly Obtained[]): Promise<void> {
  await mkdir(tmp, { recursive: true });
  for (const f of files) {
    const target = resolve(tmp, f.target);
    if (f.zip) {
      await extractZip(f.file, target);
      continue;
    }
    await mkdir(dirname(target), { recursive: true });
    // A hard link costs no space and keeps the download's mtime; copy across file systems.
    await link(f.file, target).catch(() => copyFile(f.file, target));
  }
  // Directories cannot be renamed over a non-empty one: move the old one aside, then delete it. Refreshes
  // run one at a time and this runs before any asset reads, so nothing sees the brief gap.
  const old = `${dirname(folder)}/.${folder.split('/').pop()}.old-${randomUUID().slice(0, 8)}`;
  const hadOld = await rename(folder, old).then(
    () => true,
    () => false,
  );
  await rename(tmp, folder);
  if (hadOld) await rm(old, { recursive: true, force: true });
}

export async function prepareDataset(
  config: ServiceConfig,
  resolved: ResolvedDataset,
  hooks: PrepareHooks = {},
): Promise<PreparedDataset> {
  const { dataset } = resolved;
  if (resolved.localFolder) return { dataset, folder: resolved.localFolder, state: 'in-place', files: [] };
  const paths = dataPaths(config.dataDir);
  const folder = join(paths.sources, dataset);
  const record = recordPath(paths.sources, dataset);
  await mkdir(paths.sources, { recursive: true });
  await sweep(paths.sources, join(paths.downloads, dataset), dataset);
  const previous = await readJsonFile<AssemblyRecord>(record);

  const names = downloadNames(resolved.items);
  const limit: Limit = hooks.limit ?? ((task) => task());
  const files = await allSettledOrThrow(
    resolved.items.map((item, i) =>
      limit(() => obtain(item, join(paths.downloads, dataset, names[i]!), previous, hooks)),
    ),
  );

  const key = createHash('sha256')
    .update(JSON.stringify(files.map((f) => [f.target, f.zip, f.sha256])))
    .digest('hex');
  const summary = files.map(({ location, status, bytes, sha256 }) => ({ location, status, bytes, sha256 }));
  const present = (await stat(folder).catch(() => null))?.isDirectory() ?? false;
  if (previous?.key === key && present) return { dataset, folder, state: 'unchanged', files: summary };

  hooks.log?.(`${dataset}: assembling ${folder}`);
  await assemble(folder, join(paths.sources, `.${dataset}.tmp-${randomUUID().slice(0, 8)}`), files);
  await writeJsonFile(record, {
    key,
    assembledAt: new Date().toISOString(),
    files: files.map(({ location, size, mtimeMs, sha256 }) => ({ location, size, mtimeMs, sha256 })),
  } satisfies AssemblyRecord);
  return { dataset, folder, state: 'assembled', files: summary };
}
