// Seeded random shapes for the kernel's brute-force tests: star-shaped polygons (concave, with optional
// spikes and nearly collinear runs) with holes placed well inside them, and an independent reference for
// polygon ∩ disc (Sutherland–Hodgman against an inscribed regular n-gon, which brackets the exact area).
import type { PolygonCoords, Position, Ring } from '../../../pipelines/geo/geometry';

/** mulberry32: a tiny deterministic PRNG in [0, 1). */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface StarOptions {
  centre: Position;
  vertices: number;
  rMin: number;
  rMax: number;
  /** Probability that a vertex is a spike (radius near rMax, neighbours near rMin). */
  spikes?: number;
  ccw?: boolean;
}

/** A star-shaped ring around centre: sorted random angles, random radii in [rMin, rMax]. Closed. */
export function starRing(rand: () => number, o: StarOptions): Ring {
  const n = o.vertices;
  const angles = Array.from({ length: n }, (_, i) => ((i + 0.1 + 0.8 * rand()) / n) * 2 * Math.PI);
  const ring: Ring = angles.map((a) => {
    let r = o.rMin + (o.rMax - o.rMin) * rand();
    if (o.spikes && rand() < o.spikes) r = o.rMax;
    return [o.centre[0] + r * Math.cos(a), o.centre[1] + r * Math.sin(a)];
  });
  if (o.ccw === false) ring.reverse();
  ring.push([ring[0]![0], ring[0]![1]]);
  return ring;
}

/**
 * A star polygon with up to `holes` star-shaped holes inside the disc its outer ring is sure to contain
 * (radius rMin·cos(π·1.8/n)): every hole is strictly inside the outer ring and apart from the others.
 */
export function starPolygon(
  rand: () => number,
  o: StarOptions & { holes?: number; randomOrientation?: boolean },
): PolygonCoords {
  const orient = (): boolean => (o.randomOrientation ? rand() < 0.5 : true);
  const outer = starRing(rand, { ...o, ccw: orient() });
  const polygon: PolygonCoords = [outer];
  const safe = o.rMin * Math.cos((Math.PI * 1.8) / o.vertices);
  const holes = o.holes ?? 0;
  for (let h = 0; h < holes; h++) {
    // Holes sit in separate angular sectors at half the safe radius, small enough not to touch.
    const angle = ((h + 0.5) / holes) * 2 * Math.PI;
    const hr = Math.min(safe * 0.35, safe * Math.sin(Math.PI / Math.max(holes, 2)) * 0.4);
    const hc: Position = [
      o.centre[0] + 0.5 * safe * Math.cos(angle),
      o.centre[1] + 0.5 * safe * Math.sin(angle),
    ];
    const verts = 3 + Math.floor(rand() * 20);
    polygon.push(starRing(rand, { centre: hc, vertices: verts, rMin: hr * 0.3, rMax: hr, ccw: !orient() }));
  }
  return polygon;
}

/** A random point in a box. */
export function pointIn(
  rand: () => number,
  minX: number,
  minY: number,
  maxX: number,
  maxY: number,
): Position {
  return [minX + (maxX - minX) * rand(), minY + (maxY - minY) * rand()];
}

/** Winding number of a ring around p by summing the angles its edges subtend (an independent algorithm). */
export function windingNumber(ring: Ring, p: Position): number {
  let sum = 0;
  for (let i = 0; i + 1 < ring.length; i++) {
    const ax = ring[i]![0] - p[0];
    const ay = ring[i]![1] - p[1];
    const bx = ring[i + 1]![0] - p[0];
    const by = ring[i + 1]![1] - p[1];
    sum += Math.atan2(ax * by - bx * ay, ax * bx + ay * by);
  }
  return Math.round(sum / (2 * Math.PI));
}

/** Inside by winding numbers: some polygon's outer ring winds around p and none of its holes does. */
export function insideByWinding(polygons: PolygonCoords[], p: Position): boolean {
  return polygons.some(
    (poly) => windingNumber(poly[0]!, p) !== 0 && poly.slice(1).every((hole) => windingNumber(hole, p) === 0),
  );
}

function shoelace(pts: Position[]): number {
  let s = 0;
  for (let i = 0; i < pts.length; i++) {
    const a = pts[i]!;
    const b = pts[(i + 1) % pts.length]!;
    s += a[0] * b[1] - b[0] * a[1];
  }
  return s / 2;
}

/** Sutherland–Hodgman of an open vertex list against a convex CCW window. */
function clipConvex(subject: Position[], window: Position[]): Position[] {
  let out = subject;
  for (let i = 0; i < window.length && out.length > 0; i++) {
    const a = window[i]!;
    const b = window[(i + 1) % window.length]!;
    const side = (p: Position): number => (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0]);
    const input = out;
    out = [];
    let prev = input[input.length - 1]!;
    for (const cur of input) {
      const sc = side(cur);
      const sp = side(prev);
      if (sc >= 0 !== sp >= 0) {
        const t = sp / (sp - sc);
        out.push([prev[0] + t * (cur[0] - prev[0]), prev[1] + t * (cur[1] - prev[1])]);
      }
      if (sc >= 0) out.push(cur);
      prev = cur;
    }
  }
  return out;
}

/**
 * Bounds on area(polygons ∩ disc) from an inscribed regular n-gon N (1024 sides by default) ⊂ disc:
 * area(P ∩ N) ≤ exact ≤ area(P ∩ N) + (area(disc) − area(N)).
 */
export function discAreaBounds(
  polygons: PolygonCoords[],
  centre: Position,
  r: number,
  n = 1024,
): { lower: number; upper: number } {
  const ngon: Position[] = Array.from({ length: n }, (_, i) => [
    centre[0] + r * Math.cos((2 * Math.PI * i) / n),
    centre[1] + r * Math.sin((2 * Math.PI * i) / n),
  ]);
  let lower = 0;
  for (const poly of polygons) {
    let a = 0;
    poly.forEach((ring, k) => {
      const s = Math.abs(shoelace(clipConvex(ring.slice(0, -1), ngon)));
      a += k === 0 ? s : -s;
    });
    lower += a;
  }
  const gap = Math.PI * r * r - (n / 2) * r * r * Math.sin((2 * Math.PI) / n);
  return { lower, upper: lower + gap };
}

/**
 * A realistic large outline (a flood zone, a coastline): radius = mean + a sum of harmonics with amplitude
 * falling as 1/h (a fractal-like edge), plus metre-scale noise. Locally smooth, unlike starRing's comb.
 */
export function wavyRing(rand: () => number, centre: Position, vertices: number, rMean: number): Ring {
  const harmonics = Array.from({ length: 60 }, (_, h) => ({
    k: h + 2,
    amp: (0.25 * rMean * (rand() - 0.5)) / (h + 1),
    phase: rand() * 2 * Math.PI,
  }));
  const ring: Ring = [];
  for (let i = 0; i < vertices; i++) {
    const a = (i / vertices) * 2 * Math.PI;
    let r = rMean + (rand() - 0.5) * 2;
    for (const { k, amp, phase } of harmonics) r += amp * Math.sin(k * a + phase);
    ring.push([centre[0] + r * Math.cos(a), centre[1] + r * Math.sin(a)]);
  }
  ring.push([ring[0]![0], ring[0]![1]]);
  return ring;
}
