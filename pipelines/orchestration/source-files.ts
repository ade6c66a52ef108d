// Shared by the area dataset assets (hpi, fuel_poverty, energy_usage, deprivation, rural_urban): their
// source files, which unlike the CSV-only datasets may be workbooks.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { DataError } from '../io/errors';

/** Files directly in `dir` whose names end with one of `extensions` (lower-case, with the dot), sorted. */
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
