// Puts a partition's rebuilt rows in place, for a table keyed by UPRN whose rows are kept while their input
// digest holds (a new month rebuilds the blocks of the UPRNs it touches): as the table's delta while that
// stays small (delta-files.ts), else by writing the table again, its kept rows then the rebuilt ones. A delta
// costs what the changed rows cost; writing again costs what the whole partition costs (a 30,000-UPRN tile of
// EPC blocks: ~5 CPU-s of copying for a few hundred changed blocks, docs/national.md).
import { rm } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { deltaFilesOf, deltaPath, takesDelta, withDelta } from './delta-files';
import {
  blockTextsPath,
  copyQueryToParquet,
  countRowsOf,
  parquetFiles,
  writeKeptAndFreshTexts,
  type ColumnSpec,
  type ParquetTableWriter,
  type ParquetWriteResult,
  type RowsBefore,
} from './parquet';
import { publishRuns, runFilesOf } from './run-files';
import { publishFile, scratchFolder } from './scratch';

const quoteIdent = (name: string): string => `"${name.replaceAll('"', '""')}"`;

/** The delta of the table `path` and of its texts, those that exist: outputs of the build beside its runs. */
export const deltaOutputsOf = (path: string): string[] => [
  ...deltaFilesOf(path),
  ...deltaFilesOf(blockTextsPath(path)),
];

/** Drops the delta of the table `path` and of its texts: before the table is written whole in place. */
export async function removeDelta(path: string): Promise<void> {
  await rm(deltaPath(blockTextsPath(path)), { force: true });
  await rm(deltaPath(path), { force: true });
}

/**
 * Rebuilt rows not yet written (a writer still open, a query not yet run): putFreshRows has them written where
 * they belong, `before` (the rows the table's delta carries) first, with their texts beside them.
 */
export interface PendingRows {
  rows: number;
  write(before?: RowsBefore): Promise<ParquetWriteResult>;
  /** What to release when it was never written (called whatever happened: a no-op once written). */
  abort?(): Promise<void>;
}

/** A partition's rebuilt rows: their files (runs, each with its texts beside it), or pending. */
export type FreshRows = readonly string[] | PendingRows;

/** The rows an open writer holds, pending. */
export const pendingWriter = (writer: ParquetTableWriter): PendingRows => ({
  rows: writer.rowCount,
  write: (before) => writer.close(before ? { before } : {}),
  abort: () => writer.abort(),
});

const isFiles = (fresh: FreshRows): fresh is readonly string[] => Array.isArray(fresh);

/**
 * The table `path` (its runs and delta) after a rebuild of some of its rows: `keptUprns`, a query of the UPRNs
 * whose current rows stay as they are (best a small file: every count below reads it); `fresh`, the rebuilt
 * rows (FreshRows: in UPRN order, with their texts); `uprns`, a query of every UPRN the table holds now. The
 * texts are put in place before the table, as the writers do: a table is never newer than its texts.
 */
export async function putFreshRows(
  path: string,
  columns: readonly Pick<ColumnSpec, 'name'>[],
  rows: { keptUprns: string; fresh: FreshRows; uprns: string },
): Promise<{ rows: number; files: string[]; texts: string[]; delta: boolean }> {
  try {
    return await putRows(path, columns, rows);
  } finally {
    if (!isFiles(rows.fresh)) await rows.fresh.abort?.();
  }
}

async function putRows(
  path: string,
  columns: readonly Pick<ColumnSpec, 'name'>[],
  rows: { keptUprns: string; fresh: FreshRows; uprns: string },
): Promise<{ rows: number; files: string[]; texts: string[]; delta: boolean }> {
  const names = columns.map((c) => quoteIdent(c.name)).join(', ');
  const { keptUprns, fresh: rebuilt } = rows;
  const runs = runFilesOf(path);
  const base = parquetFiles(runs);
  const oldDelta = deltaFilesOf(path);
  // The old delta's rows still current, and their texts.
  const deltaKept = oldDelta.length
    ? `SELECT ${names} FROM ${parquetFiles(oldDelta)} WHERE uprn IN (${keptUprns})`
    : null;
  const oldTexts = deltaFilesOf(blockTextsPath(path));
  const textsKept = oldTexts.length
    ? `SELECT * FROM ${parquetFiles(oldTexts)} WHERE uprn IN (${keptUprns})`
    : null;
  const counts = await countRowsOf({
    kept: keptUprns,
    fresh: isFiles(rebuilt) ? `SELECT uprn FROM ${parquetFiles(rebuilt)}` : null,
    deltaKept,
    // A UPRN gone from the partition leaves its base row behind, which a delta cannot take away.
    gone: `SELECT uprn FROM ${base} EXCEPT ${rows.uprns}`,
    base: `SELECT uprn FROM ${base}`,
  });
  const keptRows = counts.kept;
  const freshRows = isFiles(rebuilt) ? counts.fresh : rebuilt.rows;
  const deltaRows = freshRows + counts.deltaKept;
  const asDelta = counts.gone === 0 && takesDelta(deltaRows, counts.base);
  const delta = {
    rows: keptRows + freshRows,
    files: [...runs, deltaPath(path)],
    texts: [...runs.map(blockTextsPath), deltaPath(blockTextsPath(path))],
    delta: true,
  };
  if (asDelta && !isFiles(rebuilt)) {
    // The rebuilt rows written as the delta itself, the old delta's rows still current first: typed and
    // written once, not written, read back and written again.
    const written = await rebuilt.write(
      deltaKept ? { rows: deltaKept, ...(textsKept ? { texts: textsKept } : {}) } : undefined,
    );
    if (!written.texts) throw new Error(`${path}: the rebuilt rows were written without their texts`);
    await publishFile(written.texts, deltaPath(blockTextsPath(path)));
    await publishFile(written.path, deltaPath(path));
    return delta;
  }
  const freshFiles = isFiles(rebuilt) ? rebuilt : [(await rebuilt.write()).path];
  const fresh = parquetFiles(freshFiles);
  const scratch = await scratchFolder(`${path}.put`);
  try {
    if (asDelta) {
      const textsFile = join(scratch, 'delta-texts.parquet');
      await copyQueryToParquet(
        [...(textsKept ? [textsKept] : []), `SELECT * FROM ${parquetFiles(freshFiles.map(blockTextsPath))}`],
        textsFile,
        { asTexts: true },
      );
      await publishFile(textsFile, deltaPath(blockTextsPath(path)));
      const tableFile = join(scratch, 'delta.parquet');
      await copyQueryToParquet(
        [...(deltaKept === null ? [] : [deltaKept]), `SELECT ${names} FROM ${fresh}`],
        tableFile,
      );
      await publishFile(tableFile, deltaPath(path));
      return delta;
    }
    // The kept rows in their order, then the rebuilt ones in theirs: one streaming copy into one file, no
    // sort of a whole tile's blocks (which ran out of a 1 GB limit). A full build writes it sorted by UPRN.
    await writeKeptAndFreshTexts(path, keptUprns, freshFiles);
    const merged = join(scratch, basename(path));
    const written = await copyQueryToParquet(
      `SELECT ${names} FROM ${withDelta(runs, oldDelta)} WHERE uprn IN (${keptUprns})
       UNION ALL SELECT ${names} FROM ${fresh}`,
      merged,
    );
    // publishRuns drops the delta: the table is its base again.
    const files = await publishRuns([merged], path);
    return { rows: written.rows, files, texts: [blockTextsPath(path)], delta: false };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
