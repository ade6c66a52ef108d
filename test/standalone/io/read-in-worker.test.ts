import { describe, expect, it } from 'vitest';
import { DataError } from '../../../pipelines/io/errors';
import { readInWorker } from '../../../pipelines/io/read-in-worker';

const LOADER = new URL('./fixtures/counting-loader.ts', import.meta.url);

async function collect<T>(rows: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const row of rows) out.push(row);
  return out;
}

describe('readInWorker', () => {
  it("yields the loader's rows in order, across batches", async () => {
    const rows = await collect(readInWorker<{ n: number }>(LOADER, 'countTo', ['10000']));
    expect(rows).toHaveLength(10_000);
    expect(rows.map((r) => (r.ok ? r.record.n : 0))).toEqual(Array.from({ length: 10_000 }, (_, i) => i + 1));
  });

  it("reads several files on one thread, each file's rows in turn", async () => {
    const rows = await collect(readInWorker<{ n: number }>(LOADER, 'countTo', ['3', '5000', '2']));
    expect(rows.map((r) => (r.ok ? r.record.n : 0))).toEqual([
      1,
      2,
      3,
      ...Array.from({ length: 5000 }, (_, i) => i + 1),
      1,
      2,
    ]);
  });

  it("rethrows the loader's DataError as a DataError, after the rows before it", async () => {
    const seen: unknown[] = [];
    const reading = (async () => {
      for await (const row of readInWorker(LOADER, 'failAfterTwo', ['grid.nc'])) seen.push(row);
    })();
    await expect(reading).rejects.toThrow(DataError);
    await expect(reading).rejects.toThrow('grid.nc: not a grid');
    expect(seen).toHaveLength(2);
  });
});
