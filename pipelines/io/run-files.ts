// A table too large to sort or hold at once is written in runs, a Parquet file each: `<name>.parquet` when
// it took one run, `<name>.<run>.parquet` (0, 1, …) when it took more. Readers take every run file of a name
// (a glob of the folder, or runFilesOf); a rebuild replaces all of them, whatever number it had before.
import { readdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { deltaPath } from './delta-files';
import { publishFile } from './scratch';

/**
 * Rows of a wide table (a certificate with its raw and enhanced texts is ~11 KB) that a partition sorts or
 * holds at once (PDS_RUN_ROWS, default 8,192): a larger partition is written in runs of about this many, so
 * a worker's memory follows this setting and not the partition's size. 8,192 certificates: ~0.9 GB peak for
 * epc_enhanced, where a 60,000-certificate partition at once took ~1.5 GB (epc_by_tile sorts half as many).
 */
export function runRows(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.PDS_RUN_ROWS ?? 8192);
  if (!Number.isInteger(n) || n < 1)
    throw new Error(`PDS_RUN_ROWS must be a whole number >= 1, not ${env.PDS_RUN_ROWS}`);
  return n;
}

/**
 * Rows of a run whose rows are twice as wide: a certificate with both its records sorted whole, or an EPC
 * block of ~15 KB held with its text (epc_by_tile, uprn_epc_blocks).
 */
export const halfRunRows = (env: NodeJS.ProcessEnv = process.env): number => Math.ceil(runRows(env) / 2);

/** The file of run `run` of `runs` of the table `path` (`…/<name>.parquet`). */
export const runFile = (path: string, run: number, runs: number): string =>
  runs === 1 ? path : path.replace(/\.parquet$/, `.${run}.parquet`);

/** Whether `file` (a base name) is a run file of the table named `name`. */
export const isRunFileOf = (file: string, name: string): boolean =>
  file === `${name}.parquet` ||
  (file.startsWith(`${name}.`) && /^\d+\.parquet$/.test(file.slice(name.length + 1)));

const nameOf = (path: string): string => basename(path).replace(/\.parquet$/, '');

/** The run files of the table `path` that exist, in run order. */
export function runFilesOf(path: string): string[] {
  const name = nameOf(path);
  const runOf = (file: string) => Number(file.slice(name.length + 1).split('.')[0]) || 0;
  let files: string[];
  try {
    files = readdirSync(dirname(path));
  } catch {
    return [];
  }
  return files
    .filter((f) => isRunFileOf(f, name))
    .sort((a, b) => runOf(a) - runOf(b))
    .map((f) => join(dirname(path), f));
}

/** Removes every run file of the table `path`, and its delta (delta-files.ts): the runs are the whole table. */
export async function removeRunFiles(path: string): Promise<void> {
  for (const file of runFilesOf(path)) await rm(file, { force: true });
  await rm(deltaPath(path), { force: true });
}

/**
 * Puts `built` (finished files in scratch, in run order) in place as the runs of the table `path`, in place
 * of the runs it had. Returns the files published.
 */
export async function publishRuns(built: readonly string[], path: string): Promise<string[]> {
  await removeRunFiles(path);
  const published: string[] = [];
  for (const [run, file] of built.entries()) {
    const target = runFile(path, run, built.length);
    await publishFile(file, target);
    published.push(target);
  }
  return published;
}
