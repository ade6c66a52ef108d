// FeatureIndex and PointIndex against brute force on seeded random data (exact equality of result sets;
// distances are exact Euclidean, compared to 1e-9 m).
import { describe, expect, it } from 'vitest';
import { FeatureIndex } from '../../../pipelines/geo/feature-index';
import { PointIndex } from '../../../pipelines/geo/point-index';
import { boxDistance } from '../../../pipelines/geo/pieces';
import type { BBox, Position } from '../../../pipelines/geo/geometry';
import { pointIn, rng } from './shapes';

const overlaps = (a: BBox, b: BBox): boolean =>
  a.minX <= b.maxX && a.maxX >= b.minX && a.minY <= b.maxY && a.maxY >= b.minY;

describe('FeatureIndex', () => {
  it('finds exactly the items whose box meets the query (flatbush vs brute force)', () => {
    const rand = rng(11);
    const items = Array.from({ length: 3000 }, (_, id) => {
      const [x, y] = pointIn(rand, 370000, 160000, 380000, 170000);
      const w = rand() * 400;
      const h = rand() * 400;
      return { id, bbox: { minX: x, minY: y, maxX: x + w, maxY: y + h } };
    });
    const index = new FeatureIndex(items);
    for (let q = 0; q < 200; q++) {
      const [x, y] = pointIn(rand, 369000, 159000, 381000, 171000);
      const query = { minX: x, minY: y, maxX: x + rand() * 800, maxY: y + rand() * 800 };
      const got = index
        .search(query)
        .map((i) => i.id)
        .sort((a, b) => a - b);
      expect(got).toEqual(items.filter((i) => overlaps(i.bbox, query)).map((i) => i.id));
      const p: Position = [x, y];
      const r = rand() * 500;
      const near = index
        .withinDistance(p, r)
        .map((i) => i.id)
        .sort((a, b) => a - b);
      expect(near).toEqual(items.filter((i) => boxDistance(i.bbox, p) <= r).map((i) => i.id));
    }
    expect(new FeatureIndex<{ bbox: BBox }>([]).search({ minX: 0, minY: 0, maxX: 1, maxY: 1 })).toEqual([]);
  });
});

describe('PointIndex', () => {
  it('returns the k nearest within a radius, nearest first (kdbush vs brute force)', () => {
    const rand = rng(3);
    const points = Array.from({ length: 5000 }, (_, id) => ({ id, at: pointIn(rand, 0, 0, 10000, 10000) }));
    // Duplicates and a tie: equal distances keep insertion order.
    points.push(
      { id: 5000, at: points[0]!.at },
      { id: 5001, at: [5000, 5010] },
      { id: 5002, at: [5000, 4990] },
    );
    const index = new PointIndex(points, (p) => p.at);
    const brute = (p: Position, k: number, max: number) =>
      points
        .map((q) => ({ id: q.id, d: Math.hypot(q.at[0] - p[0], q.at[1] - p[1]) }))
        .filter((q) => q.d <= max)
        .sort((a, b) => a.d - b.d || a.id - b.id)
        .slice(0, k);
    for (let q = 0; q < 300; q++) {
      const p = pointIn(rand, -1000, -1000, 11000, 11000);
      const k = 1 + Math.floor(rand() * 20);
      const max = rand() < 0.3 ? Infinity : rand() * 400;
      const got = index.nearest(p, k, max);
      const want = brute(p, k, max);
      expect(got.map((n) => n.item.id)).toEqual(want.map((n) => n.id));
      got.forEach((n, i) => expect(Math.abs(n.distance - want[i]!.d)).toBeLessThan(1e-9));
    }
    const tie = index.nearest([5000, 5000], 2, 10);
    expect(tie.map((n) => n.item.id)).toEqual([5001, 5002]);
    expect(tie.map((n) => n.distance)).toEqual([10, 10]);
    const within = index.within([5000, 5000], 10);
    expect(within.map((n) => n.item.id)).toEqual(brute([5000, 5000], Infinity, 10).map((n) => n.id));
    expect(index.nearest([1e6, 1e6], 3).length).toBe(3); // far away: still the 3 nearest
    expect(index.nearest([1e6, 1e6], 3, 100)).toEqual([]);
    expect(new PointIndex<Position>([], (p) => p).nearest([0, 0], 5)).toEqual([]);
  });
});
