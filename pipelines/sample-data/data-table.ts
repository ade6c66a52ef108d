// Literal tables the generator draws from are data files beside the module that reads them (data out of code).
import { readFileSync } from 'node:fs';
import { parseCsv } from '../io/csv-reader';

/** The rows of a small CSV data file, keyed by its header; a malformed row is an error. */
export function readDataTable(url: URL): Record<string, string>[] {
  const [header, ...rows] = parseCsv(readFileSync(url, 'utf8')).map((row) => {
    if (!row.ok) throw new Error(`${url.pathname} line ${row.line}: ${row.reason}`);
    return row.fields;
  });
  return rows.map((fields) => Object.fromEntries(header!.map((name, i) => [name, fields[i] ?? ''])));
}
