// Azimuths in degrees clockwise from north, in [0, 360).
//
// Grid north (the BNG +y axis) and true north (the meridian) differ by the grid convergence γ, which is zero
// on the central meridian (2°W) and reaches several degrees at the edges of Great Britain (−2.85° at Land's
// End, +2.97° at Lowestoft, −3.74° at Stornoway). The service reports TRUE north azimuths: trueAzimuth = gridAzimuth + γ(from), with γ
// positive east of the central meridian, where true north points to the west of grid north.
import type { Position } from './geometry';

const DEG = 180 / Math.PI;
const RAD = Math.PI / 180;

// The National Grid's projection (OS "A guide to coordinate systems in Great Britain", Annex C): Airy 1830
// ellipsoid, Transverse Mercator with these constants. Convergence is a property of the projection, so it
// is computed on the OSGB36 latitude/longitude of the point (no datum shift involved).
const A = 6377563.396;
const B = 6356256.909;
const F0 = 0.9996012717;
const LAT0 = 49 * RAD;
const LON0 = -2 * RAD;
const E0 = 400000;
const N0 = -100000;
const E2 = (A * A - B * B) / (A * A);
const N = (A - B) / (A + B);

/** Degrees clockwise from grid north (BNG +y) of the direction from → to; NaN when the points coincide. */
export function gridAzimuth(from: Position, to: Position): number {
  const dx = to[0] - from[0];
  const dy = to[1] - from[1];
  if (dx === 0 && dy === 0) return NaN;
  const deg = Math.atan2(dx, dy) * DEG;
  return deg < 0 ? deg + 360 : deg >= 360 ? deg - 360 : deg;
}

/** Degrees clockwise from true north of the direction from → to, corrected by the convergence at `from`. */
export function trueAzimuth(from: Position, to: Position): number {
  const grid = gridAzimuth(from, to);
  if (Number.isNaN(grid)) return NaN;
  const deg = grid + gridConvergence(from[0], from[1]);
  return ((deg % 360) + 360) % 360;
}

function meridionalArc(lat: number): number {
  const dLat = lat - LAT0;
  const sLat = lat + LAT0;
  return (
    B *
    F0 *
    ((1 + N + (5 / 4) * N ** 2 + (5 / 4) * N ** 3) * dLat -
      (3 * N + 3 * N ** 2 + (21 / 8) * N ** 3) * Math.sin(dLat) * Math.cos(sLat) +
      ((15 / 8) * N ** 2 + (15 / 8) * N ** 3) * Math.sin(2 * dLat) * Math.cos(2 * sLat) -
      (35 / 24) * N ** 3 * Math.sin(3 * dLat) * Math.cos(3 * sLat))
  );
}

/** OSGB36 latitude and longitude (radians) of a BNG easting/northing: the OS Annex C inverse series. */
export function gridToOsgb36(x: number, y: number): { lat: number; lon: number } {
  let lat = LAT0;
  let m = 0;
  // Iterate the footpoint latitude until the meridional arc matches the northing to 0.01 mm (three or four
  // rounds; the cap only guards against non-finite input).
  for (let i = 0; i < 20; i++) {
    lat = (y - N0 - m) / (A * F0) + lat;
    m = meridionalArc(lat);
    if (!(Math.abs(y - N0 - m) >= 1e-5)) break;
  }
  const sin = Math.sin(lat);
  const cos = Math.cos(lat);
  const tan = Math.tan(lat);
  const nu = (A * F0) / Math.sqrt(1 - E2 * sin * sin);
  const rho = (A * F0 * (1 - E2)) / (1 - E2 * sin * sin) ** 1.5;
  const eta2 = nu / rho - 1;
  const vii = tan / (2 * rho * nu);
  const viii = (tan / (24 * rho * nu ** 3)) * (5 + 3 * tan ** 2 + eta2 - 9 * tan ** 2 * eta2);
  const ix = (tan / (720 * rho * nu ** 5)) * (61 + 90 * tan ** 2 + 45 * tan ** 4);
  const x_ = 1 / (cos * nu);
  const xi = (1 / (cos * 6 * nu ** 3)) * (nu / rho + 2 * tan ** 2);
  const xii = (1 / (cos * 120 * nu ** 5)) * (5 + 28 * tan ** 2 + 24 * tan ** 4);
  const xiia = (1 / (cos * 5040 * nu ** 7)) * (61 + 662 * tan ** 2 + 1320 * tan ** 4 + 720 * tan ** 6);
  const de = x - E0;
  return {
    lat: lat - vii * de ** 2 + viii * de ** 4 - ix * de ** 6,
    lon: LON0 + x_ * de - xi * de ** 3 + xii * de ** 5 - xiia * de ** 7,
  };
}

/**
 * Grid convergence γ in degrees at a BNG point: what to ADD to a grid azimuth to get a true azimuth (positive
 * east of 2°W). The standard ellipsoidal Transverse Mercator series in the longitude difference (Redfearn's,
 * terms to Δλ⁵) on the Airy ellipsoid; checked in the tests against stepping along a meridian with proj4.
 */
export function gridConvergence(x: number, y: number): number {
  const { lat, lon } = gridToOsgb36(x, y);
  const dl = lon - LON0;
  const sin = Math.sin(lat);
  const cos = Math.cos(lat);
  const tan2 = Math.tan(lat) ** 2;
  const eta2 = (E2 / (1 - E2)) * cos * cos;
  const gamma =
    dl * sin +
    ((dl ** 3 * sin * cos * cos) / 3) * (1 + 3 * eta2 + 2 * eta2 * eta2) +
    ((dl ** 5 * sin * cos ** 4) / 15) * (2 - tan2);
  return gamma * DEG;
}
