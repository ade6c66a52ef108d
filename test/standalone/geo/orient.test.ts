import { describe, expect, it } from 'vitest';
import { linesOf, normalizePolygon, polygonArea, polygonsOf, ringArea } from '../../../pipelines/geo/orient';
import type { Ring } from '../../../pipelines/geo/geometry';

const ccwSquare: Ring = [
  [0, 0],
  [10, 0],
  [10, 10],
  [0, 10],
  [0, 0],
];
const cwSquare: Ring = [...ccwSquare].reverse();

describe('orientation', () => {
  it('signs ring area by orientation (counter-clockwise positive)', () => {
    expect(ringArea(ccwSquare)).toBe(100);
    expect(ringArea(cwSquare)).toBe(-100);
    // Far from the origin (BNG magnitudes) the area is still exact.
    expect(ringArea(ccwSquare.map(([x, y]) => [x + 654321.5, y + 1234567.25]))).toBe(100);
  });

  it('normalises outer rings to counter-clockwise and holes to clockwise', () => {
    const hole: Ring = [
      [2, 2],
      [4, 2],
      [4, 4],
      [2, 4],
      [2, 2],
    ];
    const [outer, h] = normalizePolygon([cwSquare, hole]);
    expect(ringArea(outer!)).toBe(100);
    expect(ringArea(h!)).toBe(-4);
    expect(polygonArea([cwSquare, hole])).toBe(96);
  });

  it('decomposes geometries into polygons and lines', () => {
    expect(polygonsOf({ type: 'Polygon', coordinates: [ccwSquare] })).toEqual([[ccwSquare]]);
    expect(polygonsOf({ type: 'LineString', coordinates: ccwSquare })).toEqual([]);
    expect(linesOf({ type: 'MultiPolygon', coordinates: [[ccwSquare], [cwSquare]] })).toEqual([
      ccwSquare,
      cwSquare,
    ]);
    expect(linesOf({ type: 'Point', coordinates: [1, 2] })).toEqual([[[1, 2]]]);
  });
});
