/**
 * Digests that tell whether a row or a text changed since the last build. Not DuckDB's `hash` of a string:
 * it folds a string's 8-byte words into its state by XOR and multiply, which carries a difference only
 * towards the higher bits, so two changes in the high bytes of their words cancel far more often than once
 * in 2^64. 32-character strings differing by two digits at such places shared a hash in 0.3–1 % of pairs
 * (test/standalone/io/row-digest.test.ts), and two area blocks of the sample, a distance `17.2` against
 * `10.2` written twice, shared one: a changed row with its old digest would keep its old output. Each value
 * is digested by its MD5 (`md5_number`, of its text), and DuckDB's hash only combines those numbers, which
 * it mixes fully. The MD5 costs ~1.8 ms a MB of text (DuckDB's hash ~0.2); a row given by its alias is
 * formatted as text first (~3 µs a row), so a table's typed columns are digested one by one (columnsHashSql).
 */

import type { ColumnSpec } from './parquet';

/** The digest of `exprs` (values, or a table alias for its row) as a number: for sums over rows. */
export const rowHashSql = (...exprs: string[]): string =>
  `hash(${exprs.map((e) => `md5_number(${e}::VARCHAR)`).join(', ')})`;

/** The digest of `exprs` (values, or a table alias for its row), as text. */
export const rowDigestSql = (...exprs: string[]): string => `${rowHashSql(...exprs)}::VARCHAR`;

/**
 * The digest of a row's `columns` (of table `alias`) as a number, each column by its type: a string's MD5,
 * any other value's own hash (DuckDB mixes a number's bits fully, one to one, and combines the columns' hashes
 * in order). No text is formatted, and DuckDB digests a dictionary-encoded column once a distinct value: 88,000
 * rows of epc_latest's 19 columns an estimate reads in ~15 ms, against ~280 formatted as text.
 */
export const columnsHashSql = (columns: readonly ColumnSpec[], alias: string): string =>
  `hash(${columns
    .map((c) => {
      const value = `${alias}."${c.name}"`;
      return c.type === 'VARCHAR' || c.type === 'JSON' || c.type === 'BLOB' || c.nested
        ? `md5_number(${value}::VARCHAR)`
        : value;
    })
    .join(', ')})`;
