// The stored form of a piece (a row of the flood_pieces Parquet tables and a document of the feature index)
// and its way back to a `PieceRecord`. One shape for both stores, so batch and live read identical pieces.
import { bngToWgs84 } from '../geo/bng';
import type { Position, PolygonCoords } from '../geo/geometry';
import type { Piece } from '../geo/pieces';
import { tilesIntersecting } from '../geo/tiles';
import type { Family, PieceRecord } from '../transforms/flood/candidates';

export interface StoredPiece {
  family: Family;
  layer: string;
  feature_id: string;
  /** Publisher's country ('England' ...) when the family has one. */
  country: string | null;
  /** The 10 km tile holding the piece's bbox centre (sort key; queries filter on the bbox columns). */
  tile: string;
  attrs: unknown;
  geometry: { polygons?: PolygonCoords[]; lines: Position[][] };
  minx: number;
  miny: number;
  maxx: number;
  maxy: number;
}

export function toStoredPiece(
  family: Family,
  layer: string,
  featureId: string,
  country: string | null,
  tile: string,
  attrs: unknown,
  piece: Piece,
): StoredPiece {
  return {
    family,
    layer,
    feature_id: featureId,
    country,
    tile,
    attrs,
    geometry: piece.polygons ? { polygons: piece.polygons, lines: piece.lines } : { lines: piece.lines },
    minx: piece.bbox.minX,
    miny: piece.bbox.minY,
    maxx: piece.bbox.maxX,
    maxy: piece.bbox.maxY,
  };
}

const parsed = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

/** From a Parquet row (JSON columns arrive as strings) or an Elasticsearch `_source`. */
export function fromStoredPiece(row: StoredPiece | Record<string, unknown>): PieceRecord {
  const r = row as Record<string, unknown>;
  const geometry = parsed<StoredPiece['geometry']>(r.geometry);
  const piece: Piece = {
    bbox: { minX: Number(r.minx), minY: Number(r.miny), maxX: Number(r.maxx), maxY: Number(r.maxy) },
    lines: geometry.lines,
  };
  if (geometry.polygons) piece.polygons = geometry.polygons;
  return {
    layer: String(r.layer),
    featureId: String(r.feature_id),
    attrs: parsed(r.attrs),
    piece,
    bbox: piece.bbox,
  };
}

/**
 * The feature index document of a stored piece, with `tiles`: every 10 km tile its envelope meets (the
 * index's coarse filter, right for pieces of any size). Coast pieces also get their box centre as a
 * geo_point: the coast has no search radius, and a distance sort on it finds a first piece whose exact
 * distance bounds the envelope search (pipelines/enrich/es-candidates.ts).
 */
export function featureDocument(row: StoredPiece | Record<string, unknown>): Record<string, unknown> {
  const r = row as Record<string, unknown>;
  const box = { minX: Number(r.minx), minY: Number(r.miny), maxX: Number(r.maxx), maxY: Number(r.maxy) };
  const doc = { ...r, tiles: tilesIntersecting(box) };
  if (r.family !== 'coast') return doc;
  const { latitude, longitude } = bngToWgs84((box.minX + box.maxX) / 2, (box.minY + box.maxY) / 2);
  return { ...doc, centre: { lat: latitude, lon: longitude } };
}
