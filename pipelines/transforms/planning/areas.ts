// The shared shape of "polygon layer near a point" answers (conservation areas, World Heritage Sites,
// National Parks, low emission zones): inside or not, the area of the 1 km circle the layer covers, its
// proportion of the circle, and the nearest feature (the containing one at distance 0).
import type { Position } from '../../geo/geometry';
import { unionAreaWithinCircle } from '../../geo/union-area';
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
 * Area of the circle covered by the features among `pieces`: the area of their UNION within the circle
 * (geo/union-area.ts), so ground shared by two features (a conservation area drawn inside another, a play
 * space inside a park, overlapping zones) counts once. Pieces are told apart by layer and feature id: the
 * pieces of one feature never overlap and are summed; only different features are unioned.
 */
export function coveredArea<A>(pieces: readonly PieceRecord<A>[], p: Position, r: number): number {
  return unionAreaWithinCircle(
    pieces.map((x) => ({ feature: `${x.layer}\u0000${x.featureId}`, piece: x.piece })),
    p,
    r,
  );
}

export function areaLayer<F extends AreaFamily>(
  c: LocationCandidates,
  family: F,
  p: Position,
): AreaLayerAnswer<AreaAttrs[F]> {
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
