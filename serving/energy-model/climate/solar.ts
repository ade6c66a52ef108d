// Solar flux on vertical windows by region, orientation and month (SAP U3.2 with Table U5 constants),
// computed once at load so the engine only looks values up.
import type { Monthly, Orientation } from '../engine/types';
import { HORIZONTAL_SOLAR, LATITUDE, SOLAR_DECLINATION } from './tables';

// Table U5 / BREDEM Table 15, columns North, NE/NW, E/W, SE/SW, South (climate.md).
const K: readonly (readonly number[])[] = [
  [26.3, 0.165, 1.44, -2.95, -0.66],
  [-38.5, -3.68, -2.36, 2.89, -0.106],
  [14.8, 3.0, 1.07, 1.17, 2.93],
  [-16.5, 6.38, -0.514, 5.67, 3.63],
  [27.3, -4.53, 1.89, -3.54, -0.374],
  [-11.9, -0.405, -1.64, -4.28, -7.4],
  [-1.06, -4.38, -0.542, -2.72, -2.71],
  [0.0872, 4.89, -0.757, -0.25, -0.991],
  [-0.191, -1.99, 0.604, 3.07, 4.59],
];

const COLUMN: Record<Orientation, number> = { N: 0, NE: 1, NW: 1, E: 2, W: 2, SE: 3, SW: 3, S: 4 };
const RAD = Math.PI / 180;

/** Ratio of flux on a surface of tilt `tiltDeg` to horizontal flux (SAP U3.2). */
export function fluxRatio(
  column: number,
  tiltDeg: number,
  latitudeDeg: number,
  declinationDeg: number,
): number {
  const k = (i: number) => K[i]![column]!;
  const s = Math.sin((tiltDeg * RAD) / 2);
  const s2 = s * s;
  const s3 = s2 * s;
  const a = k(0) * s3 + k(1) * s2 + k(2) * s;
  const b = k(3) * s3 + k(4) * s2 + k(5) * s;
  const c = k(6) * s3 + k(7) * s2 + k(8) * s + 1;
  const cosPhi = Math.cos((latitudeDeg - declinationDeg) * RAD);
  return a * cosPhi * cosPhi + b * cosPhi + c;
}

// VERTICAL_FLUX[region][column][month], W/m².
const VERTICAL_FLUX: readonly (readonly Monthly[])[] = HORIZONTAL_SOLAR.map((horizontal, region) =>
  [0, 1, 2, 3, 4].map((column) =>
    horizontal.map((h, m) => h * fluxRatio(column, 90, LATITUDE[region]!, SOLAR_DECLINATION[m]!)),
  ),
);

/** Mean solar flux on a vertical surface facing `orientation`, W/m², January first. */
export function verticalSolarFlux(region: number, orientation: Orientation): Monthly {
  const table = VERTICAL_FLUX[region];
  if (!table) throw new RangeError(`climate region must be 0..21, got ${region}`);
  return table[COLUMN[orientation]]!;
}
