// The GeoJSON features of GET /features, from the very pieces and points the live answers read (the flood and
// location feature indexes): pure, so the repository only fetches. A feature is kept when some piece of it
// comes within the radius of the point; its geometry is those pieces (large features are stored cut into
// pieces of at most 2 km), and its distance the exact one the answers measure (0 inside).
import type { FeatureLayer, MapFeature } from '../schemas/api/features';
import { bngToWgs84 } from '../pipelines/geo/bng';
import type { PolygonCoords, Position } from '../pipelines/geo/geometry';
import { nearestOnLines, nearestOnPolygons } from '../pipelines/geo/nearest';
import { boxDistance, distanceToPiece } from '../pipelines/geo/pieces';
import { nearestWithin, type PieceRecord } from '../pipelines/transforms/flood/candidates';
import { metres, roundTo } from '../pipelines/transforms/flood/output';
import type { PointRecord } from '../pipelines/transforms/planning/candidates';

type Props = Record<string, unknown>;
type LonLat = [number, number];

/** A layer's pieces and how their properties read (its attributes, by default). */
export interface PieceLayer {
  layer: FeatureLayer;
  records: readonly PieceRecord[];
  /** Groups pieces into one feature (default the feature id) and names it in the feature's `id`. */
  key?: (rec: PieceRecord) => string;
  properties?: (rec: PieceRecord) => Props;
}

export interface PointLayer {
  layer: FeatureLayer;
  points: readonly PointRecord[];
}

const lonLat = ([x, y]: Position): LonLat => {
  const { latitude, longitude } = bngToWgs84(x, y);
  return [roundTo(longitude, 7), roundTo(latitude, 7)];
};
const closed = (ring: Position[]): LonLat[] => {
  const out = ring.map(lonLat);
  const [a, b] = [out[0], out.at(-1)];
  if (a && b && (a[0] !== b[0] || a[1] !== b[1])) out.push(a);
  return out;
};

/** Distance from p to what a piece draws: its clipped area (0 inside) or its lines. */
function drawnDistance(rec: PieceRecord, p: Position): number {
  const { polygons, lines } = rec.piece;
  const n = polygons ? nearestOnPolygons(p, polygons) : nearestOnLines(p, lines);
  return n?.distance ?? Infinity;
}

function geometryOf(pieces: readonly PieceRecord[]): MapFeature['geometry'] {
  const polygons: PolygonCoords[] = pieces.flatMap((r) => r.piece.polygons ?? []);
  if (polygons.length) {
    const coords = polygons.map((poly) => poly.map(closed));
    return coords.length === 1
      ? { type: 'Polygon', coordinates: coords[0]! }
      : { type: 'MultiPolygon', coordinates: coords };
  }
  const lines = pieces.flatMap((r) => r.piece.lines).map((l) => l.map(lonLat));
  return lines.length === 1
    ? { type: 'LineString', coordinates: lines[0]! }
    : { type: 'MultiLineString', coordinates: lines };
}

const byDistanceThenId = (a: MapFeature, b: MapFeature): number =>
  a.properties.distance - b.properties.distance || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** The features of one layer with a piece drawn within `radius` of p, nearest first. */
export function pieceFeatures(spec: PieceLayer, p: Position, radius: number): MapFeature[] {
  const key = spec.key ?? ((rec: PieceRecord) => rec.featureId);
  const groups = new Map<string, PieceRecord[]>();
  for (const rec of spec.records) {
    if (boxDistance(rec.bbox, p) > radius || drawnDistance(rec, p) > radius) continue;
    const k = key(rec);
    const list = groups.get(k);
    if (list) list.push(rec);
    else groups.set(k, [rec]);
  }
  const out: MapFeature[] = [];
  for (const [k, pieces] of groups) {
    // The feature's exact distance, as the answers measure it: 0 inside, else its nearest real boundary,
    // which lies in a piece drawn within the radius (a piece with no real boundary is all inside the feature,
    // so its drawn distance is never below the feature's).
    const distance = Math.min(
      ...pieces.map((r) => distanceToPiece(r.piece, p)?.distance ?? drawnDistance(r, p)),
    );
    const first = pieces[0]!;
    out.push({
      type: 'Feature',
      id: `${spec.layer}:${k}`,
      geometry: geometryOf(pieces),
      properties: {
        layer: spec.layer,
        feature_id: first.featureId,
        distance: metres(distance),
        ...(spec.properties ? spec.properties(first) : (first.attrs as Props)),
      },
    });
  }
  return out.sort(byDistanceThenId);
}

/** The points of one layer within `radius` of p, nearest first. */
export function pointFeatures(spec: PointLayer, p: Position, radius: number): MapFeature[] {
  const out: MapFeature[] = [];
  for (const pt of spec.points) {
    const distance = Math.hypot(pt.position[0] - p[0], pt.position[1] - p[1]);
    if (distance > radius) continue;
    out.push({
      type: 'Feature',
      id: `${spec.layer}:${pt.id}`,
      geometry: { type: 'Point', coordinates: lonLat(pt.position) },
      properties: {
        layer: spec.layer,
        feature_id: pt.id,
        distance: metres(distance),
        ...(pt.attrs as Props),
      },
    });
  }
  return out.sort(byDistanceThenId);
}

/**
 * The nearest coast, wherever it is, as GET /flood-risk's nearest_coastal_point finds it among `coast` (every
 * piece that can be nearest): the nearest point, and the piece holding it when its feature is not already
 * among the coast features drawn within the radius. None when there is no coast at all.
 */
export function nearestCoastFeatures(
  coast: readonly PieceRecord[],
  p: Position,
  withinRadius: readonly MapFeature[],
): MapFeature[] {
  const nearest = nearestWithin(coast, p, Infinity);
  if (!nearest) return [];
  const point: MapFeature = {
    type: 'Feature',
    id: `nearest_coastal_point:${nearest.featureId}`,
    geometry: { type: 'Point', coordinates: lonLat(nearest.point) },
    properties: {
      layer: 'nearest_coastal_point',
      feature_id: nearest.featureId,
      distance: metres(nearest.distance),
    },
  };
  if (withinRadius.some((f) => f.properties.feature_id === nearest.featureId)) return [point];
  const piece = coast
    .filter((r) => r.featureId === nearest.featureId && r.layer === nearest.layer)
    .reduce((a, b) =>
      (distanceToPiece(b.piece, p)?.distance ?? Infinity) <
      (distanceToPiece(a.piece, p)?.distance ?? Infinity)
        ? b
        : a,
    );
  const line: MapFeature = {
    type: 'Feature',
    id: `coast:${nearest.featureId}`,
    geometry: geometryOf([piece]),
    properties: {
      layer: 'coast',
      feature_id: nearest.featureId,
      distance: metres(nearest.distance),
      ...(piece.attrs as Props),
    },
  };
  return [line, point];
}
