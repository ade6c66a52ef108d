// Streaming RFC 4180 CSV reader.
//
// Source files are large (OS Open UPRN ~40 M rows, EPC certificates ~25 M rows of 93 columns), so the parser
// works on decoded text chunks with indexOf jumps instead of a per-character state machine: a line with no
// quote is split with String#split (the common case), and only lines with quotes take the field-by-field
// path. Rows carry the 1-based physical line number of their first line so quarantined rows can be found in
// the file. Malformed rows are returned (ok: false), never thrown: one bad row must not stop a 40 M row load.
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { StringDecoder } from 'node:string_decoder';

export type CsvEncoding = 'utf8' | 'latin1';

export interface CsvOptions {
  /** 'utf8' (default) or 'latin1'. latin1 decodes bytes 0x80-0x9F as Windows-1252 (files come from Windows). */
  encoding?: CsvEncoding;
  /**
   * A quoted field still open after this many physical lines is treated as a stray opening quote: the row's
   * first line is reported malformed and parsing resumes on the next line. Bounds memory on broken files.
   */
  maxRowLines?: number;
  /** Bytes read per chunk (default 1 MiB). */
  chunkSize?: number;
}

export interface CsvRecord {
  ok: true;
  /** 1-based physical line number where the row starts. */
  line: number;
  fields: string[];
  /** The row's text as in the file (without the line terminator), for quarantine. */
  raw: string;
}

export interface CsvMalformed {
  ok: false;
  line: number;
  reason: string;
  raw: string;
}

export type CsvRow = CsvRecord | CsvMalformed;

const QUOTE = 34;
const COMMA = 44;
const LF = 10;
const CR = 13;
const DEFAULT_MAX_ROW_LINES = 10_000;
const DEFAULT_CHUNK = 1 << 20;

// A UTF-8 BOM decoded as UTF-8, and the same three bytes decoded as Latin-1 (or double-encoded UTF-8).
const BOMS = ['\uFEFF', '\u00EF\u00BB\u00BF'];

/** Where a row ends: `end` excludes the terminator, `next` is where the following row starts. */
interface RowEnd {
  end: number;
  next: number;
}

/** Incremental parser: push decoded text, collect rows; `end()` flushes the last row. */
export class CsvParser {
  private buf = '';
  private line: number;
  private started: boolean;
  private readonly maxRowLines: number;

  constructor(options: Pick<CsvOptions, 'maxRowLines'> & { firstLine?: number; midFile?: boolean } = {}) {
    this.maxRowLines = options.maxRowLines ?? DEFAULT_MAX_ROW_LINES;
    // A parser given a piece of a file from one of its rows on: line numbers go on from there, no BOM.
    this.line = options.firstLine ?? 1;
    this.started = options.midFile ?? false;
  }

  push(text: string, out: CsvRow[]): void {
    if (!this.started && text.length > 0) {
      this.started = true;
      for (const bom of BOMS) if (text.startsWith(bom)) text = text.slice(bom.length);
    }
    this.buf = this.buf.length > 0 ? this.buf + text : text;
    this.consume(out, false);
  }

  end(out: CsvRow[]): void {
    this.consume(out, true);
    this.buf = '';
  }

  /**
   * The text pushed but not yet returned as rows (a row still open: a quoted field waiting for its closing
   * quote), and the line it starts on. Empty when the text pushed so far ended exactly at a row's end.
   */
  remainder(): { text: string; line: number } {
    return { text: this.buf, line: this.line };
  }

  private consume(out: CsvRow[], final: boolean): void {
    const s = this.buf;
    const n = s.length;
    let pos = 0;
    let line = this.line;
    // Position of the next quote at or after pos; -1 when none is left in the buffer. Cached so that
    // quote-free lines cost one indexOf('\n') each.
    let nextQuote = s.indexOf('"');

    while (pos < n) {
      let nl = s.indexOf('\n', pos);
      if (nl === -1) {
        if (!final) break;
        nl = n;
      }
      if (nextQuote !== -1 && nextQuote < pos) nextQuote = s.indexOf('"', pos);

      if (nextQuote === -1 || nextQuote > nl) {
        const end = nl > pos && s.charCodeAt(nl - 1) === CR ? nl - 1 : nl;
        if (end > pos) {
          const raw = s.slice(pos, end);
          out.push({ ok: true, line, fields: raw.split(','), raw });
        }
        pos = nl + 1;
        line++;
        continue;
      }

      const result = this.parseQuotedRow(s, pos, line, final);
      if (result === null) break; // needs more text
      out.push(result.row);
      line += result.lines;
      pos = result.next;
    }

    this.buf = pos >= n ? '' : s.slice(pos);
    this.line = line;
  }

  /**
   * Parse one row that contains a quote. Returns null if the buffer ends before the row does (and more text
   * may come), else the row, the position of the next row and how many line breaks the row spans.
   */
  private parseQuotedRow(
    s: string,
    pos: number,
    line: number,
    final: boolean,
  ): { row: CsvRow; next: number; lines: number } | null {
    const n = s.length;
    const fields: string[] = [];
    let i = pos;
    let lines = 0;
    // Cached positions (the next line break and the next quote at or after i): each is searched for again only
    // once i has passed it, so a row costs O(row length) however many fields it has.
    let lineEnd = s.indexOf('\n', i);
    let quote = s.indexOf('"', i);

    for (;;) {
      if (s.charCodeAt(i) === QUOTE) {
        // Quoted field: jump from quote to quote; a doubled quote is an escaped quote.
        let value = '';
        let segStart = i + 1;
        let close = -1;
        for (let j = i + 1; ;) {
          const q = s.indexOf('"', j);
          if (q === -1 || (q === n - 1 && !final)) {
            // Unterminated so far: wait for more text unless the file ended or the field is absurdly long.
            if (!final && lines + countLines(s, i, n) <= this.maxRowLines) return null;
            return this.malformedToLineEnd(s, pos, pos, line, final, 'unterminated quoted field');
          }
          if (s.charCodeAt(q + 1) === QUOTE) {
            value += s.slice(segStart, q + 1);
            j = q + 2;
            segStart = j;
            continue;
          }
          close = q;
          break;
        }
        if (lineEnd !== -1 && lineEnd < close) {
          lines += countLines(s, lineEnd, close);
          if (lines > this.maxRowLines) {
            return this.malformedToLineEnd(s, pos, pos, line, final, 'unterminated quoted field');
          }
          lineEnd = s.indexOf('\n', close);
        }
        fields.push(segStart === i + 1 ? s.slice(segStart, close) : value + s.slice(segStart, close));
        i = close + 1;
        quote = s.indexOf('"', i);
        const c = i < n ? s.charCodeAt(i) : -1;
        if (c === COMMA) {
          i++;
          continue;
        }
        const end = rowEndAt(s, i, final);
        if (end === undefined) return null;
        if (end !== false) {
          const row: CsvRecord = { ok: true, line, fields, raw: s.slice(pos, end.end) };
          return { row, next: end.next, lines: end.next > end.end ? lines + 1 : lines };
        }
        return this.malformedToLineEnd(s, pos, i, line, final, 'unexpected character after closing quote');
      }

      // Unquoted field: runs to the next comma or line end; a quote inside it is not RFC 4180.
      if (lineEnd === -1 && !final) return null;
      const rowEnd = lineEnd === -1 ? n : lineEnd;
      let fieldEnd = s.indexOf(',', i);
      if (fieldEnd === -1 || fieldEnd > rowEnd) fieldEnd = rowEnd;
      if (quote !== -1 && quote < fieldEnd) {
        return this.malformedToLineEnd(s, pos, i, line, final, 'quote inside an unquoted field');
      }
      if (fieldEnd !== rowEnd) {
        fields.push(s.slice(i, fieldEnd));
        i = fieldEnd + 1;
        continue;
      }
      const end = rowEnd > i && s.charCodeAt(rowEnd - 1) === CR ? rowEnd - 1 : rowEnd;
      fields.push(s.slice(i, end));
      return { row: { ok: true, line, fields, raw: s.slice(pos, end) }, next: rowEnd + 1, lines: lines + 1 };
    }
  }

  /** A malformed row running from pos to the end of the physical line containing `from`. */
  private malformedToLineEnd(
    s: string,
    pos: number,
    from: number,
    line: number,
    final: boolean,
    reason: string,
  ): { row: CsvRow; next: number; lines: number } | null {
    let nl = s.indexOf('\n', from);
    if (nl === -1) {
      if (!final) return null;
      nl = s.length;
    }
    const end = nl > pos && s.charCodeAt(nl - 1) === CR ? nl - 1 : nl;
    const lines = countLines(s, pos, nl) + 1;
    return { row: { ok: false, line, reason, raw: s.slice(pos, end) }, next: nl + 1, lines };
  }
}

/**
 * After a closing quote at i: the row ends here (comma handled by the caller), or the field is followed by
 * junk (false), or the buffer ends too early to tell (undefined).
 */
function rowEndAt(s: string, i: number, final: boolean): RowEnd | false | undefined {
  const n = s.length;
  if (i >= n) return final ? { end: n, next: n } : undefined;
  const c = s.charCodeAt(i);
  if (c === LF) return { end: i, next: i + 1 };
  if (c === CR) {
    if (i + 1 >= n) return final ? { end: i, next: n } : undefined;
    if (s.charCodeAt(i + 1) === LF) return { end: i, next: i + 2 };
  }
  return false;
}

/** Number of '\n' in s[from, to). */
function countLines(s: string, from: number, to: number): number {
  let count = 0;
  let i = s.indexOf('\n', from);
  while (i !== -1 && i < to) {
    count++;
    i = s.indexOf('\n', i + 1);
  }
  return count;
}

interface TextDecoderLike {
  write(chunk: Uint8Array): string;
  end(): string;
}

// Windows-1252 code points for bytes 0x80-0x9F (undefined bytes stay as their Latin-1 control character).
const CP1252_HIGH =
  '\u20AC\u0081\u201A\u0192\u201E\u2026\u2020\u2021\u02C6\u2030\u0160\u2039\u0152\u008D\u017D\u008F' +
  '\u0090\u2018\u2019\u201C\u201D\u2022\u2013\u2014\u02DC\u2122\u0161\u203A\u0153\u009D\u017E\u0178';
const HAS_C1 = /[\u0080-\u009F]/;
const C1 = /[\u0080-\u009F]/g;

function makeDecoder(encoding: CsvEncoding): TextDecoderLike {
  if (encoding === 'utf8') return new StringDecoder('utf8');
  const latin1 = (chunk: Uint8Array): string => {
    const text = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength).toString('latin1');
    return HAS_C1.test(text) ? text.replace(C1, (ch) => CP1252_HIGH[ch.charCodeAt(0) - 0x80] ?? ch) : text;
  };
  return { write: latin1, end: () => '' };
}

function sourceStream(
  source: string | AsyncIterable<Uint8Array>,
  chunkSize: number,
): AsyncIterable<Uint8Array> {
  return typeof source === 'string' ? createReadStream(source, { highWaterMark: chunkSize }) : source;
}

/** Rows in batches (one batch per chunk read): the fastest way to consume a large file. */
export async function* readCsvBatches(
  source: string | AsyncIterable<Uint8Array>,
  options: CsvOptions = {},
): AsyncGenerator<CsvRow[]> {
  const parser = new CsvParser(options);
  const decoder = makeDecoder(options.encoding ?? 'utf8');
  for await (const chunk of sourceStream(source, options.chunkSize ?? DEFAULT_CHUNK)) {
    const out: CsvRow[] = [];
    parser.push(decoder.write(chunk), out);
    if (out.length > 0) yield out;
  }
  const out: CsvRow[] = [];
  parser.push(decoder.end(), out);
  parser.end(out);
  if (out.length > 0) yield out;
}

/** Rows one at a time, from a file path or a byte stream (e.g. a zip entry). */
export async function* readCsv(
  source: string | AsyncIterable<Uint8Array>,
  options: CsvOptions = {},
): AsyncGenerator<CsvRow> {
  for await (const batch of readCsvBatches(source, options)) yield* batch;
}

/** Parse a whole CSV string (tests, small lookup files). */
export function parseCsv(text: string, options: Pick<CsvOptions, 'maxRowLines'> = {}): CsvRow[] {
  const parser = new CsvParser(options);
  const out: CsvRow[] = [];
  parser.push(text, out);
  parser.end(out);
  return out;
}

/** Decode a whole byte buffer with the given encoding (BOM kept; the parser strips it). */
export function decodeBytes(bytes: Uint8Array, encoding: CsvEncoding): string {
  const decoder = makeDecoder(encoding);
  return decoder.write(bytes) + decoder.end();
}

/** 'utf8' if the bytes are valid UTF-8, else 'latin1' (Windows-1252). */
export function detectEncoding(bytes: Uint8Array): CsvEncoding {
  try {
    // stream: true so a multi-byte character cut at the end of a sample is not an error.
    new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: true });
    return 'utf8';
  } catch {
    return 'latin1';
  }
}

/** Guess a file's encoding from its first bytes (default sample 1 MiB). */
export async function sniffEncoding(path: string, sampleBytes = DEFAULT_CHUNK): Promise<CsvEncoding> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(sampleBytes);
    const { bytesRead } = await handle.read(buffer, 0, sampleBytes, 0);
    return detectEncoding(buffer.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}
