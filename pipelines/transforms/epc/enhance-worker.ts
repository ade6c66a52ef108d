// Worker side of the parallel England and Wales enhancer (enhance-parallel.ts): parses a piece of a
// certificates file, runs the loader's checks and the enhancement rules on each row, and returns the
// enhanced rows as CSV staging lines for the Parquet writer, plus the quarantined rows.
import { parentPort, workerData } from 'node:worker_threads';
import { CsvParser, decodeBytes, type CsvEncoding, type CsvRow } from '../../io/csv-reader';
import { csvLineFor } from '../../io/parquet';
import type { QuarantinedRow } from '../../io/quarantine';
import { planEnglandWalesCertificateRows } from '../../sources/epc/england-wales';
import type { EpcCountry } from './country';
import { enhanceEnglandWales } from './enhance';
import { certificateCountry, enhancedFileColumns } from './enhance-files';

// Each encode gets its own ArrayBuffer (Buffer.from may share a pooled one), so it can be transferred.
const utf8 = new TextEncoder();

export interface WorkerSetup {
  file: string;
  header: string[];
  encoding: CsvEncoding;
  /** From the `domestic-<LA code>-<name>` folder, for a row whose LA code names no country. */
  folderCountry: EpcCountry | null;
}

export interface PieceJob {
  id: number;
  /** Text carried over from the previous piece (a row it left open), already decoded. */
  prefix: string;
  bytes: Uint8Array;
  /** Physical line on which the piece (prefix included) starts. */
  firstLine: number;
  /** The file's last piece: a row still open at its end is broken, not continued. */
  last: boolean;
}

export interface PieceResult {
  id: number;
  /**
   * Enhanced rows, one CSV staging line each ('\n'-terminated), as UTF-8 bytes: moved to the writing thread
   * without a copy, and outside both threads' heaps.
   */
  lines: Uint8Array;
  rows: number;
  quarantined: QuarantinedRow[];
  /** A row left open at the end of the piece, for the next piece (empty when the piece ended on a row end). */
  remainder: { text: string; line: number };
}

/** The work on one piece, given the file's setup (exported for tests: the same as in the worker). */
export function pieceWorker(setup: WorkerSetup): (job: PieceJob) => PieceResult {
  const { file } = setup;
  const rows = planEnglandWalesCertificateRows(setup.header, file);
  const line = csvLineFor(enhancedFileColumns());
  return (job) => {
    const parser = new CsvParser({ firstLine: job.firstLine, midFile: true });
    const parsed: CsvRow[] = [];
    parser.push(job.prefix + decodeBytes(job.bytes, setup.encoding), parsed);
    if (job.last) parser.end(parsed);
    const lines: string[] = [];
    const quarantined: QuarantinedRow[] = [];
    for (const csvRow of parsed) {
      const row = rows.toSourceRow(csvRow);
      if (!row.ok) {
        quarantined.push(row.row);
        continue;
      }
      const raw = row.record;
      const country = certificateCountry(raw, setup.folderCountry);
      // The same record as enhanceEpcFile yields (assigned, not spread: see there).
      lines.push(
        line(Object.assign(enhanceEnglandWales(raw), { country, source_file: file, source_line: row.line })),
      );
    }
    lines.push('');
    return {
      id: job.id,
      lines: utf8.encode(lines.join('\n')),
      rows: lines.length - 1,
      quarantined,
      remainder: parser.remainder(),
    };
  };
}

if (parentPort && workerData?.epcEnhanceWorker) {
  const port = parentPort;
  const work = pieceWorker(workerData.setup as WorkerSetup);
  port.on('message', (job: PieceJob) => {
    const result = work(job);
    port.postMessage(result, [result.lines.buffer as ArrayBuffer]);
  });
}
