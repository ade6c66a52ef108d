// GeoJSON FeatureCollections, as SEPA's ArcGIS services export them (one file per service layer).
//
// Read whole-file (JSON.parse): the publishers' GeoJSON exports are per-layer extracts of tens of MB at most,
// and a streaming JSON parser would be a new dependency. The CRS is the legacy `crs` member when present
// (`urn:ogc:def:crs:EPSG::27700`, `EPSG:27700`, ...), else WGS84 as RFC 7946 prescribes. A feature whose
// geometry is malformed is yielded with `error` (the loader quarantines it) instead of failing the file.
import { readFileSync, writeFileSync } from 'node:fs';
import type { Feature, Geometry } from '../../geo/geometry';
import type { Crs, ReadFeature } from './types';

export class GeoJsonError extends Error {
  override name = 'GeoJsonError';
}

/** EPSG code from a GeoJSON `crs` name (OGC URN, `EPSG:n`, or the CRS84 URN). */
export function crsFromName(name: string): Crs {
  const s = name.trim().toUpperCase();
  if (s.endsWith('CRS84')) return 4326;
  const m = /EPSG:{1,2}(?:[\d.]*:)?(\d+)$/.exec(s);
  if (!m) return null;
  const code = Number(m[1]);
  return code === 27700 ? 27700 : code === 4326 || code === 4258 ? 4326 : null;
}

const isNum = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n);
const isPos = (p: unknown): boolean => Array.isArray(p) && p.length >= 2 && isNum(p[0]) && isNum(p[1]);
const depthOk = (c: unknown, depth: number): boolean =>
  depth === 0 ? isPos(c) : Array.isArray(c) && c.every((x) => depthOk(x, depth - 1));
const DEPTH: Record<string, number> = {
  Point: 0,
  MultiPoint: 1,
  LineString: 1,
  MultiLineString: 2,
  Polygon: 2,
  MultiPolygon: 3,
};

const to2d = (c: unknown, depth: number): unknown =>
  depth === 0 ? [(c as number[])[0], (c as number[])[1]] : (c as unknown[]).map((x) => to2d(x, depth - 1));

/** Validates a GeoJSON geometry object and drops any third ordinate; throws GeoJsonError. */
export function geometryFromGeoJson(g: unknown): Geometry | null {
  if (g === null || g === undefined) return null;
  const o = g as { type?: unknown; coordinates?: unknown };
  if (typeof o.type !== 'string') throw new GeoJsonError('geometry has no type');
  const depth = DEPTH[o.type];
  if (depth === undefined) throw new GeoJsonError(`unsupported geometry type ${o.type}`);
  if (!depthOk(o.coordinates, depth)) throw new GeoJsonError(`malformed ${o.type} coordinates`);
  if (depth > 0 && (o.coordinates as unknown[]).length === 0) return null;
  return { type: o.type, coordinates: to2d(o.coordinates, depth) } as Geometry;
}

export interface GeoJsonContents {
  crs: Crs;
  /** The `name` member ArcGIS exports carry, if any. */
  name: string | null;
  features: ReadFeature[];
}

export function parseGeoJson(text: string): GeoJsonContents {
  let doc: { type?: string; crs?: { properties?: { name?: string } }; name?: string; features?: unknown[] };
  try {
    doc = JSON.parse(text.replace(/^\uFEFF/, '')) as typeof doc;
  } catch (error) {
    throw new GeoJsonError(`not JSON: ${(error as Error).message}`);
  }
  if (doc?.type !== 'FeatureCollection' || !Array.isArray(doc.features))
    throw new GeoJsonError('not a GeoJSON FeatureCollection');
  const crsName = doc.crs?.properties?.name;
  const crs = crsName ? crsFromName(crsName) : 4326;
  const features = doc.features.map((raw, index): ReadFeature => {
    const f = raw as { geometry?: unknown; properties?: Record<string, unknown> | null; id?: unknown };
    const properties = { ...(f.properties ?? {}) };
    if (f.id !== undefined && !('id' in properties)) properties.id = f.id;
    try {
      return { index, geometry: geometryFromGeoJson(f.geometry), properties };
    } catch (error) {
      return { index, geometry: null, properties, error: (error as Error).message };
    }
  });
  return { crs, name: typeof doc.name === 'string' ? doc.name : null, features };
}

export function readGeoJson(path: string): GeoJsonContents {
  return parseGeoJson(readFileSync(path, 'utf8'));
}

/** A FeatureCollection; BNG files carry the OGC URN `crs` member (as ArcGIS and GDAL write it). */
export function geoJsonText(
  features: readonly Feature[],
  options: { crs: 27700 | 4326; name?: string },
): string {
  const doc: Record<string, unknown> = { type: 'FeatureCollection' };
  if (options.name) doc.name = options.name;
  if (options.crs === 27700) doc.crs = { type: 'name', properties: { name: 'urn:ogc:def:crs:EPSG::27700' } };
  doc.features = features.map((f) => ({ type: 'Feature', properties: f.properties, geometry: f.geometry }));
  return `${JSON.stringify(doc)}\n`;
}

export function writeGeoJson(
  path: string,
  features: readonly Feature[],
  options: { crs: 27700 | 4326; name?: string },
): void {
  writeFileSync(path, geoJsonText(features, options));
}
