// Well-Known Text: POINT, LINESTRING, POLYGON and their MULTI forms, as planning.data.gov.uk CSVs carry them
// (WGS84 longitude latitude). Z/M/ZM modifiers and extra ordinates are accepted and dropped (planar 2D), an
// EWKT `SRID=n;` prefix is accepted (and returned), `EMPTY` gives null. GEOMETRYCOLLECTION is rejected.
import type { Geometry, PolygonCoords, Position } from '../../geo/geometry';

export class WktError extends Error {
  override name = 'WktError';
}

class Tokens {
  pos = 0;
  constructor(private readonly s: string) {}
  private skip(): void {
    while (this.pos < this.s.length && /\s/.test(this.s[this.pos] as string)) this.pos++;
  }
  peek(): string {
    this.skip();
    return this.s[this.pos] ?? '';
  }
  word(): string {
    this.skip();
    const m = /^[A-Za-z]+/.exec(this.s.slice(this.pos));
    if (!m) throw new WktError(`expected a keyword at ${this.pos}`);
    this.pos += m[0].length;
    return m[0].toUpperCase();
  }
  expect(c: string): void {
    if (this.peek() !== c)
      throw new WktError(`expected '${c}' at ${this.pos}, found '${this.peek() || 'end'}'`);
    this.pos++;
  }
  number(): number {
    this.skip();
    const m = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?/.exec(this.s.slice(this.pos));
    if (!m) throw new WktError(`expected a number at ${this.pos}`);
    this.pos += m[0].length;
    return Number(m[0]);
  }
  end(): boolean {
    this.skip();
    return this.pos >= this.s.length;
  }
}

function position(t: Tokens): Position {
  const x = t.number();
  const y = t.number();
  // Z and M ordinates are read and dropped.
  while (/[-+.\d]/.test(t.peek())) t.number();
  return [x, y];
}

function list<T>(t: Tokens, item: (t: Tokens) => T): T[] {
  t.expect('(');
  const out = [item(t)];
  while (t.peek() === ',') {
    t.pos++;
    out.push(item(t));
  }
  t.expect(')');
  return out;
}

const points = (t: Tokens): Position[] => list(t, position);
const rings = (t: Tokens): PolygonCoords => list(t, points);
// MULTIPOINT accepts both `(1 2, 3 4)` and `((1 2), (3 4))`.
const multiPointMember = (t: Tokens): Position => {
  if (t.peek() !== '(') return position(t);
  t.expect('(');
  const p = position(t);
  t.expect(')');
  return p;
};

/** Parses WKT (or EWKT); returns null for EMPTY. */
export function parseWktWithSrid(text: string): { geometry: Geometry | null; srid: number | null } {
  let s = text.trim();
  let srid: number | null = null;
  const ewkt = /^SRID=(\d+);/i.exec(s);
  if (ewkt) {
    srid = Number(ewkt[1]);
    s = s.slice(ewkt[0].length);
  }
  const t = new Tokens(s);
  const kind = t.word();
  if (t.peek() !== '(' && t.peek() !== '') {
    const mod = t.word();
    if (mod === 'EMPTY') return { geometry: null, srid };
    if (!['Z', 'M', 'ZM'].includes(mod)) throw new WktError(`unexpected '${mod}' after ${kind}`);
  }
  if (t.peek() !== '(') {
    if (t.word() === 'EMPTY') return { geometry: null, srid };
    throw new WktError(`expected '(' after ${kind}`);
  }
  let geometry: Geometry;
  switch (kind) {
    case 'POINT': {
      t.expect('(');
      geometry = { type: 'Point', coordinates: position(t) };
      t.expect(')');
      break;
    }
    case 'LINESTRING':
      geometry = { type: 'LineString', coordinates: points(t) };
      break;
    case 'POLYGON':
      geometry = { type: 'Polygon', coordinates: rings(t) };
      break;
    case 'MULTIPOINT':
      geometry = { type: 'MultiPoint', coordinates: list(t, multiPointMember) };
      break;
    case 'MULTILINESTRING':
      geometry = { type: 'MultiLineString', coordinates: list(t, points) };
      break;
    case 'MULTIPOLYGON':
      geometry = { type: 'MultiPolygon', coordinates: list(t, rings) };
      break;
    default:
      throw new WktError(`unsupported WKT type ${kind}`);
  }
  if (!t.end()) throw new WktError(`trailing text at ${t.pos}`);
  return { geometry, srid };
}

export function parseWkt(text: string): Geometry | null {
  return parseWktWithSrid(text).geometry;
}

const fmt = (p: Position): string => `${p[0]} ${p[1]}`;
const fmtList = (ps: readonly Position[]): string => `(${ps.map(fmt).join(', ')})`;
const fmtRings = (rs: PolygonCoords): string => `(${rs.map(fmtList).join(', ')})`;

/** WKT with shortest round-trip number formatting (JavaScript's `String(number)`). */
export function writeWkt(g: Geometry): string {
  switch (g.type) {
    case 'Point':
      return `POINT (${fmt(g.coordinates)})`;
    case 'LineString':
      return `LINESTRING ${fmtList(g.coordinates)}`;
    case 'Polygon':
      return `POLYGON ${fmtRings(g.coordinates)}`;
    case 'MultiPoint':
      return `MULTIPOINT (${g.coordinates.map((p) => `(${fmt(p)})`).join(', ')})`;
    case 'MultiLineString':
      return `MULTILINESTRING (${g.coordinates.map(fmtList).join(', ')})`;
    case 'MultiPolygon':
      return `MULTIPOLYGON (${g.coordinates.map(fmtRings).join(', ')})`;
  }
}
