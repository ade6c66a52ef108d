// British National Grid (EPSG:27700) <-> ETRS89 longitude and latitude, by OSTN15 (ostn15.ts), the
// transformation that defines the National Grid: OS Open UPRN's and ONSPD's latitudes, GPS positions (ETRS89;
// WGS84 is the same to well under a metre in Great Britain, and that is how every WGS84 source here is read).
//
// OSTN15's grid covers 0-700 km east and 0-1250 km north. Outside it (the far north of the grid, beyond
// Shetland, and points that project off its edges) the OS 7-parameter Helmert transformation is used instead
// (proj4), which OS quotes as good to a few metres. `transformAt` says which one a point gets.
import proj4 from 'proj4';
import { ostn15Forward, ostn15Inverse, type Ostn15Grid } from './ostn15';
import { loadOstn15Grid } from './ostn15-grid';

const BNG_HELMERT =
  '+proj=tmerc +lat_0=49 +lon_0=-2 +k=0.9996012717 +x_0=400000 +y_0=-100000 +ellps=airy ' +
  '+towgs84=446.448,-125.157,542.06,0.15,0.247,0.842,-20.489 +units=m +no_defs';

const helmert = proj4('WGS84', BNG_HELMERT);

/** The extent of the British National Grid (metres). Points outside it are not in Great Britain's grid. */
export const BNG_EXTENT = { minX: 0, minY: 0, maxX: 700_000, maxY: 1_300_000 } as const;

export interface LonLat {
  longitude: number;
  latitude: number;
}
export interface EastingNorthing {
  x: number;
  y: number;
}

/** Which transformation a point gets: OSTN15 inside its grid, the Helmert outside. */
export type DatumTransform = 'OSTN15' | 'Helmert';

let grid: Ostn15Grid | undefined;

/** The installed grid, read on first use (7 MB, a few milliseconds). */
function ostn15(): Ostn15Grid {
  return (grid ??= loadOstn15Grid());
}

/**
 * National Grid (x, y) → ETRS89 longitude, latitude (degrees) into out[o], out[o + 1], without allocating.
 * Returns the transformation used.
 */
export function bngToWgs84Into(x: number, y: number, out: Float64Array | number[], o = 0): DatumTransform {
  if (ostn15Inverse(ostn15(), x, y, out, o)) return 'OSTN15';
  const [longitude, latitude] = helmert.inverse([x, y]) as [number, number];
  out[o] = longitude;
  out[o + 1] = latitude;
  return 'Helmert';
}

/**
 * ETRS89 longitude, latitude (degrees) → National Grid (x, y) into out[o], out[o + 1], without allocating.
 * Returns the transformation used.
 */
export function wgs84ToBngInto(
  longitude: number,
  latitude: number,
  out: Float64Array | number[],
  o = 0,
): DatumTransform {
  if (ostn15Forward(ostn15(), longitude, latitude, out, o)) return 'OSTN15';
  const [x, y] = helmert.forward([longitude, latitude]) as [number, number];
  out[o] = x;
  out[o + 1] = y;
  return 'Helmert';
}

const scratch = new Float64Array(2);

export function bngToWgs84(x: number, y: number): LonLat {
  bngToWgs84Into(x, y, scratch, 0);
  return { longitude: scratch[0]!, latitude: scratch[1]! };
}

export function wgs84ToBng(longitude: number, latitude: number): EastingNorthing {
  wgs84ToBngInto(longitude, latitude, scratch, 0);
  return { x: scratch[0]!, y: scratch[1]! };
}

/** Which transformation the grid point (x, y) gets, both ways. */
export function transformAt(x: number, y: number): DatumTransform {
  return bngToWgs84Into(x, y, scratch, 0);
}

export function isInsideBngExtent(x: number, y: number): boolean {
  return x >= BNG_EXTENT.minX && x <= BNG_EXTENT.maxX && y >= BNG_EXTENT.minY && y <= BNG_EXTENT.maxY;
}
