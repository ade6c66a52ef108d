// Tolerances: against dense sampling of every edge (step ≤ 1/1000 of the edge), the exact distance must be
// no greater than the sampled one (+1e-9 m) and no more than half a sampling step smaller; the returned
// point must lie on the linework (within 1e-6 m) at the returned distance (to 1e-9 m).
import { describe, expect, it } from 'vitest';
import { nearestOnLines, nearestOnPolygons, nearestPointOnSegment } from '../../../pipelines/geo/nearest';
import { containsPoint, isOnLines } from '../../../pipelines/geo/point-in-polygon';
import type { PolygonCoords, Position } from '../../../pipelines/geo/geometry';
import { pointIn, rng, starPolygon } from './shapes';

describe('nearest point', () => {
  it('projects onto a segment, clamping to its ends', () => {
    expect(nearestPointOnSegment([5, 5], [0, 0], [10, 0])).toEqual([5, 0]);
    expect(nearestPointOnSegment([-3, 4], [0, 0], [10, 0])).toEqual([0, 0]);
    expect(nearestPointOnSegment([13, -4], [0, 0], [10, 0])).toEqual([10, 0]);
    expect(nearestPointOnSegment([1, 1], [2, 2], [2, 2])).toEqual([2, 2]);
    expect(nearestPointOnSegment([0, 2], [0, 0], [2, 2])).toEqual([1, 1]);
  });

  it('finds the nearest point over several lines and points', () => {
    const lines: Position[][] = [
      [
        [0, 0],
        [10, 0],
        [10, 10],
      ],
      [[20, 5]],
    ];
    expect(nearestOnLines([12, 5], lines)).toEqual({ point: [10, 5], distance: 2 });
    expect(nearestOnLines([19, 5], lines)).toEqual({ point: [20, 5], distance: 1 });
    expect(nearestOnLines([13, 14], lines)).toEqual({ point: [10, 10], distance: 5 });
    expect(nearestOnLines([0, 0], [])).toBeNull();
  });

  it('is zero inside a polygon (and on its boundary), else the nearest ring point', () => {
    const poly: PolygonCoords = [
      [
        [0, 0],
        [10, 0],
        [10, 10],
        [0, 10],
        [0, 0],
      ],
      [
        [4, 4],
        [4, 6],
        [6, 6],
        [6, 4],
        [4, 4],
      ],
    ];
    expect(nearestOnPolygons([2, 3], [poly])).toEqual({ point: [2, 3], distance: 0 });
    expect(nearestOnPolygons([10, 3], [poly])).toEqual({ point: [10, 3], distance: 0 });
    expect(nearestOnPolygons([5, 5.5], [poly])).toEqual({ point: [5, 6], distance: 0.5 }); // in the hole
    expect(nearestOnPolygons([13, 14], [poly])).toEqual({ point: [10, 10], distance: 5 });
    expect(nearestOnPolygons([1, 1], [])).toBeNull();
  });

  it('agrees with dense sampling on seeded random polygons with holes', () => {
    const rand = rng(7);
    for (let s = 0; s < 15; s++) {
      const centre: Position = [420000 + rand() * 5000, 560000 + rand() * 5000];
      const poly = starPolygon(rand, {
        centre,
        vertices: 4 + Math.floor(rand() * 40),
        rMin: 10 + rand() * 40,
        rMax: 60 + rand() * 200,
        spikes: 0.15,
        holes: Math.floor(rand() * 3),
        randomOrientation: true,
      });
      for (let i = 0; i < 20; i++) {
        const p = pointIn(rand, centre[0] - 400, centre[1] - 400, centre[0] + 400, centre[1] + 400);
        const got = nearestOnPolygons(p, [poly])!;
        if (containsPoint([poly], p)) {
          expect(got.distance).toBe(0);
          continue;
        }
        let sampled = Infinity;
        let maxStep = 0;
        for (const ring of poly)
          for (let k = 0; k + 1 < ring.length; k++) {
            const a = ring[k]!;
            const b = ring[k + 1]!;
            const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
            const steps = 1000;
            maxStep = Math.max(maxStep, len / steps);
            for (let j = 0; j <= steps; j++) {
              const t = j / steps;
              sampled = Math.min(
                sampled,
                Math.hypot(a[0] + t * (b[0] - a[0]) - p[0], a[1] + t * (b[1] - a[1]) - p[1]),
              );
            }
          }
        expect(got.distance).toBeLessThanOrEqual(sampled + 1e-9);
        expect(got.distance).toBeGreaterThanOrEqual(sampled - maxStep / 2 - 1e-9);
        expect(Math.abs(Math.hypot(got.point[0] - p[0], got.point[1] - p[1]) - got.distance)).toBeLessThan(
          1e-9,
        );
        expect(isOnLines(poly, got.point, 1e-6)).toBe(true);
      }
    }
  }, 30_000);
});
