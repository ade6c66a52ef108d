// Exact area of (polygon set) ∩ disc.
//
// Green's theorem: the area of a region is the sum over its boundary edges of the signed area they sweep as
// seen from the disc's centre. Translating the centre to the origin, each directed edge a→b contributes the
// signed area of triangle (0, a, b) ∩ disc. The edge is split where it crosses the circle; a sub-segment
// inside the disc contributes its triangle (cross product / 2), one outside contributes the circular sector
// it subtends (r² · angle / 2). Summed over a closed ring this is ± area(ring ∩ disc), the sign being the
// ring's orientation, so each ring is taken by absolute value: outer rings add, holes subtract. Zero-width
// spikes (an edge walked out and back, as Sutherland–Hodgman clipping leaves) cancel term by term.
import type { PolygonCoords, Position, Ring } from './geometry';

/** Area in m² of the union of polygons (assumed not to overlap each other) intersected with a disc. */
export function circleIntersectionArea(polygons: PolygonCoords[], centre: Position, radius: number): number {
  if (!(radius > 0)) return 0;
  const cx = centre[0];
  const cy = centre[1];
  const r2 = radius * radius;
  const full = Math.PI * r2;
  let total = 0;
  for (const polygon of polygons) {
    let area = 0;
    for (let k = 0; k < polygon.length; k++) {
      const a = Math.abs(ringDiscArea(polygon[k]!, cx, cy, radius, r2));
      area += k === 0 ? a : -a;
    }
    if (area > 0) total += area;
  }
  // The exact answer is at most the disc; floating point may overshoot by an ulp or two.
  return total > full ? full : total;
}

/** Signed area of ring ∩ disc (positive for a counter-clockwise ring). */
export function ringDiscArea(ring: Ring, cx: number, cy: number, r: number, r2 = r * r): number {
  const n = ring.length;
  if (n < 4) return 0;
  // Envelope tests first: a ring whose box misses the disc's box contributes nothing; a ring whose box lies
  // inside the disc contributes its own area.
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let i = 0; i < n; i++) {
    const p = ring[i]!;
    if (p[0] < minX) minX = p[0];
    if (p[0] > maxX) maxX = p[0];
    if (p[1] < minY) minY = p[1];
    if (p[1] > maxY) maxY = p[1];
  }
  if (minX >= cx + r || maxX <= cx - r || minY >= cy + r || maxY <= cy - r) return 0;
  const fx = Math.max(Math.abs(minX - cx), Math.abs(maxX - cx));
  const fy = Math.max(Math.abs(minY - cy), Math.abs(maxY - cy));
  const whollyInside = fx * fx + fy * fy <= r2;

  if (whollyInside) {
    let sum = 0;
    for (let i = 1; i < n; i++) {
      const a = ring[i - 1]!;
      const b = ring[i]!;
      sum += (a[0] - cx) * (b[1] - cy) - (b[0] - cx) * (a[1] - cy);
    }
    return sum / 2;
  }

  // Triangle parts add up in `sum`; sector parts in `angle` (radians, times r²/2 at the end). The angle an
  // outside stretch subtends telescopes: over a run of consecutive outside sub-segments it is θ(end) −
  // θ(start) plus 2π per signed crossing of atan2's branch cut (the negative x-axis), so atan2 is evaluated
  // only where a run starts and ends rather than once per edge.
  let sum = 0;
  let angle = 0;
  let open = false;
  let lastX = 0;
  let lastY = 0;
  const outside = (px: number, py: number, qx: number, qy: number): void => {
    if (!open) {
      angle -= theta(px, py);
      open = true;
    }
    const pUp = py >= 0;
    if (pUp !== qy >= 0 && px + ((0 - py) * (qx - px)) / (qy - py) < 0) angle += pUp ? TWO_PI : -TWO_PI;
    lastX = qx;
    lastY = qy;
  };
  const close = (): void => {
    if (open) {
      angle += theta(lastX, lastY);
      open = false;
    }
  };

  let ax = ring[0]![0] - cx;
  let ay = ring[0]![1] - cy;
  let aIn = ax * ax + ay * ay <= r2;
  for (let i = 1; i < n; i++) {
    const bx = ring[i]![0] - cx;
    const by = ring[i]![1] - cy;
    const bIn = bx * bx + by * by <= r2;
    if (aIn && bIn) {
      close();
      sum += (ax * by - bx * ay) / 2;
    } else if ((ax > r && bx > r) || (ax < -r && bx < -r) || (ay > r && by > r) || (ay < -r && by < -r)) {
      outside(ax, ay, bx, by); // wholly beyond one side of the disc's box
    } else {
      const dx = bx - ax;
      const dy = by - ay;
      const len2 = dx * dx + dy * dy;
      // |a + t d|² = r²  ⇔  len2 t² + 2 (a·d) t + (|a|² − r²) = 0
      const half = ax * dx + ay * dy;
      const c = ax * ax + ay * ay - r2;
      const disc = half * half - len2 * c;
      let t1 = 1;
      let t2 = 0;
      if (len2 > 0 && disc > 0) {
        const sq = Math.sqrt(disc);
        const q = half >= 0 ? -(half + sq) : -(half - sq);
        t1 = q / len2;
        t2 = q !== 0 ? c / q : -t1;
        if (t1 > t2) [t1, t2] = [t2, t1];
      }
      if (len2 === 0) {
        // A repeated vertex outside the disc adds nothing.
      } else if (disc <= 0 || t2 <= 0 || t1 >= 1) {
        outside(ax, ay, bx, by);
      } else {
        const s1 = t1 > 0 ? t1 : 0;
        const s2 = t2 < 1 ? t2 : 1;
        const px = ax + s1 * dx;
        const py = ay + s1 * dy;
        const qx = ax + s2 * dx;
        const qy = ay + s2 * dy;
        if (s1 > 0) outside(ax, ay, px, py);
        close();
        sum += (px * qy - qx * py) / 2;
        if (s2 < 1) outside(qx, qy, bx, by);
      }
    }
    ax = bx;
    ay = by;
    aIn = bIn;
  }
  close();
  return sum + (r2 * angle) / 2;
}

const TWO_PI = 2 * Math.PI;

// atan2 with −0 read as +0, so that angles lie in (−π, π] and the negative x-axis belongs to the upper side,
// as the crossing test in ringDiscArea assumes.
function theta(x: number, y: number): number {
  return Math.atan2(y === 0 ? 0 : y, x);
}

/** Signed area of triangle (origin, a, b) ∩ disc of radius r centred on the origin. */
export function edgeDiscArea(ax: number, ay: number, bx: number, by: number, r: number, r2: number): number {
  const dx = bx - ax;
  const dy = by - ay;
  const len2 = dx * dx + dy * dy;
  if (len2 === 0) return 0;
  const aIn = ax * ax + ay * ay <= r2;
  const bIn = bx * bx + by * by <= r2;
  if (aIn && bIn) return (ax * by - bx * ay) / 2;
  // |a + t d|² = r²  ⇔  len2 t² + 2 (a·d) t + (|a|² − r²) = 0
  const half = ax * dx + ay * dy;
  const c = ax * ax + ay * ay - r2;
  const disc = half * half - len2 * c;
  if (disc <= 0) return sector(ax, ay, bx, by, r2); // the line misses (or grazes) the circle
  const sq = Math.sqrt(disc);
  // Numerically stable roots (avoid cancellation when half ≈ ±sq).
  const q = half >= 0 ? -(half + sq) : -(half - sq);
  let t1 = q / len2;
  let t2 = q !== 0 ? c / q : -t1;
  if (t1 > t2) [t1, t2] = [t2, t1];
  if (t2 <= 0 || t1 >= 1) return sector(ax, ay, bx, by, r2); // the chord lies beyond the segment
  // Points where the segment enters and leaves the disc (clamped to the segment's ends).
  const s1 = t1 > 0 ? t1 : 0;
  const s2 = t2 < 1 ? t2 : 1;
  const px = ax + s1 * dx;
  const py = ay + s1 * dy;
  const qx = ax + s2 * dx;
  const qy = ay + s2 * dy;
  let area = (px * qy - qx * py) / 2;
  if (s1 > 0) area += sector(ax, ay, px, py, r2);
  if (s2 < 1) area += sector(qx, qy, bx, by, r2);
  return area;
}

/** Signed area of the circular sector between the directions of p and q (as seen from the origin). */
function sector(px: number, py: number, qx: number, qy: number, r2: number): number {
  return (r2 * Math.atan2(px * qy - qx * py, px * qx + py * qy)) / 2;
}
