import { describe, expect, it } from 'vitest';
import { clipLineToBox, clipPolygonToBox, clipSegment } from '../../../pipelines/geo/clip';
import { polygonArea } from '../../../pipelines/geo/orient';
import { parityContains } from '../../../pipelines/geo/point-in-polygon';
import type { BBox, PolygonCoords, Position } from '../../../pipelines/geo/geometry';

const box: BBox = { minX: 0, minY: 0, maxX: 10, maxY: 10 };

describe('clipLineToBox', () => {
  it('cuts a segment exactly (Liang–Barsky) and keeps unclipped ends as they are', () => {
    expect(clipSegment([-5, 5], [15, 5], box)).toEqual([
      [0, 5],
      [10, 5],
    ]);
    const a: Position = [2, 2];
    const b: Position = [20, 20];
    const seg = clipSegment(a, b, box)!;
    expect(seg[0]).toBe(a);
    expect(seg[1]).toEqual([10, 10]);
    expect(clipSegment([11, 0], [11, 10], box)).toBeNull();
    expect(clipSegment([-1, 12], [12, -1], box)).toEqual([
      [1, 10],
      [10, 1],
    ]);
  });

  it('splits a line that leaves the box and comes back', () => {
    const line: Position[] = [
      [1, 1],
      [5, 1],
      [5, 15],
      [8, 15],
      [8, 5],
      [9, 5],
    ];
    expect(clipLineToBox(line, box)).toEqual([
      [
        [1, 1],
        [5, 1],
        [5, 10],
      ],
      [
        [8, 10],
        [8, 5],
        [9, 5],
      ],
    ]);
    expect(clipLineToBox([[20, 20]], box)).toEqual([]);
    expect(clipLineToBox([[2, 3]], box)).toEqual([[[2, 3]]]);
    // Along the box edge counts (the box is closed).
    expect(
      clipLineToBox(
        [
          [0, -5],
          [0, 5],
        ],
        box,
      ),
    ).toEqual([
      [
        [0, 0],
        [0, 5],
      ],
    ]);
  });
});

describe('clipPolygonToBox', () => {
  it('clips area exactly and returns only the real boundary', () => {
    const square: PolygonCoords = [
      [
        [5, 5],
        [15, 5],
        [15, 15],
        [5, 15],
        [5, 5],
      ],
    ];
    const { polygon, boundary } = clipPolygonToBox(square, box);
    expect(polygonArea(polygon)).toBe(25);
    // The box's own edges (x = 10, y = 10) are not part of the feature's boundary.
    expect(boundary).toEqual([
      [
        [5, 10],
        [5, 5],
        [10, 5],
      ],
    ]);
  });

  it('a box inside the polygon is all area and no boundary; a box in a hole nets to nothing', () => {
    const big: PolygonCoords = [
      [
        [-100, -100],
        [100, -100],
        [100, 100],
        [-100, 100],
        [-100, -100],
      ],
      [
        [-50, -50],
        [-50, 50],
        [-20, 50],
        [-20, -50],
        [-50, -50],
      ],
    ];
    const inside = clipPolygonToBox(big, box);
    expect(polygonArea(inside.polygon)).toBe(100);
    expect(inside.boundary).toEqual([]);
    const inHole = clipPolygonToBox(big, { minX: -40, minY: 0, maxX: -30, maxY: 10 });
    expect(polygonArea(inHole.polygon)).toBe(0);
    expect(clipPolygonToBox(big, { minX: 200, minY: 0, maxX: 300, maxY: 10 })).toEqual({
      polygon: [],
      boundary: [],
    });
  });

  it('an arch over the box top leaves a zero-width spike on the box edge, which adds no area', () => {
    // Two legs joined by a bridge above the box: the clipped ring runs along y = 10 from one leg to the other
    // and back over the gap between them.
    const arch: PolygonCoords = [
      [
        [1, 1],
        [3, 1],
        [3, 15],
        [7, 15],
        [7, 1],
        [9, 1],
        [9, 20],
        [1, 20],
        [1, 1],
      ],
    ];
    const { polygon, boundary } = clipPolygonToBox(arch, box);
    expect(polygonArea(polygon)).toBe(2 * 2 * 9);
    expect(polygon[0]!.slice(0, -1).filter(([, y]) => y === 10).length).toBe(4);
    expect(parityContains([polygon], [5, 9.999])).toBe(false);
    expect(parityContains([polygon], [2, 9.999])).toBe(true);
    // The real boundary: each leg's three sides, none of the box edge.
    expect(boundary).toEqual([
      [
        [1, 10],
        [1, 1],
        [3, 1],
        [3, 10],
      ],
      [
        [7, 10],
        [7, 1],
        [9, 1],
        [9, 10],
      ],
    ]);
  });
});
