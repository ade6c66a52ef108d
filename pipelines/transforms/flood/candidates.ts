// What the flood logic reads: pieces of features (pipelines/geo/pieces.ts) with their feature's id and
// attributes, grouped by family. A `CandidateProvider` answers "the pieces of this family whose bounding
// box lies within r of p"; the batch job answers from in-memory tile indexes, the live API from
// Elasticsearch (prefetched into the same in-memory shape), so both run the very same code below.
import type { FloodBand } from '../../../schemas/features';
import type { BBox, Position } from '../../geo/geometry';
import { boxDistance, distanceToPieces, type Piece } from '../../geo/pieces';

export interface ZoneAttrs {
  label: string;
  band: FloodBand;
}
export interface OutlineAttrs {
  name: string | null;
  start_date: string | null;
  end_date: string | null;
  flood_source: string | null;
  flood_cause: string | null;
}
export interface ContourAttrs {
  kind: 'contour' | 'mean_high_water' | 'mean_low_water';
  height: number;
}
export interface CoastAttrs {
  /** Height of the line when the source has one (OS Terrain 50 tide lines); Boundary-Line has none. */
  height: number | null;
}
export type DefenceAreaAttrs = Record<string, never>;

export interface FamilyAttrs {
  zones: ZoneAttrs;
  outlines: OutlineAttrs;
  defence_areas: DefenceAreaAttrs;
  contours: ContourAttrs;
  coast: CoastAttrs;
}
export type Family = keyof FamilyAttrs;
export const FAMILIES: readonly Family[] = ['zones', 'outlines', 'defence_areas', 'contours', 'coast'];

export interface PieceRecord<A = unknown> {
  /** Zones: the layer ('england.rivers_and_seas' ...); others: the family or country. */
  layer: string;
  featureId: string;
  attrs: A;
  piece: Piece;
  /** The piece's bbox (the same object), for the spatial indexes. */
  bbox: BBox;
}

export type Country = 'England' | 'Wales' | 'Scotland';

export interface CandidateProvider {
  /**
   * Pieces of `family` (of one `layer` of it when given) whose bounding box is within `r` metres of `p`;
   * a superset is fine.
   */
  near<F extends Family>(
    family: F,
    p: Position,
    r: number,
    layer?: string,
  ): readonly PieceRecord<FamilyAttrs[F]>[];
  /**
   * Optional: a radius known to hold the nearest feature of `family` (an upper bound on its distance), to
   * start the unbounded search there; `found` reports each answer so the next can be bounded from it.
   */
  searchStart?(family: Family, p: Position): number | undefined;
  found?(family: Family, p: Position, distance: number): void;
  /** Countries whose flood zone layers have pieces in the 10 km tile of `p`, with their piece counts. */
  tileCountries(p: Position): readonly { country: Country; pieces: number }[];
}

export interface FeatureDistance<A> {
  featureId: string;
  layer: string;
  attrs: A;
  /** 0 when the point is inside (or on the boundary of) the feature. */
  distance: number;
  /** Nearest point of the feature; the point itself when inside. */
  point: Position;
}

const compareIds = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The nearest feature within `r` (inclusive) of `p` for each key that `keyOf` gives a piece: per feature
 * (`featuresWithin`), per contour height, per band, or one key for "the nearest of all". Pieces are visited
 * in order of their box's distance, and a piece is skipped once its box is no nearer than the best already
 * found for its key, so only the few pieces that can matter are measured exactly. A piece's distance is 0
 * when it contains `p`; otherwise the nearest point of its REAL boundary (pieces never carry their cut
 * lines), so the minimum over a feature's pieces is the feature's exact distance. Ties on distance go to
 * the smaller layer and feature id, so batch and live agree whatever order candidates come in.
 */
export function nearestPerKey<A>(
  records: readonly PieceRecord<A>[],
  p: Position,
  r: number,
  keyOf: (rec: PieceRecord<A>) => string | number,
): Map<string | number, FeatureDistance<A>> {
  const order: { d: number; rec: PieceRecord<A> }[] = [];
  for (const rec of records) {
    const d = boxDistance(rec.bbox, p);
    if (d <= r) order.push({ d, rec });
  }
  order.sort((a, b) => a.d - b.d);
  const best = new Map<string | number, FeatureDistance<A>>();
  for (const { d, rec } of order) {
    const key = keyOf(rec);
    const current = best.get(key);
    if (current && d > current.distance) continue;
    const nearest = distanceToPieces([rec.piece], p);
    if (!nearest || nearest.distance > r) continue;
    if (
      current &&
      (nearest.distance > current.distance ||
        (nearest.distance === current.distance &&
          (compareIds(rec.layer, current.layer) || compareIds(rec.featureId, current.featureId)) >= 0))
    )
      continue;
    best.set(key, {
      featureId: rec.featureId,
      layer: rec.layer,
      attrs: rec.attrs,
      distance: nearest.distance,
      point: nearest.point,
    });
  }
  return best;
}

/** Nearest first, ties by layer then id. */
export const byDistance = <A>(a: FeatureDistance<A>, b: FeatureDistance<A>): number =>
  a.distance - b.distance || compareIds(a.layer, b.layer) || compareIds(a.featureId, b.featureId);

/** Exact distance from `p` to every feature among `records` within `r` (inclusive), nearest first. */
export function featuresWithin<A>(
  records: readonly PieceRecord<A>[],
  p: Position,
  r: number,
): FeatureDistance<A>[] {
  return [...nearestPerKey(records, p, r, (rec) => `${rec.layer}\u0000${rec.featureId}`).values()].sort(
    byDistance,
  );
}

/** The nearest feature among `records` within `r`, or undefined. */
export const nearestWithin = <A>(
  records: readonly PieceRecord<A>[],
  p: Position,
  r: number,
): FeatureDistance<A> | undefined => nearestPerKey(records, p, r, () => 0).get(0);

/** Nearest feature of a family with no radius limit: widens the search until the answer is certain. */
export function nearestUnbounded<F extends Family>(
  provider: CandidateProvider,
  family: F,
  p: Position,
  start = 1000,
  limit = 1_500_000,
): FeatureDistance<FamilyAttrs[F]> | null {
  let r = provider.searchStart?.(family, p) ?? start;
  for (;;) {
    const best = nearestWithin(provider.near(family, p, r), p, Infinity);
    // Any feature nearer than `best` has its bbox within best.distance of p, so a search of that radius
    // that contains best has seen it.
    if (best && best.distance <= r) {
      provider.found?.(family, p, best.distance);
      return best;
    }
    if (r >= limit) return best ?? null;
    r = best ? best.distance : Math.min(r * 4, limit);
  }
}
