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
import { closeSync, existsSync, fstatSync, openSync, readFileSync, readSync } from 'node:fs';
import { TextDecoder } from 'node:util';
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

export const viewOf = (b: Uint8Array): DataView => new DataView(b.buffer, b.byteOffset, b.byteLength);

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
