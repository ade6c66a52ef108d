// Shared plumbing for CSV loaders: split the header row(s) off the row stream, and turn each data row into
// a SourceRow (accepted record or quarantined row) without ever throwing on one bad row.
import { readCsvBatches, type CsvEncoding, type CsvRecord, type CsvRow } from '../../io/csv-reader';
import { DataError } from '../../io/errors';
import { accepted, quarantined, type SourceRow } from '../../io/quarantine';

export interface CsvTable {
  /** The first `headerRows` rows of the file. */
  headers: CsvRecord[];
  /** The remaining rows, in batches. */
  batches: AsyncIterable<CsvRow[]>;
}

export async function openCsvTable(
  file: string,
  options: { headerRows: number; encoding?: CsvEncoding },
): Promise<CsvTable> {
  const iterator = readCsvBatches(file, { encoding: options.encoding ?? 'utf8' })[Symbol.asyncIterator]();
  const headers: CsvRecord[] = [];
  let rest: CsvRow[] = [];
  while (headers.length < options.headerRows) {
    const next = await iterator.next();
    if (next.done) break;
    let i = 0;
    for (; i < next.value.length && headers.length < options.headerRows; i++) {
      const row = next.value[i]!;
      if (!row.ok)
        throw new DataError(`${file}: header row on line ${row.line} is malformed (${row.reason})`);
      headers.push(row);
    }
    rest = next.value.slice(i);
  }
  if (headers.length < options.headerRows) throw new DataError(`${file}: no header row (empty file)`);
  async function* batches(): AsyncGenerator<CsvRow[]> {
    if (rest.length > 0) yield rest;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      yield next.value;
    }
  }
  return { headers, batches: batches() };
}

/** A mapper's verdict on a row it cannot accept. */
export interface Rejection {
  reject: string;
}

export const reject = (reason: string): Rejection => ({ reject: reason });

const isRejection = (value: unknown): value is Rejection =>
  typeof value === 'object' && value !== null && 'reject' in value;

export interface RowContext {
  dataset: string;
  file: string;
  /** Number of columns of the header. */
  width: number;
}

/**
 * One data row → SourceRow: broken quoting and a wrong column count are quarantined here, anything else the
 * mapper rejects is quarantined with the mapper's reason.
 */
export function toSourceRow<T>(
  row: CsvRow,
  context: RowContext,
  map: (fields: string[]) => T | Rejection,
): SourceRow<T> {
  const { dataset, file } = context;
  if (!row.ok) return quarantined({ dataset, file, line: row.line, reason: row.reason, raw: row.raw });
  if (row.fields.length !== context.width) {
    const reason = `expected ${context.width} columns, found ${row.fields.length}`;
    return quarantined({ dataset, file, line: row.line, reason, raw: row.raw });
  }
  const result = map(row.fields);
  if (isRejection(result)) {
    return quarantined({ dataset, file, line: row.line, reason: result.reject, raw: row.raw });
  }
  return accepted(file, row.line, result);
}
