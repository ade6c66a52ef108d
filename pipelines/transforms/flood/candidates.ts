// What the flood logic reads: pieces of features (pipelines/geo/pieces.ts) with their feature's id and
// attributes, grouped by family. A `CandidateProvider` answers "the pieces of this family whose bounding
// box lies within r of p"; the batch job answers from in-memory tile indexes, the live API from
// Elasticsearch (prefetched into the same in-memory shape), so both run the very same code below.
import type { FloodBand } from '../../../schemas/features';
import type { BBox, Position } from '../../geo/geometry';
import { distanceToPieces, type Piece } from '../../geo/pieces';

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
  /** Pieces of `family` whose bounding box is within `r` metres of `p` (a superset is fine). */
  near<F extends Family>(family: F, p: Position, r: number): readonly PieceRecord<FamilyAttrs[F]>[];
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

/**
 * Exact distance from `p` to every feature among `records` within `r` (inclusive). A feature's pieces are
 * grouped first: inside any piece means inside the feature; otherwise the distance is the nearest point on
 * its real boundary (pieces carry only real edges in `lines`, never the cut lines of the subdivision).
 */
export function featuresWithin<A>(
  records: readonly PieceRecord<A>[],
  p: Position,
  r: number,
): FeatureDistance<A>[] {
  const byFeature = new Map<string, PieceRecord<A>[]>();
  for (const rec of records) {
    const key = `${rec.layer}\u0000${rec.featureId}`;
    const list = byFeature.get(key);
    if (list) list.push(rec);
    else byFeature.set(key, [rec]);
  }
  const out: FeatureDistance<A>[] = [];
  for (const list of byFeature.values()) {
    const nearest = distanceToPieces(
      list.map((l) => l.piece),
      p,
    );
    if (!nearest || nearest.distance > r) continue;
    const first = list[0]!;
    out.push({
      featureId: first.featureId,
      layer: first.layer,
      attrs: first.attrs,
      distance: nearest.distance,
      point: nearest.point,
    });
  }
  // Nearest first; ties broken by id so batch and live agree whatever order the candidates came in.
  out.sort(
    (a, b) =>
      a.distance - b.distance ||
      (a.layer < b.layer ? -1 : a.layer > b.layer ? 1 : 0) ||
      (a.featureId < b.featureId ? -1 : a.featureId > b.featureId ? 1 : 0),
  );
  return out;
}

/** Nearest feature of a family with no radius limit: widens the search until the answer is certain. */
export function nearestUnbounded<F extends Family>(
  provider: CandidateProvider,
  family: F,
  p: Position,
  start = 1000,
  limit = 1_500_000,
): FeatureDistance<FamilyAttrs[F]> | null {
  let r = start;
  for (;;) {
    const found = featuresWithin(provider.near(family, p, r), p, Infinity);
    const best = found[0];
    // Any feature nearer than `best` has its bbox within best.distance of p, so a search of that radius
    // that contains best has seen it.
    if (best && best.distance <= r) return best;
    if (r >= limit) return best ?? null;
    r = best ? best.distance : Math.min(r * 4, limit);
  }
}
