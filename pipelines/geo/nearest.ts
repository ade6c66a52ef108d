// Nearest point on segments, lines and polygon boundaries, by exhaustive projection onto every segment: exact
// (to floating point), and fast enough because callers hand in only the pieces near the query (pieces.ts).
import type { PolygonCoords, Position } from './geometry';
import { containsPoint } from './point-in-polygon';

export interface NearestPoint {
  point: Position;
  distance: number;
}

/** The point of segment ab closest to p (a itself when the segment has zero length). */
export function nearestPointOnSegment(p: Position, a: Position, b: Position): Position {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const len2 = dx * dx + dy * dy;
  if (len2 === 0) return [a[0], a[1]];
  const t = ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len2;
  if (t <= 0) return [a[0], a[1]];
  if (t >= 1) return [b[0], b[1]];
  return [a[0] + t * dx, a[1] + t * dy];
}

/**
 * The closest point to p over a set of lines (a one-position line is a point) and its distance in metres;
 * null when there is no position at all. Ties keep the first segment found.
 */
export function nearestOnLines(p: Position, lines: Position[][]): NearestPoint | null {
  const px = p[0];
  const py = p[1];
  let best = Infinity;
  let bx = 0;
  let by = 0;
  for (const line of lines) {
    const n = line.length;
    if (n === 0) continue;
    if (n === 1) {
      const q = line[0]!;
      const d2 = (q[0] - px) ** 2 + (q[1] - py) ** 2;
      if (d2 < best) {
        best = d2;
        bx = q[0];
        by = q[1];
      }
      continue;
    }
    for (let i = 0; i < n - 1; i++) {
      const a = line[i]!;
      const b = line[i + 1]!;
      const ax = a[0];
      const ay = a[1];
      const dx = b[0] - ax;
      const dy = b[1] - ay;
      const len2 = dx * dx + dy * dy;
      let t = len2 === 0 ? 0 : ((px - ax) * dx + (py - ay) * dy) / len2;
      if (t < 0) t = 0;
      else if (t > 1) t = 1;
      const qx = t === 1 ? b[0] : ax + t * dx;
      const qy = t === 1 ? b[1] : ay + t * dy;
      const d2 = (qx - px) ** 2 + (qy - py) ** 2;
      if (d2 < best) {
        best = d2;
        bx = qx;
        by = qy;
      }
    }
  }
  return best === Infinity ? null : { point: [bx, by], distance: Math.sqrt(best) };
}

/**
 * Nearest point of a polygon set as an area: p itself at distance 0 when p is inside or on the boundary
 * (containsPoint), otherwise the nearest point of any ring. Null for an empty set.
 */
export function nearestOnPolygons(p: Position, polygons: PolygonCoords[]): NearestPoint | null {
  if (polygons.length === 0) return null;
  if (containsPoint(polygons, p)) return { point: [p[0], p[1]], distance: 0 };
  return nearestOnLines(p, polygons.flat());
}
