// Whether the areas of two pieces overlap, cheaply and conservatively (union-area.ts decides from it which
// pieces need a boolean operation). 'disjoint', 'a_in_b' and 'b_in_a' are certain; 'overlapping' may be
// said of pieces that only touch (zero-width spikes of clipped pieces, near-misses within the tolerances
// below), which costs a boolean operation, never a wrong area.
//
// Edges are compared only within the two boxes' overlap (any contact lies there):
// - a proper crossing of two edges means the areas overlap;
// - with no contact at all, each ring lies wholly inside or wholly outside the other piece, so a vertex per
//   ring decides (and shows containment);
// - with contacts but no crossing (neighbouring sites that share a boundary, a vertex on the other's edge),
//   the areas overlap exactly when a collinear stretch runs the same way on both (interiors on the same side)
//   or some stretch of one boundary, between contacts, lies strictly inside the other piece.
import type { BBox, PolygonCoords } from './geometry';
import { ringArea } from './orient';
import { parityContains } from './point-in-polygon';
import type { Piece } from './pieces';

export type Relation = 'disjoint' | 'a_in_b' | 'b_in_a' | 'overlapping';

// Cross products (m², on coordinates relative to the first segment's start) below this count as zero: a
// point within 1e-6 m² / |segment| of a line is on it, so a contact is never missed by rounding.
const COLLINEAR = 1e-6;
// A stretch of boundary shorter than this (m) between two contacts is not tested: the contacts are one point
// up to rounding (shared vertices computed from opposite ends), and any overlap it bounds is below 1e-12 m².
const MIN_STRETCH = 1e-6;

export function relate(a: Piece, b: Piece): Relation {
  const box: BBox = {
    minX: Math.max(a.bbox.minX, b.bbox.minX),
    minY: Math.max(a.bbox.minY, b.bbox.minY),
    maxX: Math.min(a.bbox.maxX, b.bbox.maxX),
    maxY: Math.min(a.bbox.maxY, b.bbox.maxY),
  };
  if (box.minX > box.maxX || box.minY > box.maxY) return 'disjoint';
  const ea = edgesIn(a.polygons!, box);
  const eb = edgesIn(b.polygons!, box);
  const na = ea.length / 4;
  const nb = eb.length / 4;
  // Contacts per edge, created on the first one: parameters along the edge, and collinear stretches.
  const ca: (Contacts | undefined)[] = new Array(na);
  const cb: (Contacts | undefined)[] = new Array(nb);
  let touched = false;
  for (let i = 0; i < na; i++)
    for (let j = 0; j < nb; j++) {
      const c = contact(ea, i, eb, j, ca, cb);
      if (c === OVERLAPPING) return 'overlapping';
      if (c === TOUCH) touched = true;
    }
  if (touched)
    return stretchInside(ea, ca, b.polygons!) || stretchInside(eb, cb, a.polygons!)
      ? 'overlapping'
      : 'disjoint';
  const aInB = ringsInside(a.polygons!, b.polygons!);
  const bInA = ringsInside(b.polygons!, a.polygons!);
  if (!aInB.any && !bInA.any) return 'disjoint';
  if (aInB.allOuter && !bInA.any) return 'a_in_b';
  if (bInA.allOuter && !aInB.any) return 'b_in_a';
  return 'overlapping';
}

interface Contacts {
  /** Parameters (0..1 along the edge) where the other piece's boundary meets it. */
  at: number[];
  /** Stretches [from, to] lying along the other piece's boundary. */
  along: number[];
}

/**
 * Edges meeting the box, flattened (x1, y1, x2, y2), each oriented so that its piece's area lies on its left
 * whatever the ring's stored orientation (outer rings counter-clockwise and holes clockwise have it there).
 */
function edgesIn(polygons: PolygonCoords[], box: BBox): number[] {
  const out: number[] = [];
  for (const polygon of polygons)
    for (let k = 0; k < polygon.length; k++) {
      const ring = polygon[k]!;
      const flip = ringArea(ring) > 0 !== (k === 0);
      for (let i = 1; i < ring.length; i++) {
        const p = ring[i - 1]!;
        const q = ring[i]!;
        if (Math.max(p[0], q[0]) < box.minX || Math.min(p[0], q[0]) > box.maxX) continue;
        if (Math.max(p[1], q[1]) < box.minY || Math.min(p[1], q[1]) > box.maxY) continue;
        if (flip) out.push(q[0], q[1], p[0], p[1]);
        else out.push(p[0], p[1], q[0], q[1]);
      }
    }
  return out;
}

const NONE = 0;
const TOUCH = 1;
const OVERLAPPING = 2;

function sign(v: number): number {
  return v > COLLINEAR ? 1 : v < -COLLINEAR ? -1 : 0;
}

/**
 * How edge i of e and edge j of f meet: not at all, at contact points (recorded in ce[i] and cf[j]), or so
 * that the areas certainly overlap (a proper crossing, or a collinear stretch running the same way).
 */
function contact(
  e: readonly number[],
  i: number,
  f: readonly number[],
  j: number,
  ce: (Contacts | undefined)[],
  cf: (Contacts | undefined)[],
): number {
  const ex = e[4 * i]!;
  const ey = e[4 * i + 1]!;
  const fax = f[4 * j]!;
  const fay = f[4 * j + 1]!;
  const fbx = f[4 * j + 2]!;
  const fby = f[4 * j + 3]!;
  // Relative to e's start: e = (0, 0) → (ux, uy); f = (cx, cy) → (dx, dy).
  const ux = e[4 * i + 2]! - ex;
  const uy = e[4 * i + 3]! - ey;
  const cx = fax - ex;
  const cy = fay - ey;
  const dx = fbx - ex;
  const dy = fby - ey;
  if (Math.max(0, ux) < Math.min(cx, dx) || Math.max(cx, dx) < Math.min(0, ux)) return NONE;
  if (Math.max(0, uy) < Math.min(cy, dy) || Math.max(cy, dy) < Math.min(0, uy)) return NONE;
  const vx = dx - cx;
  const vy = dy - cy;
  const s1 = sign(ux * cy - uy * cx); // sides of f's ends relative to e
  const s2 = sign(ux * dy - uy * dx);
  if (s1 * s2 > 0) return NONE;
  const s3 = sign(vy * cx - vx * cy); // sides of e's ends relative to f
  const s4 = sign(vx * (uy - cy) - vy * (ux - cx));
  if (s3 * s4 > 0) return NONE;
  if (s1 * s2 < 0 && s3 * s4 < 0) return OVERLAPPING;
  const uu = ux * ux + uy * uy;
  const vv = vx * vx + vy * vy;
  if (uu === 0 || vv === 0) return NONE; // a repeated vertex: its neighbours' edges speak for it
  const ae = (ce[i] ??= { at: [], along: [] });
  const af = (cf[j] ??= { at: [], along: [] });
  if (s1 === 0 && s2 === 0) {
    // Collinear: the shared stretch in each edge's parameters.
    const tc = (cx * ux + cy * uy) / uu;
    const td = (dx * ux + dy * uy) / uu;
    const lo = Math.max(0, Math.min(tc, td));
    const hi = Math.min(1, Math.max(tc, td));
    if (lo > hi) return NONE;
    if (hi > lo && ux * vx + uy * vy > 0) return OVERLAPPING;
    const ta = (-cx * vx - cy * vy) / vv; // e's ends along f
    const tb = ((ux - cx) * vx + (uy - cy) * vy) / vv;
    const flo = Math.max(0, Math.min(ta, tb));
    const fhi = Math.min(1, Math.max(ta, tb));
    ae.at.push(lo, hi);
    ae.along.push(lo, hi);
    af.at.push(flo, fhi);
    af.along.push(flo, fhi);
    return TOUCH;
  }
  // One end lies on the other edge: that end is the contact point.
  const px = s1 === 0 ? cx : s2 === 0 ? dx : s3 === 0 ? 0 : ux;
  const py = s1 === 0 ? cy : s2 === 0 ? dy : s3 === 0 ? 0 : uy;
  ae.at.push(clamp01((px * ux + py * uy) / uu));
  af.at.push(clamp01(((px - cx) * vx + (py - cy) * vy) / vv));
  return TOUCH;
}

function clamp01(t: number): number {
  return t < 0 ? 0 : t > 1 ? 1 : t;
}

/**
 * Whether some stretch of these edges, between contact points and not along the other boundary, lies inside
 * `other` (tested at its midpoint, which no contact lies on). A contact-free edge that continues the edge
 * before it (same vertex, not a contact) has that edge's last stretch's answer, so it is not tested again.
 */
function stretchInside(
  edges: readonly number[],
  contacts: readonly (Contacts | undefined)[],
  other: PolygonCoords[],
): boolean {
  for (let k = 0; k < contacts.length; k++) {
    const x0 = edges[4 * k]!;
    const y0 = edges[4 * k + 1]!;
    const dx = edges[4 * k + 2]! - x0;
    const dy = edges[4 * k + 3]! - y0;
    const c = contacts[k];
    if (c === undefined) {
      const continues = k > 0 && edges[4 * k - 2] === x0 && edges[4 * k - 1] === y0;
      if (!continues && parityContains(other, [x0 + dx / 2, y0 + dy / 2])) return true;
      continue;
    }
    const ts = sortedStops(c.at);
    // Stretches shorter than this (in parameter) lie between contacts that are one point up to rounding.
    const tiny = MIN_STRETCH / Math.sqrt(dx * dx + dy * dy);
    for (let i = 1; i < ts.length; i++) {
      const t0 = ts[i - 1]!;
      const t1 = ts[i]!;
      if (t1 - t0 <= tiny || isAlong(c.along, t0, t1)) continue;
      const t = (t0 + t1) / 2;
      if (parityContains(other, [x0 + t * dx, y0 + t * dy])) return true;
    }
  }
  return false;
}

// Reused by stretchInside (one edge at a time): the edge's contact parameters between 0 and 1, sorted.
const stops: number[] = [];

/** 0, the contact parameters and 1, in order (insertion sort: an edge has a handful of contacts). */
function sortedStops(at: readonly number[]): number[] {
  stops.length = 0;
  stops.push(0);
  for (const t of at) {
    let i = stops.length;
    stops.push(t);
    while (i > 0 && stops[i - 1]! > t) {
      stops[i] = stops[i - 1]!;
      i--;
    }
    stops[i] = t;
  }
  stops.push(1);
  return stops;
}

function isAlong(along: readonly number[], t0: number, t1: number): boolean {
  for (let i = 0; i < along.length; i += 2) if (t0 >= along[i]! && t1 <= along[i + 1]!) return true;
  return false;
}

/** Whether any ring of `inner` has its first vertex inside `outer`, and whether every outer ring does. */
function ringsInside(inner: PolygonCoords[], outer: PolygonCoords[]): { any: boolean; allOuter: boolean } {
  let any = false;
  let allOuter = true;
  for (const polygon of inner)
    for (let k = 0; k < polygon.length; k++) {
      const inside = parityContains(outer, polygon[k]![0]!);
      any ||= inside;
      if (k === 0 && !inside) allOuter = false;
    }
  return { any, allOuter };
}
