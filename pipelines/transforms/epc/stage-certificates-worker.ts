// Worker side of certificate (and recommendation) staging (stage-certificates.ts): turns a piece of a
// certificates or recommendations file into staging lines (`<source_line>,<row text>\n`) and quarantined rows. Simple rows take the byte scanner
// (stage-certificates-scan.ts) and are copied byte for byte; at any other row CsvParser and the loader's
// toSourceRow take over for as few lines as hold that row, and the scanner resumes at the next row start.
import { isUtf8 } from 'node:buffer';
import { parentPort, workerData } from 'node:worker_threads';
import { RAW_EW_CERTIFICATE_FIELDS, RAW_EW_RECOMMENDATION_FIELDS } from '../../../schemas/epc';
import { CsvParser, decodeBytes, type CsvEncoding, type CsvRecord, type CsvRow } from '../../io/csv-reader';
import type { QuarantinedRow } from '../../io/quarantine';
import {
  planEnglandWalesCertificateRows,
  planEnglandWalesRecommendationRows,
  planRawRecord,
} from '../../sources/epc/england-wales';
import { rowScanner } from './stage-certificates-scan';

const LF = 10;
const QUOTE = 34;
const CR = 13;

/** The two England and Wales bulk files: their loaders differ only in the checks on LODGEMENT_DATE. */
export type EwFileKind = 'certificates' | 'recommendations';

export interface StageSetup {
  kind: EwFileKind;
  file: string;
  header: string[];
  encoding: CsvEncoding;
}

export interface StageJob {
  id: number;
  /** UTF-8 text carried over from the previous piece (a row it left open). */
  prefix: Uint8Array;
  /** The piece as read from the file (in the file's encoding). */
  bytes: Uint8Array;
  /** Physical line on which the piece (prefix included) starts. */
  firstLine: number;
  /** The file's last piece: a row still open at its end is broken, not continued. */
  last: boolean;
}

export interface StageResult {
  id: number;
  /** Staging lines, UTF-8, each ending in '\n' (its own ArrayBuffer: transferred, not copied). */
  lines: Uint8Array;
  rows: number;
  /** Bytes of the longest staging line (its terminator excluded). */
  longest: number;
  quarantined: QuarantinedRow[];
  /** The UTF-8 text of a row left open at the end of the piece (empty if none), and its first line. */
  remainder: { bytes: Uint8Array; line: number };
  /** The job's bytes, handed back (a piece is moved to its worker, not copied, and may be staged again). */
  bytes: Uint8Array;
}

/**
 * The piece's text as UTF-8 bytes whose decoding is CsvParser's text: valid UTF-8 as it is, anything else
 * decoded (invalid sequences replaced, latin1 as Windows-1252) and encoded again. Bytes below 0x80 keep their
 * places either way, so rows and fields are where they were.
 */
function utf8Text(bytes: Uint8Array, encoding: CsvEncoding): Buffer {
  if (encoding === 'utf8' && isUtf8(bytes))
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return Buffer.from(decodeBytes(bytes, encoding), 'utf8');
}

/** Whether a row's text (well-formed: CsvParser accepted it) holds a CR outside its quoted fields. */
function hasBareCr(raw: string): boolean {
  if (!raw.includes('\r')) return false;
  let quoted = false;
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (c === QUOTE) quoted = !quoted;
    else if (c === CR && !quoted) return true;
  }
  return false;
}

/**
 * A cell as CSV: quoted when it holds a delimiter, a quote or a line break, and when empty (the same as
 * csvText of io/parquet.ts, not imported: that module loads DuckDB, half a second in every worker).
 */
function quoteCell(text: string): string {
  if (text === '') return '""';
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Growable output: one large buffer per piece, handed over whole (and handed back once written). */
class LineBuffer {
  buf: Buffer;
  length = 0;

  constructor(size: number, spare: ArrayBuffer | undefined) {
    this.buf = spare && spare.byteLength >= size ? Buffer.from(spare) : Buffer.allocUnsafeSlow(size);
  }

  reserve(bytes: number): void {
    if (this.length + bytes <= this.buf.length) return;
    const bigger = Buffer.allocUnsafeSlow(Math.max(this.buf.length * 2, this.length + bytes));
    this.buf.copy(bigger, 0, 0, this.length);
    this.buf = bigger;
  }

  /** `<line>,` (a line number has at most 16 digits). */
  lineNumber(line: number): void {
    const buf = this.buf;
    let digits = 1;
    for (let v = line; v >= 10; v = Math.floor(v / 10)) digits++;
    let o = this.length + digits;
    buf[o] = 44;
    for (let v = line; o > this.length; v = Math.floor(v / 10)) buf[--o] = 48 + (v % 10);
    this.length += digits + 1;
  }
}

export interface PieceStager {
  stage(job: StageJob): StageResult;
  /** Takes back a result's `lines` buffer once written, for a later piece's output. */
  recycle(buffer: ArrayBuffer): void;
}

/** The work on pieces, given the file's setup (the same on this thread as in a worker). */
export function pieceStager(setup: StageSetup): PieceStager {
  const { file, header } = setup;
  const certificates = setup.kind === 'certificates';
  const loader = certificates
    ? planEnglandWalesCertificateRows(header, file)
    : planEnglandWalesRecommendationRows(header, file);
  const plan = planRawRecord(header, certificates ? RAW_EW_CERTIFICATE_FIELDS : RAW_EW_RECOMMENDATION_FIELDS);
  const indexOf = (key: string) => plan.entries.find(([k]) => k === key)![1];
  // Recommendations have no date to check (-1: no cell is checked).
  const scanner = rowScanner(
    header.length,
    indexOf('lmk_key'),
    certificates ? indexOf('lodgement_date') : -1,
  );
  // Reused from piece to piece: a fresh buffer of a few MiB each time costs page faults and collections.
  let scratch = Buffer.allocUnsafeSlow(0);
  const spares: ArrayBuffer[] = [];

  const stage = (job: StageJob): StageResult => {
    // The carried-over row, the piece, and the scanner's sentinel quote.
    const piece = utf8Text(job.bytes, setup.encoding);
    const n = job.prefix.length + piece.length;
    if (scratch.length < n + 1) scratch = Buffer.allocUnsafeSlow(Math.max(n + 1, scratch.length * 2));
    const buf = scratch; // bytes after the sentinel are an earlier piece's
    buf.set(job.prefix, 0);
    buf.set(piece, job.prefix.length);
    buf[n] = QUOTE;
    const out = new LineBuffer(n + (n >> 4) + 64, spares.pop());
    const quarantined: QuarantinedRow[] = [];
    let rows = 0;
    let longest = 0;
    let remainder = { bytes: new Uint8Array(0), line: 0 };
    let pos = 0;
    let line = job.firstLine;

    while (pos < n) {
      const next = scanner.scan(buf, pos, n, job.last);
      if (next !== -1) {
        const end = scanner.end;
        if (end > pos) {
          if (end - pos > longest) longest = end - pos;
          out.reserve(end - pos + 18);
          out.lineNumber(line);
          out.length += buf.copy(out.buf, out.length, pos, end);
          out.buf[out.length++] = LF;
          rows++;
        }
        line += scanner.lines;
        pos = next;
        continue;
      }

      // Not simple: CsvParser reads from this row on, over a window of whole lines that grows until it
      // holds at least one row (or reaches the end of the piece). The rows it completes are final; the text
      // it leaves open starts on a row, where the scanner resumes (or, at the piece's end, the next piece).
      for (let windowLines = 1; ; windowLines *= 4) {
        let windowEnd = pos;
        for (let k = 0; k < windowLines && windowEnd < n; k++) {
          const nl = buf.indexOf(LF, windowEnd);
          windowEnd = nl === -1 || nl >= n ? n : nl + 1;
        }
        const atEnd = windowEnd === n;
        const parser = new CsvParser({ firstLine: line, midFile: true });
        const parsed: CsvRow[] = [];
        parser.push(buf.toString('utf8', pos, windowEnd), parsed);
        if (atEnd && job.last) parser.end(parsed);
        if (parsed.length === 0 && !atEnd) continue;

        for (const csvRow of parsed) {
          const row = loader.toSourceRow(csvRow);
          if (!row.ok) {
            quarantined.push(row.row);
            continue;
          }
          // A CR outside quotes would end DuckDB's line (and CsvParser's, before a LF): such a row is staged
          // as its fields, quoted where needed, instead of its text.
          const { raw, fields } = csvRow as CsvRecord;
          const text = hasBareCr(raw) ? fields.map(quoteCell).join(',') : raw;
          const bytes = Buffer.byteLength(text);
          if (bytes > longest) longest = bytes;
          out.reserve(bytes + 18);
          out.lineNumber(row.line);
          out.length += out.buf.write(text, out.length);
          out.buf[out.length++] = LF;
          rows++;
        }
        const open = parser.remainder();
        const openBytes = open.text === '' ? 0 : Buffer.byteLength(open.text);
        if (atEnd && openBytes > 0)
          remainder = { bytes: new Uint8Array(buf.subarray(n - openBytes, n)), line: open.line };
        pos = atEnd ? n : windowEnd - openBytes;
        line = open.line;
        break;
      }
    }
    return {
      id: job.id,
      lines: new Uint8Array(out.buf.buffer, 0, out.length),
      rows,
      longest,
      quarantined,
      remainder,
      bytes: job.bytes,
    };
  };
  return { stage, recycle: (buffer) => void (spares.length < 4 && spares.push(buffer)) };
}

/** What the staging thread sends a worker: a piece, or an output buffer it has written. */
export type StageMessage = { job: StageJob } | { recycle: ArrayBuffer };

if (parentPort && workerData?.epcStageWorker) {
  const port = parentPort;
  const stager = pieceStager(workerData.setup as StageSetup);
  port.on('message', (message: StageMessage) => {
    if ('recycle' in message) return stager.recycle(message.recycle);
    const result = stager.stage(message.job);
    port.postMessage(result, [result.lines.buffer as ArrayBuffer, result.bytes.buffer as ArrayBuffer]);
  });
}
