// Large features cut into small pieces, so that a query touches only the few pieces near it (a river's flood
// zone can have 100,000 vertices and cross dozens of tiles).
//
// A feature's bounding box is bisected along its longer side until each piece has at most `maxVertices`
// boundary vertices and is at most `maxSize` metres on a side. The boxes of one feature tile its bounding
// box without overlap, so answers over the pieces of ONE feature equal answers over the whole feature:
// - containment: a point on the feature's real boundary is contained; otherwise it is in exactly one
//   piece's clipped area (the half-open parity rules of point-in-polygon.ts resolve shared box edges);
// - distance: the minimum over pieces of the distance to each piece's real boundary `lines`;
// - area within a circle: the sum over pieces (their areas do not overlap).
import type { BBox, Geometry, PolygonCoords, Position } from './geometry';
import { circleIntersectionArea } from './circle-area';
import { clipLineToBox, clipPolygonArea } from './clip';
import { nearestOnLines, type NearestPoint } from './nearest';
import { linesOf, normalizePolygon, polygonsOf } from './orient';
import { BOUNDARY_TOLERANCE, isOnLines, parityContains } from './point-in-polygon';

export interface Piece {
  /** Envelope of the piece's content (within the box it was cut to). */
  bbox: BBox;
  /** Polygon features: the area inside the piece's box (may contain zero-width spikes along the box edge). */
  polygons?: PolygonCoords[];
  /** Polygon features: the real boundary within the box. Line and point features: the clipped linework. */
  lines: Position[][];
}

export interface PieceOptions {
  maxVertices?: number;
  maxSize?: number;
}

// Guard against endless bisection of pathological input (e.g. thousands of coincident vertices).
const MAX_DEPTH = 40;

/** Cut a geometry into pieces (a small geometry is one piece holding its own, normalised, geometry). */
export function toPieces(geometry: Geometry, options: PieceOptions = {}): Piece[] {
  const maxVertices = options.maxVertices ?? 256;
  const maxSize = options.maxSize ?? 2000;
  const isArea = geometry.type === 'Polygon' || geometry.type === 'MultiPolygon';
  const polygons = isArea ? polygonsOf(geometry).map(normalizePolygon) : undefined;
  const lines = isArea ? polygons!.flat() : linesOf(geometry);
  const box = envelope(lines);
  if (box === null) return [];
  const out: Piece[] = [];
  split(box, polygons, lines, 0);
  return out;

  function split(b: BBox, polys: PolygonCoords[] | undefined, ls: Position[][], depth: number): void {
    const w = b.maxX - b.minX;
    const h = b.maxY - b.minY;
    if ((vertexCount(ls) <= maxVertices && w <= maxSize && h <= maxSize) || depth >= MAX_DEPTH) {
      emit(polys, ls);
      return;
    }
    const [lo, hi]: [BBox, BBox] =
      w >= h
        ? [
            { ...b, maxX: (b.minX + b.maxX) / 2 },
            { ...b, minX: (b.minX + b.maxX) / 2 },
          ]
        : [
            { ...b, maxY: (b.minY + b.maxY) / 2 },
            { ...b, minY: (b.minY + b.maxY) / 2 },
          ];
    for (const child of [lo, hi]) {
      if (polys !== undefined) {
        const clippedPolys: PolygonCoords[] = [];
        for (const polygon of polys) {
          const clipped = clipPolygonArea(polygon, child);
          if (clipped.length > 0) clippedPolys.push(clipped);
        }
        const clippedLines = ls.flatMap((line) => clipLineToBox(line, child));
        if (clippedPolys.length > 0 || clippedLines.length > 0)
          split(child, clippedPolys, clippedLines, depth + 1);
      } else {
        const clippedLines = ls.flatMap((line) => clipLineToBox(line, child));
        if (clippedLines.length > 0) split(child, undefined, clippedLines, depth + 1);
      }
    }
  }

  function emit(polys: PolygonCoords[] | undefined, ls: Position[][]): void {
    const bbox = envelope(polys !== undefined && polys.length > 0 ? polys.flat() : ls);
    if (bbox === null) return;
    out.push(polys !== undefined ? { bbox, polygons: polys, lines: ls } : { bbox, lines: ls });
  }
}

function vertexCount(lines: Position[][]): number {
  let n = 0;
  for (const line of lines) n += line.length;
  return n;
}

function envelope(lines: Position[][]): BBox | null {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const line of lines)
    for (const p of line) {
      if (p[0] < minX) minX = p[0];
      if (p[0] > maxX) maxX = p[0];
      if (p[1] < minY) minY = p[1];
      if (p[1] > maxY) maxY = p[1];
    }
  return minX === Infinity ? null : { minX, minY, maxX, maxY };
}

function boxContains(b: BBox, p: Position): boolean {
  return p[0] >= b.minX && p[0] <= b.maxX && p[1] >= b.minY && p[1] <= b.maxY;
}

/**
 * Whether the feature these pieces come from contains p (its boundary counts as inside, as containsPoint).
 * Pass all of the feature's pieces whose bbox contains p (more do no harm).
 */
export function piecesContain(pieces: readonly Piece[], p: Position): boolean {
  for (const piece of pieces) {
    if (piece.polygons === undefined || !boxContains(piece.bbox, p)) continue;
    if (isOnLines(piece.lines, p)) return true;
    if (parityContains(piece.polygons, p)) return true;
  }
  return false;
}

/**
 * Distance from p to the feature: 0 with point = p when an area feature contains p, else the nearest point
 * of its real boundary (or of its linework). Null when there is nothing. Pass every piece that could be
 * nearest (e.g. all pieces whose bbox is within the search radius).
 */
export function distanceToPieces(pieces: readonly Piece[], p: Position): NearestPoint | null {
  // Same answer as piecesContain-then-nearest, in two passes instead of three: parity first; the boundary
  // test is the nearest-point search itself (within BOUNDARY_TOLERANCE of an area's boundary = contained).
  for (const piece of pieces) {
    if (piece.polygons !== undefined && boxContains(piece.bbox, p) && parityContains(piece.polygons, p)) {
      return { point: [p[0], p[1]], distance: 0 };
    }
  }
  let best: NearestPoint | null = null;
  let bestIsArea = false;
  for (const piece of pieces) {
    if (best !== null && boxDistance(piece.bbox, p) >= best.distance) continue;
    const n = nearestOnLines(p, piece.lines);
    if (n !== null && (best === null || n.distance < best.distance)) {
      best = n;
      bestIsArea = piece.polygons !== undefined;
    }
  }
  if (best !== null && bestIsArea && best.distance <= BOUNDARY_TOLERANCE)
    return { point: [p[0], p[1]], distance: 0 };
  return best;
}

/**
 * `distanceToPieces([piece], p)` without the array: the exact distance from p to one piece (0 with point = p
 * when an area piece contains p or p is on its real boundary). The flood scans call it per candidate piece.
 */
export function distanceToPiece(piece: Piece, p: Position): NearestPoint | null {
  if (piece.polygons !== undefined && boxContains(piece.bbox, p) && parityContains(piece.polygons, p))
    return { point: [p[0], p[1]], distance: 0 };
  const n = nearestOnLines(p, piece.lines);
  if (n !== null && piece.polygons !== undefined && n.distance <= BOUNDARY_TOLERANCE)
    return { point: [p[0], p[1]], distance: 0 };
  return n;
}

/** Area in m² of the feature within the circle: the sum over its (non-overlapping) pieces. */
export function areaWithinCircle(pieces: readonly Piece[], centre: Position, radius: number): number {
  let total = 0;
  for (const piece of pieces) {
    if (piece.polygons === undefined || boxDistance(piece.bbox, centre) >= radius) continue;
    total += circleIntersectionArea(piece.polygons, centre, radius);
  }
  const full = Math.PI * radius * radius;
  return total > full ? full : total;
}

/** Distance from p to a box (0 inside it). */
export function boxDistance(b: BBox, p: Position): number {
  const dx = p[0] < b.minX ? b.minX - p[0] : p[0] > b.maxX ? p[0] - b.maxX : 0;
  const dy = p[1] < b.minY ? b.minY - p[1] : p[1] > b.maxY ? p[1] - b.maxY : 0;
  return Math.sqrt(dx * dx + dy * dy);
}
