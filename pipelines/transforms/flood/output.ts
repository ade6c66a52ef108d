// How positions leave the kernel: BNG rounded to the centimetre (the kernel is exact well below that, and
// a centimetre is far below the sources' accuracy), latitude/longitude (ETRS89 via the OS Helmert
// transformation, pipelines/geo/bng.ts) to 7 decimals (about 1 cm), azimuths to 0.01 degree.
import type { Point, PointWithAzimuth } from '../../../schemas/api/flood-risk';
import { gridAzimuth, gridConvergence } from '../../geo/azimuth';
import { bngToWgs84 } from '../../geo/bng';
import type { Position } from '../../geo/geometry';

export const roundTo = (value: number, decimals: number): number => {
  const f = 10 ** decimals;
  // + 0 turns -0 into 0, so JSON never shows "-0".
  return Math.round(value * f) / f + 0;
};
export const metres = (value: number): number => roundTo(value, 2);
export const degrees = (value: number): number => {
  const d = roundTo(value, 2);
  return d >= 360 ? d - 360 : d;
};

export function pointOut(p: Position): Point {
  const { latitude, longitude } = bngToWgs84(p[0], p[1]);
  return {
    x_coord: metres(p[0]),
    y_coord: metres(p[1]),
    latitude: roundTo(latitude, 7),
    longitude: roundTo(longitude, 7),
  };
}

// One block asks for several azimuths from the same point; the grid convergence there is computed once.
let convergenceAt: { x: number; y: number; c: number } = { x: NaN, y: NaN, c: 0 };

/** trueAzimuth (pipelines/geo/azimuth.ts) with the convergence at `from` remembered; NaN if from = to. */
export function azimuthFrom(from: Position, to: Position): number {
  const grid = gridAzimuth(from, to);
  if (Number.isNaN(grid)) return NaN;
  if (convergenceAt.x !== from[0] || convergenceAt.y !== from[1])
    convergenceAt = { x: from[0], y: from[1], c: gridConvergence(from[0], from[1]) };
  const deg = grid + convergenceAt.c;
  return ((deg % 360) + 360) % 360;
}

export function pointWithAzimuth(from: Position, to: Position): PointWithAzimuth {
  return { ...pointOut(to), azimuth_degrees: degrees(azimuthFrom(from, to)) };
}
