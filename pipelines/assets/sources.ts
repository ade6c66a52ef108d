// Where each dataset's files sit under the sources folder (the layout of the publishers' unpacked
// downloads; `pds sample-data` writes the same layout).
import { readdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { DataError } from '../io/errors';
import type { AssetContext } from './definition';

export const sourceDir = (ctx: AssetContext, dataset: string): string =>
  resolve(ctx.config.sourcesDir, dataset);

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
