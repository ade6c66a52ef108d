// What every spatial reader yields: the geometry types of pipelines/geo/geometry.ts plus the feature's
// position in its layer and, when its geometry could not be decoded, why (the loader quarantines it).
import type { Feature } from '../../geo/geometry';

export interface ReadFeature extends Feature {
  /** 0-based position of the feature in its file or layer. */
  index: number;
  /** Set when the geometry bytes could not be decoded; `geometry` is then null. */
  error?: string;
}

/** The coordinate reference systems we meet: British National Grid and WGS84 (lon, lat); null = unknown. */
export type Crs = 27700 | 4326 | null;

/** EPSG code → the CRSs we handle (ETRS89 4258 is within a metre of WGS84, and the same to proj4 here). */
export function knownCrs(code: number | null | undefined): Crs {
  if (code === 27700) return 27700;
  if (code === 4326 || code === 4258 || code === 4979) return 4326;
  return null;
}
