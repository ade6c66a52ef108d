// What every spatial loader does with a reader's features: check the geometry (decoded, present, of the
// expected family, rings closed with at least 4 positions, finite coordinates, inside the British National
// Grid once converted), bring it onto BNG, and hand the loader's mapping a clean feature — or quarantine the
// feature with its file, 1-based feature number and reason. Attribute names are matched case-insensitively,
// and also by their 10-character shapefile truncation (`suitability` → `suitabilit`).
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { bboxOf, type Geometry, type Position } from '../../geo/geometry';
import { isInsideBngExtent } from '../../geo/bng';
import { accepted, quarantined, type SourceRow } from '../../io/quarantine';
import { geometryToBng } from '../../io/spatial/read-features';
import type { Crs, ReadFeature } from '../../io/spatial/types';
import { writeWkb } from '../../io/spatial/wkb';

export type GeometryFamily = 'polygon' | 'line';

/** Geometry columns of every staged feature table (schemas/features.ts). */
export interface GeometryColumns {
  geometry: Uint8Array;
  minx: number;
  miny: number;
  maxx: number;
  maxy: number;
}

export function geometryColumns(g: Geometry): GeometryColumns {
  const b = bboxOf(g);
  return { geometry: writeWkb(g), minx: b.minX, miny: b.minY, maxx: b.maxX, maxy: b.maxY };
}

/** Why a geometry cannot be used, or null when it can. */
export function geometryProblem(g: Geometry, family: GeometryFamily): string | null {
  const isPolygon = g.type === 'Polygon' || g.type === 'MultiPolygon';
  const isLine = g.type === 'LineString' || g.type === 'MultiLineString';
  if (family === 'polygon' && !isPolygon) return `expected a polygon, found a ${g.type}`;
  if (family === 'line' && !isLine) return `expected a line, found a ${g.type}`;
  const finite = (p: Position): boolean => Number.isFinite(p[0]) && Number.isFinite(p[1]);
  if (g.type === 'Polygon' || g.type === 'MultiPolygon') {
    const polygons = g.type === 'Polygon' ? [g.coordinates] : g.coordinates;
    if (polygons.length === 0) return 'polygon without rings';
    for (const polygon of polygons) {
      if (polygon.length === 0) return 'polygon without rings';
      for (const ring of polygon) {
        if (ring.length < 4) return `invalid ring: ${ring.length} positions (a ring needs at least 4)`;
        if (!ring.every(finite)) return 'non-numeric coordinate';
        const a = ring[0] as Position;
        const z = ring[ring.length - 1] as Position;
        if (a[0] !== z[0] || a[1] !== z[1]) return 'invalid ring: not closed';
      }
    }
  } else if (g.type === 'LineString' || g.type === 'MultiLineString') {
    const lines = g.type === 'LineString' ? [g.coordinates] : g.coordinates;
    if (lines.length === 0) return 'line without parts';
    for (const line of lines) {
      if (line.length < 2) return `invalid line: ${line.length} position`;
      if (!line.every(finite)) return 'non-numeric coordinate';
    }
  }
  return null;
}

/** A feature that passed the checks: BNG geometry plus its attributes. */
export interface CleanFeature {
  index: number;
  geometry: Geometry;
  properties: Record<string, unknown>;
}

/**
 * Checks and converts each feature of `features`; `map` turns a clean feature into a record or returns a
 * string: the reason to quarantine it (an unknown band, a missing id...).
 */
export function* spatialRows<T>(
  dataset: string,
  file: string,
  crs: Crs,
  family: GeometryFamily,
  features: Iterable<ReadFeature>,
  map: (feature: CleanFeature) => T | string,
): Generator<SourceRow<T>> {
  for (const f of features) {
    const line = f.index + 1;
    const reject = (reason: string): SourceRow<T> =>
      quarantined({ dataset, file, line, reason, raw: JSON.stringify(f.properties) });
    if (f.error) {
      yield reject(`geometry could not be decoded: ${f.error}`);
      continue;
    }
    if (!f.geometry) {
      yield reject('no geometry');
      continue;
    }
    const problem = geometryProblem(f.geometry, family);
    if (problem) {
      yield reject(problem);
      continue;
    }
    if (crs === null) {
      yield reject('unknown coordinate reference system (neither British National Grid nor WGS84)');
      continue;
    }
    const geometry = geometryToBng(f.geometry, crs);
    const box = bboxOf(geometry);
    if (!isInsideBngExtent(box.minX, box.minY) || !isInsideBngExtent(box.maxX, box.maxY)) {
      yield reject('outside the British National Grid');
      continue;
    }
    const record = map({ index: f.index, geometry, properties: f.properties });
    yield typeof record === 'string' ? reject(record) : accepted(file, line, record);
  }
}

/** Attribute lookup by name, case-insensitive, also under the shapefile's 10-character truncation. */
export function attribute(props: Record<string, unknown>, ...names: string[]): unknown {
  const keys = Object.keys(props);
  for (const name of names) {
    const lower = name.toLowerCase();
    const key =
      keys.find((k) => k.toLowerCase() === lower) ?? keys.find((k) => k.toLowerCase() === lower.slice(0, 10));
    if (key !== undefined && props[key] !== null && props[key] !== undefined && props[key] !== '')
      return props[key];
  }
  return null;
}

export function textAttribute(props: Record<string, unknown>, ...names: string[]): string | null {
  const v = attribute(props, ...names);
  if (v === null) return null;
  const s = String(v).trim();
  return s === '' ? null : s;
}

/** Date-like source values → ISO timestamp (UTC): YYYY-MM-DD[...], DD/MM/YYYY, epoch milliseconds. */
export function isoTimestamp(value: unknown): string | null | undefined {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number') return Number.isFinite(value) ? new Date(value).toISOString() : undefined;
  const s = String(value).trim();
  let m =
    /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/.exec(s);
  if (m) {
    const t = Date.parse(m[4] ? (m[7] ? s.replace(' ', 'T') : `${s.replace(' ', 'T')}Z`) : `${s}T00:00:00Z`);
    return Number.isNaN(t) ? undefined : new Date(t).toISOString();
  }
  m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(s);
  if (m) {
    const t = Date.UTC(Number(m[3]), Number(m[2]) - 1, Number(m[1]));
    const d = new Date(t);
    return d.getUTCDate() === Number(m[1]) ? d.toISOString() : undefined;
  }
  return undefined;
}

/** Files under `dir` (recursively) whose names end with one of `extensions`, sorted; [] when it is missing. */
export async function filesUnder(dir: string, extensions: readonly string[]): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile() && extensions.some((x) => e.name.toLowerCase().endsWith(x)))
    .map((e) => join(e.parentPath, e.name))
    .sort();
}

export const baseName = (path: string): string => (path.split(/[\\/]/).pop() ?? path).replace(/\.[^.]+$/, '');

/**
 * The files an asset's fingerprint must cover: a shapefile is its .shp plus the .dbf, .prj and .cpg beside
 * it (an attribute-only correction changes just the .dbf).
 */
export function withSidecars(paths: readonly string[]): string[] {
  const out: string[] = [];
  for (const p of paths) {
    out.push(p);
    if (!/\.shp$/i.test(p)) continue;
    const base = p.slice(0, -4);
    for (const ext of ['dbf', 'prj', 'cpg', 'DBF', 'PRJ', 'CPG'])
      if (existsSync(`${base}.${ext}`)) out.push(`${base}.${ext}`);
  }
  return [...new Set(out)];
}
