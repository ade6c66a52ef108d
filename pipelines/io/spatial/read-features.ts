// One entry point for the spatial readers: `readFeatures(path)` picks the reader from the extension
// (.gpkg, .shp, .geojson/.json) and reports the CRS it found; `toBng` brings a WGS84 feature onto the
// British National Grid (pipelines/geo/bng.ts) so everything downstream is planar BNG metres.
import { extname } from 'node:path';
import type { Feature, Geometry, Position } from '../../geo/geometry';
import { wgs84ToBng } from '../../geo/bng';
import { openGeoPackage } from './geopackage';
import { readGeoJson } from './geojson';
import { openShapefile } from './shapefile';
import { knownCrs, type Crs, type ReadFeature } from './types';

export interface FeatureSource {
  crs: Crs;
  /** The layer read (GeoPackage table name, or the file's base name). */
  layer: string;
  features: Iterable<ReadFeature>;
  close(): void;
}

export class UnsupportedFormatError extends Error {
  override name = 'UnsupportedFormatError';
}

export function readFeatures(path: string, options: { layer?: string } = {}): FeatureSource {
  const ext = extname(path).toLowerCase();
  switch (ext) {
    case '.gpkg': {
      const reader = openGeoPackage(path, options);
      return {
        crs: knownCrs(reader.layer.epsg ?? reader.layer.srsId),
        layer: reader.layer.table,
        features: { [Symbol.iterator]: () => reader.features() },
        close: reader.close,
      };
    }
    case '.shp': {
      const reader = openShapefile(path);
      return {
        crs: reader.crs,
        layer: baseName(path),
        features: { [Symbol.iterator]: () => reader.features() },
        close: reader.close,
      };
    }
    case '.geojson':
    case '.json': {
      const doc = readGeoJson(path);
      return {
        crs: doc.crs,
        layer: doc.name ?? baseName(path),
        features: doc.features,
        close: () => undefined,
      };
    }
    default:
      throw new UnsupportedFormatError(`no spatial reader for ${ext || 'a file without extension'}: ${path}`);
  }
}

const baseName = (path: string): string => (path.split(/[\\/]/).pop() ?? path).replace(/\.[^.]+$/, '');

/** Maps every position of a geometry. */
export function mapPositions(g: Geometry, f: (p: Position) => Position): Geometry {
  switch (g.type) {
    case 'Point':
      return { type: 'Point', coordinates: f(g.coordinates) };
    case 'MultiPoint':
      return { type: 'MultiPoint', coordinates: g.coordinates.map(f) };
    case 'LineString':
      return { type: 'LineString', coordinates: g.coordinates.map(f) };
    case 'MultiLineString':
      return { type: 'MultiLineString', coordinates: g.coordinates.map((l) => l.map(f)) };
    case 'Polygon':
      return { type: 'Polygon', coordinates: g.coordinates.map((r) => r.map(f)) };
    case 'MultiPolygon':
      return { type: 'MultiPolygon', coordinates: g.coordinates.map((p) => p.map((r) => r.map(f))) };
  }
}

/**
 * The geometry in BNG metres: unchanged for 27700, projected for 4326 (lon, lat order as in GeoJSON/WKT).
 * An unknown CRS is an error: guessing would put features kilometres off.
 */
export function geometryToBng(g: Geometry, crs: Crs): Geometry {
  if (crs === 27700) return g;
  if (crs === 4326)
    return mapPositions(g, ([lon, lat]) => {
      const { x, y } = wgs84ToBng(lon, lat);
      return [x, y];
    });
  throw new Error('unknown coordinate reference system: cannot convert to British National Grid');
}

export function toBng<F extends Feature>(feature: F, crs: Crs): F {
  return feature.geometry ? { ...feature, geometry: geometryToBng(feature.geometry, crs) } : feature;
}
