// Change digests must tell two different values apart. DuckDB's own hash of a string does not, often enough
// to matter: two digits changed in the high bytes of its 8-byte words cancel (pipelines/io/row-digest.ts).
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../../pipelines/io/parquet';
import { columnsHashSql, rowDigestSql, rowHashSql } from '../../../pipelines/io/row-digest';

/** 20,000 pairs of 32-character strings, each pair differing in the digits at offsets 7 and 23. */
const PAIRS = `
  WITH base AS (SELECT i, md5(i::VARCHAR) AS s FROM range(20000) t(i))
  SELECT s[1:7] || chr(48 + (i % 10)::INT) || s[9:23] || chr(48 + (i // 10 % 10)::INT) || s[25:32] AS a,
    s[1:7] || chr(48 + ((i + 3) % 10)::INT) || s[9:23] || chr(48 + ((i // 10 + 7) % 10)::INT) || s[25:32] AS b
  FROM base`;

describe('change digests', () => {
  it('tell apart the strings whose DuckDB hashes collide', async () => {
    const [row] = await queryRows(`SELECT count(*) FILTER (WHERE a <> b) AS differ,
        count(*) FILTER (WHERE a <> b AND hash(a) = hash(b)) AS duckdb_same,
        count(*) FILTER (WHERE a <> b AND ${rowDigestSql('a')} = ${rowDigestSql('b')}) AS digest_same
      FROM (${PAIRS})`);
    expect(Number(row!.differ)).toBe(20000);
    // The premise: DuckDB's hash of a string collides for some of these pairs.
    expect(Number(row!.duckdb_same)).toBeGreaterThan(0);
    expect(Number(row!.digest_same)).toBe(0);
  });

  it('digest a row by every field, in order, and equal rows alike', async () => {
    const rows = await queryRows(`SELECT ${rowDigestSql('r')} AS d FROM (VALUES
        (1, 'Flat 1', 2.5), (1, 'Flat 1', 2.5), (1, 'Flat 2', 2.5), (1, 'Flat 1', 2.25), (2, 'Flat 1', 2.5),
        (1, NULL, 2.5)) r(a, b, c)`);
    const digests = rows.map((r) => r.d);
    expect(digests[0]).toBe(digests[1]);
    expect(new Set(digests).size).toBe(5);
    const [sums] = await queryRows(`SELECT sum(${rowHashSql('x')}) = sum(${rowHashSql('y')}) AS same
      FROM (VALUES ('a', 'b'), ('b', 'a')) t(x, y)`);
    // Summed over rows in no order: the same values in another order, the same sum.
    expect(sums!.same).toBe(true);
  });

  it('digest a row column by column: any one change, or two values swapped, moves it', async () => {
    const columns = [
      { name: 'a', type: 'BIGINT' },
      { name: 'b', type: 'VARCHAR' },
      { name: 'c', type: 'DOUBLE' },
      { name: 'd', type: 'DOUBLE' },
    ] as const;
    const rows = await queryRows(`SELECT ${columnsHashSql(columns, 'r')}::VARCHAR AS d FROM (VALUES
        (1, 'Flat 1', 2.5, 3.5), (1, 'Flat 1', 2.5, 3.5), (1, 'Flat 2', 2.5, 3.5), (1, 'Flat 1', 2.25, 3.5),
        (2, 'Flat 1', 2.5, 3.5), (1, NULL, 2.5, 3.5), (1, 'Flat 1', 3.5, 2.5), (1, 'Flat 1', NULL, 3.5))
        r(a, b, c, d)`);
    const digests = rows.map((r) => r.d);
    expect(digests[0]).toBe(digests[1]);
    expect(new Set(digests).size).toBe(7);
    // Strings by their MD5: the pairs DuckDB's own string hash confuses are told apart (each pair as two rows
    // of one column, `s`).
    const text = [{ name: 's', type: 'VARCHAR' }] as const;
    const [row] = await queryRows(`SELECT count(*) FILTER (WHERE
        ${columnsHashSql(text, 'x')} = ${columnsHashSql(text, 'y')}) AS same
      FROM (SELECT {'s': a} AS x, {'s': b} AS y FROM (${PAIRS}))`);
    expect(Number(row!.same)).toBe(0);
  });
});
