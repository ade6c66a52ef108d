// ESRI Shapefile (.shp geometry, .dbf attributes, .prj CRS, .cpg encoding), as EA (RoFRS legacy, AIMS
// defences), OS (Terrain 50 contours, Boundary-Line) ship them.
//
// .shp: a 100-byte header (big-endian file code 9994 and length, little-endian version and type), then
// records (big-endian number and length, little-endian content). Shape types 1 Point, 3 PolyLine, 5
// Polygon, 8 MultiPoint and their Z (11, 13, 15, 18) and M (21, 23, 25, 28) variants are read; Z and M are
// dropped (planar 2D), the record length tells where the next record starts. Polygons: ESRI writes outer
// rings clockwise and holes counter-clockwise; each hole goes to the smallest outer ring that contains it, a
// counter-clockwise ring contained by no outer is kept as an outer (as GDAL does with sloppy writers).
// .dbf: dBase III (C, N, F, D, L; others read as text); names are at most 10 characters, which is where
// `suitabilit` comes from. Text is decoded with the .cpg's encoding, latin1 (as publishers ship it) when
// there is none. Both files are read record by record through a ByteSource, so national files stream.
import { closeSync, existsSync, fstatSync, openSync, readFileSync, readSync, writeFileSync } from 'node:fs';
import { TextDecoder, TextEncoder } from 'node:util';
import type { Geometry, PolygonCoords, Position, Ring } from '../../geo/geometry';
import type { Crs, ReadFeature } from './types';

export class ShapefileError extends Error {
  override name = 'ShapefileError';
}

// ---------------------------------------------------------------------------------------------------------
// Byte sources: a file read in place, or bytes already in memory (an entry of a zip)
// ---------------------------------------------------------------------------------------------------------

export interface ByteSource {
  readonly size: number;
  read(offset: number, length: number): Uint8Array;
  close(): void;
}

export function fileSource(path: string): ByteSource {
  const fd = openSync(path, 'r');
  const size = fstatSync(fd).size;
  return {
    size,
    read(offset, length) {
      const buf = Buffer.alloc(length);
      const n = readSync(fd, buf, 0, length, offset);
      return n === length ? buf : buf.subarray(0, n);
    },
    close: () => closeSync(fd),
  };
}

export function bytesSource(bytes: Uint8Array): ByteSource {
  return {
    size: bytes.byteLength,
    read: (offset, length) => bytes.subarray(offset, Math.min(offset + length, bytes.byteLength)),
    close: () => undefined,
  };
}

const viewOf = (b: Uint8Array): DataView => new DataView(b.buffer, b.byteOffset, b.byteLength);

// ---------------------------------------------------------------------------------------------------------
// .shp
// ---------------------------------------------------------------------------------------------------------

export const SHAPE_TYPES: Record<number, string> = {
  0: 'Null',
  1: 'Point',
  3: 'PolyLine',
  5: 'Polygon',
  8: 'MultiPoint',
  11: 'PointZ',
  13: 'PolyLineZ',
  15: 'PolygonZ',
  18: 'MultiPointZ',
  21: 'PointM',
  23: 'PolyLineM',
  25: 'PolygonM',
  28: 'MultiPointM',
};

/** Twice the signed area (shoelace); negative = clockwise with y up. */
export function ringSignedArea2(ring: readonly Position[]): number {
  let s = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const a = ring[j] as Position;
    const b = ring[i] as Position;
    s += a[0] * b[1] - b[0] * a[1];
  }
  return s;
}

function ringContains(ring: readonly Position[], p: Position): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const a = ring[i] as Position;
    const b = ring[j] as Position;
    if (a[1] > p[1] !== b[1] > p[1] && p[0] < ((b[0] - a[0]) * (p[1] - a[1])) / (b[1] - a[1]) + a[0])
      inside = !inside;
  }
  return inside;
}

/** Groups shapefile rings into polygons: clockwise rings are outers, counter-clockwise ones are holes. */
export function assembleRings(rings: Ring[]): Geometry | null {
  const outers: { ring: Ring; area: number; holes: Ring[] }[] = [];
  const holes: Ring[] = [];
  for (const ring of rings) {
    const a = ringSignedArea2(ring);
    if (a <= 0) outers.push({ ring, area: -a, holes: [] });
    else holes.push(ring);
  }
  for (const hole of holes) {
    // A hole's vertex may lie on its outer's boundary; test a vertex and the ring's first edge midpoint.
    const probes: Position[] = [hole[0] as Position];
    if (hole.length > 1)
      probes.push([
        ((hole[0] as Position)[0] + (hole[1] as Position)[0]) / 2,
        ((hole[0] as Position)[1] + (hole[1] as Position)[1]) / 2,
      ]);
    let best: (typeof outers)[number] | undefined;
    for (const o of outers) {
      if (probes.some((p) => ringContains(o.ring, p)) && (!best || o.area < best.area)) best = o;
    }
    if (best) best.holes.push(hole);
    else outers.push({ ring: hole, area: ringSignedArea2(hole), holes: [] });
  }
  if (outers.length === 0) return null;
  const polygons: PolygonCoords[] = outers.map((o) => [o.ring, ...o.holes]);
  return polygons.length === 1
    ? { type: 'Polygon', coordinates: polygons[0] as PolygonCoords }
    : { type: 'MultiPolygon', coordinates: polygons };
}

interface ShpHeader {
  shapeType: number;
  fileBytes: number;
}

function readShpHeader(src: ByteSource): ShpHeader {
  const h = src.read(0, 100);
  if (h.byteLength < 100) throw new ShapefileError('.shp shorter than its 100-byte header');
  const v = viewOf(h);
  if (v.getInt32(0, false) !== 9994) throw new ShapefileError('.shp file code is not 9994');
  const shapeType = v.getInt32(32, true);
  if (!(shapeType in SHAPE_TYPES)) throw new ShapefileError(`unsupported shape type ${shapeType}`);
  return { shapeType, fileBytes: v.getInt32(24, false) * 2 };
}

/** Decodes one record's content (from its shape type on). */
export function decodeShape(content: Uint8Array): Geometry | null {
  const v = viewOf(content);
  const type = v.getInt32(0, true);
  const base = type % 10;
  const need = (n: number): void => {
    if (content.byteLength < n)
      throw new ShapefileError(`record of type ${type} truncated (${content.byteLength} < ${n} bytes)`);
  };
  if (type === 0) return null;
  if (!(type in SHAPE_TYPES)) throw new ShapefileError(`unsupported shape type ${type}`);
  const point = (o: number): Position => [v.getFloat64(o, true), v.getFloat64(o + 8, true)];
  if (base === 1) {
    need(20);
    return { type: 'Point', coordinates: point(4) };
  }
  if (base === 8) {
    need(40);
    const n = v.getInt32(36, true);
    need(40 + 16 * n);
    const pts: Position[] = [];
    for (let i = 0; i < n; i++) pts.push(point(40 + 16 * i));
    return n ? { type: 'MultiPoint', coordinates: pts } : null;
  }
  need(44);
  const numParts = v.getInt32(36, true);
  const numPoints = v.getInt32(40, true);
  if (numParts < 0 || numPoints < 0) throw new ShapefileError('negative part or point count');
  const partsAt = 44;
  const pointsAt = partsAt + 4 * numParts;
  need(pointsAt + 16 * numPoints);
  const parts: Position[][] = [];
  for (let p = 0; p < numParts; p++) {
    const start = v.getInt32(partsAt + 4 * p, true);
    const end = p + 1 < numParts ? v.getInt32(partsAt + 4 * (p + 1), true) : numPoints;
    if (start < 0 || end > numPoints || start > end)
      throw new ShapefileError(`part ${p} indexes outside the points`);
    const pts: Position[] = [];
    for (let i = start; i < end; i++) pts.push(point(pointsAt + 16 * i));
    parts.push(pts);
  }
  if (parts.length === 0) return null;
  if (base === 3) {
    return parts.length === 1
      ? { type: 'LineString', coordinates: parts[0] as Position[] }
      : { type: 'MultiLineString', coordinates: parts };
  }
  return assembleRings(parts);
}

interface ShpRecord {
  number: number;
  geometry: Geometry | null;
  error?: string;
}

function* readShpRecords(src: ByteSource): Generator<ShpRecord> {
  const header = readShpHeader(src);
  const end = Math.min(header.fileBytes, src.size);
  let offset = 100;
  while (offset + 8 <= end) {
    const rh = viewOf(src.read(offset, 8));
    const number = rh.getInt32(0, false);
    const length = rh.getInt32(4, false) * 2;
    const content = src.read(offset + 8, length);
    offset += 8 + length;
    try {
      if (content.byteLength < 4) throw new ShapefileError('record shorter than its shape type');
      yield { number, geometry: decodeShape(content) };
    } catch (error) {
      yield { number, geometry: null, error: (error as Error).message };
    }
  }
}

// ---------------------------------------------------------------------------------------------------------
// .dbf
// ---------------------------------------------------------------------------------------------------------

export interface DbfField {
  name: string;
  type: string;
  length: number;
  decimals: number;
}

export interface DbfHeader {
  records: number;
  headerBytes: number;
  recordBytes: number;
  fields: DbfField[];
}

function readDbfHeader(src: ByteSource): DbfHeader {
  const h = src.read(0, 32);
  if (h.byteLength < 32) throw new ShapefileError('.dbf shorter than its header');
  const v = viewOf(h);
  const records = v.getUint32(4, true);
  const headerBytes = v.getUint16(8, true);
  const recordBytes = v.getUint16(10, true);
  const desc = src.read(32, headerBytes - 32);
  const fields: DbfField[] = [];
  for (let o = 0; o + 32 <= desc.byteLength && desc[o] !== 0x0d; o += 32) {
    const raw = desc.subarray(o, o + 11);
    const nul = raw.indexOf(0);
    fields.push({
      name: Buffer.from(raw.subarray(0, nul < 0 ? 11 : nul))
        .toString('latin1')
        .trim(),
      type: String.fromCharCode(desc[o + 11] as number),
      length: desc[o + 16] as number,
      decimals: desc[o + 17] as number,
    });
  }
  return { records, headerBytes, recordBytes, fields };
}

/** The text decoder a .cpg names (UTF-8, 1252, ISO-8859-1...), latin1 by default. */
export function decoderForCpg(cpg: string | null): TextDecoder {
  const label = (cpg ?? '').trim().toLowerCase();
  if (!label) return new TextDecoder('latin1');
  if (/^(utf-?8|65001)$/.test(label)) return new TextDecoder('utf-8');
  if (/^\d+$/.test(label)) return new TextDecoder(`windows-${label}`);
  try {
    return new TextDecoder(label);
  } catch {
    return new TextDecoder('latin1');
  }
}

function parseDbfValue(field: DbfField, raw: Uint8Array, decoder: TextDecoder): unknown {
  switch (field.type) {
    case 'N':
    case 'F': {
      const s = Buffer.from(raw).toString('latin1').trim();
      if (!s || /^\*+$/.test(s)) return null;
      const n = Number(s);
      return Number.isFinite(n) ? n : null;
    }
    case 'L': {
      const c = String.fromCharCode(raw[0] ?? 0x3f).toUpperCase();
      return 'TY'.includes(c) ? true : 'FN'.includes(c) ? false : null;
    }
    case 'D': {
      const s = Buffer.from(raw).toString('latin1').trim();
      return /^\d{8}$/.test(s) ? `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}` : null;
    }
    default: {
      const s = decoder.decode(raw).replace(/[\s\0]+$/, '');
      return s === '' ? null : s;
    }
  }
}

function* readDbfRecords(
  src: ByteSource,
  decoder: TextDecoder,
): Generator<{ deleted: boolean; values: Record<string, unknown> }> {
  const h = readDbfHeader(src);
  for (let r = 0; r < h.records; r++) {
    const rec = src.read(h.headerBytes + r * h.recordBytes, h.recordBytes);
    if (rec.byteLength < h.recordBytes) return;
    const values: Record<string, unknown> = {};
    let o = 1;
    for (const f of h.fields) {
      values[f.name] = parseDbfValue(f, rec.subarray(o, o + f.length), decoder);
      o += f.length;
    }
    yield { deleted: rec[0] === 0x2a, values };
  }
}

// ---------------------------------------------------------------------------------------------------------
// .prj
// ---------------------------------------------------------------------------------------------------------

/** British National Grid or WGS84 from a .prj's WKT (ESRI or OGC flavour); null when neither. */
export function crsFromPrj(wkt: string): Crs {
  const s = wkt.toUpperCase();
  if (/AUTHORITY\["EPSG",\s*"?27700"?\]/.test(s)) return 27700;
  if (s.includes('BRITISH_NATIONAL_GRID') || s.includes('BRITISH NATIONAL GRID')) return 27700;
  if (
    s.startsWith('PROJCS') &&
    (s.includes('OSGB') || s.includes('AIRY')) &&
    s.includes('TRANSVERSE_MERCATOR')
  )
    return 27700;
  if (s.startsWith('GEOGCS') && (s.includes('WGS_1984') || s.includes('WGS 84') || s.includes('WGS84')))
    return 4326;
  if (s.startsWith('GEOGCS') && (s.includes('ETRS') || s.includes('ETRF'))) return 4326;
  return null;
}

export const PRJ_27700 =
  'PROJCS["British_National_Grid",GEOGCS["GCS_OSGB_1936",DATUM["D_OSGB_1936",SPHEROID["Airy_1830",6377563.396,299.3249646]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]],PROJECTION["Transverse_Mercator"],PARAMETER["False_Easting",400000.0],PARAMETER["False_Northing",-100000.0],PARAMETER["Central_Meridian",-2.0],PARAMETER["Scale_Factor",0.9996012717],PARAMETER["Latitude_Of_Origin",49.0],UNIT["Meter",1.0]]';
export const PRJ_4326 =
  'GEOGCS["GCS_WGS_1984",DATUM["D_WGS_1984",SPHEROID["WGS_1984",6378137.0,298.257223563]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]]';

// ---------------------------------------------------------------------------------------------------------
// Reader
// ---------------------------------------------------------------------------------------------------------

export interface ShapefileParts {
  shp: ByteSource;
  dbf: ByteSource | null;
  prj: string | null;
  cpg: string | null;
}

export interface ShapefileReader {
  crs: Crs;
  shapeType: string;
  fields: DbfField[];
  features(): Generator<ReadFeature>;
  close(): void;
}

/** Opens `<base>.shp` and its siblings (`.dbf`, `.prj`, `.cpg`, any case of extension). */
export function openShapefile(shpPath: string): ShapefileReader {
  const base = shpPath.replace(/\.shp$/i, '');
  const sibling = (ext: string): string | null => {
    for (const e of [ext, ext.toUpperCase()]) if (existsSync(`${base}.${e}`)) return `${base}.${e}`;
    return null;
  };
  const dbfPath = sibling('dbf');
  const prjPath = sibling('prj');
  const cpgPath = sibling('cpg');
  return openShapefileParts({
    shp: fileSource(shpPath),
    dbf: dbfPath ? fileSource(dbfPath) : null,
    prj: prjPath ? readFileSync(prjPath, 'latin1') : null,
    cpg: cpgPath ? readFileSync(cpgPath, 'latin1') : null,
  });
}

export function openShapefileParts(parts: ShapefileParts): ShapefileReader {
  const header = readShpHeader(parts.shp);
  const decoder = decoderForCpg(parts.cpg);
  const fields = parts.dbf ? readDbfHeader(parts.dbf).fields : [];
  function* features(): Generator<ReadFeature> {
    const attrs = parts.dbf ? readDbfRecords(parts.dbf, decoder) : null;
    let index = 0;
    for (const rec of readShpRecords(parts.shp)) {
      const a = attrs?.next();
      const properties = a && !a.done ? a.value.values : {};
      const feature: ReadFeature = { index: index++, geometry: rec.geometry, properties };
      if (rec.error) feature.error = rec.error;
      yield feature;
    }
  }
  return {
    crs: parts.prj ? crsFromPrj(parts.prj) : null,
    shapeType: SHAPE_TYPES[header.shapeType] as string,
    fields,
    features,
    close: () => {
      parts.shp.close();
      parts.dbf?.close();
    },
  };
}

// ---------------------------------------------------------------------------------------------------------
// Writer
// ---------------------------------------------------------------------------------------------------------

export interface DbfFieldInput {
  /** Truncated to 10 characters, as every shapefile writer does. */
  name: string;
  type: 'C' | 'N' | 'F' | 'D' | 'L';
  length: number;
  decimals?: number;
}

export interface ShapefileInput {
  /** 1 Point, 3 PolyLine, 5 Polygon, 8 MultiPoint. */
  shapeType: 1 | 3 | 5 | 8;
  fields: DbfFieldInput[];
  features: readonly { geometry: Geometry | null; properties: Record<string, unknown> }[];
  crs: 27700 | 4326;
  /** Text encoding of .dbf strings (written to .cpg); default latin1 with no .cpg, as publishers ship. */
  encoding?: 'latin1' | 'utf-8';
  /** dBase "last update" date; fixed for byte-identical output. */
  date?: Date;
}

export interface ShapefileBytes {
  shp: Uint8Array;
  shx: Uint8Array;
  dbf: Uint8Array;
  prj: Uint8Array;
  cpg?: Uint8Array;
}

const orient = (ring: Ring, clockwise: boolean): Ring =>
  ringSignedArea2(ring) < 0 === clockwise ? ring : [...ring].reverse();

function shapeParts(g: Geometry, shapeType: number): Position[][] {
  switch (g.type) {
    case 'LineString':
      return [g.coordinates];
    case 'MultiLineString':
      return g.coordinates;
    case 'Polygon':
      return g.coordinates.map((r, i) => orient(r, i === 0));
    case 'MultiPolygon':
      return g.coordinates.flatMap((p) => p.map((r, i) => orient(r, i === 0)));
    default:
      throw new ShapefileError(`cannot write a ${g.type} as shape type ${shapeType}`);
  }
}

function encodeShape(g: Geometry | null, shapeType: number): Uint8Array {
  if (!g) {
    const b = new Uint8Array(4);
    return b; // type 0 (Null)
  }
  const box = boxOf(g);
  if (shapeType === 1) {
    if (g.type !== 'Point') throw new ShapefileError(`cannot write a ${g.type} as a Point shapefile`);
    const b = new Uint8Array(20);
    const v = viewOf(b);
    v.setInt32(0, 1, true);
    v.setFloat64(4, g.coordinates[0], true);
    v.setFloat64(12, g.coordinates[1], true);
    return b;
  }
  if (shapeType === 8) {
    const pts = g.type === 'MultiPoint' ? g.coordinates : g.type === 'Point' ? [g.coordinates] : null;
    if (!pts) throw new ShapefileError(`cannot write a ${g.type} as a MultiPoint shapefile`);
    const b = new Uint8Array(40 + 16 * pts.length);
    const v = viewOf(b);
    v.setInt32(0, 8, true);
    box.forEach((n, i) => v.setFloat64(4 + 8 * i, n, true));
    v.setInt32(36, pts.length, true);
    pts.forEach((p, i) => {
      v.setFloat64(40 + 16 * i, p[0], true);
      v.setFloat64(48 + 16 * i, p[1], true);
    });
    return b;
  }
  const parts = shapeParts(g, shapeType);
  const numPoints = parts.reduce((s, p) => s + p.length, 0);
  const b = new Uint8Array(44 + 4 * parts.length + 16 * numPoints);
  const v = viewOf(b);
  v.setInt32(0, shapeType, true);
  box.forEach((n, i) => v.setFloat64(4 + 8 * i, n, true));
  v.setInt32(36, parts.length, true);
  v.setInt32(40, numPoints, true);
  let o = 44 + 4 * parts.length;
  let start = 0;
  parts.forEach((part, i) => {
    v.setInt32(44 + 4 * i, start, true);
    start += part.length;
    for (const p of part) {
      v.setFloat64(o, p[0], true);
      v.setFloat64(o + 8, p[1], true);
      o += 16;
    }
  });
  return b;
}

function boxOf(g: Geometry): [number, number, number, number] {
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity; // prettier-ignore
  const add = (p: Position): void => {
    minX = Math.min(minX, p[0]);
    minY = Math.min(minY, p[1]);
    maxX = Math.max(maxX, p[0]);
    maxY = Math.max(maxY, p[1]);
  };
  const walk = (c: unknown): void => {
    if (typeof (c as number[])[0] === 'number') add(c as Position);
    else for (const x of c as unknown[]) walk(x);
  };
  walk(g.coordinates);
  return [minX, minY, maxX, maxY];
}

function shpHeader(shapeType: number, fileBytes: number, box: number[]): Uint8Array {
  const b = new Uint8Array(100);
  const v = viewOf(b);
  v.setInt32(0, 9994, false);
  v.setInt32(24, fileBytes / 2, false);
  v.setInt32(28, 1000, true);
  v.setInt32(32, shapeType, true);
  box.forEach((n, i) => v.setFloat64(36 + 8 * i, n, true));
  return b;
}

function formatDbfValue(f: DbfFieldInput, value: unknown, encode: (s: string) => Uint8Array): Uint8Array {
  const out = new Uint8Array(f.length).fill(0x20);
  if (value === null || value === undefined || value === '') return out;
  let text: string;
  switch (f.type) {
    case 'N':
    case 'F': {
      const n = Number(value);
      text = f.decimals ? n.toFixed(f.decimals) : String(Math.round(n));
      if (text.length > f.length) text = '*'.repeat(f.length);
      out.set(encode(text.padStart(f.length)).subarray(0, f.length));
      return out;
    }
    case 'L':
      out[0] = value ? 0x54 : 0x46;
      return out;
    case 'D': {
      const s = value instanceof Date ? value.toISOString() : String(value);
      out.set(encode(s.slice(0, 10).replaceAll('-', '')).subarray(0, 8));
      return out;
    }
    default: {
      const bytes = encode(String(value));
      out.set(bytes.subarray(0, f.length));
      return out;
    }
  }
}

function dbfBytes(input: ShapefileInput): Uint8Array {
  const encode = (s: string): Uint8Array =>
    input.encoding === 'utf-8' ? new TextEncoder().encode(s) : Uint8Array.from(Buffer.from(s, 'latin1'));
  const fields = input.fields.map((f) => ({ ...f, name: f.name.slice(0, 10) }));
  const headerBytes = 32 + 32 * fields.length + 1;
  const recordBytes = 1 + fields.reduce((s, f) => s + f.length, 0);
  const b = new Uint8Array(headerBytes + recordBytes * input.features.length + 1);
  const v = viewOf(b);
  const date = input.date ?? new Date(Date.UTC(2025, 0, 1));
  b[0] = 0x03;
  b[1] = date.getUTCFullYear() - 1900;
  b[2] = date.getUTCMonth() + 1;
  b[3] = date.getUTCDate();
  v.setUint32(4, input.features.length, true);
  v.setUint16(8, headerBytes, true);
  v.setUint16(10, recordBytes, true);
  b[29] = input.encoding === 'utf-8' ? 0 : 0x57; // language driver: 0x57 = ANSI (Windows-1252)
  fields.forEach((f, i) => {
    const o = 32 + 32 * i;
    b.set(Buffer.from(f.name, 'latin1'), o);
    b[o + 11] = f.type.charCodeAt(0);
    b[o + 16] = f.length;
    b[o + 17] = f.decimals ?? 0;
  });
  b[headerBytes - 1] = 0x0d;
  input.features.forEach((feature, r) => {
    let o = headerBytes + r * recordBytes;
    b[o++] = 0x20;
    fields.forEach((f, i) => {
      const original = input.fields[i] as DbfFieldInput;
      const value = feature.properties[original.name] ?? feature.properties[f.name];
      b.set(formatDbfValue(f, value, encode), o);
      o += f.length;
    });
  });
  b[b.length - 1] = 0x1a;
  return b;
}

/** Encodes a whole shapefile (.shp, .shx, .dbf, .prj and .cpg when UTF-8) in memory. */
export function shapefileBytes(input: ShapefileInput): ShapefileBytes {
  const records = input.features.map((f) => encodeShape(f.geometry, input.shapeType));
  const shpBytes = 100 + records.reduce((s, r) => s + 8 + r.byteLength, 0);
  const boxes = input.features.filter((f) => f.geometry).map((f) => boxOf(f.geometry as Geometry));
  const box = boxes.length
    ? [
        Math.min(...boxes.map((b) => b[0])),
        Math.min(...boxes.map((b) => b[1])),
        Math.max(...boxes.map((b) => b[2])),
        Math.max(...boxes.map((b) => b[3])),
      ]
    : [0, 0, 0, 0];
  const shp = new Uint8Array(shpBytes);
  const shx = new Uint8Array(100 + 8 * records.length);
  shp.set(shpHeader(input.shapeType, shpBytes, box));
  shx.set(shpHeader(input.shapeType, shx.byteLength, box));
  const sv = viewOf(shp);
  const xv = viewOf(shx);
  let o = 100;
  records.forEach((r, i) => {
    xv.setInt32(100 + 8 * i, o / 2, false);
    xv.setInt32(104 + 8 * i, r.byteLength / 2, false);
    sv.setInt32(o, i + 1, false);
    sv.setInt32(o + 4, r.byteLength / 2, false);
    shp.set(r, o + 8);
    o += 8 + r.byteLength;
  });
  const out: ShapefileBytes = {
    shp,
    shx,
    dbf: dbfBytes(input),
    prj: Uint8Array.from(Buffer.from(input.crs === 27700 ? PRJ_27700 : PRJ_4326, 'latin1')),
  };
  if (input.encoding === 'utf-8') out.cpg = Uint8Array.from(Buffer.from('UTF-8', 'latin1'));
  return out;
}

/** Writes `<base>.shp/.shx/.dbf/.prj` (and `.cpg`); returns the paths written. */
export function writeShapefile(base: string, input: ShapefileInput): string[] {
  const bytes = shapefileBytes(input);
  const written: string[] = [];
  for (const [ext, data] of Object.entries(bytes) as [string, Uint8Array][]) {
    writeFileSync(`${base}.${ext}`, data);
    written.push(`${base}.${ext}`);
  }
  return written;
}
