// A staged table read as published: one dataset's files through its loader into one Parquet table whose
// columns are those of the table's zod row schema (the data dictionary's source, so the two cannot drift),
// rows a loader rejects quarantined beside it. The staged assets that are only that are declared with
// `stagedTableAsset`; those with more to do (partitions, geocoding, layers of one family) declare their own.
import type { z } from 'zod';
import { parquetColumnsFor } from '../io/parquet-columns';
import type { SourceRow } from '../io/quarantine';
import type { AssetCheck, AssetContext } from '../orchestration/definition';
import { ingestToParquet } from '../orchestration/ingest';
import { defineAsset, type Asset, type AssetName } from './define';

/** How a build reads its files: one at a time, or all at once (a loader with a costly start starts once). */
type Reader<Row> =
  | { read(file: string): AsyncIterable<SourceRow<Row>>; readFiles?: never }
  | { readFiles(files: readonly string[]): AsyncIterable<SourceRow<Row>>; read?: never };

export type StagedTable<Row, Prepared = undefined> = StagedTableSpec<Row, Prepared> & Reader<Row>;

interface StagedTableSpec<Row, Prepared> {
  /** The asset's name, also its table's (staged/<name>.parquet). */
  name: AssetName;
  description: string;
  owner: string;
  cadence: Asset['cadence'];
  codeVersion: string;
  /** The table's row schema: its Parquet columns, in order. */
  schema: z.ZodObject;
  /** The files a build reads. */
  files(ctx: AssetContext): Promise<string[]>;
  /** The files whose checksums are its input fingerprint (default: `files`). */
  sources?(ctx: AssetContext): Promise<string[]>;
  /** Anything a build reads once before its rows (a lookup the rows are completed from). */
  prepare?(ctx: AssetContext): Promise<Prepared>;
  /** A loaded record as a table row, given its file as `<dataset>/<path>` (default: the record as it is). */
  toRow?(record: Row, file: string, prepared: Prepared): { [column: string]: unknown };
  orderBy?: string[];
  checks?: readonly AssetCheck[];
}

export function stagedTableAsset<Row extends object, Prepared = undefined>(
  spec: StagedTable<Row, Prepared>,
): Asset {
  const columns = parquetColumnsFor(spec.schema);
  return defineAsset({
    name: spec.name,
    kind: 'staged',
    description: spec.description,
    upstream: [],
    codeVersion: spec.codeVersion,
    owner: spec.owner,
    cadence: spec.cadence,
    sources: spec.sources ?? spec.files,
    async materialize(ctx) {
      const files = await spec.files(ctx);
      const prepared = (await spec.prepare?.(ctx)) as Prepared;
      const result = await ingestToParquet(
        ctx,
        spec.name,
        columns,
        spec.readFiles ? [spec.readFiles(files)] : files.map((f) => spec.read(f)),
        (r, file) =>
          spec.toRow ? spec.toRow(r, file, prepared) : ({ ...r } as { [column: string]: unknown }),
        spec.orderBy ? { orderBy: spec.orderBy } : {},
      );
      return { rows: result.rows, outputs: result.outputs, metrics: { quarantined: result.quarantined } };
    },
    ...(spec.checks ? { checks: spec.checks } : {}),
  });
}
