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
import { distanceToPiece } from '../../geo/pieces';
import {
  beats,
  byBoxDistance,
  featureDistance,
  nearestUnbounded,
  nearestWithin,
  rankedDistance,
  rankedIndex,
  type CandidateProvider,
  type CoastAttrs,
  type ContourAttrs,
  type FeatureDistance,
  type PieceRecord,
} from './candidates';
import { azimuthFrom, degrees, metres, pointOut, roundTo } from './output';

export const ELEVATION_RADIUS = 1000;

type Line = FeatureDistance<ContourAttrs>;

const azimuthTo = (p: Position, line: Line): number | null =>
  line.distance === 0 ? null : degrees(azimuthFrom(p, line.point));

/**
 * The contours that bracket `p`: the nearest contour line of all (`first`, ties to the smaller id), and the
 * nearest line of the next level up (the lowest level above first's with a line within reach) and of the
 * next level down. That is all the estimate reads, so instead of the nearest line of every level, a piece is
 * measured only if it can still be one of those three: its box no farther than the current answer and its
 * level no farther from first's than the current bracket's.
 */
function bracket(lines: readonly PieceRecord<ContourAttrs>[], p: Position) {
  const n = byBoxDistance(lines, p, ELEVATION_RADIUS);
  let first: Line | undefined;
  for (let k = 0; k < n; k++) {
    const i = rankedIndex(k);
    if (first && rankedDistance(i) > first.distance) break;
    const rec = lines[i]!;
    if (rec.attrs.kind !== 'contour') continue;
    const m = measureLine(rec, p);
    if (m && (!first || beats(rec, m.distance, first))) first = m;
  }
  if (!first) return undefined;
  const h = first.attrs.height;
  let above: Line | undefined;
  let below: Line | undefined;
  for (let k = 0; k < n; k++) {
    const i = rankedIndex(k);
    const rec = lines[i]!;
    const ch = rec.attrs.height;
    if (rec.attrs.kind !== 'contour' || ch === h) continue;
    const current = ch > h ? above : below;
    if (current) {
      const level = current.attrs.height;
      // A level beyond the current bracket's cannot be the next one; at its level the box must be no farther.
      if (ch > h ? ch > level : ch < level) continue;
      if (ch === level && rankedDistance(i) > current.distance) continue;
    }
    const m = measureLine(rec, p);
    // A nearer level replaces the bracket whatever the distance; the same level only if nearer.
    if (!m || (current && ch === current.attrs.height && !beats(rec, m.distance, current))) continue;
    if (ch > h) above = m;
    else below = m;
  }
  return { first, above, below };
}

function measureLine(rec: PieceRecord<ContourAttrs>, p: Position): Line | null {
  const found = distanceToPiece(rec.piece, p);
  if (!found || found.distance > ELEVATION_RADIUS) return null;
  return featureDistance(rec, found);
}

export function elevationAt(
  provider: CandidateProvider,
  p: Position,
  coast: NearestCoastalPoint | null,
): Elevation {
  const lines = provider.near('contours', p, ELEVATION_RADIUS);
  const found = bracket(lines, p);
  if (!found)
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
  const { first, above, below } = found;
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

// Distances are given to the centimetre: features nearer than this to the same distance are a tie.
const COAST_TIE = 0.005;

/**
 * The height of the nearest coastal point. Where two coast features meet at the nearest vertex and only one
 * carries a height, which of them is "nearest" turns on float noise (a 1 mm shift flipped the answer to
 * null): among the features tied with the nearest, the height comes from one that has it.
 */
function coastHeight(
  provider: CandidateProvider,
  p: Position,
  best: FeatureDistance<CoastAttrs>,
): number | null {
  if (best.attrs.height !== null) return best.attrs.height;
  for (const rec of provider.near('coast', p, best.distance + COAST_TIE)) {
    if (rec.attrs.height === null) continue;
    const found = distanceToPiece(rec.piece, p);
    if (found && found.distance <= best.distance + COAST_TIE) return rec.attrs.height;
  }
  return null;
}

/** Nearest point of the Mean High Water line, however far (a point can be 100 km from the sea). */
export function nearestCoastalPoint(provider: CandidateProvider, p: Position): NearestCoastalPoint | null {
  const best = nearestUnbounded(provider, 'coast', p);
  if (!best) return null;
  return {
    elevation_metres: coastHeight(provider, p, best),
    distance: metres(best.distance),
    // Standing on the line itself leaves no direction: 0 by convention.
    azimuth_degrees: best.distance === 0 ? 0 : degrees(azimuthFrom(p, best.point)),
    ...pointOut(best.point),
  };
}
