// A table's delta supersedes its base's rows of the same UPRN; a reader's condition on the rows it keeps
// (`where`) gives the rows the condition outside would, the delta applied the same way.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { deltaPath, withDelta } from '../../../pipelines/io/delta-files';
import { writeParquet, type ColumnSpec } from '../../../pipelines/io/parquet';
import { rows } from '../../helpers/parquet-rows';

const COLUMNS: ColumnSpec[] = [
  { name: 'uprn', type: 'BIGINT' },
  { name: 'text', type: 'VARCHAR' },
];

/** A tile of UPRNs 1..4 (`base`), whose delta rebuilt 2 and 4 (`month`). */
async function tileWithDelta(): Promise<{ base: string; delta: string }> {
  const base = join(mkdtempSync(join(tmpdir(), 'pds-delta-')), 'ST76.parquet');
  await writeParquet(
    base,
    COLUMNS,
    [1, 2, 3, 4].map((uprn) => ({ uprn, text: `base ${uprn}` })),
  );
  await writeParquet(
    deltaPath(base),
    COLUMNS,
    [2, 4].map((uprn) => ({ uprn, text: `month ${uprn}` })),
  );
  return { base, delta: deltaPath(base) };
}

describe('withDelta', () => {
  it("takes the delta's row of a UPRN in place of the base's", async () => {
    const { base, delta } = await tileWithDelta();
    expect(await rows(`SELECT uprn, text FROM ${withDelta([base], [delta])} ORDER BY uprn`)).toEqual([
      { uprn: 1, text: 'base 1' },
      { uprn: 2, text: 'month 2' },
      { uprn: 3, text: 'base 3' },
      { uprn: 4, text: 'month 4' },
    ]);
  });

  it('keeps the rows `where` selects, as the same condition outside keeps them', async () => {
    const { base, delta } = await tileWithDelta();
    const changed = 'uprn IN (SELECT unnest([1, 2]))';
    const inside = await rows(
      `SELECT uprn, text FROM ${withDelta([base], [delta], '', 'uprn', changed)} ORDER BY uprn`,
    );
    expect(inside).toEqual([
      { uprn: 1, text: 'base 1' },
      { uprn: 2, text: 'month 2' },
    ]);
    expect(
      await rows(`SELECT uprn, text FROM ${withDelta([base], [delta])} WHERE ${changed} ORDER BY uprn`),
    ).toEqual(inside);
    // Without a delta, the base's rows it selects.
    expect(
      await rows(`SELECT uprn, text FROM ${withDelta([base], [], '', 'uprn', changed)} ORDER BY uprn`),
    ).toEqual([
      { uprn: 1, text: 'base 1' },
      { uprn: 2, text: 'base 2' },
    ]);
  });
});
