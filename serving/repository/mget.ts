// Reads an Elasticsearch `_mget` response as bytes, as they arrive: each found document's _source is left
// where it is in the response (Elasticsearch copies a JSON _source into a JSON response as it was indexed),
// so a StoredProperty slices its pieces out of the response's buffers, as it does out of a single document's
// _source. Nothing is parsed but the docs' own small members (_id, found, error), and each doc is handed on
// as soon as its last byte is in: a batch renders the first documents while the rest are still coming.
import { isSpace, stringEnd as scanString, valueEnd as scanValue } from '../../pipelines/indexing/json-scan';
import { StoredProperty } from '../../pipelines/indexing/stored-property';

/** One `docs[]` entry: its id, and its document (found) or its error (failed). */
export type MgetDoc =
  | { id: string; found: true; stored: StoredProperty }
  | { id: string; found: false }
  | { id: string; found: false; error: { type?: string; reason?: string } };

const QUOTE = 34;

/**
 * The response stops before the value being read does: more bytes are needed (`need`: where they must reach,
 * if known). Thrown at most once a read and always caught by MgetReader's synchronous read, so one instance
 * serves: no stack is captured per read.
 */
class Incomplete extends SyntaxError {
  need = 0;
}
const INCOMPLETE = new Incomplete('mget response: cut short');

function incomplete(need = 0): Incomplete {
  INCOMPLETE.need = need;
  return INCOMPLETE;
}

/** The byte at `i`, which must be there. */
function at(b: Buffer, i: number): number {
  if (i >= b.length) throw incomplete();
  return b[i]!;
}

function skipSpace(b: Buffer, i: number): number {
  while (isSpace(b[i])) i++;
  return i;
}

/** The end (exclusive) of the JSON string opening at `i`; Incomplete when it is not all in yet. */
const stringEnd = (b: Buffer, i: number): number => inYet(scanString(b, i));

/** The end (exclusive) of the JSON value starting at `i`; Incomplete when it is not all in yet. */
const valueEnd = (b: Buffer, i: number): number => inYet(scanValue(b, i));

function inYet(end: number): number {
  if (end < 0) throw incomplete();
  return end;
}

/**
 * A properties document's _source opening at `i`, and where it ends (exclusive). Its `layout`
 * (stored-property.ts) gives the byte range of every piece, so its end is known from the layout alone: the
 * ~35 KB of pieces are not scanned. Any other value is scanned whole, and has no document.
 */
function sourceAt(b: Buffer, i: number, uprn: number): { stored?: StoredProperty; end: number } {
  if (!StoredProperty.hasLayout(b, i)) return { end: valueEnd(b, i) };
  if (b.indexOf(QUOTE, i + StoredProperty.LAYOUT_START) < 0) throw incomplete();
  const stored = new StoredProperty(uprn, b.subarray(i));
  const length = stored.sourceLength;
  if (length === undefined) return { stored, end: valueEnd(b, i) };
  if (i + length > b.length) throw incomplete(i + length);
  if (b[i + length - 1] !== 125 || b[i + length - 2] !== 125)
    throw new SyntaxError(`mget response: _source ${uprn} does not end where its layout says`);
  return { stored, end: i + length };
}

/** The doc object opening at `i`, and where it ends. */
function docAt(b: Buffer, i: number): { doc: MgetDoc; end: number } {
  if (at(b, i) !== 123) throw new SyntaxError(`mget response: an object was expected at byte ${i}`);
  let id = '';
  let found = false;
  let stored: StoredProperty | undefined;
  let error: { type?: string; reason?: string } | undefined;
  i = skipSpace(b, i + 1);
  if (at(b, i) !== 125)
    for (;;) {
      const keyEnd = stringEnd(b, i);
      const key = b.toString('utf8', i + 1, keyEnd - 1);
      i = skipSpace(b, keyEnd);
      if (at(b, i) !== 58) throw new SyntaxError(`mget response: ':' expected at byte ${i}`);
      const start = skipSpace(b, i + 1);
      let end: number;
      if (key === '_source') ({ stored, end } = sourceAt(b, start, Number(id)));
      else {
        end = valueEnd(b, start);
        if (key === '_id') id = JSON.parse(b.toString('utf8', start, end)) as string;
        else if (key === 'found') found = b.toString('latin1', start, end) === 'true';
        else if (key === 'error') error = JSON.parse(b.toString('utf8', start, end)) as typeof error;
      }
      i = skipSpace(b, end);
      if (at(b, i) === 125) break;
      if (b[i] !== 44) throw new SyntaxError(`mget response: ',' or '}' expected at byte ${i}`);
      i = skipSpace(b, i + 1);
    }
  const doc: MgetDoc = error
    ? { id, found: false, error }
    : found && stored
      ? { id, found: true, stored }
      : { id, found: false };
  return { doc, end: i + 1 };
}

/** Where the `docs` array's first element (or its `]`) is, in a response starting at `i`. */
function docsStart(b: Buffer, i: number): number {
  // The top-level object is read key by key, so that `docs` is walked once, doc by doc.
  i = skipSpace(b, i);
  if (at(b, i) !== 123) throw new SyntaxError('mget response: not an object');
  i = skipSpace(b, i + 1);
  while (at(b, i) === QUOTE) {
    const keyEnd = stringEnd(b, i);
    const key = b.toString('utf8', i + 1, keyEnd - 1);
    i = skipSpace(b, keyEnd);
    if (at(b, i) !== 58) throw new SyntaxError(`mget response: ':' expected at byte ${i}`);
    i = skipSpace(b, i + 1);
    if (key === 'docs') {
      if (at(b, i) !== 91) throw new SyntaxError(`mget response: an array was expected at byte ${i}`);
      return i + 1;
    }
    i = skipSpace(b, valueEnd(b, i));
    if (at(b, i) === 44) i = skipSpace(b, i + 1);
  }
  throw new SyntaxError('mget response: no docs');
}

/** Reads bytes at least this many at a time: fewer, larger buffers for the documents to share. */
const READ_SIZE = 256 * 1024;

/**
 * The docs of an `_mget` response, in order, as its bytes arrive: `push` each chunk, then `end`. A document
 * split between chunks is read once all of it is in (the chunks then joined once).
 */
export class MgetReader {
  private chunks: Buffer[] = [];
  private length = 0;
  /** Bytes to gather before reading on: what the document being read needs, at least READ_SIZE. */
  private need = 0;
  private inDocs = false;
  private afterDoc = false;
  private done = false;

  /** `readSize`: bytes to gather before reading on (tests read at every byte). */
  constructor(private readonly readSize = READ_SIZE) {}

  /** The docs whose last byte is in `chunk` (or in an earlier one), in order. */
  push(chunk: Buffer): MgetDoc[] {
    this.chunks.push(chunk);
    this.length += chunk.length;
    if (this.length < this.need) return [];
    return this.read(false);
  }

  /** The docs still held, once the response has ended; a SyntaxError when it was cut short. */
  end(): MgetDoc[] {
    const docs = this.read(true);
    if (!this.done) throw new SyntaxError('mget response: cut short');
    return docs;
  }

  private read(last: boolean): MgetDoc[] {
    const b = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks, this.length);
    const out: MgetDoc[] = [];
    let i = 0;
    try {
      if (!this.inDocs) {
        i = docsStart(b, 0);
        this.inDocs = true;
      }
      while (!this.done) {
        let j = skipSpace(b, i);
        if (at(b, j) === 93) {
          this.done = true;
          i = j + 1;
          break;
        }
        if (this.afterDoc) {
          if (b[j] !== 44) throw new SyntaxError(`mget response: ',' or ']' expected at byte ${j}`);
          j = skipSpace(b, j + 1);
        }
        const { doc, end } = docAt(b, j);
        out.push(doc);
        i = end;
        this.afterDoc = true;
      }
      this.need = 0;
    } catch (error) {
      if (error !== INCOMPLETE) throw error;
      if (last) throw new SyntaxError('mget response: cut short');
      this.need = Math.max(INCOMPLETE.need - i, this.readSize);
    }
    const rest = b.subarray(i);
    this.chunks = rest.length ? [rest] : [];
    this.length = rest.length;
    return out;
  }
}
