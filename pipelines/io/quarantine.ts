// Rows a loader could not accept. They are kept (not dropped silently, not thrown) so a run over 40 M rows
// goes on, and the bad rows can be written out and counted per reason afterwards.

export interface QuarantinedRow {
  /** Dataset id, e.g. 'os-open-uprn', 'epc-england-wales-certificates'. */
  dataset: string;
  /** The source file path. */
  file: string;
  /** 1-based physical line where the row starts. */
  line: number;
  /** Why the row was rejected, e.g. 'expected 5 columns, found 4'. */
  reason: string;
  /** The row's text as in the file. */
  raw: string;
}

export type SourceRow<T> =
  { ok: true; file: string; line: number; record: T } | { ok: false; row: QuarantinedRow };

export const accepted = <T>(file: string, line: number, record: T): SourceRow<T> => ({
  ok: true,
  file,
  line,
  record,
});

export const quarantined = (row: QuarantinedRow): SourceRow<never> => ({ ok: false, row });

/** Counts of quarantined rows by reason, for run summaries. */
export function countByReason(rows: Iterable<QuarantinedRow>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(row.reason, (counts.get(row.reason) ?? 0) + 1);
  return counts;
}
