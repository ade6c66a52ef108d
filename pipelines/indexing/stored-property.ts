// How a UPRN's blocks are stored in the properties index: as JSON texts, each piece once, only the pieces an
// endpoint reads. The blocks are split at index time by a scan of their JSON text (no objects are built), and
// each endpoint's answer is concatenated from the pieces it needs (serving/routes/properties.ts, epcs.ts,
// retrofit.ts, flood-risk.ts): no answer is parsed or re-serialised per request, and none is stored whole
// beside the blocks it repeats. Both sides use this module, so it lives in pipelines (pure code serving may
// import), never the other way round.
//
// The pieces sit in the document's _source as raw JSON under `pieces` (an unindexed object), keyed by path:
// `climate` is the climate block, `area/admin_boundaries` a member of the area block. `layout`, the
// document's first field, gives each piece's byte range (and those of the coordinates' number texts), so a
// reader fetches the _source bytes as they were indexed and slices them: nothing is escaped into a string
// when indexing, nor parsed when serving. The _source is stored as sent (no excludes, nothing stored
// beside it), so Elasticsearch keeps no second copy of the document for recovery either.
//
// The EPC statistics are the same for every UPRN of a postcode, local authority, region or country: each
// group's text is stored once per index as a shared piece (SHARED, in the index `<prefix>-shared-pieces`,
// id: the group's stable id, statsGroupId), and a document holds only the ids (`epcs/epc_stats/shared`). A
// new month of certificates changes the groups' texts, not the documents that refer to them; `epc_compare`
// (the latest certificate against those groups' means) is therefore computed when serving, not stored.
//
// Pieces that many UPRNs repeat word for word (CONTENT_SHARED: the climate of a 1 km cell, the house prices
// of a local authority, the deprivation of an LSOA, ...) are stored the same way, by content: once per index
// in the shared pieces under an id from their bytes (contentId), the document holding only the id (layout
// entry `=name`). They were a quarter of a document's bytes. A reader resolves them before it reads
// (StoredProperty.refIds, resolve): the repositories do, from a cache, so the endpoints see whole documents.
//
// An object in SPLIT is stored member by member (`flood_risk/elevation`, ...) when its keys come in the
// order SPLIT lists (missing keys allowed), so it can be put back together byte for byte; otherwise, or when
// it is not an object, it is stored whole under its own path. Members SPLIT does not list are dropped where
// no endpoint reads the object whole (`whole: false`).
import { createHash } from 'node:crypto';
import type { PropertyDocument } from '../../schemas/index/properties';
import { statsGroupId } from '../transforms/epc/stats-group-id';
import { stringEnd, valueEnd } from './json-scan';

interface SplitSpec {
  /** Members in the order the block writers emit them. */
  keys: readonly string[];
  /** True when an endpoint sends the object as it is (unknown members are then kept: stored whole). */
  whole: boolean;
}

export const SPLIT: Readonly<Record<string, SplitSpec>> = {
  // GET /epcs reads every member by name (presentEpcs), /properties the latest certificate and its date.
  epcs: {
    keys: [
      'epc_country',
      'latest_lodgement_date',
      'epcs',
      'epcs_enhanced',
      'epc_retrofit_recommendations',
      'epc_stats',
      'epc_stats_groups',
      'epc_estimate',
    ],
    whole: false,
  },
  // postcode_source and postcode_distance are the block's own bookkeeping: no endpoint reads them.
  area: { keys: ['admin_boundaries', 'area_attributes'], whole: false },
  // Sent whole by GET /retrofit, by member in GET /properties. In the order postcode_area_blocks writes them
  // (retrofit_grants appended last): otherwise the object is stored whole, and each member /properties
  // reads is found by scanning its ~8 KB of text.
  'area/area_attributes': {
    keys: [
      'house_price_index',
      'fuel_poverty',
      'average_energy_usage_stats',
      'urban_rural_classification',
      'indices_of_deprivation',
      'retrofit_grants',
    ],
    whole: true,
  },
  // Sent whole by GET /flood-risk?UPRN=, by member in GET /properties.
  flood_risk: {
    keys: [
      'england',
      'scotland',
      'wales',
      'nearest_coastal_point',
      'elevation',
      'flood_defences',
      'recorded_flood_events',
    ],
    whole: true,
  },
  // The layers' admin_boundaries are not answered (the area block's are).
  location_layers: { keys: ['planning', 'transportation'], whole: false },
  environment_layers: { keys: ['environment', 'social'], whole: false },
  'environment_layers/social': { keys: ['nhs_locations', 'defibrillators'], whole: false },
};

/**
 * Pieces stored by content (see above): the same text for every UPRN of a 1 km cell, a local authority, an
 * LSOA. A piece shorter than CONTENT_SHARED_MIN_BYTES stays in the document (an id is ~30 bytes).
 */
export const CONTENT_SHARED: ReadonlySet<string> = new Set([
  'climate',
  'area/area_attributes/house_price_index',
  'area/area_attributes/indices_of_deprivation',
  'area/area_attributes/average_energy_usage_stats',
  'area/area_attributes/retrofit_grants',
  'area/area_attributes/urban_rural_classification',
  'area/area_attributes/fuel_poverty',
]);
const CONTENT_SHARED_MIN_BYTES = 64;

const CONTENT_ID_PREFIX = 'c:';

/** The id of a piece stored by content: a digest of its bytes (`c:` and 96 bits of SHA-1 in hex). */
export const contentId = (bytes: Uint8Array): string =>
  `${CONTENT_ID_PREFIX}${createHash('sha1').update(bytes).digest('hex').slice(0, 24)}`;

/** True for the id of a piece stored by content, whose text never changes (a statistics group's may). */
export const isContentId = (id: string): boolean => id.startsWith(CONTENT_ID_PREFIX);

// The last piece stored by content under each name, its id and text: neighbouring UPRNs (a tile's, in
// order) mostly share a cell or an area, and comparing bytes costs far less than a digest and a decoding.
const lastByContent = new Map<string, { bytes: Buffer; id: string; text: string }>();

function contentPiece(name: string, bytes: Buffer): { id: string; text: string } {
  const last = lastByContent.get(name);
  if (last?.bytes.equals(bytes)) return last;
  const piece = { bytes: Buffer.from(bytes), id: contentId(bytes), text: utf8.decode(bytes) };
  lastByContent.set(name, piece);
  return piece;
}

/** The latest certificate apart from the others: /properties answers it alone, /epcs and /retrofit all. */
export const ENHANCED = 'epcs/epcs_enhanced';
const ENHANCED_FIRST = `${ENHANCED}/0`;
const ENHANCED_REST = `${ENHANCED}/rest`;

/** The object whose members are shared pieces, and the piece of a document that lists their ids. */
export const SHARED = 'epcs/epc_stats';
const SHARED_IDS = `${SHARED}/shared`;
/** The ids of those pieces, as uprn_epc_blocks writes them (the statistics themselves are stored apart). */
const SHARED_GROUPS = 'epcs/epc_stats_groups';

// ---- index time: a block's JSON text into pieces ------------------------------------------------------
// The blocks are cut as UTF-8 bytes, read from the block texts as they are stored (json-scan.ts): no text is
// decoded to a string, measured or encoded again (a document is ~30 KB).

/** `end` (stringEnd's or valueEnd's), or a SyntaxError when the text stops before the value does. */
function whole(end: number): number {
  if (end < 0) throw new SyntaxError('unterminated value in JSON text');
  return end;
}

const utf8 = new TextDecoder();
const bytesOf = (text: string | Uint8Array): Buffer =>
  typeof text === 'string' ? Buffer.from(text) : Buffer.from(text.buffer, text.byteOffset, text.byteLength);

/**
 * The members of compact JSON object text `t`, in order, as [key, value text]: texts of a string, slices of
 * its bytes.
 */
export function jsonMembers(t: string): [string, string][];
export function jsonMembers(t: Buffer): [string, Buffer][];
export function jsonMembers(t: string | Buffer): [string, string | Buffer][] {
  if (typeof t === 'string')
    return jsonMembers(Buffer.from(t)).map(([key, value]) => [key, utf8.decode(value)]);
  if (t[0] !== 123) throw new SyntaxError('not a JSON object');
  const out: [string, Buffer][] = [];
  if (t[1] === 125) return out;
  for (let i = 1; ;) {
    const keyEnd = whole(stringEnd(t, i));
    const raw = t.toString('utf8', i + 1, keyEnd - 1);
    const key = raw.includes('\\') ? (JSON.parse(t.toString('utf8', i, keyEnd)) as string) : raw;
    const end = whole(valueEnd(t, keyEnd + 1));
    out.push([key, t.subarray(keyEnd + 1, end)]);
    if (t[end] === 125) return out;
    i = end + 1;
  }
}

/** True when `keys` come in the order of `order` (each at most once, none outside it). */
function inOrder(keys: readonly string[], order: readonly string[]): boolean {
  let at = 0;
  for (const key of keys) {
    const i = order.indexOf(key, at);
    if (i < 0) return false;
    at = i + 1;
  }
  return true;
}

interface Cut {
  pieces: [string, Buffer][];
  objects: string[];
  /** Shared pieces by id. */
  shared: Map<string, string>;
}

const OPEN_BRACKET = Buffer.from('[');
const NULL_TEXT = Buffer.from('null');

/**
 * Stores value text `t` found at `path` into `out`: member by member when SPLIT says so and the members
 * allow it, else whole.
 */
function store(path: string, t: Buffer, cut: Cut): void {
  const { pieces: out, objects } = cut;
  const spec = SPLIT[path];
  if (path === SHARED_GROUPS && t[0] === 123) {
    const ids = jsonMembers(t).map(([key, id]) => [key, JSON.parse(utf8.decode(id)) as unknown]);
    out.push([SHARED_IDS, Buffer.from(JSON.stringify(ids))]);
    return;
  }
  // A block holding its statistics (documents held as objects): each group's text under the group's id.
  if (path === SHARED && t[0] === 123) {
    const ids = jsonMembers(t).map(([key, bytes]) => {
      const value = utf8.decode(bytes);
      const id = value === 'null' ? null : statsGroupId(key, JSON.parse(value) as Record<string, unknown>);
      if (id !== null) cut.shared.set(id, value);
      return [key, id];
    });
    out.push([SHARED_IDS, Buffer.from(JSON.stringify(ids))]);
    return;
  }
  if (path === ENHANCED && t[0] === 91) {
    // [first, ...rest]: the first certificate alone, the others as an array of their own.
    if (t.length > 2) {
      const end = whole(valueEnd(t, 1));
      out.push([ENHANCED_FIRST, t.subarray(1, end)]);
      if (end < t.length - 1) out.push([ENHANCED_REST, Buffer.concat([OPEN_BRACKET, t.subarray(end + 1)])]);
    }
    objects.push(ENHANCED);
    return;
  }
  if (!spec || t[0] !== 123) {
    out.push([path, t]);
    return;
  }
  const members = jsonMembers(t);
  if (
    spec.whole &&
    !inOrder(
      members.map(([k]) => k),
      spec.keys,
    )
  ) {
    out.push([path, t]);
    return;
  }
  objects.push(path);
  for (const [key, value] of members) if (spec.keys.includes(key)) store(`${path}/${key}`, value, cut);
}

export interface PropertySourceInput {
  uprn: number;
  x_coord: number;
  y_coord: number;
  latitude: number;
  longitude: number;
  postcode: string | null;
  country: string | null;
  epc_count: number;
  /** The 10 km tile it is indexed under (properties_index updates the index tile by tile). */
  tile?: string;
  /**
   * Each block's compact JSON text (JSON.stringify's), or its UTF-8 bytes, by PROPERTY_BLOCK_SOURCES key;
   * null when none.
   */
  blocks: Readonly<Record<string, string | Uint8Array | null | undefined>>;
}

const LAYOUT_PREFIX = '{"layout":"';
const PLAIN_NAME = /^[a-z0-9_/]+$/;

export interface PropertySource {
  /** The document as JSON text (UTF-8): `layout`, the queried fields, and the blocks' pieces under `pieces`. */
  source: Buffer;
  /** The shared pieces it refers to, by id. */
  shared: Map<string, string>;
}

/** The properties document of one UPRN, its pieces written as they are. */
export function propertySource(input: PropertySourceInput): PropertySource {
  const { parts, shared } = propertySourceParts(input);
  return { source: Buffer.concat(parts), shared };
}

/**
 * propertySource's document as the byte ranges it is made of, in order, not yet copied into one buffer: the
 * index copies them once, into its bulk request (~1 GB of documents for a 30,000-UPRN tile).
 */
export function propertySourceParts(input: PropertySourceInput): {
  parts: Buffer[];
  shared: Map<string, string>;
} {
  const cut: Cut = { pieces: [], objects: [], shared: new Map() };
  for (const [key, text] of Object.entries(input.blocks)) {
    if (text == null) continue;
    const bytes = bytesOf(text);
    if (!bytes.equals(NULL_TEXT)) store(key, bytes, cut);
  }
  const { pieces, objects } = cut;
  // The body (all after the layout), with the byte range of every piece in it. The fields before the pieces
  // are short texts of our own, gathered and encoded once.
  const layout: string[] = objects.map((o) => `+${o}`);
  let head = '';
  const range = (name: string, text: string) => {
    const at = Buffer.byteLength(head);
    layout.push(`${name} ${at} ${at + Buffer.byteLength(text)}`);
    head += text;
  };
  head += `"uprn":${JSON.stringify(input.uprn)},"location":{"lat":`;
  range('@lat', JSON.stringify(input.latitude));
  head += ',"lon":';
  range('@lon', JSON.stringify(input.longitude));
  head += '},"x_coord":';
  range('@x', JSON.stringify(input.x_coord));
  head += ',"y_coord":';
  range('@y', JSON.stringify(input.y_coord));
  head +=
    `,"postcode":${JSON.stringify(input.postcode)},"country":${JSON.stringify(input.country)},` +
    `"epc_count":${JSON.stringify(input.epc_count)},` +
    (input.tile === undefined ? '' : `"tile":${JSON.stringify(input.tile)},`) +
    '"pieces":{';
  const body: Buffer[] = [Buffer.from(head)];
  let bytes = body[0]!.length;
  pieces.forEach(([name, bytesOfPiece], i) => {
    let text = bytesOfPiece;
    let entry = name;
    if (CONTENT_SHARED.has(name) && text.length >= CONTENT_SHARED_MIN_BYTES) {
      const { id, text: decoded } = contentPiece(name, text);
      cut.shared.set(id, decoded);
      text = Buffer.from(JSON.stringify(id));
      entry = `=${name}`;
    }
    const key = pieceKey(name, i > 0);
    bytes += key.length;
    layout.push(`${entry} ${bytes} ${bytes + text.length}`);
    bytes += text.length;
    body.push(key, text);
  });
  body.unshift(Buffer.from(`${LAYOUT_PREFIX}${layout.join(',')}",`));
  body.push(CLOSE_SOURCE);
  return { parts: body, shared: cut.shared };
}

const CLOSE_SOURCE = Buffer.from('}}');

// A piece's key as it opens its member of `pieces` (`"name":`, after a comma but for the first), checked to
// be a plain name (no escaping needed) and encoded once per name: a document has ~25 pieces of a few dozen
// names.
const pieceKeys = new Map<string, readonly [first: Buffer, next: Buffer]>();
function pieceKey(name: string, after: boolean): Buffer {
  let keys = pieceKeys.get(name);
  if (keys === undefined) {
    if (!PLAIN_NAME.test(name)) throw new Error(`piece name ${JSON.stringify(name)} is not a plain name`);
    keys = [Buffer.from(`"${name}":`), Buffer.from(`,"${name}":`)];
    pieceKeys.set(name, keys);
  }
  return keys[after ? 1 : 0];
}

/** The document of a property held as objects (tests, and in-memory repositories). */
export function propertySourceOfDocument(doc: PropertyDocument): PropertySource {
  const blocks: Record<string, string | null> = {};
  for (const [key, block] of Object.entries(doc.blocks))
    blocks[key] = block === undefined ? null : JSON.stringify(block);
  return propertySource({
    uprn: doc.uprn,
    x_coord: doc.x_coord,
    y_coord: doc.y_coord,
    latitude: doc.location.lat,
    longitude: doc.location.lon,
    postcode: doc.postcode,
    country: doc.country,
    epc_count: doc.epc_count,
    blocks,
  });
}

// ---- serving: pieces back into JSON text ---------------------------------------------------------------

/** Reads the JSON texts of a document's values by path, from its _source bytes as indexed. */
export class StoredProperty {
  /** Where a document's layout text starts. */
  static readonly LAYOUT_START = LAYOUT_PREFIX.length;
  private static readonly layoutPrefix = Buffer.from(LAYOUT_PREFIX);

  /** True when the bytes at `i` open a document with a layout. */
  static hasLayout(b: Buffer, i: number): boolean {
    const prefix = StoredProperty.layoutPrefix;
    return b.length >= i + prefix.length && b.compare(prefix, 0, prefix.length, i, i + prefix.length) === 0;
  }

  private readonly objects = new Set<string>();
  private readonly ranges = new Map<string, readonly [number, number]>();
  /** The pieces stored by content: name → id; and their texts once resolved, by name. */
  private readonly refs = new Map<string, string>();
  private readonly resolved = new Map<string, string>();
  /**
   * The _source's length in bytes, known from its layout when its pieces end it (propertySource writes them
   * last, then `}}`); undefined when it has none.
   */
  readonly sourceLength: number | undefined;

  /** `source`: the document's _source bytes, which may run on past its end. */
  constructor(
    readonly uprn: number,
    private readonly source: Buffer,
  ) {
    if (!StoredProperty.hasLayout(source, 0)) throw new Error(`properties document ${uprn} has no layout`);
    // Read byte by byte (entries `+object` or `name from to`, comma-separated): a batch builds a thousand
    // of these, and splitting the layout into strings was a tenth of its CPU.
    const end = source.indexOf(34, LAYOUT_PREFIX.length);
    const base = end + 2;
    let lastName = -1;
    let lastEnd = 0;
    for (let i = LAYOUT_PREFIX.length; i < end; i++) {
      let j = i;
      while (j < end && source[j] !== 44 && source[j] !== 32) j++;
      if (source[i] === 43) this.objects.add(source.toString('latin1', i + 1, j));
      else if (j > i) {
        const name = source.toString('latin1', i, j);
        lastName = source[i]!;
        let from = 0;
        for (j++; j < end && source[j] !== 32; j++) from = from * 10 + source[j]! - 48;
        let to = 0;
        for (j++; j < end && source[j] !== 44; j++) to = to * 10 + source[j]! - 48;
        lastEnd = base + to;
        // `=name`: the piece is the id of its text, a JSON string of ASCII.
        if (lastName === 61)
          this.refs.set(name.slice(1), source.toString('latin1', base + from + 1, lastEnd - 1));
        else this.ranges.set(name, [base + from, lastEnd]);
      }
      i = j;
    }
    this.sourceLength = lastName >= 0 && lastName !== 64 ? lastEnd + 2 : undefined;
  }

  /** The ids of the pieces it holds by content (PropertiesRepository.getShared gives their texts). */
  get refIds(): string[] {
    return [...this.refs.values()];
  }

  /** Takes the texts of its pieces stored by content from `texts` (by id); returns itself. */
  resolve(texts: ReadonlyMap<string, string>): this {
    for (const [name, id] of this.refs) {
      const text = texts.get(id);
      if (text !== undefined) this.resolved.set(name, text);
    }
    return this;
  }

  /** A piece's bytes, as stored. */
  private bytes(name: string): Buffer | undefined {
    const range = this.ranges.get(name);
    return range && this.source.subarray(range[0], range[1]);
  }

  /** A piece, stored in the document or by content (resolved). */
  private stored(name: string): Json | undefined {
    const bytes = this.bytes(name);
    if (bytes !== undefined) return bytes;
    const id = this.refs.get(name);
    if (id === undefined) return undefined;
    const text = this.resolved.get(name);
    if (text === undefined) throw new MissingSharedPiece(id);
    return text;
  }

  /** A piece as a string (the small ones code reads: coordinates, ids). */
  private piece(name: string): string | undefined {
    const range = this.ranges.get(name);
    return range && this.source.toString('utf8', range[0], range[1]);
  }

  /** `{"x_coord":…,"y_coord":…,"latitude":…,"longitude":…}`, as GET /properties answers `location`. */
  get coordinates(): string {
    return (
      `{"x_coord":${this.piece('@x')},"y_coord":${this.piece('@y')},` +
      `"latitude":${this.piece('@lat')},"longitude":${this.piece('@lon')}}`
    );
  }

  /**
   * The JSON text of the value at `path`, undefined when there is none (the path's object is null, or has no
   * such member). Only objects SPLIT stores `whole` (and arrays, values) can be asked for whole.
   */
  get(path: string): Json | undefined {
    const stored = this.stored(path);
    if (stored !== undefined) return stored;
    if (this.objects.has(path)) {
      if (path === ENHANCED) {
        const first = this.bytes(ENHANCED_FIRST);
        const rest = this.bytes(ENHANCED_REST);
        return first === undefined
          ? '[]'
          : rest === undefined
            ? ['[', first, ']']
            : ['[', first, ',', rest.subarray(1)];
      }
      const spec = SPLIT[path]!;
      if (!spec.whole) throw new Error(`${path} is stored only in part`);
      return jsonObject(spec.keys.map((key) => [key, this.get(`${path}/${key}`)]));
    }
    const cut = path.lastIndexOf('/');
    if (cut < 0) return undefined;
    const parentPath = path.slice(0, cut);
    // A member its object, stored member by member, does not have.
    if (this.objects.has(parentPath)) return undefined;
    // A member of an object stored whole (its keys out of order), or of a value that is no object.
    const parent = this.get(parentPath);
    if (parent === undefined) return undefined;
    const bytes = jsonBytes(parent);
    if (bytes[0] !== 123) return undefined;
    const key = path.slice(cut + 1);
    return jsonMembers(bytes).find(([k]) => k === key)?.[1];
  }

  /** True when the value at `path` is truthy in JavaScript (present, and not null, false, 0 or ""). */
  truthy(path: string): boolean {
    if (this.objects.has(path)) return true;
    const value = this.get(path);
    return value !== undefined && !falsy(value);
  }

  /**
   * The ids of the shared pieces the document refers to, [member, id] in order (id null for a member that is
   * null); undefined when none.
   */
  get sharedIds(): [string, string | null][] | undefined {
    const ids = this.piece(SHARED_IDS);
    return ids === undefined ? undefined : (JSON.parse(ids) as [string, string | null][]);
  }

  /**
   * The JSON text of SHARED, from the shared pieces' texts by id (PropertiesRepository.getShared), undefined
   * when there is none.
   */
  sharedObject(texts: ReadonlyMap<string, string>): Json | undefined {
    const ids = this.sharedIds;
    if (ids === undefined) return this.get(SHARED);
    return jsonObject(
      ids.map(([key, id]) => {
        if (id === null) return [key, 'null'];
        const text = texts.get(id);
        if (text === undefined) throw new MissingSharedPiece(id);
        return [key, text];
      }),
    );
  }

  /** The latest enhanced certificate's JSON text, undefined when there is none. */
  get latestCertificate(): Json | undefined {
    if (this.objects.has(ENHANCED)) return this.bytes(ENHANCED_FIRST);
    const all = this.get(ENHANCED);
    return all === undefined ? undefined : firstElement(jsonBytes(all));
  }
}

/** A shared piece the store does not hold (the document was read from an index since replaced). */
export class MissingSharedPiece extends Error {
  constructor(readonly id: string) {
    super(`shared piece ${id} is not stored`);
  }
}

/** A property held as objects, as a repository reads it once indexed (tests, in-memory repositories). */
export function storedPropertyOf(doc: PropertyDocument): StoredProperty {
  const { source, shared } = propertySourceOfDocument(doc);
  return new StoredProperty(doc.uprn, source).resolve(shared);
}

function firstElement(array: Buffer): Buffer | undefined {
  if (array[0] !== 91 || array.length <= 2) return undefined;
  return array.subarray(1, whole(valueEnd(array, 1)));
}

// ---- serving: answers as JSON text in parts ---------------------------------------------------------------

/**
 * JSON text as an answer is composed: our own strings and the stored pieces' bytes, nested as they were put
 * together. A piece is never decoded to a string and encoded back: jsonBytes copies it out once. (Decoding
 * and re-encoding the ~24 KB of pieces of a /properties answer, and collecting the strings, were most of a
 * batch's CPU.)
 */
export type Json = string | Buffer | readonly Json[];

/** Composes Json: json`{"a":${piece}}`; a number or boolean is written as String() writes it. */
export function json(strings: TemplateStringsArray, ...values: readonly (Json | number | boolean)[]): Json[] {
  const out: Json[] = [];
  strings.forEach((text, i) => {
    if (text) out.push(text);
    if (i < values.length) {
      const value = values[i]!;
      out.push(typeof value === 'number' || typeof value === 'boolean' ? String(value) : value);
    }
  });
  return out;
}

/** The length of `j` in UTF-8 bytes. */
export function jsonByteLength(j: Json): number {
  if (typeof j === 'string') return Buffer.byteLength(j);
  if (Buffer.isBuffer(j)) return j.length;
  let n = 0;
  for (const part of j as readonly Json[]) n += jsonByteLength(part);
  return n;
}

/** Writes `j` into `out` at `at`; returns where it ends. */
function writeJson(out: Buffer, at: number, j: Json): number {
  if (typeof j === 'string') return at + out.write(j, at);
  if (Buffer.isBuffer(j)) return at + j.copy(out, at);
  for (const part of j as readonly Json[]) at = writeJson(out, at, part);
  return at;
}

/** `j` as one buffer of UTF-8 bytes (`length`: its byte length, when known); a buffer is itself. */
export function jsonBytes(j: Json, length = jsonByteLength(j)): Buffer {
  if (Buffer.isBuffer(j)) return j;
  const out = Buffer.allocUnsafe(length);
  writeJson(out, 0, j);
  return out;
}

/** `j` as a string, for the few readers that parse it. */
export function jsonText(j: Json): string {
  if (typeof j === 'string') return j;
  if (Buffer.isBuffer(j)) return j.toString('utf8');
  return jsonBytes(j).toString('utf8');
}

const FALSY = new Set(['null', 'false', '0', '-0', '""']);

/** True when JSON text `j` is a value JavaScript holds falsy (null, false, 0, -0 or ""). */
export function falsy(j: Json): boolean {
  if (typeof j === 'string') return FALSY.has(j);
  if (Buffer.isBuffer(j)) return j.length <= 5 && FALSY.has(j.toString('latin1'));
  return false;
}

const isNull = (j: Json): boolean =>
  typeof j === 'string'
    ? j === 'null'
    : Buffer.isBuffer(j) && j.length === 4 && j.toString('latin1') === 'null';

/** JSON.stringify of an object with these members' texts, in order; undefined ones left out, as it does. */
export function jsonObject(members: readonly (readonly [string, Json | undefined])[]): Json {
  const out: Json[] = [];
  for (const [key, value] of members)
    if (value !== undefined) out.push(`${out.length ? ',' : '{'}${JSON.stringify(key)}:`, value);
  if (!out.length) return '{}';
  out.push('}');
  return out;
}

/** `value ?? null` on JSON text. */
export const orNull = (value: Json | undefined): Json => value ?? 'null';
/** `value ?? fallback` on JSON text (a JSON null takes the fallback too). */
export const orElse = (value: Json | undefined, fallback: Json): Json =>
  value === undefined || isNull(value) ? fallback : value;
