// Exact area of (F1 ∪ F2 ∪ …) ∩ disc for polygon features given as pieces (pieces.ts).
//
// Summing each feature's area within the circle counts twice the ground that two features share (a play
// space inside a park, two conservation areas drawn over the same streets). The union is what "the area of
// the circle covered by the layer" means. With the pieces near the disc in some order a1, a2, …:
//
//   area(∪ ai ∩ D) = Σi [ area(ai ∩ D) − area(ai ∩ (a1 ∪ … ∪ ai−1) ∩ D) ]
//
// and the second term needs only the EARLIER pieces that overlap ai, cut to ai's box. So:
// 1. pieces whose box misses the disc are dropped; the rest are ordered largest box first;
// 2. pairs of pieces of DIFFERENT features are related: boxes first (overlapping within reach of the disc),
//    then edges and vertices (union-area-relate.ts). Pieces of one feature never overlap (pieces.ts) and are
//    never compared;
// 3. a piece with no earlier overlapping piece adds its own area within the disc (circleIntersectionArea,
//    exact); one lying wholly inside an earlier piece (a play space in a park, ordered after the park) adds
//    nothing; otherwise its overlap with the union of its earlier neighbours is computed by polygon-clipping
//    (a sweep-line boolean operation, on polygons cut to the piece's box) and measured exactly in the disc.
// Most points have no overlapping features near them, and then the only cost over the plain sum is the box
// test of step 2.
import polygonClipping from 'polygon-clipping';
import type { BBox, PolygonCoords, Position } from './geometry';
import { circleIntersectionArea } from './circle-area';
import { clipPolygonArea } from './clip';
import { boxDistance, type Piece } from './pieces';
import { relate } from './union-area-relate';

export interface FeaturePiece {
  /** Identifies the feature the piece was cut from: pieces of one feature are never compared. */
  feature: string | number;
  piece: Piece;
}

/** Area in m² of the union of the features' polygons within the disc (never above π·r²). */
export function unionAreaWithinCircle(
  pieces: readonly FeaturePiece[],
  centre: Position,
  radius: number,
): number {
  if (!(radius > 0)) return 0;
  const near = pieces
    .filter((p) => p.piece.polygons !== undefined && boxDistance(p.piece.bbox, centre) < radius)
    .sort(largestFirst);
  const earlier = earlierOverlaps(near, centre, radius);
  let total = 0;
  for (let i = 0; i < near.length; i++) {
    const polygons = near[i]!.piece.polygons!;
    const own = circleIntersectionArea(polygons, centre, radius);
    const before = earlier[i];
    if (before === undefined || own === 0) total += own;
    else if (before.inside)
      continue; // wholly covered by an earlier piece
    else {
      const box = near[i]!.piece.bbox;
      const others = before.pieces.map((j) => clipTo(near[j]!.piece, box) as Multi);
      // One sweep for the usual single neighbour; the union of several first, so shared ground counts once.
      const covered = polygonClipping.intersection(
        polygons as Multi,
        others.length === 1 ? others[0]! : polygonClipping.union(others[0]!, ...others.slice(1)),
      ) as PolygonCoords[];
      total += own - circleIntersectionArea(covered, centre, radius);
    }
  }
  const full = Math.PI * radius * radius;
  return total < 0 ? 0 : total > full ? full : total;
}

type Multi = [number, number][][][];

interface Earlier {
  /** Earlier pieces (indexes) whose areas may overlap this one. */
  pieces: number[];
  /** Some earlier piece contains this one wholly. */
  inside: boolean;
}

/**
 * For each piece (by index in `near`), the earlier pieces of other features that may overlap it within reach
 * of the disc. Sweep over x: pieces visited by minX, each compared with the open ones only.
 */
function earlierOverlaps(
  near: readonly FeaturePiece[],
  centre: Position,
  radius: number,
): (Earlier | undefined)[] {
  const out: (Earlier | undefined)[] = new Array(near.length);
  const order = near.map((_, i) => i).sort((a, b) => near[a]!.piece.bbox.minX - near[b]!.piece.bbox.minX);
  const open: number[] = [];
  for (const i of order) {
    const bi = near[i]!.piece.bbox;
    let w = 0;
    for (const j of open) {
      const bj = near[j]!.piece.bbox;
      if (bj.maxX <= bi.minX) continue; // closed: no later piece can reach it either
      open[w++] = j;
      if (near[j]!.feature === near[i]!.feature) continue;
      const overlap = boxOverlap(bi, bj);
      if (overlap === null || boxDistance(overlap, centre) >= radius) continue;
      const [first, second] = i < j ? [i, j] : [j, i];
      const relation = relate(near[second]!.piece, near[first]!.piece);
      if (relation === 'disjoint') continue;
      const entry = (out[second] ??= { pieces: [], inside: false });
      entry.pieces.push(first);
      if (relation === 'a_in_b') entry.inside = true;
    }
    open.length = w;
    open.push(i);
  }
  return out;
}

function boxOverlap(a: BBox, b: BBox): BBox | null {
  const minX = Math.max(a.minX, b.minX);
  const minY = Math.max(a.minY, b.minY);
  const maxX = Math.min(a.maxX, b.maxX);
  const maxY = Math.min(a.maxY, b.maxY);
  return minX < maxX && minY < maxY ? { minX, minY, maxX, maxY } : null;
}

const boxArea = (b: BBox): number => (b.maxX - b.minX) * (b.maxY - b.minY);

/** Largest box first; ties by position then feature, so the order (and the rounding) is the same whatever
 * order the candidates came in (batch tiles or a live query). */
function largestFirst(a: FeaturePiece, b: FeaturePiece): number {
  const p = a.piece.bbox;
  const q = b.piece.bbox;
  return (
    boxArea(q) - boxArea(p) ||
    p.minX - q.minX ||
    p.minY - q.minY ||
    p.maxX - q.maxX ||
    p.maxY - q.maxY ||
    (String(a.feature) < String(b.feature) ? -1 : String(a.feature) > String(b.feature) ? 1 : 0)
  );
}

/** A piece's polygons cut to a box (Sutherland–Hodgman: exact for area). */
function clipTo(piece: Piece, box: BBox): PolygonCoords[] {
  const out: PolygonCoords[] = [];
  for (const polygon of piece.polygons!) {
    const c = clipPolygonArea(polygon, box);
    if (c.length > 0) out.push(c);
  }
  return out;
}
