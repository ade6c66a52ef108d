// A partition's rebuilt rows go to its delta beside the untouched file while they are few; the delta's rows
// supersede the file's, a second month's delta carries the first's rows still current, and many rows, or a
// UPRN gone, write the partition again without a delta.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { deltaPath, withDeltasOf } from '../../../pipelines/io/delta-files';
import { pendingWriter, putFreshRows, type FreshRows } from '../../../pipelines/io/fresh-rows';
import {
  blockTextsPath,
  copyQueryToParquet,
  ParquetTableWriter,
  runsRelation,
  writeParquetRuns,
  type ColumnSpec,
} from '../../../pipelines/io/parquet';
import { rows } from '../../helpers/parquet-rows';

const COLUMNS: ColumnSpec[] = [
  { name: 'uprn', type: 'BIGINT' },
  {
    name: 'block',
    type: 'JSON',
    nested: {
      kind: 'struct',
      fields: [{ name: 'v', type: { kind: 'scalar', type: 'VARCHAR' }, description: '' }],
    },
  },
  { name: 'input_digest', type: 'VARCHAR' },
];
const row = (uprn: number, v: string) => ({ uprn, block: { v }, input_digest: v });
const texts = { key: 'uprn' };

/** A tile of UPRNs 1..n (value `a` each) in runs of 4, as the block assets write them. */
async function tile(n: number): Promise<string> {
  const path = join(mkdtempSync(join(tmpdir(), 'pds-fresh-')), 'ST76.parquet');
  const all = Array.from({ length: n }, (_, i) => row(i + 1, 'a'));
  await writeParquetRuns(path, COLUMNS, all, { texts, runRows: 4 });
  return path;
}

type Written = 'in files' | 'held by an open writer' | 'from a query not yet run';

/**
 * Rebuilds `changed` (uprn → value) of the tile holding `uprns`: the rows a block asset would pass, written
 * in runs of two (a writer holds one run), so most rebuilds put several files; or pending (held by one open
 * writer, or a query), written by putFreshRows where the rows belong.
 */
async function rebuild(
  path: string,
  changed: Record<number, string>,
  uprns: number[],
  written: Written = 'in files',
) {
  const freshPath = join(mkdtempSync(join(tmpdir(), 'pds-fresh-')), 'fresh.parquet');
  const freshRows = Object.entries(changed).map(([u, v]) => row(Number(u), v));
  let fresh: FreshRows;
  if (written === 'held by an open writer') {
    const writer = await ParquetTableWriter.open(freshPath, COLUMNS, { texts });
    for (const r of freshRows) writer.append(r);
    fresh = pendingWriter(writer);
  } else if (written === 'from a query not yet run') {
    const query = freshRows
      .map(
        (r) =>
          `SELECT ${r.uprn}::BIGINT AS uprn, '{"v":"${r.block.v}"}' AS block, '${r.input_digest}' AS input_digest`,
      )
      .join(' UNION ALL ');
    const blockTexts = { key: 'uprn', column: 'block', type: COLUMNS[1]!.nested! };
    fresh = {
      rows: freshRows.length,
      write: (before) =>
        copyQueryToParquet(`${query} ORDER BY uprn`, freshPath, {
          texts: blockTexts,
          ...(before ? { before } : {}),
        }),
    };
  } else fresh = (await writeParquetRuns(freshPath, COLUMNS, freshRows, { texts, runRows: 2 })).files;
  const current = `(SELECT unnest([${uprns.join(', ')}]) AS uprn)`;
  return putFreshRows(path, COLUMNS, {
    keptUprns: `SELECT uprn FROM ${runsRelation(path)} WHERE uprn IN (SELECT uprn FROM ${current})
             AND uprn NOT IN (${Object.keys(changed).join(', ')})`,
    fresh,
    uprns: `SELECT uprn FROM ${current}`,
  });
}

const values = async (path: string) =>
  (await rows(`SELECT uprn, block.v AS v FROM ${runsRelation(path)} ORDER BY uprn`)).map(
    (r) => `${r.uprn}${r.v}`,
  );
const textsOf = async (path: string) =>
  (await rows(`SELECT uprn, text FROM ${runsRelation(blockTextsPath(path))} ORDER BY uprn`)).map(
    (r) => r.text,
  );
const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe.each<Written>(['in files', 'held by an open writer', 'from a query not yet run'])(
  'putFreshRows, the rebuilt rows %s',
  (written) => {
    it('puts a few rebuilt rows in a delta and leaves the files as they were', async () => {
      const path = await tile(12);
      const run0 = readFileSync(join(path, '..', 'ST76.0.parquet'));
      const put = await rebuild(path, { 3: 'b', 7: 'b' }, range(12), written);
      expect(put.delta).toBe(true);
      expect(put.rows).toBe(12);
      expect(put.files.at(-1)).toBe(deltaPath(path));
      expect(readFileSync(join(path, '..', 'ST76.0.parquet'))).toEqual(run0);
      expect(await values(path)).toEqual(range(12).map((u) => `${u}${[3, 7].includes(u) ? 'b' : 'a'}`));
      expect((await textsOf(path))[2]).toBe('{"v":"b"}');
      // The same rows through a folder's glob, as the exports and the documents' reader take them.
      const glob = join(path, '..', '*.parquet');
      expect(await rows(`SELECT count(*) AS n FROM ${withDeltasOf(glob)} WHERE block.v = 'b'`)).toEqual([
        { n: 2 },
      ]);
    });

    it('carries the last delta’s current rows into the next one', async () => {
      const path = await tile(12);
      await rebuild(path, { 3: 'b', 7: 'b' }, range(12), written);
      // UPRN 7 again, and 9: 3 keeps its row of the first delta.
      const put = await rebuild(path, { 7: 'c', 9: 'c' }, range(12), written);
      expect(put.delta).toBe(true);
      expect(await rows(`SELECT uprn FROM read_parquet('${deltaPath(path)}') ORDER BY uprn`)).toEqual([
        { uprn: 3 },
        { uprn: 7 },
        { uprn: 9 },
      ]);
      expect(await values(path)).toEqual(
        range(12).map((u) => `${u}${u === 3 ? 'b' : [7, 9].includes(u) ? 'c' : 'a'}`),
      );
      expect(await textsOf(path)).toEqual(
        range(12).map((u) => `{"v":"${u === 3 ? 'b' : [7, 9].includes(u) ? 'c' : 'a'}"}`),
      );
    });

    it('writes the tile again when the delta would pass a quarter of it, or a UPRN is gone', async () => {
      const path = await tile(12);
      await rebuild(path, { 3: 'b' }, range(12), written);
      // 4 rows of 12: more than a quarter.
      const many = await rebuild(path, { 1: 'd', 2: 'd', 5: 'd', 6: 'd' }, range(12), written);
      expect(many.delta).toBe(false);
      expect(existsSync(deltaPath(path))).toBe(false);
      expect(existsSync(deltaPath(blockTextsPath(path)))).toBe(false);
      expect(many.files).toEqual([path]);
      expect(await values(path)).toEqual(
        range(12).map((u) => `${u}${u === 3 ? 'b' : [1, 2, 5, 6].includes(u) ? 'd' : 'a'}`),
      );
      // UPRN 12 left the tile: a delta could not remove its row.
      const gone = await rebuild(path, { 4: 'e' }, range(11), written);
      expect(gone.delta).toBe(false);
      expect(await values(path)).toHaveLength(11);
      expect(await textsOf(path)).toHaveLength(11);
    });
  },
);
