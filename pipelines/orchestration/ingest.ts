// Shared ingest step: stream a loader's rows into a staged Parquet table; quarantined rows go to the
// dataset's quarantine table with their file, line and reason. Nothing is dropped silently.
import { resolve } from 'node:path';
import { dataPaths } from '../config';
import { writeParquet, writeParquetRuns, type ColumnSpec } from '../io/parquet';
import type { QuarantinedRow, SourceRow } from '../io/quarantine';
import type { AssetContext } from './definition';
import { sourceRelativePath } from './sources';

export const QUARANTINE_COLUMNS: ColumnSpec[] = [
  { name: 'dataset', type: 'VARCHAR' },
  { name: 'file', type: 'VARCHAR' },
  { name: 'line', type: 'BIGINT' },
  { name: 'reason', type: 'VARCHAR' },
  { name: 'raw', type: 'VARCHAR' },
];

export const stagedPath = (ctx: AssetContext, table: string): string =>
  resolve(dataPaths(ctx.config.dataDir).staged, `${table}.parquet`);
export const derivedPath = (ctx: AssetContext, table: string): string =>
  resolve(dataPaths(ctx.config.dataDir).derived, `${table}.parquet`);
export const quarantinePath = (ctx: AssetContext, table: string): string =>
  resolve(dataPaths(ctx.config.dataDir).quarantine, `${table}.parquet`);

export interface IngestResult {
  rows: number;
  quarantined: number;
  outputs: string[];
}

/**
 * Writes every accepted record of `sources` (one loader stream per file) to `table`, mapped by `toRow`
 * (which gets the file relative to the sources folder), and every rejected row to the quarantine table of
 * the same name. `memoryLimit`: the staged rows' DuckDB memory, beyond which they spill (ParquetWriterOptions).
 * `runRows`: the table is written in runs of that many rows, a file each (io/run-files.ts), so a writer holds
 * one run, not the whole source; not with `orderBy`.
 */
export async function ingestToParquet<T>(
  ctx: AssetContext,
  table: string,
  columns: readonly ColumnSpec[],
  sources: AsyncIterable<SourceRow<T>>[],
  toRow: (record: T, file: string, line: number) => Record<string, unknown>,
  options: { orderBy?: string[]; memoryLimit?: string; runRows?: number } = {},
): Promise<IngestResult> {
  const rejected: QuarantinedRow[] = [];
  // Provenance is `<dataset>/<path in its folder>`, so tables do not depend on where the folder lives;
  // memoised per file because it is asked for every row.
  const relativeOf = new Map<string, string>();
  const sourceRelative = (file: string): string => {
    let rel = relativeOf.get(file);
    if (rel === undefined) relativeOf.set(file, (rel = sourceRelativePath(ctx, file)));
    return rel;
  };
  let read = 0;
  async function* accepted(): AsyncGenerator<Record<string, unknown>> {
    for (const source of sources) {
      for await (const row of source) {
        if (row.ok) yield toRow(row.record, sourceRelative(row.file), row.line);
        else rejected.push({ ...row.row, file: sourceRelative(row.row.file) });
        if (++read % 50_000 === 0) ctx.heartbeat({ table, rows: read - rejected.length });
      }
    }
  }
  const path = stagedPath(ctx, table);
  const { orderBy, memoryLimit, runRows } = options;
  if (runRows !== undefined && orderBy?.length)
    throw new Error(`${table}: a table written in runs is not sorted as a whole`);
  const written =
    runRows === undefined
      ? await writeParquet(path, columns, accepted(), { orderBy, memoryLimit }).then((w) => ({
          rows: w.rows,
          files: [w.path],
        }))
      : await writeParquetRuns(path, columns, accepted(), { runRows, memoryLimit });
  const quarantine = await writeParquet(quarantinePath(ctx, table), QUARANTINE_COLUMNS, rejected);
  if (rejected.length) ctx.log(`${table}: ${rejected.length} rows quarantined (${quarantine.path})`);
  return { rows: written.rows, quarantined: rejected.length, outputs: [...written.files, quarantine.path] };
}
