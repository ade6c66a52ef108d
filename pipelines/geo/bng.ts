// British National Grid (EPSG:27700) <-> WGS84/ETRS89 longitude and latitude.
//
// proj4 applies the OS 7-parameter Helmert transformation (OSGB36 <-> ETRS89). OS quotes it as good to
// about 3-5 m across Great Britain; OSTN15 (0.1 m) is not available offline. Sources that publish both
// coordinate systems (OS Open UPRN, ONSPD) are kept as published; this transform is for points that come
// in only one system.
import proj4 from 'proj4';

const BNG =
  '+proj=tmerc +lat_0=49 +lon_0=-2 +k=0.9996012717 +x_0=400000 +y_0=-100000 +ellps=airy ' +
  '+towgs84=446.448,-125.157,542.06,0.15,0.247,0.842,-20.489 +units=m +no_defs';

const toBng = proj4('WGS84', BNG);

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

export function bngToWgs84(x: number, y: number): LonLat {
  const [longitude, latitude] = toBng.inverse([x, y]) as [number, number];
  return { longitude, latitude };
}

export function wgs84ToBng(longitude: number, latitude: number): EastingNorthing {
  const [x, y] = toBng.forward([longitude, latitude]) as [number, number];
  return { x, y };
}

export function isInsideBngExtent(x: number, y: number): boolean {
  return x >= BNG_EXTENT.minX && x <= BNG_EXTENT.maxX && y >= BNG_EXTENT.minY && y <= BNG_EXTENT.maxY;
}
