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

const quote = (text: string): string => `'${text.replaceAll("'", "''")}'`;
const list = (files: readonly string[]): string => `[${files.map(quote).join(', ')}]`;

/**
 * The rows of the Parquet `files` (paths or globs) with the rows of `delta` in place of their rows of the same
 * key; without a delta, the files alone. One scan of all of them, filtered: a UNION ALL of the two (or an
 * anti-join) kept DuckDB from reading only the struct members a query asks for (a 30,000-UPRN tile's area
 * member 1.0 → 1.6 CPU-s). `options`: read_parquet's (e.g. `union_by_name = true`). `where`, a condition on
 * the rows a reader keeps (`uprn IN (…)`), goes inside, ahead of the delta's: given outside, DuckDB took the
 * filtered scan for the small side of the semi join and hashed a whole tile's texts to keep a month's few
 * (a 30,000-UPRN tile's area texts for its 1,094 changed documents, 240 → 60 ms).
 */
export function withDelta(
  files: readonly string[],
  delta: readonly string[],
  options = '',
  key = 'uprn',
  where?: string,
): string {
  const more = options ? `, ${options}` : '';
  if (delta.length === 0)
    return where
      ? `(SELECT * FROM read_parquet(${list(files)}${more}) WHERE ${where})`
      : `read_parquet(${list(files)}${more})`;
  return `(SELECT * EXCLUDE (filename) FROM read_parquet(${list([...files, ...delta])}, filename = true${more})
    WHERE ${where ? `(${where}) AND (` : ''}filename IN (${delta.map(quote).join(', ')})
      OR ${key} NOT IN (SELECT ${key} FROM read_parquet(${list(delta)}) WHERE ${key} IS NOT NULL)${where ? ')' : ''})`;
}

/** The table `path` (its file, or a partitioned table's glob `<dir>/*.parquet`) with its deltas applied. */
export const withDeltasOf = (path: string): string => withDelta([path], deltaFilesOf(path));

/**
 * Whether a table of `baseRows` rows should take `deltaRows` changed rows as a delta rather than be written
 * again: while the delta stays under a quarter of the base, reading it beside the base costs less than
 * rewriting the base (docs/national.md).
 */
export const takesDelta = (deltaRows: number, baseRows: number): boolean => deltaRows * 4 <= baseRows;
