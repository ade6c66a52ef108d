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
    const end = valueEnd(b, start);
    list.push([key, start, end]);
    i = skipSpace(b, end);
    if (b[i] === 125) return { list, end: i + 1 };
    if (b[i] !== 44) throw new SyntaxError(`mget response: ',' or '}' expected at byte ${i}`);
    i = skipSpace(b, i + 1);
  }
}

/** The `docs` of an `_mget` response body, in order. */
export function mgetDocs(b: Buffer): MgetDoc[] {
  const top = members(b, skipSpace(b, 0));
  const docs = top.list.find(([key]) => key === 'docs');
  if (!docs) throw new SyntaxError('mget response: no docs');
  const out: MgetDoc[] = [];
  let i = skipSpace(b, docs[1] + 1);
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
