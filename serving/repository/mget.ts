// Reads an Elasticsearch `_mget` response as bytes: each found document's _source is left where it is in the
// response (Elasticsearch copies a JSON _source into a JSON response as it was indexed), so a StoredProperty
// slices its pieces out of the one response buffer, as it does out of a single document's _source. Nothing
// is parsed but the docs' own small members (_id, found, error).

/** One `docs[]` entry: its id, and where its _source starts (found) or its error (failed). */
export type MgetDoc =
  | { id: string; found: true; source: number }
  | { id: string; found: false }
  | { id: string; found: false; error: { type?: string; reason?: string } };

const QUOTE = 34;
const BACKSLASH = 92;

const isSpace = (c: number | undefined): boolean => c === 32 || c === 10 || c === 13 || c === 9;

function skipSpace(b: Buffer, i: number): number {
  while (isSpace(b[i])) i++;
  return i;
}

/** The end (exclusive) of the JSON string opening at `i`. */
function stringEnd(b: Buffer, i: number): number {
  for (let j = i + 1; ; j++) {
    j = b.indexOf(QUOTE, j);
    if (j < 0) throw new SyntaxError('mget response: unterminated string');
    let backslashes = 0;
    while (b[j - 1 - backslashes] === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return j + 1;
  }
}

/** The end (exclusive) of the JSON value starting at `i`. */
function valueEnd(b: Buffer, i: number): number {
  const c = b[i];
  if (c === QUOTE) return stringEnd(b, i);
  if (c === 123 || c === 91) {
    let depth = 0;
    for (let j = i; j < b.length; j++) {
      const d = b[j];
      if (d === QUOTE) j = stringEnd(b, j) - 1;
      else if (d === 123 || d === 91) depth++;
      else if ((d === 125 || d === 93) && --depth === 0) return j + 1;
    }
    throw new SyntaxError('mget response: unterminated object or array');
  }
  let j = i;
  while (j < b.length && b[j] !== 44 && b[j] !== 125 && b[j] !== 93 && !isSpace(b[j])) j++;
  return j;
}

const LAYOUT_PREFIX = Buffer.from('{"layout":"');

/**
 * The end (exclusive) of a properties document's _source opening at `i`. Its `layout` (stored-property.ts)
 * gives the byte range of every piece, each a whole JSON value, in order: the scan jumps over them and reads
 * only the document's skeleton, not its ~35 KB of pieces. Any other value is scanned whole.
 */
function sourceEnd(b: Buffer, i: number): number {
  if (b.compare(LAYOUT_PREFIX, 0, LAYOUT_PREFIX.length, i, i + LAYOUT_PREFIX.length) !== 0)
    return valueEnd(b, i);
  const layoutEnd = b.indexOf(QUOTE, i + LAYOUT_PREFIX.length);
  const base = layoutEnd + 2;
  const starts: number[] = [];
  const ends: number[] = [];
  for (const entry of b.toString('latin1', i + LAYOUT_PREFIX.length, layoutEnd).split(',')) {
    if (!entry || entry.charCodeAt(0) === 43) continue;
    const [, from, to] = entry.split(' ');
    starts.push(base + Number(from));
    ends.push(base + Number(to));
  }
  let depth = 0;
  let k = 0;
  for (let j = i; j < b.length; j++) {
    while (k < starts.length && starts[k]! < j) k++;
    if (starts[k] === j) {
      j = ends[k++]! - 1;
      continue;
    }
    const d = b[j];
    if (d === QUOTE) j = stringEnd(b, j) - 1;
    else if (d === 123 || d === 91) depth++;
    else if ((d === 125 || d === 93) && --depth === 0) return j + 1;
  }
  throw new SyntaxError('mget response: unterminated _source');
}

/** The members of the object opening at `i`: [key, value start, value end], and where the object ends. */
function members(b: Buffer, i: number): { list: [string, number, number][]; end: number } {
  if (b[i] !== 123) throw new SyntaxError(`mget response: an object was expected at byte ${i}`);
  const list: [string, number, number][] = [];
  i = skipSpace(b, i + 1);
  if (b[i] === 125) return { list, end: i + 1 };
  for (;;) {
    const keyEnd = stringEnd(b, i);
    const key = JSON.parse(b.toString('utf8', i, keyEnd)) as string;
    i = skipSpace(b, keyEnd);
    if (b[i] !== 58) throw new SyntaxError(`mget response: ':' expected at byte ${i}`);
    const start = skipSpace(b, i + 1);
    const end = key === '_source' ? sourceEnd(b, start) : valueEnd(b, start);
    list.push([key, start, end]);
    i = skipSpace(b, end);
    if (b[i] === 125) return { list, end: i + 1 };
    if (b[i] !== 44) throw new SyntaxError(`mget response: ',' or '}' expected at byte ${i}`);
    i = skipSpace(b, i + 1);
  }
}

/** The `docs` of an `_mget` response body, in order. */
export function mgetDocs(b: Buffer): MgetDoc[] {
  // The top-level object is read key by key, so that `docs` is walked once, doc by doc.
  let i = skipSpace(b, 0);
  if (b[i] !== 123) throw new SyntaxError('mget response: not an object');
  i = skipSpace(b, i + 1);
  while (b[i] === QUOTE) {
    const keyEnd = stringEnd(b, i);
    const key = b.toString('utf8', i + 1, keyEnd - 1);
    i = skipSpace(b, keyEnd);
    if (b[i] !== 58) throw new SyntaxError(`mget response: ':' expected at byte ${i}`);
    i = skipSpace(b, i + 1);
    if (key === 'docs') return docsAt(b, i);
    i = skipSpace(b, valueEnd(b, i));
    if (b[i] === 44) i = skipSpace(b, i + 1);
  }
  throw new SyntaxError('mget response: no docs');
}

/** The docs of the array opening at `i`. */
function docsAt(b: Buffer, i: number): MgetDoc[] {
  if (b[i] !== 91) throw new SyntaxError(`mget response: an array was expected at byte ${i}`);
  const out: MgetDoc[] = [];
  i = skipSpace(b, i + 1);
  if (b[i] === 93) return out;
  for (;;) {
    const doc = members(b, i);
    let id = '';
    let found = false;
    let source = -1;
    let error: { type?: string; reason?: string } | undefined;
    for (const [key, start, end] of doc.list) {
      if (key === '_id') id = JSON.parse(b.toString('utf8', start, end)) as string;
      else if (key === 'found') found = b.toString('latin1', start, end) === 'true';
      else if (key === '_source') source = start;
      else if (key === 'error') error = JSON.parse(b.toString('utf8', start, end)) as typeof error;
    }
    if (error) out.push({ id, found: false, error });
    else if (found && source >= 0) out.push({ id, found: true, source });
    else out.push({ id, found: false });
    i = skipSpace(b, doc.end);
    if (b[i] === 93) return out;
    if (b[i] !== 44) throw new SyntaxError(`mget response: ',' or ']' expected at byte ${i}`);
    i = skipSpace(b, i + 1);
  }
}
