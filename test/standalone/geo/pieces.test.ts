// Property: answers over a feature's pieces equal answers over the whole feature: containment exactly (for
// random points, vertices, points on edges and points on the pieces' cut lines), distance to 1e-6 m, area
// within a circle to 1e-3 m².
import { describe, expect, it } from 'vitest';
import {
  areaWithinCircle,
  distanceToPieces,
  piecesContain,
  toPieces,
  type Piece,
} from '../../../pipelines/geo/pieces';
import { circleIntersectionArea } from '../../../pipelines/geo/circle-area';
import { containsPoint } from '../../../pipelines/geo/point-in-polygon';
import { nearestOnLines, nearestOnPolygons } from '../../../pipelines/geo/nearest';
import type { Geometry, PolygonCoords, Position } from '../../../pipelines/geo/geometry';
import { pointIn, rng, starPolygon, starRing } from './shapes';

function vertices(piece: Piece): number {
  return piece.lines.reduce((n, l) => n + l.length, 0);
}

describe('toPieces', () => {
  it('keeps a small feature whole (normalised) and cuts a large one to the limits', () => {
    const small: Geometry = {
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [0, 10],
          [10, 10],
          [10, 0],
          [0, 0],
        ],
      ],
    };
    const pieces = toPieces(small);
    expect(pieces).toHaveLength(1);
    expect(pieces[0]!.bbox).toEqual({ minX: 0, minY: 0, maxX: 10, maxY: 10 });
    expect(pieces[0]!.polygons![0]![0]).toEqual([
      [0, 0],
      [10, 0],
      [10, 10],
      [0, 10],
      [0, 0],
    ]);

    const rand = rng(5);
    const big = starPolygon(rand, {
      centre: [400000, 300000],
      vertices: 2000,
      rMin: 3000,
      rMax: 6000,
      holes: 3,
    });
    const cut = toPieces({ type: 'Polygon', coordinates: big }, { maxVertices: 256, maxSize: 2000 });
    expect(cut.length).toBeGreaterThan(20);
    for (const piece of cut) {
      expect(vertices(piece)).toBeLessThanOrEqual(256);
      expect(piece.bbox.maxX - piece.bbox.minX).toBeLessThanOrEqual(2000);
      expect(piece.bbox.maxY - piece.bbox.minY).toBeLessThanOrEqual(2000);
    }
  });

  it('cuts lines into parts and keeps points', () => {
    const line: Position[] = Array.from({ length: 1000 }, (_, i) => [i * 10, Math.sin(i / 20) * 500]);
    const pieces = toPieces({ type: 'LineString', coordinates: line }, { maxVertices: 64, maxSize: 1000 });
    expect(pieces.length).toBeGreaterThan(10);
    for (const p of pieces) expect(p.polygons).toBeUndefined();
    const probe: Position = [1234, 777];
    expect(distanceToPieces(pieces, probe)!.distance).toBeCloseTo(nearestOnLines(probe, [line])!.distance, 9);
    expect(toPieces({ type: 'Point', coordinates: [3, 4] })).toEqual([
      { bbox: { minX: 3, minY: 4, maxX: 3, maxY: 4 }, lines: [[[3, 4]]] },
    ]);
  });

  it('resolves points on cut lines, including where the edge of a hole lies on the cut', () => {
    // 4 km square cut at x = 2000 and y = 2000 (maxSize 2000); the hole's west edge lies on x = 2000.
    const square: PolygonCoords = [
      [
        [0, 0],
        [4000, 0],
        [4000, 4000],
        [0, 4000],
        [0, 0],
      ],
      [
        [2000, 1000],
        [3000, 1000],
        [3000, 3000],
        [2000, 3000],
        [2000, 1000],
      ],
    ];
    const pieces = toPieces({ type: 'Polygon', coordinates: square }, { maxSize: 2000 });
    expect(pieces).toHaveLength(4);
    const cases: [Position, boolean][] = [
      [[1500, 2000], true], // on the horizontal cut, in the area
      [[2500, 2000], false], // on the horizontal cut, in the hole
      [[2000, 500], true], // on the vertical cut below the hole
      [[2000, 1500], true], // on the hole's edge (boundary)
      [[2000, 2000], true], // the cuts' crossing, on the hole's edge
      [[2000, 3500], true],
      [[4000, 2000], true], // on the outer boundary at a cut
      [[4000.001, 2000], false],
    ];
    for (const [p, want] of cases) {
      expect(piecesContain(pieces, p), `${p}`).toBe(want);
      expect(containsPoint([square], p)).toBe(want);
    }
    expect(distanceToPieces(pieces, [2500, 2000])).toEqual({ point: [2000, 2000], distance: 500 });
    expect(areaWithinCircle(pieces, [2000, 2000], 5000)).toBeCloseTo(16e6 - 2e6, 6);
  });

  it('answers like the whole feature on seeded random polygons with holes', () => {
    const rand = rng(2024);
    let onCuts = 0;
    let contained = 0;
    let notContained = 0;
    for (let s = 0; s < 12; s++) {
      const centre: Position = [380000 + rand() * 20000, 180000 + rand() * 20000];
      const polys: PolygonCoords[] = [
        starPolygon(rand, {
          centre,
          vertices: 50 + Math.floor(rand() * 400),
          rMin: 200 + rand() * 800,
          rMax: 1200 + rand() * 3000,
          spikes: 0.1,
          holes: Math.floor(rand() * 5),
          randomOrientation: true,
        }),
      ];
      // Sometimes a second part (a multipolygon) beside the first.
      if (rand() < 0.5) {
        polys.push([
          starRing(rand, { centre: [centre[0] + 9000, centre[1]], vertices: 40, rMin: 300, rMax: 1500 }),
        ]);
      }
      const geometry: Geometry = { type: 'MultiPolygon', coordinates: polys };
      const pieces = toPieces(geometry, {
        maxVertices: 24 + Math.floor(rand() * 40),
        maxSize: 500 + rand() * 1500,
      });
      expect(pieces.length).toBeGreaterThan(4);

      const probes: Position[] = [];
      for (let i = 0; i < 200; i++)
        probes.push(pointIn(rand, centre[0] - 5000, centre[1] - 5000, centre[0] + 14000, centre[1] + 5000));
      for (const poly of polys)
        for (const ring of poly)
          for (let i = 0; i + 1 < ring.length; i += 7) {
            const a = ring[i]!;
            const b = ring[i + 1]!;
            const t = rand();
            probes.push(a, [a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])]);
          }
      // Points on the pieces' edges (most are cut lines) and corners, where shared edges must resolve once.
      for (const piece of pieces.slice(0, 30)) {
        const { minX, minY, maxX, maxY } = piece.bbox;
        probes.push([minX, minY], [maxX, maxY], [minX, (minY + maxY) / 2], [(minX + maxX) / 2, maxY]);
        onCuts += 4;
      }

      for (const p of probes) {
        const near = pieces.filter(
          (piece) =>
            p[0] >= piece.bbox.minX &&
            p[0] <= piece.bbox.maxX &&
            p[1] >= piece.bbox.minY &&
            p[1] <= piece.bbox.maxY,
        );
        const inside = containsPoint(polys, p);
        expect(piecesContain(near, p), `contains ${p}`).toBe(inside);
        if (inside) contained++;
        else notContained++;
        const whole = nearestOnPolygons(p, polys)!;
        const got = distanceToPieces(pieces, p)!;
        expect(Math.abs(got.distance - whole.distance), `distance ${p}`).toBeLessThan(1e-6);
      }
      for (let i = 0; i < 40; i++) {
        const c = pointIn(rand, centre[0] - 3000, centre[1] - 3000, centre[0] + 12000, centre[1] + 3000);
        const r = 100 + rand() * 1500;
        expect(Math.abs(areaWithinCircle(pieces, c, r) - circleIntersectionArea(polys, c, r))).toBeLessThan(
          1e-3,
        );
      }
    }
    expect(onCuts).toBeGreaterThan(100);
    expect(contained).toBeGreaterThan(1000);
    expect(notContained).toBeGreaterThan(1000);
  }, 60_000);
});
