// The environment block (spec 2.7) of one point: pure, over any EnvironmentCandidates.
// - air_quality: each pollutant's value in the point's 1 km cell with its UK percentile; null when the cell
//   has no value for any pollutant;
// - greenspace: area of the 1 km circle covered by sites and its proportion, the nearest site (10 km);
// - landslides: every recorded landslide within 1 km, nearest first;
// - radon: the atlas class of the point's 1 km square with its likelihood range;
// - subsidence: the GeoSure hazards and GeoClimate shrink-swell classes of the polygons holding the point
//   (./subsidence.ts); null when none does.
import type { Position } from '../../geo/geometry';
import type { EnvironmentBlock } from '../../../schemas/api/environment';
import { CIRCLE_AREA_1KM } from '../../../schemas/api/planning';
import { POLLUTANTS } from '../../../schemas/environment-features';
import { nearestWithin, type FeatureDistance } from '../flood/candidates';
import { metres, pointOut, roundTo } from '../flood/output';
import { coveredArea } from '../planning/areas';
import { WITHIN_RADIUS } from '../planning/candidates';
import {
  cellCorner,
  GREENSPACE_NEAREST_LIMIT,
  type EnvironmentCandidates,
  type GreenspaceAttrs,
} from './candidates';
import { radonOfClass } from './radon';
import { subsidenceBlock } from './subsidence';

/** Landslide records are sparse; the cap only bounds a pathological cluster. */
export const LANDSLIDES_MAX = 100;

export function airQualityBlock(c: EnvironmentCandidates, p: Position): EnvironmentBlock['air_quality'] {
  const cx = cellCorner(p[0]);
  const cy = cellCorner(p[1]);
  const out = {} as NonNullable<EnvironmentBlock['air_quality']>;
  let any = false;
  for (const pollutant of POLLUTANTS) {
    const v = c.airQuality(pollutant, cx, cy);
    out[pollutant] = v && { percentile: v.percentile, value: roundTo(v.value, 5) };
    any ||= v !== null;
  }
  return any ? out : null;
}

/**
 * The nearest site within GREENSPACE_NEAREST_LIMIT, widening the search from 1 km: real greenspace is dense,
 * so measuring every site within 10 km for each UPRN would cost hundreds of exact distances. Any site nearer
 * than one found within radius r has its bbox within r, so the first radius with an answer gives the answer.
 */
export function nearestGreenspace(
  c: EnvironmentCandidates,
  p: Position,
): FeatureDistance<GreenspaceAttrs> | null {
  for (let r = WITHIN_RADIUS; ; r = Math.min(r * 4, GREENSPACE_NEAREST_LIMIT)) {
    const best = nearestWithin(c.greenspace(p, r), p, r);
    if (best) return best;
    if (r >= GREENSPACE_NEAREST_LIMIT) return null;
  }
}

export function greenspaceBlock(c: EnvironmentCandidates, p: Position): EnvironmentBlock['greenspace'] {
  const nearest = nearestGreenspace(c, p);
  if (!nearest) return null;
  // A play space inside a park is a site of its own: the area is that of the sites' union, so ground two
  // sites share counts once (docs/environment-climate-social.md).
  const area = coveredArea(c.greenspace(p, WITHIN_RADIUS), p, WITHIN_RADIUS);
  return {
    greenspace_area: Math.min(roundTo(area, 2), roundTo(CIRCLE_AREA_1KM, 2)),
    greenspace_proportion: Math.min(1, roundTo(area / CIRCLE_AREA_1KM, 6)),
    nearest_greenspace_point: {
      distance: metres(nearest.distance),
      ...pointOut(nearest.point),
      function: nearest.attrs.function,
      name: nearest.attrs.name,
    },
  };
}

export function environmentBlock(c: EnvironmentCandidates, p: Position): EnvironmentBlock {
  return {
    air_quality: airQualityBlock(c, p),
    greenspace: greenspaceBlock(c, p),
    landslides: c.points('landslides', p, LANDSLIDES_MAX, WITHIN_RADIUS).map((n) => ({
      distance: metres(n.distance),
      ...pointOut(n.record.position),
      name: n.record.attrs.name,
    })),
    radon: radonOfClass(c.radonClass(cellCorner(p[0]), cellCorner(p[1]))),
    subsidence: subsidenceBlock(c.subsidence(p), p),
  };
}
