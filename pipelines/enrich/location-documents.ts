// The stored form of the location layers in the location feature index (pipelines/assets/
// location-feature-index.ts) and the way back to the records the batch blocks read. One document per:
//   - polygon piece (planning areas, low emission zones, boundaries, greenspace): envelope minx..maxy, box
//     centre as a geo_point (a distance sort finds a first nearest piece), geometry and attrs unindexed;
//   - point (listed buildings, charge points, airports, landslides, defibrillators, NHS sites, live postcode
//     centroids): minx = maxx = x, miny = maxy = y, so the same envelope ranges select them, and the point as
//     `centre` (a postcode's feature_id is the postcode, its attrs its LSOA and country codes);
//   - grid cell (air quality per pollutant, radon): `key` "<cellX>,<cellY>" (plus the pollutant);
//   - area row by code (house price index, fuel poverty): `key` the GSS code.
// This Elasticsearch has no geo_shape (DESIGN.md 3): envelopes are numeric ranges, geometry is refined in Node.
import type { ServiceConfig } from '../config';
import { bngToWgs84 } from '../geo/bng';
import type { Position } from '../geo/geometry';
import type { Piece } from '../geo/pieces';
import type { PieceRecord } from '../transforms/flood/candidates';
import type { PointRecord } from '../transforms/planning/candidates';

/** The alias GET /location reads; each refresh points it at a new versioned index. */
export const locationFeaturesAlias = (config: Pick<ServiceConfig, 'indexPrefix'>): string =>
  `${config.indexPrefix}-location-features`;

export const LOCATION_FEATURE_INDEX_MAPPING = {
  dynamic: 'strict',
  properties: {
    family: { type: 'keyword' },
    feature_id: { type: 'keyword' },
    key: { type: 'keyword' },
    centre: { type: 'geo_point' },
    minx: { type: 'double' },
    miny: { type: 'double' },
    maxx: { type: 'double' },
    maxy: { type: 'double' },
    attrs: { type: 'object', enabled: false },
    geometry: { type: 'object', enabled: false },
  },
} as const;

export type LocationDocument = Record<string, unknown>;

const centreOf = (x: number, y: number) => {
  const { latitude, longitude } = bngToWgs84(x, y);
  return { lat: latitude, lon: longitude };
};

export function pieceDocument(
  family: string,
  featureId: string,
  attrs: unknown,
  piece: Piece,
): LocationDocument {
  const b = piece.bbox;
  return {
    family,
    feature_id: featureId,
    attrs,
    geometry: piece.polygons ? { polygons: piece.polygons, lines: piece.lines } : { lines: piece.lines },
    minx: b.minX,
    miny: b.minY,
    maxx: b.maxX,
    maxy: b.maxY,
    centre: centreOf((b.minX + b.maxX) / 2, (b.minY + b.maxY) / 2),
  };
}

export function pointDocument(family: string, record: PointRecord): LocationDocument {
  const [x, y] = record.position;
  return {
    family,
    feature_id: record.id,
    attrs: record.attrs,
    minx: x,
    miny: y,
    maxx: x,
    maxy: y,
    centre: centreOf(x, y),
  };
}

export const cellKey = (cellX: number, cellY: number, pollutant?: string): string =>
  pollutant ? `${pollutant}:${cellX},${cellY}` : `${cellX},${cellY}`;

export function keyedDocument(family: string, key: string, attrs: unknown): LocationDocument {
  return { family, key, attrs };
}

type Source = Record<string, unknown>;

export function pieceFromDocument<A>(d: Source): PieceRecord<A> {
  const geometry = d.geometry as { polygons?: Piece['polygons']; lines: Position[][] };
  const piece: Piece = {
    bbox: { minX: Number(d.minx), minY: Number(d.miny), maxX: Number(d.maxx), maxY: Number(d.maxy) },
    lines: geometry.lines,
  };
  if (geometry.polygons) piece.polygons = geometry.polygons;
  return {
    layer: String(d.family),
    featureId: String(d.feature_id),
    attrs: d.attrs as A,
    piece,
    bbox: piece.bbox,
  };
}

export function pointFromDocument<A>(d: Source): PointRecord<A> {
  return { id: String(d.feature_id), position: [Number(d.minx), Number(d.miny)], attrs: d.attrs as A };
}
