// Elevation from OS Terrain 50 contours (10 m interval) and the coast from the Mean High Water line.
//
// The point lies between two adjacent contour levels. We take the nearest contour (height h), then the
// nearest contour of the next level up and of the next level down: whichever of those two is nearer is
// the other side of the bracket. The estimate interpolates by inverse distance,
//   (h_lower·d_upper + h_upper·d_lower) / (d_lower + d_upper),
// which is the height on the straight line between the two nearest points. Contours are searched within
// 1 km (the tiles' overlap, so batch and live see the same lines); with only one level in reach the point
// is reported at that level (upper = lower = it). Azimuths point from the point to the nearest point of the
// upper (ascending) and lower (descending) contour, in degrees from TRUE north; null at distance 0.
import type { Elevation, NearestCoastalPoint } from '../../../schemas/api/flood-risk';
import type { Position } from '../../geo/geometry';
import {
  byDistance,
  nearestPerKey,
  nearestUnbounded,
  nearestWithin,
  type CandidateProvider,
  type ContourAttrs,
  type FeatureDistance,
} from './candidates';
import { azimuthFrom, degrees, metres, pointOut, roundTo } from './output';

export const ELEVATION_RADIUS = 1000;

type Line = FeatureDistance<ContourAttrs>;

const azimuthTo = (p: Position, line: Line): number | null =>
  line.distance === 0 ? null : degrees(azimuthFrom(p, line.point));

export function elevationAt(
  provider: CandidateProvider,
  p: Position,
  coast: NearestCoastalPoint | null,
): Elevation {
  const lines = provider.near('contours', p, ELEVATION_RADIUS);
  // Only the nearest line of each height matters.
  const contours = [
    ...nearestPerKey(
      lines.filter((l) => l.attrs.kind === 'contour'),
      p,
      ELEVATION_RADIUS,
      (l) => l.attrs.height,
    ).values(),
  ].sort(byDistance);
  const first = contours[0];
  if (!first)
    return {
      elevation_upper: null,
      elevation_lower: null,
      elevation_estimate: null,
      distance_from_upper: null,
      distance_from_lower: null,
      azimuth_ascending_degrees: null,
      azimuth_descending_degrees: null,
      is_above_high_tide_line: null,
    };
  const h = first.attrs.height;
  let above: Line | undefined;
  let below: Line | undefined;
  for (const c of contours) {
    const ch = c.attrs.height;
    // Nearest of the NEXT level up / down (a lower "above" level replaces a higher one).
    if (ch > h && (!above || ch < above.attrs.height)) above = c;
    if (ch < h && (!below || ch > below.attrs.height)) below = c;
  }
  let upper: Line;
  let lower: Line;
  if (above && (!below || above.distance < below.distance)) [upper, lower] = [above, first];
  else if (below) [upper, lower] = [first, below];
  else [upper, lower] = [first, first];
  const du = upper.distance;
  const dl = lower.distance;
  const hu = upper.attrs.height;
  const hl = lower.attrs.height;
  const estimate = du + dl === 0 ? hl : (hl * du + hu * dl) / (dl + du);
  // Mean high water height: the nearest OS Terrain 50 MHW tide line within reach, else the height of the
  // nearest coastal point's line, else 0 m ODN (mean sea level at Newlyn; inland that answer is never close).
  const mhwLine = nearestWithin(
    lines.filter((l) => l.attrs.kind === 'mean_high_water'),
    p,
    ELEVATION_RADIUS,
  );
  const mhw = mhwLine?.attrs.height ?? coast?.elevation_metres ?? 0;
  return {
    elevation_upper: hu,
    elevation_lower: hl,
    elevation_estimate: roundTo(estimate, 2),
    distance_from_upper: metres(du),
    distance_from_lower: metres(dl),
    azimuth_ascending_degrees: azimuthTo(p, upper),
    azimuth_descending_degrees: azimuthTo(p, lower),
    is_above_high_tide_line: estimate > mhw,
  };
}

/** Nearest point of the Mean High Water line, however far (a point can be 100 km from the sea). */
export function nearestCoastalPoint(provider: CandidateProvider, p: Position): NearestCoastalPoint | null {
  const best = nearestUnbounded(provider, 'coast', p);
  if (!best) return null;
  return {
    elevation_metres: best.attrs.height,
    distance: metres(best.distance),
    // Standing on the line itself leaves no direction: 0 by convention.
    azimuth_degrees: best.distance === 0 ? 0 : degrees(azimuthFrom(p, best.point)),
    ...pointOut(best.point),
  };
}
