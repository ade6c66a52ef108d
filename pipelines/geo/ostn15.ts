// OSTN15, the definitive ETRS89 ↔ OSGB36 National Grid transformation, by Ordnance Survey's published method
// ("Transformations and OSGM15 user guide", OS 2016; "A guide to coordinate systems in Great Britain", section 6):
//
//   ETRS89 latitude/longitude → Transverse Mercator on GRS80 with the National Grid's constants → (x, y);
//   the east and north shifts bilinearly interpolated from the 1 km grid at (x, y) are added: (E, N).
//
// The inverse subtracts the shifts found at the grid point, then re-interpolates at the result until the
// shifts stop changing (to 0.01 mm), and unprojects on GRS80. Pure functions over a loaded grid; results go
// into a caller's array, so a loop over many points allocates nothing.
import { GRS80, nationalGridProjection } from './transverse-mercator';

/** The shift grid: (east, north) shift in millimetres per node, row by row from the south-west corner. */
export interface Ostn15Grid {
  /** Nodes per row (701: eastings 0..700 km). */
  columns: number;
  /** Rows (1251: northings 0..1250 km). */
  rows: number;
  /** Node spacing, metres (1000). */
  spacing: number;
  /** [east0, north0, east1, north1, …], millimetres; node (i, j) at 2 × (j × columns + i). */
  shifts: Int32Array;
}

const DEG = 180 / Math.PI;
const RAD = Math.PI / 180;
/** The inverse stops when an iteration moves the point by less than this (metres). */
const INVERSE_TOLERANCE = 1e-5;
const etrs89 = nationalGridProjection(GRS80);
const shift = new Float64Array(2);
const projected = new Float64Array(2);

/**
 * The interpolated shift (metres) at grid point (x, y) into out[o], out[o + 1]; false, leaving out untouched,
 * outside the grid's coverage (0 ≤ x ≤ 700 km, 0 ≤ y ≤ 1250 km).
 */
export function ostn15ShiftAt(
  grid: Ostn15Grid,
  x: number,
  y: number,
  out: Float64Array | number[],
  o: number,
): boolean {
  const { columns, rows, spacing, shifts } = grid;
  const gx = x / spacing;
  const gy = y / spacing;
  // Written so NaN fails too.
  if (!(gx >= 0 && gx <= columns - 1 && gy >= 0 && gy <= rows - 1)) return false;
  // On the east or north edge, the last cell (its far corner weighted 1).
  const i = Math.min(Math.floor(gx), columns - 2);
  const j = Math.min(Math.floor(gy), rows - 2);
  const t = gx - i;
  const u = gy - j;
  const sw = 2 * (j * columns + i);
  const nw = sw + 2 * columns;
  const wSw = (1 - t) * (1 - u);
  const wSe = t * (1 - u);
  const wNw = (1 - t) * u;
  const wNe = t * u;
  out[o] = (wSw * shifts[sw]! + wSe * shifts[sw + 2]! + wNw * shifts[nw]! + wNe * shifts[nw + 2]!) * 0.001;
  out[o + 1] =
    (wSw * shifts[sw + 1]! + wSe * shifts[sw + 3]! + wNw * shifts[nw + 1]! + wNe * shifts[nw + 3]!) * 0.001;
  return true;
}

/**
 * ETRS89 longitude, latitude (degrees) → National Grid easting, northing (metres) into out[o], out[o + 1].
 * false (out untouched) when the point projects outside the grid's coverage.
 */
export function ostn15Forward(
  grid: Ostn15Grid,
  longitude: number,
  latitude: number,
  out: Float64Array | number[],
  o: number,
): boolean {
  etrs89.project(latitude * RAD, longitude * RAD, projected, 0);
  const x = projected[0]!;
  const y = projected[1]!;
  if (!ostn15ShiftAt(grid, x, y, shift, 0)) return false;
  out[o] = x + shift[0]!;
  out[o + 1] = y + shift[1]!;
  return true;
}

/**
 * National Grid easting, northing (metres) → ETRS89 longitude, latitude (degrees) into out[o], out[o + 1].
 * false (out untouched) when the point, or the ETRS89 grid point it comes from, is outside the coverage.
 */
export function ostn15Inverse(
  grid: Ostn15Grid,
  easting: number,
  northing: number,
  out: Float64Array | number[],
  o: number,
): boolean {
  if (!ostn15ShiftAt(grid, easting, northing, shift, 0)) return false;
  let x = easting - shift[0]!;
  let y = northing - shift[1]!;
  // The shifts change by millimetres per kilometre, so each round shrinks the error ~10⁵ times: two or
  // three rounds reach 0.01 mm. The cap is a guard.
  for (let round = 0; round < 10; round++) {
    if (!ostn15ShiftAt(grid, x, y, shift, 0)) return false;
    const nx = easting - shift[0]!;
    const ny = northing - shift[1]!;
    const moved = Math.abs(nx - x) + Math.abs(ny - y);
    x = nx;
    y = ny;
    if (moved < INVERSE_TOLERANCE) break;
  }
  etrs89.unproject(x, y, projected, 0);
  out[o] = projected[1]! * DEG;
  out[o + 1] = projected[0]! * DEG;
  return true;
}
