// Tolerances: hand cases to 1e-9 relative. Random shapes are bracketed by an independent computation
// (Sutherland–Hodgman against an inscribed 1024-gon, shapes.ts): lower ≤ exact ≤ upper, with 1e-6 m²
// of rounding slack; the bracket is about 6e-6·πr² wide. A coarse grid count checks the bracket helper itself.
import { describe, expect, it } from 'vitest';
import { circleIntersectionArea, edgeDiscArea, ringDiscArea } from '../../../pipelines/geo/circle-area';
import { containsPoint } from '../../../pipelines/geo/point-in-polygon';
import { polygonArea } from '../../../pipelines/geo/orient';
import type { Position, Ring } from '../../../pipelines/geo/geometry';
import { discAreaBounds, rng, starPolygon, starRing } from './shapes';

const rect = (minX: number, minY: number, maxX: number, maxY: number, ccw = true): Ring => {
  const r: Ring = [
    [minX, minY],
    [maxX, minY],
    [maxX, maxY],
    [minX, maxY],
    [minX, minY],
  ];
  return ccw ? r : r.reverse();
};

const C: Position = [451234.5, 207654.25];
const R = 1000;
const disc = Math.PI * R * R;
const near = (got: number, want: number): void =>
  expect(Math.abs(got - want)).toBeLessThanOrEqual(1e-9 * disc);

describe('circleIntersectionArea', () => {
  it('a square centred on the circle', () => {
    const [cx, cy] = C;
    // Inside the disc: the square's own area.
    near(circleIntersectionArea([[rect(cx - 500, cy - 500, cx + 500, cy + 500)]], C, R), 1_000_000);
    // Containing the disc: πr².
    near(circleIntersectionArea([[rect(cx - 1000, cy - 1000, cx + 1000, cy + 1000)]], C, R), disc);
    // Between: πr² minus four circular segments cut off at distance s.
    const s = 800;
    const segment = R * R * Math.acos(s / R) - s * Math.sqrt(R * R - s * s);
    near(circleIntersectionArea([[rect(cx - s, cy - s, cx + s, cy + s)]], C, R), disc - 4 * segment);
  });

  it('half-planes and segments', () => {
    const [cx, cy] = C;
    near(circleIntersectionArea([[rect(cx - 5000, cy, cx + 5000, cy + 5000)]], C, R), disc / 2);
    const d = 300;
    const segment = R * R * Math.acos(d / R) - d * Math.sqrt(R * R - d * d);
    near(circleIntersectionArea([[rect(cx - 5000, cy + d, cx + 5000, cy + 5000)]], C, R), segment);
    // Quarter disc: centre on a vertex.
    near(circleIntersectionArea([[rect(cx, cy, cx + 5000, cy + 5000)]], C, R), disc / 4);
  });

  it('tiny polygon inside, polygon outside, polygon containing the disc, any orientation', () => {
    const [cx, cy] = C;
    const tiny = rect(cx + 10, cy + 10, cx + 10.5, cy + 10.25);
    near(circleIntersectionArea([[tiny]], C, R), 0.125);
    near(circleIntersectionArea([[[...tiny].reverse()]], C, R), 0.125);
    expect(circleIntersectionArea([[rect(cx + 1001, cy, cx + 2000, cy + 10)]], C, R)).toBe(0);
    // Outside the disc but inside its bounding box (the corner).
    expect(circleIntersectionArea([[rect(cx + 800, cy + 800, cx + 1000, cy + 1000)]], C, R)).toBe(0);
    near(circleIntersectionArea([[rect(cx - 1e5, cy - 1e5, cx + 1e5, cy + 1e5, false)]], C, R), disc);
    expect(
      circleIntersectionArea([[rect(cx - 1e5, cy - 1e5, cx + 1e5, cy + 1e5)]], C, R),
    ).toBeLessThanOrEqual(disc);
    expect(circleIntersectionArea([], C, R)).toBe(0);
    expect(circleIntersectionArea([[tiny]], C, 0)).toBe(0);
  });

  it('holes subtract (whatever their orientation) and islands in holes add back', () => {
    const [cx, cy] = C;
    const outer = rect(cx - 2000, cy - 2000, cx + 2000, cy + 2000);
    const hole = rect(cx - 100, cy - 100, cx + 100, cy + 100);
    near(circleIntersectionArea([[outer, hole]], C, R), disc - 40_000);
    near(circleIntersectionArea([[outer, [...hole].reverse()]], C, R), disc - 40_000);
    const island = rect(cx - 50, cy - 50, cx + 50, cy + 50);
    near(circleIntersectionArea([[outer, hole], [island]], C, R), disc - 40_000 + 10_000);
    // A hole the disc sits inside: nothing.
    expect(circleIntersectionArea([[outer, rect(cx - 1500, cy - 1500, cx + 1500, cy + 1500)]], C, R)).toBe(0);
  });

  it('zero-width spikes cancel', () => {
    const [cx, cy] = C;
    // A square with a spike from its edge out through the circle and back again.
    const square = rect(cx - 500, cy - 500, cx + 500, cy + 500);
    const spiked: Ring = [
      square[0]!,
      [cx, cy - 500],
      [cx, cy - 3000],
      [cx, cy - 500],
      square[1]!,
      square[2]!,
      square[3]!,
      square[4]!,
    ];
    near(circleIntersectionArea([[spiked]], C, R), 1_000_000);
  });

  it('lies within the inscribed-1024-gon bracket on seeded random polygons with holes', () => {
    const rand = rng(1234);
    let partial = 0;
    for (let s = 0; s < 40; s++) {
      const centre: Position = [300000 + rand() * 10000, 400000 + rand() * 10000];
      const poly = starPolygon(rand, {
        centre,
        vertices: 3 + Math.floor(rand() * 200),
        rMin: 50 + rand() * 500,
        rMax: 600 + rand() * 2000,
        spikes: 0.1,
        holes: Math.floor(rand() * 4),
        randomOrientation: true,
      });
      const c: Position = [centre[0] + (rand() - 0.5) * 3000, centre[1] + (rand() - 0.5) * 3000];
      const r = 50 + rand() * 1500;
      const got = circleIntersectionArea([poly], c, r);
      const { lower, upper } = discAreaBounds([poly], c, r);
      expect(got).toBeGreaterThanOrEqual(lower - 1e-6);
      expect(got).toBeLessThanOrEqual(upper + 1e-6);
      expect(got).toBeLessThanOrEqual(Math.PI * r * r);
      expect(got).toBeLessThanOrEqual(polygonArea(poly) + 1e-6);
      if (got > 0 && got < Math.min(Math.PI * r * r, polygonArea(poly)) - 1) partial++;
    }
    // Most cases cut both the disc and the polygon (not just one inside the other).
    expect(partial).toBeGreaterThan(25);
  }, 30_000);

  it('per-run angle sums equal per-edge sectors, also with vertices on the branch cut (integer grids)', () => {
    const rand = rng(77);
    for (let s = 0; s < 300; s++) {
      // Integer vertices and an integer centre put vertices exactly on the centre's row (y = 0 relative).
      const ring = starRing(rand, {
        centre: [0, 0],
        vertices: 3 + Math.floor(rand() * 30),
        rMin: 5,
        rMax: 60,
      }).map(([x, y]) => [Math.round(x), Math.round(y)] as Position);
      ring[ring.length - 1] = [ring[0]![0], ring[0]![1]];
      const c: Position = [Math.round((rand() - 0.5) * 80), ring[Math.floor(rand() * (ring.length - 1))]![1]];
      const r = 1 + rand() * 70;
      let perEdge = 0;
      for (let i = 0; i + 1 < ring.length; i++) {
        const a = ring[i]!;
        const b = ring[i + 1]!;
        perEdge += edgeDiscArea(a[0] - c[0], a[1] - c[1], b[0] - c[0], b[1] - c[1], r, r * r);
      }
      expect(Math.abs(ringDiscArea(ring, c[0], c[1], r) - perEdge)).toBeLessThan(1e-9 * Math.PI * r * r);
    }
  });

  it('the bracket helper agrees with a grid count', () => {
    const rand = rng(99);
    const centre: Position = [0, 0];
    const poly = starPolygon(rand, { centre, vertices: 30, rMin: 40, rMax: 150, holes: 2 });
    const c: Position = [30, -20];
    const r = 100;
    const step = 0.5;
    let count = 0;
    for (let x = c[0] - r + step / 2; x < c[0] + r; x += step)
      for (let y = c[1] - r + step / 2; y < c[1] + r; y += step)
        if ((x - c[0]) ** 2 + (y - c[1]) ** 2 <= r * r && containsPoint([poly], [x, y])) count++;
    const grid = count * step * step;
    const exact = circleIntersectionArea([poly], c, r);
    // Grid error is about perimeter × step / 2 at worst; it is far smaller on average.
    expect(Math.abs(grid - exact) / exact).toBeLessThan(2e-3);
    const { lower, upper } = discAreaBounds([poly], c, r);
    expect(exact).toBeGreaterThanOrEqual(lower - 1e-9);
    expect(exact).toBeLessThanOrEqual(upper + 1e-9);
  });
});
