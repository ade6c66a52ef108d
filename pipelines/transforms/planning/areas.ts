// The shared shape of "polygon layer near a point" answers (conservation areas, World Heritage Sites,
// National Parks, low emission zones): inside or not, the area of the 1 km circle the layer covers, its
// proportion of the circle, and the nearest feature (the containing one at distance 0).
import type { Position } from '../../geo/geometry';
import { areaWithinCircle } from '../../geo/pieces';
import { CIRCLE_AREA_1KM } from '../../../schemas/api/planning';
import type { Point } from '../../../schemas/api/flood-risk';
import type { FeatureDistance, PieceRecord } from '../flood/candidates';
import { metres, pointOut, roundTo } from '../flood/output';
import {
  nearestArea,
  WITHIN_RADIUS,
  type AreaAttrs,
  type AreaFamily,
  type LocationCandidates,
} from './candidates';

export interface AreaLayerAnswer<A> {
  inside: boolean;
  /** m² of the 1 km circle covered, rounded to the cm², never above the circle. */
  area: number;
  /** area / circle, 0..1, 6 decimals. */
  proportion: number;
  nearest: { feature: FeatureDistance<A>; distance: number; nearest_point: Point | null } | null;
}

/**
 * Area of the circle covered by the features among `pieces`: each feature's pieces do not overlap, so a
 * feature's area is the sum over its pieces (geo/pieces.ts); different features of one layer are summed
 * too, and the total is capped at the circle: published layers of one kind barely overlap (a conservation
 * area inside another is the one case seen), and the cap keeps the rule area ≤ π·r² whatever the data.
 */
export function coveredArea<A>(pieces: readonly PieceRecord<A>[], p: Position, r: number): number {
  const total = areaWithinCircle(
    pieces.map((x) => x.piece),
    p,
    r,
  );
  return Math.min(total, Math.PI * r * r);
}

export function areaLayer<F extends AreaFamily>(
  c: LocationCandidates,
  family: F,
  p: Position,
): AreaLayerAnswer<AreaAttrs[F]> {
  // areaWithinCircle caps a sum at the circle, which is right for one feature's pieces and the cap we want
  // for the layer as a whole.
  const area = coveredArea(c.areas(family, p, WITHIN_RADIUS), p, WITHIN_RADIUS);
  const nearest = nearestArea(c, family, p);
  const rounded = Math.min(roundTo(area, 2), roundTo(CIRCLE_AREA_1KM, 2));
  return {
    inside: nearest !== null && nearest.distance === 0,
    area: rounded,
    proportion: Math.min(1, roundTo(area / CIRCLE_AREA_1KM, 6)),
    nearest: nearest && {
      feature: nearest,
      distance: metres(nearest.distance),
      nearest_point: nearest.distance === 0 ? null : pointOut(nearest.point),
    },
  };
}
