// Clipping to an axis-aligned box (pieces.ts cuts large features into box-sized pieces).
//
// Polygons: Sutherland–Hodgman, ring by ring. Its output is exact for area and containment but where the
// polygon leaves the box and comes back it runs along the box edge, leaving zero-width spikes and edges
// that are NOT part of the feature's boundary. So the clip also returns the real boundary (the original
// ring edges clipped as lines), which is what distances must be measured to.
// Lines: Liang–Barsky per segment; a line that leaves the box and re-enters becomes several parts.
import type { BBox, PolygonCoords, Position, Ring } from './geometry';

export interface ClippedPolygon {
  /** Outer ring then holes, clipped; [] when nothing of the polygon's area is in the box. */
  polygon: PolygonCoords;
  /** The polygon's own ring edges inside the (closed) box: its real boundary there. */
  boundary: Position[][];
}

export function clipPolygonToBox(polygon: PolygonCoords, box: BBox): ClippedPolygon {
  const boundary: Position[][] = [];
  for (const ring of polygon) for (const part of clipRingLine(ring, box)) boundary.push(part);
  return { polygon: clipPolygonArea(polygon, box), boundary };
}

/** The area part of clipPolygonToBox alone (rings clipped by Sutherland–Hodgman; [] when no area is left). */
export function clipPolygonArea(polygon: PolygonCoords, box: BBox): PolygonCoords {
  const rings: Ring[] = [];
  for (let k = 0; k < polygon.length; k++) {
    const ring = clipRingToBox(polygon[k]!, box);
    if (ring.length === 0) {
      if (k === 0) break; // no outer ring in the box: no area here at all
      continue;
    }
    rings.push(ring);
  }
  return rings;
}

/** A closed ring clipped as a line, with the part through its start joined to the part that closes it. */
function clipRingLine(ring: Ring, box: BBox): Position[][] {
  const parts = clipLineToBox(ring, box);
  if (parts.length >= 2) {
    const first = parts[0]!;
    const last = parts[parts.length - 1]!;
    const end = last[last.length - 1]!;
    if (end === ring[ring.length - 1] && first[0] === ring[0]) {
      parts[0] = [...last, ...first.slice(1)];
      parts.pop();
    }
  }
  return parts;
}

/** Sutherland–Hodgman against the four box edges; [] when fewer than three vertices remain. */
export function clipRingToBox(ring: Ring, box: BBox): Ring {
  // Most rings of a cut feature lie wholly inside or wholly outside a small box: decide those from the
  // ring's envelope without clipping.
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const p of ring) {
    if (p[0] < minX) minX = p[0];
    if (p[0] > maxX) maxX = p[0];
    if (p[1] < minY) minY = p[1];
    if (p[1] > maxY) maxY = p[1];
  }
  if (maxX < box.minX || minX > box.maxX || maxY < box.minY || minY > box.maxY) return [];
  if (minX >= box.minX && maxX <= box.maxX && minY >= box.minY && maxY <= box.maxY) {
    return ring.length >= 4 ? ring : [];
  }
  // Work on the open vertex list (drop the closing repeat).
  let pts: Position[] = ring.slice(0, ring.length - 1);
  pts = clipEdge(pts, 0, box.minX, true);
  pts = clipEdge(pts, 0, box.maxX, false);
  pts = clipEdge(pts, 1, box.minY, true);
  pts = clipEdge(pts, 1, box.maxY, false);
  if (pts.length < 3) return [];
  pts.push([pts[0]![0], pts[0]![1]]);
  return pts;
}

/** Keep the side of the line `coord[axis] = value` that is ≥ value (keepAbove) or ≤ value. */
function clipEdge(pts: Position[], axis: 0 | 1, value: number, keepAbove: boolean): Position[] {
  const n = pts.length;
  if (n === 0) return pts;
  const out: Position[] = [];
  const inside = (p: Position): boolean => (keepAbove ? p[axis] >= value : p[axis] <= value);
  let prev = pts[n - 1]!;
  let prevIn = inside(prev);
  for (let i = 0; i < n; i++) {
    const cur = pts[i]!;
    const curIn = inside(cur);
    if (curIn !== prevIn) out.push(crossing(prev, cur, axis, value));
    if (curIn) out.push(cur);
    prev = cur;
    prevIn = curIn;
  }
  return out;
}

function crossing(a: Position, b: Position, axis: 0 | 1, value: number): Position {
  const other = axis === 0 ? 1 : 0;
  const t = (value - a[axis]) / (b[axis] - a[axis]);
  const o = a[other] + t * (b[other] - a[other]);
  return axis === 0 ? [value, o] : [o, value];
}

/**
 * The parts of a line inside the closed box, in order. A one-position line is kept when its point is in the
 * box. Clipped ends lie on the box edges; unclipped vertices keep their exact coordinates.
 */
export function clipLineToBox(line: Position[], box: BBox): Position[][] {
  const parts: Position[][] = [];
  if (line.length === 1) {
    const p = line[0]!;
    if (p[0] >= box.minX && p[0] <= box.maxX && p[1] >= box.minY && p[1] <= box.maxY) parts.push([p]);
    return parts;
  }
  let current: Position[] | null = null;
  for (let i = 0; i + 1 < line.length; i++) {
    const a = line[i]!;
    const b = line[i + 1]!;
    const seg = clipSegment(a, b, box);
    if (seg === null) {
      current = null;
      continue;
    }
    const [p, q] = seg;
    const last: Position | undefined = current?.[current.length - 1];
    if (current !== null && last !== undefined && last[0] === p[0] && last[1] === p[1]) {
      if (q[0] !== last[0] || q[1] !== last[1]) current.push(q);
    } else {
      current = p[0] === q[0] && p[1] === q[1] ? [p] : [p, q];
      parts.push(current);
    }
    // A segment cut short at its end leaves the box: the next inside stretch is a new part.
    if (q !== b) current = null;
  }
  return parts;
}

/** Liang–Barsky: the part of segment ab inside the closed box, or null. Unclipped ends are returned as is. */
export function clipSegment(a: Position, b: Position, box: BBox): [Position, Position] | null {
  const ax = a[0];
  const ay = a[1];
  const bx = b[0];
  const by = b[1];
  const { minX, minY, maxX, maxY } = box;
  // Fast paths: both ends inside, or both beyond the same side.
  if (
    ax >= minX &&
    ax <= maxX &&
    ay >= minY &&
    ay <= maxY &&
    bx >= minX &&
    bx <= maxX &&
    by >= minY &&
    by <= maxY
  ) {
    return [a, b];
  }
  if (
    (ax < minX && bx < minX) ||
    (ax > maxX && bx > maxX) ||
    (ay < minY && by < minY) ||
    (ay > maxY && by > maxY)
  ) {
    return null;
  }
  const dx = bx - ax;
  const dy = by - ay;
  let t0 = 0;
  let t1 = 1;
  for (let k = 0; k < 4; k++) {
    const p = k === 0 ? -dx : k === 1 ? dx : k === 2 ? -dy : dy;
    const q = k === 0 ? ax - minX : k === 1 ? maxX - ax : k === 2 ? ay - minY : maxY - ay;
    if (p === 0) {
      if (q < 0) return null;
    } else {
      const t = q / p;
      if (p < 0) {
        if (t > t0) t0 = t;
      } else if (t < t1) t1 = t;
    }
  }
  if (t0 > t1) return null;
  const start: Position = t0 === 0 ? a : clampTo(a[0] + t0 * dx, a[1] + t0 * dy, box);
  const end: Position = t1 === 1 ? b : clampTo(a[0] + t1 * dx, a[1] + t1 * dy, box);
  return [start, end];
}

// Rounding can put a computed crossing an ulp outside the box; pull it back onto the edge.
function clampTo(x: number, y: number, box: BBox): Position {
  return [Math.min(Math.max(x, box.minX), box.maxX), Math.min(Math.max(y, box.minY), box.maxY)];
}
