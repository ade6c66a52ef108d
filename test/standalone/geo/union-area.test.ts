// unionAreaWithinCircle: hand cases to 1e-6 m², and seeded random overlapping features (star polygons with
// holes, cut into many pieces) against two references: Monte-Carlo sampling of the disc with the original
// features (independent of polygon-clipping; tolerance 5 standard errors of the estimate, from the sample
// count), and the union of the uncut features measured by circleIntersectionArea (to 1e-3 m²).
import polygonClipping from 'polygon-clipping';
import { describe, expect, it } from 'vitest';
import { circleIntersectionArea } from '../../../pipelines/geo/circle-area';
import type { PolygonCoords, Position, Ring } from '../../../pipelines/geo/geometry';
import { areaWithinCircle, toPieces, type Piece } from '../../../pipelines/geo/pieces';
import { containsPoint } from '../../../pipelines/geo/point-in-polygon';
import { unionAreaWithinCircle, type FeaturePiece } from '../../../pipelines/geo/union-area';
import { relate } from '../../../pipelines/geo/union-area-relate';
import { rng, starPolygon, wavyRing } from './shapes';

const C: Position = [451234.5, 207654.25];
const R = 1000;
const DISC = Math.PI * R * R;

const rect = (minX: number, minY: number, maxX: number, maxY: number): Ring => [
  [minX, minY],
  [maxX, minY],
  [maxX, maxY],
  [minX, maxY],
  [minX, minY],
];
/** A square of side s centred at C + (dx, dy). */
const square = (dx: number, dy: number, s: number): PolygonCoords => [
  rect(C[0] + dx - s / 2, C[1] + dy - s / 2, C[0] + dx + s / 2, C[1] + dy + s / 2),
];

function features(polygons: PolygonCoords[][], maxVertices = 256, maxSize = 2000): FeaturePiece[] {
  return polygons.flatMap((multi, feature) =>
    toPieces({ type: 'MultiPolygon', coordinates: multi }, { maxVertices, maxSize }).map((piece) => ({
      feature,
      piece,
    })),
  );
}

/** Monte-Carlo estimate of area(∪ features ∩ disc) and its standard error. */
function monteCarlo(polygons: PolygonCoords[][], centre: Position, r: number, n: number, seed: number) {
  const rand = rng(seed);
  let hits = 0;
  for (let i = 0; i < n; i++) {
    const rho = r * Math.sqrt(rand());
    const t = 2 * Math.PI * rand();
    const p: Position = [centre[0] + rho * Math.cos(t), centre[1] + rho * Math.sin(t)];
    if (polygons.some((multi) => containsPoint(multi, p))) hits++;
  }
  const share = hits / n;
  const full = Math.PI * r * r;
  return { area: share * full, error: full * Math.sqrt(Math.max(share * (1 - share), 1 / n) / n) };
}

const piece = (...polygons: PolygonCoords[]): Piece => {
  const [one] = toPieces({ type: 'MultiPolygon', coordinates: polygons });
  return one!;
};
/** A raw piece, keeping the rings' orientation as given. */
const rawPiece = (...polygons: PolygonCoords[]): Piece => {
  const xs = polygons.flat(2).map((p) => p[0]);
  const ys = polygons.flat(2).map((p) => p[1]);
  const bbox = { minX: Math.min(...xs), minY: Math.min(...ys), maxX: Math.max(...xs), maxY: Math.max(...ys) };
  return { bbox, polygons, lines: polygons.flat() };
};

describe('relate', () => {
  it('tells apart neighbours, overlaps and containment', () => {
    const a = square(0, 0, 100);
    expect(relate(piece(a), piece(square(100, 0, 100)))).toBe('disjoint'); // sharing an edge
    expect(relate(piece(a), piece(square(100, 100, 100)))).toBe('disjoint'); // sharing a corner
    expect(relate(piece(a), piece(square(100, 30, 100)))).toBe('disjoint'); // sharing part of an edge
    expect(relate(piece(a), piece(square(90, 0, 100)))).toBe('overlapping');
    expect(relate(piece(a), piece(a))).toBe('overlapping'); // identical
    expect(relate(piece(square(0, 0, 20)), piece(a))).toBe('a_in_b');
    expect(relate(piece(a), piece(square(0, 0, 20)))).toBe('b_in_a');
    expect(relate(piece(square(40, 0, 20)), piece(a))).toBe('overlapping'); // inside, touching the edge
    // A triangle with its vertices on the square's sides: no crossing, no vertex inside, still overlapping.
    const [x0, y0] = [C[0] - 50, C[1] - 50];
    const triangle: PolygonCoords = [
      [
        [x0 + 50, y0],
        [x0 + 100, y0 + 50],
        [x0, y0 + 50],
        [x0 + 50, y0],
      ],
    ];
    expect(relate(piece(triangle), piece(a))).toBe('overlapping');
    // A square in the other's hole is disjoint from it; one over the hole's edge is not.
    const holed: PolygonCoords = [...square(0, 0, 300), [...square(0, 0, 100)[0]!].reverse()];
    expect(relate(piece(square(0, 0, 60)), piece(holed))).toBe('disjoint');
    expect(relate(piece(a), piece(holed))).toBe('disjoint'); // exactly the hole
    expect(relate(piece(square(0, 0, 120)), piece(holed))).toBe('overlapping');
  });

  it('reads orientation from the rings: identical squares stored in opposite orders still overlap', () => {
    const a = square(0, 0, 100);
    const reversed: PolygonCoords = [[...a[0]!].reverse()];
    expect(relate(rawPiece(a), rawPiece(reversed))).toBe('overlapping');
    expect(relate(rawPiece(a), rawPiece([[...square(100, 0, 100)[0]!].reverse()]))).toBe('disjoint');
  });
});

describe('unionAreaWithinCircle', () => {
  it('identical, nested, half-overlapping and disjoint squares', () => {
    const one = square(0, 0, 1000);
    expect(unionAreaWithinCircle(features([[one], [one]]), C, R)).toBeCloseTo(1e6, 6);
    expect(unionAreaWithinCircle(features([[one], [square(100, 50, 300)]]), C, R)).toBeCloseTo(1e6, 6);
    expect(
      unionAreaWithinCircle(features([[square(-250, 0, 1000)], [square(250, 0, 1000)]]), C, R),
    ).toBeCloseTo(1.5e6, 6);
    expect(
      unionAreaWithinCircle(features([[square(-300, 0, 400)], [square(300, 0, 400)]]), C, R),
    ).toBeCloseTo(320_000, 6);
    // Three features, each overlapping the next: 3 × 1e6 − 2 × 0.5e6.
    const chain = [[square(-500, 0, 1000)], [square(0, 0, 1000)], [square(500, 0, 1000)]];
    const big: Position = [C[0], C[1]];
    expect(unionAreaWithinCircle(features(chain), big, 5000)).toBeCloseTo(2e6, 6);
    // Neighbours sharing edges are summed; a site nested in one of them adds nothing.
    const row = [[square(-200, 0, 200)], [square(0, 0, 200)], [square(200, 0, 200)], [square(0, 0, 50)]];
    expect(unionAreaWithinCircle(features(row), C, R)).toBeCloseTo(120_000, 6);
  });

  it('clips to the disc: two identical half-planes cover half of it, a square containing it all of it', () => {
    const half: PolygonCoords = [rect(C[0] - 5000, C[1], C[0] + 5000, C[1] + 5000)];
    expect(unionAreaWithinCircle(features([[half], [half]]), C, R)).toBeCloseTo(DISC / 2, 6);
    const both = features([[half], [square(0, 0, 4000)], [half]]);
    expect(unionAreaWithinCircle(both, C, R)).toBeCloseTo(DISC, 6);
    // Overlap only outside the disc (in its box's corner) changes nothing.
    const corner = features([[square(900, 900, 300)], [square(950, 950, 300)]]);
    expect(unionAreaWithinCircle(corner, C, R)).toBeCloseTo(
      circleIntersectionArea([square(900, 900, 300)], C, R) +
        circleIntersectionArea([square(950, 950, 300)], C, R),
      6,
    );
  });

  it('does not union the pieces of one feature: a feature alone is its plain sum over pieces', () => {
    const rand = rng(11);
    const star = starPolygon(rand, { centre: C, vertices: 600, rMin: 600, rMax: 1400, holes: 3 });
    const pieces = features([[star]], 64, 400);
    expect(pieces.length).toBeGreaterThan(10);
    const plain = areaWithinCircle(
      pieces.map((p) => p.piece),
      C,
      R,
    );
    expect(unionAreaWithinCircle(pieces, C, R)).toBeCloseTo(plain, 6);
    expect(Math.abs(plain - circleIntersectionArea([star], C, R))).toBeLessThan(1e-3);
  });

  it('random overlapping features cut into pieces: the union, not the sum', () => {
    const rand = rng(2024);
    let overlapSeen = 0;
    for (let trial = 0; trial < 4; trial++) {
      const count = 2 + Math.floor(rand() * 4);
      const polygons: PolygonCoords[][] = [];
      for (let f = 0; f < count; f++) {
        const centre: Position = [C[0] + (rand() - 0.5) * 1600, C[1] + (rand() - 0.5) * 1600];
        const size = 300 + rand() * 900;
        polygons.push(
          f % 2 === 0
            ? [
                starPolygon(rand, {
                  centre,
                  vertices: 40 + Math.floor(rand() * 120),
                  rMin: size * 0.5,
                  rMax: size,
                  holes: 2,
                }),
              ]
            : [[wavyRing(rand, centre, 200, size * 0.7)]],
        );
      }
      const pieces = features(polygons, 48, 300);
      const got = unionAreaWithinCircle(pieces, C, R);

      const whole = polygonClipping.union(...(polygons as [PolygonCoords[], ...PolygonCoords[][]]));
      expect(Math.abs(got - circleIntersectionArea(whole as PolygonCoords[], C, R))).toBeLessThan(1e-3);

      const mc = monteCarlo(polygons, C, R, 20_000, 7 + trial);
      expect(Math.abs(got - mc.area)).toBeLessThan(5 * mc.error);

      const sum = polygons.reduce((s, multi) => s + circleIntersectionArea(multi, C, R), 0);
      expect(got).toBeLessThanOrEqual(sum + 1e-6);
      overlapSeen = Math.max(overlapSeen, (sum - got) / (5 * mc.error));
      expect(got).toBeLessThanOrEqual(DISC);
    }
    // The features do overlap: the plain sum is far outside the Monte-Carlo tolerance.
    expect(overlapSeen).toBeGreaterThan(10);
  }, 30_000);

  it('ignores line pieces and pieces beyond the disc', () => {
    const line: Piece = {
      bbox: { minX: C[0], minY: C[1], maxX: C[0] + 10, maxY: C[1] },
      lines: [[C, [C[0] + 10, C[1]]]],
    };
    const far = features([[square(3000, 0, 500)]]);
    expect(unionAreaWithinCircle([{ feature: 'l', piece: line }, ...far], C, R)).toBe(0);
    expect(unionAreaWithinCircle([], C, R)).toBe(0);
  });
});
