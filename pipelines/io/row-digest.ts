/**
 * Digests that tell whether a row or a text changed since the last build. Not DuckDB's `hash` of a string:
 * it folds a string's 8-byte words into its state by XOR and multiply, which carries a difference only
 * towards the higher bits, so two changes in the high bytes of their words cancel far more often than once
 * in 2^64. 32-character strings differing by two digits at such places shared a hash in 0.3–1 % of pairs
 * (test/standalone/io/row-digest.test.ts), and two area blocks of the sample, a distance `17.2` against
 * `10.2` written twice, shared one: a changed row with its old digest would keep its old output. Each value
 * is digested by its MD5 (`md5_number`, of its text), and DuckDB's hash only combines those numbers, which
 * it mixes fully. The MD5 costs ~1.8 ms a MB of text (DuckDB's hash ~0.2); a row is formatted as text first
 * (~3 µs a row).
 */

/** The digest of `exprs` (values, or a table alias for its row) as a number: for sums over rows. */
export const rowHashSql = (...exprs: string[]): string =>
  `hash(${exprs.map((e) => `md5_number(${e}::VARCHAR)`).join(', ')})`;

/** The digest of `exprs` (values, or a table alias for its row), as text. */
export const rowDigestSql = (...exprs: string[]): string => `${rowHashSql(...exprs)}::VARCHAR`;
