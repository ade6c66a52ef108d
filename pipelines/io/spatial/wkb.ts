// Well-Known Binary (OGC Simple Features / ISO SQL-MM) and PostGIS EWKB: the geometry encoding inside
// GeoPackages and our staged Parquet tables.
//
// Reading accepts both byte orders, ISO type codes (1000/2000/3000 offsets for Z, M, ZM) and EWKB flags
// (0x80000000 Z, 0x40000000 M, 0x20000000 SRID). Z and M are read and dropped: everything here is planar
// BNG. A GeometryCollection is flattened to the matching Multi* when all its members are of one family
// (points, lines or polygons) — what publishers' "mixed" layers contain in practice — and rejected otherwise,
// since our Geometry type has no collection. Empty geometries (POINT EMPTY is NaN NaN; zero parts) give null.
// Writing produces ISO WKB, little endian, 2D.
import type { Geometry, PolygonCoords, Position } from '../../geo/geometry';

export class WkbError extends Error {
  override name = 'WkbError';
}

const TYPE_NAMES: Record<number, string> = {
  1: 'Point',
  2: 'LineString',
  3: 'Polygon',
  4: 'MultiPoint',
  5: 'MultiLineString',
  6: 'MultiPolygon',
  7: 'GeometryCollection',
};

interface Parsed {
  /** Null when empty. */
  geometry: Geometry | null;
  srid: number | null;
}

class Reader {
  offset = 0;
  private readonly view: DataView;
  constructor(private readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
  need(n: number): void {
    if (this.offset + n > this.bytes.byteLength)
      throw new WkbError(
        `truncated WKB: need ${n} bytes at offset ${this.offset} of ${this.bytes.byteLength}`,
      );
  }
  byte(): number {
    this.need(1);
    return this.bytes[this.offset++] as number;
  }
  uint32(le: boolean): number {
    this.need(4);
    const v = this.view.getUint32(this.offset, le);
    this.offset += 4;
    return v;
  }
  float64(le: boolean): number {
    this.need(8);
    const v = this.view.getFloat64(this.offset, le);
    this.offset += 8;
    return v;
  }
}

interface Header {
  le: boolean;
  type: number;
  dims: number;
  srid: number | null;
}

function readHeader(r: Reader): Header {
  const order = r.byte();
  if (order !== 0 && order !== 1) throw new WkbError(`bad byte order ${order} at offset ${r.offset - 1}`);
  const le = order === 1;
  const raw = r.uint32(le);
  let hasZ = (raw & 0x80000000) !== 0;
  let hasM = (raw & 0x40000000) !== 0;
  const hasSrid = (raw & 0x20000000) !== 0;
  let code = raw & 0x0fffffff;
  if (code >= 3000 && code < 4000) {
    hasZ = hasM = true;
    code -= 3000;
  } else if (code >= 2000) {
    hasM = true;
    code -= 2000;
  } else if (code >= 1000) {
    hasZ = true;
    code -= 1000;
  }
  if (!TYPE_NAMES[code]) throw new WkbError(`unsupported WKB geometry type ${raw}`);
  const srid = hasSrid ? r.uint32(le) : null;
  return { le, type: code, dims: 2 + (hasZ ? 1 : 0) + (hasM ? 1 : 0), srid };
}

function readPosition(r: Reader, h: Header): Position {
  const x = r.float64(h.le);
  const y = r.float64(h.le);
  for (let d = 2; d < h.dims; d++) r.float64(h.le);
  return [x, y];
}

function readPoints(r: Reader, h: Header): Position[] {
  const n = r.uint32(h.le);
  r.need(n * 8 * h.dims);
  const out: Position[] = new Array(n);
  for (let i = 0; i < n; i++) out[i] = readPosition(r, h);
  return out;
}

function readRings(r: Reader, h: Header): PolygonCoords {
  const n = r.uint32(h.le);
  const rings: PolygonCoords = [];
  for (let i = 0; i < n; i++) rings.push(readPoints(r, h));
  return rings;
}

function readGeometry(r: Reader): Parsed {
  const h = readHeader(r);
  const done = (geometry: Geometry | null): Parsed => ({ geometry, srid: h.srid });
  switch (h.type) {
    case 1: {
      const p = readPosition(r, h);
      return done(Number.isNaN(p[0]) && Number.isNaN(p[1]) ? null : { type: 'Point', coordinates: p });
    }
    case 2: {
      const coordinates = readPoints(r, h);
      return done(coordinates.length ? { type: 'LineString', coordinates } : null);
    }
    case 3: {
      const coordinates = readRings(r, h);
      return done(coordinates.length ? { type: 'Polygon', coordinates } : null);
    }
    default: {
      const n = r.uint32(h.le);
      const members: Geometry[] = [];
      for (let i = 0; i < n; i++) {
        const m = readGeometry(r).geometry;
        if (m) members.push(m);
      }
      return done(collect(h.type, members));
    }
  }
}

/** Multi* and collections: members gathered into the Multi* of their family. */
function collect(type: number, members: Geometry[]): Geometry | null {
  if (members.length === 0) return null;
  const families = new Set(members.map((m) => m.type.replace(/^Multi/, '')));
  if (families.size > 1)
    throw new WkbError(`${TYPE_NAMES[type]} mixes ${[...families].join(', ')}: not supported`);
  const family = [...families][0];
  const expected = { 4: 'Point', 5: 'LineString', 6: 'Polygon' }[type as 4 | 5 | 6];
  if (expected && family !== expected) throw new WkbError(`${TYPE_NAMES[type]} holds a ${family}`);
  switch (family) {
    case 'Point':
      return {
        type: 'MultiPoint',
        coordinates: members.flatMap((m) =>
          m.type === 'Point' ? [m.coordinates] : (m as { coordinates: Position[] }).coordinates,
        ),
      };
    case 'LineString':
      return {
        type: 'MultiLineString',
        coordinates: members.flatMap((m) =>
          m.type === 'LineString' ? [m.coordinates] : (m as { coordinates: Position[][] }).coordinates,
        ),
      };
    default:
      return {
        type: 'MultiPolygon',
        coordinates: members.flatMap((m) =>
          m.type === 'Polygon' ? [m.coordinates] : (m as { coordinates: PolygonCoords[] }).coordinates,
        ),
      };
  }
}

/** Parses WKB or EWKB; returns the geometry (null when empty) and the EWKB SRID if it carried one. */
export function parseWkbWithSrid(bytes: Uint8Array): Parsed {
  const r = new Reader(bytes);
  return readGeometry(r);
}

export function parseWkb(bytes: Uint8Array): Geometry | null {
  return parseWkbWithSrid(bytes).geometry;
}

export const hexToBytes = (hex: string): Uint8Array =>
  Uint8Array.from(Buffer.from(hex.replace(/\s+/g, ''), 'hex'));

// ---------------------------------------------------------------------------------------------------------
// Writer
// ---------------------------------------------------------------------------------------------------------

const TYPE_CODES: Record<Geometry['type'], number> = {
  Point: 1,
  LineString: 2,
  Polygon: 3,
  MultiPoint: 4,
  MultiLineString: 5,
  MultiPolygon: 6,
};

function sizeOf(g: Geometry): number {
  switch (g.type) {
    case 'Point':
      return 5 + 16;
    case 'LineString':
      return 9 + 16 * g.coordinates.length;
    case 'Polygon':
      return 9 + g.coordinates.reduce((s, ring) => s + 4 + 16 * ring.length, 0);
    case 'MultiPoint':
      return 9 + g.coordinates.length * 21;
    case 'MultiLineString':
      return 9 + g.coordinates.reduce((s, l) => s + 9 + 16 * l.length, 0);
    case 'MultiPolygon':
      return 9 + g.coordinates.reduce((s, p) => s + sizeOf({ type: 'Polygon', coordinates: p }), 0);
  }
}

class Writer {
  offset = 0;
  readonly bytes: Uint8Array;
  private readonly view: DataView;
  constructor(size: number) {
    this.bytes = new Uint8Array(size);
    this.view = new DataView(this.bytes.buffer);
  }
  header(type: number): void {
    this.bytes[this.offset++] = 1;
    this.uint32(type);
  }
  uint32(v: number): void {
    this.view.setUint32(this.offset, v, true);
    this.offset += 4;
  }
  position(p: Position): void {
    this.view.setFloat64(this.offset, p[0], true);
    this.view.setFloat64(this.offset + 8, p[1], true);
    this.offset += 16;
  }
  points(ps: readonly Position[]): void {
    this.uint32(ps.length);
    for (const p of ps) this.position(p);
  }
  rings(rings: PolygonCoords): void {
    this.uint32(rings.length);
    for (const ring of rings) this.points(ring);
  }
}

function writeInto(w: Writer, g: Geometry): void {
  w.header(TYPE_CODES[g.type]);
  switch (g.type) {
    case 'Point':
      w.position(g.coordinates);
      return;
    case 'LineString':
      w.points(g.coordinates);
      return;
    case 'Polygon':
      w.rings(g.coordinates);
      return;
    case 'MultiPoint':
      w.uint32(g.coordinates.length);
      for (const p of g.coordinates) writeInto(w, { type: 'Point', coordinates: p });
      return;
    case 'MultiLineString':
      w.uint32(g.coordinates.length);
      for (const l of g.coordinates) writeInto(w, { type: 'LineString', coordinates: l });
      return;
    case 'MultiPolygon':
      w.uint32(g.coordinates.length);
      for (const p of g.coordinates) writeInto(w, { type: 'Polygon', coordinates: p });
      return;
  }
}

/** ISO WKB, little endian, 2D. */
export function writeWkb(geometry: Geometry): Uint8Array {
  const w = new Writer(sizeOf(geometry));
  writeInto(w, geometry);
  return w.bytes;
}
