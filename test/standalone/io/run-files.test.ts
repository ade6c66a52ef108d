// A table written in runs: `<name>.parquet` for one run, `<name>.<run>.parquet` for several; a rebuild
// replaces every run file of its name, and only those.
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isRunFileOf, publishRuns, runFile, runFilesOf, runRows } from '../../../pipelines/io/run-files';
import { runsRelation, writeParquetInRuns } from '../../../pipelines/io/parquet';
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

  it('reads the run size from PDS_RUN_ROWS and refuses nonsense', () => {
    expect(runRows({})).toBe(8192);
    expect(runRows({ PDS_RUN_ROWS: '100' })).toBe(100);
    expect(() => runRows({ PDS_RUN_ROWS: '0' })).toThrow(/PDS_RUN_ROWS/);
    expect(() => runRows({ PDS_RUN_ROWS: '1.5' })).toThrow(/PDS_RUN_ROWS/);
  });
});
