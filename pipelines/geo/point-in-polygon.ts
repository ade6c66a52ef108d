// Point in polygon for polygon sets (multipolygons with holes), with an explicit boundary class.
//
// Interior test: even-odd crossing parity over every ring of a polygon, with a horizontal ray to +x and the
// half-open rules `(yi > y) !== (yj > y)` and `x < xCrossing`. Those rules make a point that lies exactly on
// an edge behave as if it were nudged by +ε in x and y, which is what lets pieces of one feature that share a
// box edge resolve such a point in exactly one piece (pieces.ts). The boundary class is decided separately,
// by distance to the edges, with BOUNDARY_TOLERANCE.
import type { PolygonCoords, Position, Ring } from './geometry';

/** A point within this many metres of an edge is on the boundary (1 nm: far below survey precision). */
export const BOUNDARY_TOLERANCE = 1e-9;

export type PointLocation = 'inside' | 'boundary' | 'outside';

/** Crossing parity of one ring (true when the ray crosses an odd number of its edges). */
export function ringParity(ring: Ring, x: number, y: number): boolean {
  let inside = false;
  for (let i = 0, n = ring.length - 1; i < n; i++) {
    const a = ring[i]!;
    const b = ring[i + 1]!;
    const ay = a[1];
    const by = b[1];
    if (ay > y !== by > y) {
      const xc = a[0] + ((y - ay) * (b[0] - a[0])) / (by - ay);
      if (x < xc) inside = !inside;
    }
  }
  return inside;
}

/** Interior by parity alone (no boundary class): inside some polygon's outer ring and none of its holes. */
export function parityContains(polygons: PolygonCoords[], p: Position): boolean {
  const [x, y] = p;
  for (const polygon of polygons) {
    let inside = false;
    for (const ring of polygon) if (ringParity(ring, x, y)) inside = !inside;
    if (inside) return true;
  }
  return false;
}

/** True when p is within `tolerance` of a segment of one of the lines (or of a one-position line's point). */
export function isOnLines(lines: Position[][], p: Position, tolerance = BOUNDARY_TOLERANCE): boolean {
  const [x, y] = p;
  const t2 = tolerance * tolerance;
  for (const line of lines) {
    if (line.length === 1) {
      const q = line[0]!;
      if ((q[0] - x) ** 2 + (q[1] - y) ** 2 <= t2) return true;
      continue;
    }
    for (let i = 0, n = line.length - 1; i < n; i++) {
      const a = line[i]!;
      const b = line[i + 1]!;
      // Cheap envelope rejection before the projection.
      if (x < Math.min(a[0], b[0]) - tolerance || x > Math.max(a[0], b[0]) + tolerance) continue;
      if (y < Math.min(a[1], b[1]) - tolerance || y > Math.max(a[1], b[1]) + tolerance) continue;
      if (segmentDistanceSquared(x, y, a, b) <= t2) return true;
    }
  }
  return false;
}

function segmentDistanceSquared(x: number, y: number, a: Position, b: Position): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const len2 = dx * dx + dy * dy;
  let t = len2 === 0 ? 0 : ((x - a[0]) * dx + (y - a[1]) * dy) / len2;
  if (t < 0) t = 0;
  else if (t > 1) t = 1;
  const ex = a[0] + t * dx - x;
  const ey = a[1] + t * dy - y;
  return ex * ex + ey * ey;
}

/**
 * Where p lies relative to a set of polygons (outer ring first, then holes; any orientation). 'boundary'
 * when p is within BOUNDARY_TOLERANCE of any ring edge and not strictly inside another polygon of the set.
 * Polygons of a set are taken as a union (a point strictly inside any of them is inside).
 */
export function locatePoint(p: Position, polygons: PolygonCoords[]): PointLocation {
  let onBoundary = false;
  for (const polygon of polygons) {
    const c = classifyPolygon(polygon, p[0], p[1]);
    if (c === INSIDE) return 'inside';
    if (c === BOUNDARY) onBoundary = true;
  }
  return onBoundary ? 'boundary' : 'outside';
}

const OUTSIDE = 0;
const BOUNDARY = 1;
const INSIDE = 2;

/** One pass over a polygon's edges: parity and boundary distance together (the hot path of containsPoint). */
function classifyPolygon(polygon: PolygonCoords, x: number, y: number): number {
  const tol = BOUNDARY_TOLERANCE;
  const t2 = tol * tol;
  let inside = false;
  for (const ring of polygon) {
    for (let i = 0, n = ring.length - 1; i < n; i++) {
      const a = ring[i]!;
      const b = ring[i + 1]!;
      const ax = a[0];
      const ay = a[1];
      const bx = b[0];
      const by = b[1];
      if (ay > y !== by > y) {
        const xc = ax + ((y - ay) * (bx - ax)) / (by - ay);
        if (x < xc) inside = !inside;
      }
      if (
        y >= (ay < by ? ay : by) - tol &&
        y <= (ay > by ? ay : by) + tol &&
        x >= (ax < bx ? ax : bx) - tol &&
        x <= (ax > bx ? ax : bx) + tol &&
        segmentDistanceSquared(x, y, a, b) <= t2
      ) {
        return BOUNDARY;
      }
    }
  }
  return inside ? INSIDE : OUTSIDE;
}

/**
 * True when p is inside the polygon set or on its boundary: a home on the edge of a flood zone counts as in
 * it (the conservative reading for risk, and what PostGIS ST_Intersects / Shapely `intersects` answer).
 */
export function containsPoint(polygons: PolygonCoords[], p: Position): boolean {
  return locatePoint(p, polygons) !== 'outside';
}
