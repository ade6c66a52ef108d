// Buffered, streaming file writer for the sample CSVs. Rows are encoded into ~4 MB chunks,
// hashed (sha256) and written as they go, so a million-row file never sits in memory and the manifest needs no
// second read. Files are written to `<path>.tmp` and renamed on close, so a half-written file never looks done.
import { createHash, type Hash } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, rename } from 'node:fs/promises';
import { dirname } from 'node:path';

const CHUNK_BYTES = 1 << 22;

/** RFC 4180: quote a field only when it holds a comma, a double quote or a line break; double inner quotes. */
export function csvField(value: string): string {
  if (!/[",\r\n]/.test(value)) return value;
  return `"${value.replace(/"/g, '""')}"`;
}

/** One CSV row from raw values (quoted as needed), without the line ending. */
export function csvRow(values: readonly string[]): string {
  let out = '';
  for (let i = 0; i < values.length; i++) {
    if (i > 0) out += ',';
    out += csvField(values[i] as string);
  }
  return out;
}

export interface WrittenFile {
  path: string;
  bytes: number;
  sha256: string;
  /** Data rows written with `row()` (header lines written with `raw()` are not counted). */
  rows: number;
}

export class BufferedFileWriter {
  private readonly stream: WriteStream;
  private readonly hash: Hash = createHash('sha256');
  private readonly tmpPath: string;
  private buf: Buffer = Buffer.allocUnsafe(CHUNK_BYTES);
  private used = 0;
  private bytes = 0;
  private rows = 0;
  private needsDrain = false;
  private failure: Error | undefined;

  private constructor(
    readonly path: string,
    private readonly eol: string,
  ) {
    this.tmpPath = `${path}.tmp`;
    this.stream = createWriteStream(this.tmpPath);
    this.stream.on('error', (err) => {
      this.failure = err;
    });
  }

  static async open(path: string, eol: '\n' | '\r\n'): Promise<BufferedFileWriter> {
    await mkdir(dirname(path), { recursive: true });
    return new BufferedFileWriter(path, eol);
  }

  // Strings are encoded straight into a preallocated chunk (no joined intermediate strings, little garbage);
  // a text too large for the space left is written through a one-off buffer.
  private put(text: string): void {
    if (this.used + text.length * 3 > this.buf.length) {
      this.rotate();
      if (text.length * 3 > this.buf.length) {
        const big = Buffer.from(text, 'utf8');
        this.emit(big);
        return;
      }
    }
    this.used += this.buf.write(text, this.used, 'utf8');
  }

  private emit(chunk: Buffer): void {
    this.hash.update(chunk);
    this.bytes += chunk.length;
    if (!this.stream.write(chunk)) this.needsDrain = true;
  }

  /** Hand the filled part of the chunk to the stream and start a fresh chunk (the stream keeps the old one). */
  private rotate(): void {
    if (this.used === 0) return;
    this.emit(this.buf.subarray(0, this.used));
    this.buf = Buffer.allocUnsafe(CHUNK_BYTES);
    this.used = 0;
  }

  /** Raw text (e.g. a BOM) with no line ending added; not counted as a row. */
  raw(text: string): void {
    this.put(text);
  }

  /** A header line: text plus the file's line ending; not counted as a data row. */
  line(text: string): void {
    this.put(text);
    this.put(this.eol);
  }

  /** A data row (already CSV-encoded) plus the line ending. Await the result only when it is a promise. */
  row(text: string): Promise<void> | undefined {
    this.put(text + this.eol);
    this.rows++;
    return this.needsDrain ? this.drain() : undefined;
  }

  private async drain(): Promise<void> {
    if (this.failure) throw this.failure;
    if (!this.needsDrain) return;
    this.needsDrain = false;
    await new Promise<void>((resolve, reject) => {
      const onDrain = (): void => {
        this.stream.off('error', onError);
        resolve();
      };
      const onError = (err: Error): void => {
        this.stream.off('drain', onDrain);
        reject(err);
      };
      this.stream.once('drain', onDrain);
      this.stream.once('error', onError);
    });
  }

  async close(): Promise<WrittenFile> {
    this.rotate();
    await this.drain();
    await new Promise<void>((resolve, reject) => {
      this.stream.end((err?: Error | null) => (err ? reject(err) : resolve()));
    });
    if (this.failure) throw this.failure;
    await rename(this.tmpPath, this.path);
    return { path: this.path, bytes: this.bytes, sha256: this.hash.digest('hex'), rows: this.rows };
  }
}
