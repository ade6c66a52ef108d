// "Remove empty columns" (spec 2.10) applies to TABLES, not records: an enhanced record always has every
// key of its schema (null when unknown) so API consumers see one shape. For Parquet outputs of ad-hoc
// files, where whole columns can be empty, this drops the columns that are empty in every row.

const isEmpty = (value: unknown): boolean =>
  value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

/** Rows without the columns that are null, undefined or blank in every row; `dropped` lists them in order. */
export function dropEmptyColumns<T extends Record<string, unknown>>(
  rows: readonly T[],
): { rows: Partial<T>[]; dropped: (keyof T & string)[] } {
  const columns: string[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    for (const key of Object.keys(row)) {
      if (!seen.has(key)) {
        seen.add(key);
        columns.push(key);
      }
    }
  }
  const dropped = columns.filter((column) => rows.every((row) => isEmpty(row[column])));
  if (dropped.length === 0) return { rows: rows.map((row) => ({ ...row })), dropped: [] };
  const drop = new Set(dropped);
  const kept = rows.map(
    (row) => Object.fromEntries(Object.entries(row).filter(([key]) => !drop.has(key))) as Partial<T>,
  );
  return { rows: kept, dropped: dropped as (keyof T & string)[] };
}
