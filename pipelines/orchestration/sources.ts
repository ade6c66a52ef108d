// Where each dataset's files sit: by default under the sources folder (the layout of the publishers'
// unpacked downloads; `pds sample-data` writes the same layout); with a sources file, wherever it says or
// where the download step assembled them (pipelines/download). Assets only ever ask `sourceDir`.
import { readdir } from 'node:fs/promises';
import { isAbsolute, join, relative } from 'node:path';
import { SOURCE_DATASETS } from '../../schemas/sources';
import { datasetFolder } from '../download/sources-file';
import { DataError } from '../io/errors';
import type { AssetContext } from './definition';

export const sourceDir = (ctx: AssetContext, dataset: string): string => datasetFolder(ctx.config, dataset);

/**
 * A source file's provenance as recorded in tables: `<dataset>/<path inside its folder>`, the same whether
 * the folder is the sample layout, a local share or a download, so outputs do not depend on where it lives.
 */
export function sourceRelativePath(ctx: AssetContext, file: string): string {
  for (const dataset of SOURCE_DATASETS) {
    const inside = relative(sourceDir(ctx, dataset), file);
    if (inside && !inside.startsWith('..') && !isAbsolute(inside)) return join(dataset, inside);
  }
  return relative(ctx.config.sourcesDir, file);
}

/** The CSV files directly in a folder, sorted; a missing or empty folder is a DataError. */
export async function csvFilesIn(dir: string): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    throw new DataError(`source folder not found: ${dir}`);
  }
  const files = names
    .filter((n) => n.toLowerCase().endsWith('.csv'))
    .sort()
    .map((n) => join(dir, n));
  if (files.length === 0) throw new DataError(`no CSV files in ${dir}`);
  return files;
}

/**
 * Files directly in `dir` whose names end with one of `extensions` (lower-case, with the dot), sorted: the
 * area datasets', which unlike the CSV-only ones may be workbooks. A missing or empty folder is a DataError.
 */
export async function sourceFilesIn(dir: string, extensions: readonly string[]): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    throw new DataError(`source folder not found: ${dir}`);
  }
  // `~$name.xlsx` is Excel's lock file, not a workbook.
  const files = names
    .filter((n) => !n.startsWith('~$') && extensions.some((e) => n.toLowerCase().endsWith(e)))
    .sort()
    .map((n) => join(dir, n));
  if (files.length === 0) throw new DataError(`no ${extensions.join('/')} files in ${dir}`);
  return files;
}
