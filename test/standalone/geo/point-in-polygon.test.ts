// Tolerances: the boundary class is "within 1e-9 m of an edge" (BOUNDARY_TOLERANCE). Random points are
// compared with winding numbers (an independent algorithm) after discarding those within 1e-6 m of an edge,
// where a different rounding could legitimately decide differently.
import { describe, expect, it } from 'vitest';
import { containsPoint, isOnLines, locatePoint } from '../../../pipelines/geo/point-in-polygon';
import { nearestOnLines } from '../../../pipelines/geo/nearest';
import type { PolygonCoords, Position } from '../../../pipelines/geo/geometry';
import { insideByWinding, pointIn, rng, starPolygon } from './shapes';

const squareWithHole: PolygonCoords = [
  [
    [0, 0],
    [10, 0],
    [10, 10],
    [0, 10],
    [0, 0],
  ],
  [
    [3, 3],
    [3, 7],
    [7, 7],
    [7, 3],
    [3, 3],
  ],
];
const island: PolygonCoords = [
  [
    [4, 4],
    [6, 4],
    [6, 6],
    [4, 6],
    [4, 4],
  ],
];

describe('locatePoint', () => {
  it('classifies interior, hole, exterior, edges and vertices', () => {
    expect(locatePoint([1, 1], [squareWithHole])).toBe('inside');
    expect(locatePoint([5, 5], [squareWithHole])).toBe('outside'); // in the hole
    expect(locatePoint([11, 5], [squareWithHole])).toBe('outside');
    expect(locatePoint([0, 5], [squareWithHole])).toBe('boundary'); // outer edge
    expect(locatePoint([10, 10], [squareWithHole])).toBe('boundary'); // outer vertex
    expect(locatePoint([3, 5], [squareWithHole])).toBe('boundary'); // hole edge
    expect(locatePoint([7, 3], [squareWithHole])).toBe('boundary'); // hole vertex
    expect(locatePoint([5, 10 + 5e-10], [squareWithHole])).toBe('boundary'); // within 1e-9 m
    expect(locatePoint([5, 10 + 2e-9], [squareWithHole])).toBe('outside');
  });

  it('takes a multipolygon as a union (an island in the hole, holes of any orientation)', () => {
    const set = [squareWithHole, island];
    expect(locatePoint([5, 5], set)).toBe('inside');
    expect(locatePoint([3.5, 3.5], set)).toBe('outside');
    expect(locatePoint([4, 5], set)).toBe('boundary');
    const reversed = squareWithHole.map((r) => [...r].reverse());
    expect(locatePoint([1, 1], [reversed])).toBe('inside');
    expect(locatePoint([5, 5], [reversed])).toBe('outside');
  });

  it('a point on an edge shared by two polygons of the set is inside their union', () => {
    const left: PolygonCoords = [
      [
        [0, 0],
        [1, 0],
        [1, 1],
        [0, 1],
        [0, 0],
      ],
    ];
    const right: PolygonCoords = [
      [
        [1, 0],
        [2, 0],
        [2, 1],
        [1, 1],
        [1, 0],
      ],
    ];
    expect(locatePoint([1, 0.5], [left, right])).toBe('boundary');
    expect(containsPoint([left, right], [1, 0.5])).toBe(true);
  });

  it('containsPoint counts the boundary as inside', () => {
    expect(containsPoint([squareWithHole], [0, 0])).toBe(true);
    expect(containsPoint([squareWithHole], [5, 5])).toBe(false);
    expect(containsPoint([], [5, 5])).toBe(false);
  });

  it('agrees with winding numbers on seeded random concave polygons with holes', () => {
    const rand = rng(42);
    let checked = 0;
    for (let s = 0; s < 40; s++) {
      const centre: Position = [350000 + rand() * 1000, 250000 + rand() * 1000];
      const poly = starPolygon(rand, {
        centre,
        vertices: 5 + Math.floor(rand() * 120),
        rMin: 20 + rand() * 50,
        rMax: 100 + rand() * 400,
        spikes: 0.1,
        holes: Math.floor(rand() * 4),
        randomOrientation: true,
      });
      for (let i = 0; i < 300; i++) {
        const p = pointIn(rand, centre[0] - 520, centre[1] - 520, centre[0] + 520, centre[1] + 520);
        if (nearestOnLines(p, poly)!.distance < 1e-6) continue;
        expect(locatePoint(p, [poly])).toBe(insideByWinding([poly], p) ? 'inside' : 'outside');
        checked++;
      }
      // Every vertex and points along edges are on the boundary.
      for (const ring of poly) {
        for (let i = 0; i + 1 < ring.length; i++) {
          const a = ring[i]!;
          const b = ring[i + 1]!;
          expect(locatePoint(a, [poly])).toBe('boundary');
          const t = rand();
          const onEdge: Position = [a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])];
          expect(isOnLines([ring], onEdge)).toBe(true);
          expect(locatePoint(onEdge, [poly])).toBe('boundary');
        }
      }
    }
    expect(checked).toBeGreaterThan(11000);
  });
});
