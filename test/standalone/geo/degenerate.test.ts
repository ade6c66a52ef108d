// Nearly degenerate input as publishers ship it: repeated vertices, collinear runs, slivers, and the public
// API's names (the contract other modules code against).
import { describe, expect, it } from 'vitest';
import * as geo from '../../../pipelines/geo';
import type { PolygonCoords, Position, Ring } from '../../../pipelines/geo/geometry';

const square: Ring = [
  [0, 0],
  [100, 0],
  [100, 100],
  [0, 100],
  [0, 0],
];
// The same square with repeated vertices and extra collinear vertices on every side.
const noisy: Ring = [
  [0, 0],
  [0, 0],
  [25, 0],
  [50, 0],
  [50, 0],
  [100, 0],
  [100, 40],
  [100, 100],
  [100, 100],
  [60, 100],
  [0, 100],
  [0, 30],
  [0, 0],
];

describe('degenerate input', () => {
  it('repeated and collinear vertices change no answer', () => {
    const probes: Position[] = [
      [50, 50],
      [50, 0],
      [0, 0],
      [150, 50],
      [-3, -4],
      [100, 40],
    ];
    for (const p of probes) {
      expect(geo.locatePoint(p, [[noisy]])).toBe(geo.locatePoint(p, [[square]]));
      expect(geo.nearestOnPolygons(p, [[noisy]])!.distance).toBeCloseTo(
        geo.nearestOnPolygons(p, [[square]])!.distance,
        12,
      );
    }
    for (const [c, r] of [
      [[50, 50], 30],
      [[0, 0], 40],
      [[100, 50], 70],
      [[150, 150], 60],
    ] as [Position, number][]) {
      expect(geo.circleIntersectionArea([[noisy]], c, r)).toBeCloseTo(
        geo.circleIntersectionArea([[square]], c, r),
        9,
      );
    }
    const pieces = geo.toPieces({ type: 'Polygon', coordinates: [noisy] }, { maxVertices: 4, maxSize: 30 });
    expect(geo.areaWithinCircle(pieces, [50, 50], 1000)).toBeCloseTo(10_000, 6);
    expect(geo.piecesContain(pieces, [60, 60])).toBe(true);
    expect(geo.distanceToPieces(pieces, [130, 140])!.distance).toBeCloseTo(50, 9);
  });

  it('a sliver (a zero-area ring) has no inside and no area, but a boundary', () => {
    const sliver: PolygonCoords = [
      [
        [0, 0],
        [10, 0],
        [20, 0],
        [0, 0],
      ],
    ];
    expect(geo.locatePoint([5, 0], [sliver])).toBe('boundary');
    expect(geo.locatePoint([5, 1e-6], [sliver])).toBe('outside');
    expect(geo.circleIntersectionArea([sliver], [5, 0], 3)).toBe(0);
    expect(geo.nearestOnPolygons([5, 2], [sliver])).toEqual({ point: [5, 0], distance: 2 });
  });

  it('exports the engine API from pipelines/geo/index.ts', () => {
    const names = [
      'bboxOf',
      'bngToWgs84',
      'wgs84ToBng',
      'ringArea',
      'normalizePolygon',
      'polygonsOf',
      'linesOf',
      'locatePoint',
      'containsPoint',
      'nearestPointOnSegment',
      'nearestOnLines',
      'nearestOnPolygons',
      'gridAzimuth',
      'trueAzimuth',
      'circleIntersectionArea',
      'clipPolygonToBox',
      'clipLineToBox',
      'toPieces',
      'piecesContain',
      'distanceToPieces',
      'areaWithinCircle',
      'tileOf',
      'tileBBox',
      'tilesIntersecting',
      'tileBBoxWithOverlap',
      'FeatureIndex',
      'PointIndex',
    ];
    for (const name of names) expect(typeof (geo as Record<string, unknown>)[name], name).toBe('function');
    expect(geo.TILE_OVERLAP).toBe(1000);
  });
});
