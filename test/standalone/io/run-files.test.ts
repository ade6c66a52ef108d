// A table written in runs: `<name>.parquet` for one run, `<name>.<run>.parquet` for several; a rebuild
// replaces every run file of its name, and only those.
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isRunFileOf, publishRuns, runFile, runFilesOf, runRows } from '../../../pipelines/io/run-files';
import { runsByUprnRange, runsRelation, writeParquetInRuns } from '../../../pipelines/io/parquet';
import { rows } from '../../helpers/parquet-rows';

describe('run files', () => {
  it('names one run as the table and several by number', () => {
    expect(runFile('/d/E06000022.parquet', 0, 1)).toBe('/d/E06000022.parquet');
    expect(runFile('/d/E06000022.parquet', 3, 4)).toBe('/d/E06000022.3.parquet');
  });

  it('tells a run file of a name from another name’s files', () => {
    expect(isRunFileOf('2025.parquet', '2025')).toBe(true);
    expect(isRunFileOf('2025.12.parquet', '2025')).toBe(true);
    expect(isRunFileOf('20251.parquet', '2025')).toBe(false);
    expect(isRunFileOf('2025.x.parquet', '2025')).toBe(false);
    expect(isRunFileOf('2025.parquet.part', '2025')).toBe(false);
  });

  it('lists runs in run order and replaces them all on a rebuild', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pds-runs-'));
    const table = join(dir, 'scotland.parquet');
    const built = (n: number) =>
      Array.from({ length: n }, (_, i) => {
        const file = join(dir, `built-${n}-${i}`);
        writeFileSync(file, String(i));
        return file;
      });
    writeFileSync(join(dir, 'scotland-west.parquet'), 'another table');
    writeFileSync(table, 'one run');
    expect(await publishRuns(built(11), table)).toEqual(
      Array.from({ length: 11 }, (_, i) => join(dir, `scotland.${i}.parquet`)),
    );
    // Numeric order, not the names' (10 after 9).
    expect(runFilesOf(table).map((f) => f.slice(dir.length + 1))).toEqual(
      Array.from({ length: 11 }, (_, i) => `scotland.${i}.parquet`),
    );
    expect(runsRelation(table)).toContain(`'${join(dir, 'scotland.10.parquet')}'])`);
    // Back to one run: the eleven go, the other table stays.
    await publishRuns(built(1), table);
    expect(
      readdirSync(dir)
        .filter((f) => f.endsWith('.parquet'))
        .sort(),
    ).toEqual(['scotland-west.parquet', 'scotland.parquet']);
    expect(runsRelation(join(dir, 'none.parquet'))).toBeNull();
  });

  it('writes one file a run of rows at a time, the rows in their order, leaving no run behind', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pds-in-runs-'));
    const path = join(dir, 'keys.parquet');
    const keys = Array.from({ length: 10 }, (_, i) => ({ key: `k${9 - i}`, n: i }));
    const written = await writeParquetInRuns(
      path,
      [
        { name: 'key', type: 'VARCHAR' },
        { name: 'n', type: 'BIGINT' },
      ],
      keys,
      3,
    );
    expect(written).toMatchObject({ path, rows: 10 });
    // The rows as given (not sorted by key), from one file.
    expect(await rows(`SELECT key, n FROM read_parquet('${path}')`)).toEqual(keys);
    expect(readdirSync(dir)).toEqual(['keys.parquet']);
  });

  it("reads a UPRN range from the run files that meet it, by their footers' statistics", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pds-runs-by-range-'));
    const table = join(dir, 'ST76.parquet');
    // Three runs: UPRNs 1–10, 11–20, 21–30.
    await publishRuns(
      await Promise.all(
        [0, 1, 2].map(async (run) => {
          const file = join(dir, `built-${run}.parquet`);
          const uprns = Array.from({ length: 10 }, (_, i) => ({ uprn: run * 10 + i + 1 }));
          await writeParquetInRuns(file, [{ name: 'uprn', type: 'BIGINT' }], uprns, 10);
          return file;
        }),
      ),
      table,
    );
    const inRange = (await runsByUprnRange(table))!;
    expect(inRange([12, 14])).not.toContain('ST76.0.parquet');
    expect(inRange([12, 14])).not.toContain('ST76.2.parquet');
    expect(inRange([9, 21])).toContain('ST76.2.parquet');
    const uprns = async (range: readonly [number, number]) =>
      (
        await rows(
          `SELECT uprn FROM ${inRange(range)} WHERE uprn BETWEEN ${range[0]} AND ${range[1]} ORDER BY uprn`,
        )
      ).map((r) => r.uprn);
    expect(await uprns([9, 12])).toEqual([9, 10, 11, 12]);
    // A range between the runs still reads a file (no rows), not nothing.
    expect(await uprns([31, 40])).toEqual([]);
    expect(await runsByUprnRange(join(dir, 'none.parquet'))).toBeNull();
  });

  it('reads the run size from PDS_RUN_ROWS and refuses nonsense', () => {
    expect(runRows({})).toBe(8192);
    expect(runRows({ PDS_RUN_ROWS: '100' })).toBe(100);
    expect(() => runRows({ PDS_RUN_ROWS: '0' })).toThrow(/PDS_RUN_ROWS/);
    expect(() => runRows({ PDS_RUN_ROWS: '1.5' })).toThrow(/PDS_RUN_ROWS/);
  });
});
