// A table keyed by UPRN and partitioned per tile can take a month's changed rows as a delta beside its base
// instead of rewriting the base: `<dir>/delta/<name>.parquet` holds the newest row of each UPRN it has, and
// the base's row of such a UPRN is superseded. A rebuild or a merge writes the base again and drops the delta
// (run-files.ts removeRunFiles), so a table is its base alone or its base and one delta. Readers take the
// table through `withDelta` (runsRelation does for one partition). Two folders deep, a delta is no table of
// the analysts' catalog by itself: the catalog's view applies it (analyst-catalog.ts).
import { existsSync, readdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** Where the delta of the table `path` (`…/<name>.parquet`) is kept. */
export const deltaPath = (path: string): string => join(dirname(path), 'delta', basename(path));

/** The delta files of the tables in `dir` (a partitioned table's folder), or of one table `path`. */
export function deltaFilesOf(path: string): string[] {
  if (!path.includes('*')) return existsSync(deltaPath(path)) ? [deltaPath(path)] : [];
  const dir = join(dirname(path), 'delta');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.parquet'))
    .sort()
    .map((f) => join(dir, f));
}

/**
 * `base` (a relation) with the rows of `delta` (a relation of the same columns, or null) in place of its rows
 * of the same key. Without a delta, `base` itself.
 */
export const withDelta = (base: string, delta: string | null, key = 'uprn'): string =>
  delta === null
    ? base
    : `(SELECT * FROM ${base} WHERE ${key} NOT IN (SELECT ${key} FROM ${delta}) UNION ALL SELECT * FROM ${delta})`;

/** The table `path` (its file, or a partitioned table's glob `<dir>/*.parquet`) with its deltas applied. */
export function withDeltasOf(path: string): string {
  const read = (files: readonly string[]) =>
    `read_parquet([${files.map((f) => `'${f.replaceAll("'", "''")}'`).join(', ')}])`;
  const delta = deltaFilesOf(path);
  return withDelta(read([path]), delta.length ? read(delta) : null);
}

/**
 * Whether a table of `baseRows` rows should take `deltaRows` changed rows as a delta rather than be written
 * again: while the delta stays under a quarter of the base, reading it beside the base costs less than
 * rewriting the base (docs/national.md).
 */
export const takesDelta = (deltaRows: number, baseRows: number): boolean => deltaRows * 4 <= baseRows;
