import { mkdtempSync, existsSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  holdBlobs,
  parquetPath,
  queryParquet,
  writeParquet,
  ParquetTableWriter,
  type ColumnSpec,
} from '../../../pipelines/io/parquet';
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

  it('reads BLOBs as Buffers of their bytes, short and long, that stay whole after their chunk is gone', async () => {
    // More rows than a DuckDB vector (2,048); values of up to 12 bytes sit in the vector itself.
    const rows = await collect(`SELECT i, CASE WHEN i % 5 = 0 THEN NULL
        ELSE repeat(chr((65 + i % 26)::INT), (i % 40)::INT)::BLOB END AS b FROM range(5000) t(i) ORDER BY i`);
    expect(rows).toHaveLength(5000);
    for (const { i, b } of rows) {
      const n = Number(i);
      if (n % 5 === 0) expect(b).toBeNull();
      else expect(b).toEqual(Buffer.from(String.fromCharCode(65 + (n % 26)).repeat(n % 40)));
    }
  });

  it('holds a query’s BLOBs in its result chunks, read by reference, into copies that outlive the chunks', async () => {
    const refs = new Map<number, { tag: number; ref: number }>();
    const held = await holdBlobs(
      `SELECT i AS key, (i % 3)::INTEGER AS tag, CASE WHEN i % 5 = 0 THEN NULL
        ELSE repeat(chr((65 + i % 26)::INT), (i % 40)::INT)::BLOB END AS value FROM range(5000) t(i)`,
      (key, tag, ref) => refs.set(key, { tag, ref }),
    );
    expect(refs.size).toBe(5000);
    // Read out of order, across the result's three chunks.
    const copies = [...refs].reverse().map(([key, { tag, ref }]) => ({ key, tag, bytes: held.bytes(ref) }));
    held.release();
    for (const { key, tag, bytes } of copies) {
      expect(tag).toBe(key % 3);
      if (key % 5 === 0) expect(bytes).toBeNull();
      else expect(bytes).toEqual(Buffer.from(String.fromCharCode(65 + (key % 26)).repeat(key % 40)));
    }
    expect(held.bytes(-1)).toBeNull();
  });

  it('writes a JSON column of many rows (parsed in slices of the stage) in the order appended', async () => {
    const path = join(dir, 'slices.parquet');
    // Not in UPRN order, and more rows than a slice (512) and than a DuckDB vector (2,048).
    const ids = Array.from({ length: 2_600 }, (_, i) => (i * 7919) % 2_600);
    await writeParquet(
      path,
      [
        { name: 'id', type: 'BIGINT' },
        { name: 'doc', type: 'JSON' },
      ],
      ids.map((id) => ({ id, doc: { id, tags: [`t${id}`] } })),
    );
    const rows = await collect(`SELECT id, doc FROM ${parquetPath(path)}`);
    expect(rows.map((r) => r.id)).toEqual(ids);
    expect(rows.every((r) => (r.doc as { id: number; tags: string[] }).tags[0] === `t${String(r.id)}`)).toBe(
      true,
    );
  });

  it('keeps the appended order across the appender’s flushes (every 32 MB staged)', async () => {
    const path = join(dir, 'flushed.parquet');
    // ~40 MB of text, not in id order: the stage is flushed on the way.
    const ids = Array.from({ length: 400 }, (_, i) => (i * 37) % 400);
    await writeParquet(
      path,
      [
        { name: 'id', type: 'BIGINT' },
        { name: 'text', type: 'VARCHAR' },
      ],
      (function* () {
        for (const id of ids)
          yield { id, text: `${id}:`.padEnd(100_000, String.fromCharCode(97 + (id % 26))) };
      })(),
    );
    const rows = await collect(`SELECT id, length(text) AS n, text[1:8] AS head FROM ${parquetPath(path)}`);
    expect(rows.map((r) => r.id)).toEqual(ids);
    for (const r of rows) {
      expect(r.n).toBe(100_000);
      expect(r.head).toBe(`${String(r.id)}:`.padEnd(8, String.fromCharCode(97 + (Number(r.id) % 26))));
    }
  });

  /** A writer under `memoryLimit` with a JSON record of 15 KB appended for each of `ids`. */
  async function recordsWriter(path: string, memoryLimit: string, ids: readonly number[]) {
    const writer = await ParquetTableWriter.open(
      path,
      [
        { name: 'id', type: 'BIGINT' },
        { name: 'record', type: 'JSON' },
      ],
      { memoryLimit },
    );
    for (const id of ids) writer.append({ id, record: { id, text: 'x'.repeat(15_000) } });
    return writer;
  }

  it('spills staged rows beyond its memory limit and writes them all, in the appended order', async () => {
    const path = join(dir, 'spilled.parquet');
    // ~150 MB of JSON records of 15 KB (twice a Scottish certificate's) staged under epc_scotland_raw's 128 MB.
    // The copy needs ~4 row groups' bytes (2,048 rows each): records of 30 KB would not fit.
    const ids = Array.from({ length: 10_000 }, (_, i) => (i * 7_919) % 10_000);
    const writer = await recordsWriter(path, '128MB', ids);
    expect((await writer.close()).rows).toBe(ids.length);
    const rows = await collect(
      `SELECT id, (record->>'$.id')::BIGINT AS inner_id, length(record->>'$.text') AS n FROM ${parquetPath(path)}`,
    );
    expect(rows.map((r) => r.id)).toEqual(ids);
    expect(rows.every((r) => r.inner_id === r.id && r.n === 15_000)).toBe(true);
  });

  it('holds its staged rows to its own memory limit: rows the copy cannot fit within it fail the write', async () => {
    const path = join(dir, 'too-small.parquet');
    // ~30 MB of 15 KB records: the default 256 MB writes them; 32 MB holds not even one row group's copy.
    const writer = await recordsWriter(
      path,
      '32MB',
      Array.from({ length: 2_000 }, (_, id) => id),
    );
    await expect(writer.close()).rejects.toThrow(/Out of Memory/);
    expect(existsSync(path)).toBe(false);
  });

  it('writes the same values through CSV staging as through the appender (the fast path for wide tables)', async () => {
    const columns: ColumnSpec[] = [
      { name: 'id', type: 'BIGINT' },
      { name: 'name', type: 'VARCHAR' },
      { name: 'score', type: 'DOUBLE' },
      { name: 'ok', type: 'BOOLEAN' },
      { name: 'at', type: 'TIMESTAMP' },
      { name: 'extra', type: 'JSON' },
      { name: 'wkb', type: 'BLOB' },
    ];
    const rows = [
      {
        id: 2,
        name: 'Flat 1, "The Mews"\r\nline two',
        score: 0.1 + 0.2,
        ok: false,
        at: '2020-01-02T03:04:05.678Z',
        extra: { a: [1, 2], s: 'x,"y"' },
        wkb: new Uint8Array([1, 0, 255]),
        other: 1,
      },
      { id: 1, name: null, score: null, ok: null, at: null, extra: null, wkb: null },
      {
        id: '9007199254740993',
        name: '',
        score: -0,
        ok: true,
        at: new Date(-1),
        extra: [],
        wkb: new Uint8Array(),
      },
      {
        id: 4,
        name: '\\N',
        score: 1e300,
        ok: 1,
        at: '1899-12-31T23:59:59.999Z',
        extra: 'text',
        wkb: undefined,
      },
    ];
    const read = async (staging: 'appender' | 'csv') => {
      const path = join(dir, `${staging}.parquet`);
      const writer = await ParquetTableWriter.open(path, columns, { staging });
      for (const row of rows) writer.append(row);
      expect((await writer.close({ orderBy: ['id'] })).rows).toBe(4);
      return collect(`SELECT * FROM ${parquetPath(path)}`);
    };
    const viaCsv = await read('csv');
    expect(viaCsv).toEqual(await read('appender'));
    expect(viaCsv.map((r) => [r.id, r.name, r.at])).toEqual([
      [1, null, null],
      [2, 'Flat 1, "The Mews"\r\nline two', '2020-01-02T03:04:05.678Z'],
      [4, '\\N', '1899-12-31T23:59:59.999Z'],
      [9007199254740992, '', '1969-12-31T23:59:59.999Z'],
    ]);
    expect(Object.is(viaCsv[3]!.score, -0)).toBe(true);
    expect([...(viaCsv[1]!.wkb as Uint8Array)]).toEqual([1, 0, 255]);
  });

  it('stages rows by a query on the writer, after those appended, from tables made for it and dropped after', async () => {
    const path = join(dir, 'staged-by-query.parquet');
    const columns: ColumnSpec[] = [
      { name: 'id', type: 'BIGINT' },
      { name: 'text', type: 'VARCHAR' },
    ];
    const writer = await ParquetTableWriter.open(path, columns);
    writer.append({ id: 1, text: 'appended' });
    const seen: unknown[] = [];
    const fill = (parts: string[]) =>
      writer.stageBy(async (db) => {
        await db.createTableAs(
          'parts',
          `SELECT * FROM (VALUES ${parts.map((p, i) => `(${i}, '${p}')`).join(', ')}) t(k, part)`,
        );
        for await (const row of db.rows('SELECT k FROM parts ORDER BY k')) seen.push(row.k);
        await db.createTable(
          'ids',
          [
            { name: 'k', type: 'BIGINT' },
            { name: 'id', type: 'BIGINT' },
          ],
          parts.map((_, k) => ({ k, id: 10 + k })),
        );
        return "SELECT i.id, p.part || '!' AS text FROM ids i JOIN parts p USING (k) ORDER BY i.id";
      });
    expect(await fill(['a', 'b'])).toBe(2);
    // The same names again: the first fill's tables were dropped once its rows were staged.
    expect(await fill(['c'])).toBe(1);
    expect(writer.rowCount).toBe(4);
    expect(seen).toEqual([0, 1, 0]);
    await writer.close();
    expect(await collect(`SELECT id, text FROM ${parquetPath(path)}`)).toEqual([
      { id: 1, text: 'appended' },
      { id: 10, text: 'a!' },
      { id: 11, text: 'b!' },
      { id: 10, text: 'c!' },
    ]);
  });

  it('stages the rows of several queries in turn, in their order, from the same tables', async () => {
    const path = join(dir, 'staged-by-queries.parquet');
    const columns: ColumnSpec[] = [{ name: 'id', type: 'BIGINT' }];
    const writer = await ParquetTableWriter.open(path, columns);
    const staged = await writer.stageBy(async (db) => {
      await db.createTableAs('ids', 'SELECT * FROM range(6) t(id)');
      return ['SELECT id FROM ids WHERE id >= 3 ORDER BY id', 'SELECT id FROM ids WHERE id < 3 ORDER BY id'];
    });
    expect(staged).toBe(6);
    await writer.close();
    expect((await collect(`SELECT id FROM ${parquetPath(path)}`)).map((r) => r.id)).toEqual([
      3, 4, 5, 0, 1, 2,
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
