// ESRI Shapefile writer: the .shp, .shx, .dbf, .prj (and .cpg) files of a layer, as publishers' tools write
// them (outer rings clockwise, holes counter-clockwise, dBase III fields). The sample data and the loaders'
// tests write the published format with it; shapefile.ts reads it.
import { writeFileSync } from 'node:fs';
import { TextEncoder } from 'node:util';
import type { Geometry, Position, Ring } from '../../geo/geometry';
import { PRJ_27700, PRJ_4326, ShapefileError, ringSignedArea2, viewOf } from './shapefile';

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
