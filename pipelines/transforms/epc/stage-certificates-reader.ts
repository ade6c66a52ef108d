// A certificates file read as its header line and then pieces of whole lines, into buffers that go to a
// worker and come back to be filled again: the staging thread then allocates (and collects) nothing per piece, where a read stream's chunks, their
// concatenation and a copy for each worker cost it more than the workers' own work.
import { open, type FileHandle } from 'node:fs/promises';

const LF = 10;

export interface FilePiece {
  /** Whole lines (the last piece: whatever is left), in an ArrayBuffer of their own, to be moved. */
  bytes: Uint8Array;
  /** Physical line on which the piece starts. */
  firstLine: number;
  /** The file's last piece (possibly empty). */
  last: boolean;
}

const view = (bytes: Uint8Array): Buffer => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

export class PieceReader {
  private readonly pool: ArrayBuffer[] = [];
  /** Bytes read after the last line end handed out (a copy). */
  private carry = new Uint8Array(0);
  private position = 0;
  private line = 1;
  private eof = false;
  private done = false;
  /** The first physical line, with its line end (the whole file if it has none). */
  header = new Uint8Array(0);

  private constructor(
    private readonly handle: FileHandle,
    private readonly pieceBytes: number,
  ) {}

  static async open(file: string, pieceBytes: number): Promise<PieceReader> {
    const reader = new PieceReader(await open(file, 'r'), pieceBytes);
    const first = await reader.nextLines().catch(async (error: unknown) => {
      await reader.close();
      throw error;
    });
    const bytes = view(first.bytes);
    const nl = bytes.indexOf(LF);
    const end = nl === -1 ? bytes.length : nl + 1;
    reader.header = new Uint8Array(bytes.subarray(0, end)); // a copy
    // The rest of that read comes first in the next piece (the last, if the file ended there).
    reader.carry = Buffer.concat([bytes.subarray(end), reader.carry]);
    reader.done = false;
    reader.line = nl === -1 ? 1 : 2;
    reader.giveBack(first.bytes);
    return reader;
  }

  /** The next piece, or undefined after the last. */
  async next(): Promise<FilePiece | undefined> {
    if (this.done) return undefined;
    const piece = await this.nextLines();
    this.line += piece.last ? 0 : countLineFeeds(piece.bytes);
    return piece;
  }

  /** Takes back a piece's bytes once its work is done, to be filled again. */
  giveBack(bytes: Uint8Array): void {
    const buffer = bytes.buffer as ArrayBuffer;
    if (buffer.byteLength >= this.pieceBytes && this.pool.length < 8) this.pool.push(buffer);
  }

  async close(): Promise<void> {
    await this.handle.close();
  }

  /** The carried bytes and more of the file up to its last line end (or to the file's end). */
  private async nextLines(): Promise<FilePiece> {
    let size = Math.max(this.pieceBytes, 2 * this.carry.length);
    for (;;) {
      const data = await this.fill(size);
      const firstLine = this.line;
      if (this.eof) {
        this.done = true;
        this.carry = new Uint8Array(0);
        return { bytes: data, firstLine, last: true };
      }
      const end = view(data).lastIndexOf(LF);
      if (end !== -1) {
        this.carry = data.slice(end + 1);
        return { bytes: data.subarray(0, end + 1), firstLine, last: false };
      }
      // One line longer than the buffer: read on into a bigger one.
      this.carry = data.slice();
      this.giveBack(data);
      size *= 2;
    }
  }

  /** A buffer of `size` bytes or more holding the carried bytes, then the file until it is full or ends. */
  private async fill(size: number): Promise<Uint8Array> {
    const index = this.pool.findIndex((b) => b.byteLength >= size);
    const buffer = new Uint8Array(index === -1 ? new ArrayBuffer(size) : this.pool.splice(index, 1)[0]!);
    buffer.set(this.carry);
    let filled = this.carry.length;
    while (filled < buffer.length && !this.eof) {
      const { bytesRead } = await this.handle.read(buffer, filled, buffer.length - filled, this.position);
      if (bytesRead === 0) this.eof = true;
      filled += bytesRead;
      this.position += bytesRead;
    }
    return buffer.subarray(0, filled);
  }
}

function countLineFeeds(bytes: Uint8Array): number {
  const buf = view(bytes);
  let n = 0;
  for (let i = buf.indexOf(LF); i !== -1; i = buf.indexOf(LF, i + 1)) n++;
  return n;
}
