// How positions leave the kernel: BNG rounded to the centimetre (the kernel is exact well below that, and
// a centimetre is far below the sources' accuracy), latitude/longitude (ETRS89 via the OS Helmert
// transformation, pipelines/geo/bng.ts) to 7 decimals (about 1 cm), azimuths to 0.01 degree.
import type { Point, PointWithAzimuth } from '../../../schemas/api/flood-risk';
import { trueAzimuth } from '../../geo/azimuth';
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

export function pointWithAzimuth(from: Position, to: Position): PointWithAzimuth {
  return { ...pointOut(to), azimuth_degrees: degrees(trueAzimuth(from, to)) };
}
