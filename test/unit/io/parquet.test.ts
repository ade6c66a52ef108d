import { mkdtempSync, existsSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parquetPath, queryParquet, writeParquet, ParquetTableWriter } from '../../../pipelines/io/parquet';
import { parquetColumnsFor } from '../../../pipelines/io/parquet-columns';

const dir = mkdtempSync(join(tmpdir(), 'pds-parquet-'));
const collect = async (sql: string) => {
  const rows: Record<string, unknown>[] = [];
  for await (const row of queryParquet(sql)) rows.push(row);
  return rows;
};

describe('Parquet through DuckDB', () => {
  it('round-trips every column type, nulls included, sorted on request', async () => {
    const path = join(dir, 'types.parquet');
    const result = await writeParquet(
      path,
      [
        { name: 'id', type: 'BIGINT' },
        { name: 'name', type: 'VARCHAR' },
        { name: 'score', type: 'DOUBLE' },
        { name: 'ok', type: 'BOOLEAN' },
        { name: 'at', type: 'TIMESTAMP' },
        { name: 'extra', type: 'JSON' },
      ],
      [
        { id: 2, name: 'b', score: 1.5, ok: false, at: '2020-01-02T03:04:05.678Z', extra: { a: [1, 2] } },
        { id: 1, name: null, score: null, ok: null, at: null, extra: null },
      ],
      { orderBy: ['id'] },
    );
    expect(result.rows).toBe(2);
    expect(await collect(`SELECT * FROM ${parquetPath(path)}`)).toEqual([
      { id: 1, name: null, score: null, ok: null, at: null, extra: null },
      { id: 2, name: 'b', score: 1.5, ok: false, at: '2020-01-02T03:04:05.678Z', extra: { a: [1, 2] } },
    ]);
  });

  it('writes the same file through NDJSON staging (the fast path for wide tables)', async () => {
    const path = join(dir, 'ndjson.parquet');
    const writer = await ParquetTableWriter.open(
      path,
      [
        { name: 'id', type: 'BIGINT' },
        { name: 'name', type: 'VARCHAR' },
        { name: 'score', type: 'DOUBLE' },
        { name: 'ok', type: 'BOOLEAN' },
        { name: 'at', type: 'TIMESTAMP' },
        { name: 'extra', type: 'JSON' },
      ],
      { staging: 'ndjson' },
    );
    writer.append({
      id: 2,
      name: 'b "q"',
      score: 1.5,
      ok: false,
      at: '2020-01-02T03:04:05.678Z',
      extra: { a: [1, 2] },
      other: 1,
    });
    writer.append({ id: 1, name: null, score: null, ok: null, at: null, extra: null });
    expect((await writer.close({ orderBy: ['id'] })).rows).toBe(2);
    expect(await collect(`SELECT * FROM ${parquetPath(path)}`)).toEqual([
      { id: 1, name: null, score: null, ok: null, at: null, extra: null },
      { id: 2, name: 'b "q"', score: 1.5, ok: false, at: '2020-01-02T03:04:05.678Z', extra: { a: [1, 2] } },
    ]);
  });

  it('leaves no file and no scratch behind when a write is aborted', async () => {
    const path = join(dir, 'aborted.parquet');
    const failing = (async function* () {
      yield { id: 1 };
      throw new Error('source broke');
    })();
    await expect(writeParquet(path, [{ name: 'id', type: 'BIGINT' }], failing)).rejects.toThrow(
      'source broke',
    );
    expect(existsSync(path)).toBe(false);
    expect(readdirSync(dir).filter((f) => f.startsWith('aborted'))).toEqual([]);
  });

  it('replaces an existing file only when the new one is complete', async () => {
    const path = join(dir, 'replace.parquet');
    await writeParquet(path, [{ name: 'v', type: 'VARCHAR' }], [{ v: 'old' }]);
    const writer = await ParquetTableWriter.open(path, [{ name: 'v', type: 'VARCHAR' }]);
    writer.append({ v: 'new' });
    expect(await collect(`SELECT v FROM ${parquetPath(path)}`)).toEqual([{ v: 'old' }]);
    await writer.close();
    expect(await collect(`SELECT v FROM ${parquetPath(path)}`)).toEqual([{ v: 'new' }]);
  });

  it('derives column types from a zod schema', () => {
    const schema = z.object({
      n: z.number().int().nullable(),
      x: z.number(),
      flag: z.boolean().nullable(),
      when: z.iso.datetime().nullable(),
      label: z.enum(['A', 'B']).nullable(),
      nested: z.object({ a: z.number() }).nullable(),
    });
    expect(parquetColumnsFor(schema)).toEqual([
      { name: 'n', type: 'BIGINT' },
      { name: 'x', type: 'DOUBLE' },
      { name: 'flag', type: 'BOOLEAN' },
      { name: 'when', type: 'TIMESTAMP' },
      { name: 'label', type: 'VARCHAR' },
      { name: 'nested', type: 'JSON' },
    ]);
  });
});
