// What the flood logic reads: pieces of features (pipelines/geo/pieces.ts) with their feature's id and
// attributes, grouped by family. A `CandidateProvider` answers "the pieces of this family whose bounding
// box lies within r of p"; the batch job answers from in-memory tile indexes, the live API from
// Elasticsearch (prefetched into the same in-memory shape), so both run the very same code below.
import type { FloodBand } from '../../../schemas/features';
import type { BBox, Position } from '../../geo/geometry';
import type { NearestPoint } from '../../geo/nearest';
import { boxDistance, distanceToPiece, type Piece } from '../../geo/pieces';

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
/** A country's land: its boundary polygon clipped to mean high water (ONS BFC), so the sea is in none. */
export interface LandAttrs {
  country: Country;
}

export interface FamilyAttrs {
  zones: ZoneAttrs;
  outlines: OutlineAttrs;
  defence_areas: DefenceAreaAttrs;
  contours: ContourAttrs;
  coast: CoastAttrs;
  land: LandAttrs;
}
export type Family = keyof FamilyAttrs;
export const FAMILIES: readonly Family[] = [
  'zones',
  'outlines',
  'defence_areas',
  'contours',
  'coast',
  'land',
];

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
   * Optional: the `k` pieces of `family` whose boxes are nearest `p`, nearest first (for the unbounded
   * nearest search of the coast).
   */
  nearestBoxes?<F extends Family>(family: F, p: Position, k: number): readonly PieceRecord<FamilyAttrs[F]>[];
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

/** Whether a candidate at `distance` beats `current` (nearer, or as near with the smaller layer and id). */
export const beats = <A>(rec: PieceRecord<A>, distance: number, current: FeatureDistance<A>): boolean =>
  distance < current.distance ||
  (distance === current.distance &&
    (compareIds(rec.layer, current.layer) || compareIds(rec.featureId, current.featureId)) < 0);

// Scratch for `byBoxDistance` and `nearestWithin`: the candidates' box distances and their order. One query
// runs at a time (the enrichment is synchronous), and every caller consumes its ranking before the next is
// made, so one pair of growing arrays serves all of them without allocating per query.
let rankDist = new Float64Array(512);
let rankOrder = new Int32Array(512);

/**
 * The candidates among `records` whose box is within `r` of `p`, in order of box distance: fills
 * `rankOrder[0..n)` with their indices and `rankDist` (by index) with the distances, and returns n. Valid
 * until the next call. Short lists (the usual tens) by insertion sort, long ones (a hilly tile's contours, a
 * far coast) by the engine's sort; ties in box distance may come in any order, which no answer depends on.
 */
export function byBoxDistance<A>(records: readonly PieceRecord<A>[], p: Position, r: number): number {
  const n = boxesWithin(records, p, r);
  const dist = rankDist;
  const order = rankOrder;
  if (n > 32) order.subarray(0, n).sort((a, b) => dist[a]! - dist[b]!);
  else
    for (let k = 1; k < n; k++) {
      const i = order[k]!;
      const d = dist[i]!;
      let j = k;
      for (; j > 0 && dist[order[j - 1]!]! > d; j--) order[j] = order[j - 1]!;
      order[j] = i;
    }
  return n;
}

/** The candidates whose box is within `r` of `p`: their indices in `rankOrder[0..n)`, in `records`' order. */
function boxesWithin<A>(records: readonly PieceRecord<A>[], p: Position, r: number): number {
  if (records.length > rankDist.length) {
    rankDist = new Float64Array(records.length * 2);
    rankOrder = new Int32Array(records.length * 2);
  }
  let n = 0;
  for (let i = 0; i < records.length; i++) {
    const d = boxDistance(records[i]!.bbox, p);
    if (d <= r) {
      rankDist[i] = d;
      rankOrder[n++] = i;
    }
  }
  return n;
}
export const rankedIndex = (k: number): number => rankOrder[k]!;
export const rankedDistance = (i: number): number => rankDist[i]!;

/** A piece's feature at the exact distance measured to it. */
export const featureDistance = <A>(rec: PieceRecord<A>, nearest: NearestPoint): FeatureDistance<A> => ({
  featureId: rec.featureId,
  layer: rec.layer,
  attrs: rec.attrs,
  distance: nearest.distance,
  point: nearest.point,
});

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
  const best = new Map<string | number, FeatureDistance<A>>();
  const n = byBoxDistance(records, p, r);
  for (let k = 0; k < n; k++) {
    const i = rankedIndex(k);
    const rec = records[i]!;
    const key = keyOf(rec);
    const current = best.get(key);
    if (current && rankedDistance(i) > current.distance) continue;
    const nearest = distanceToPiece(rec.piece, p);
    if (!nearest || nearest.distance > r) continue;
    if (current && !beats(rec, nearest.distance, current)) continue;
    best.set(key, featureDistance(rec, nearest));
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

/** Pieces nearestWithin picks by a scan before it sorts the rest. */
const SCANNED_PICKS = 8;

/**
 * The nearest feature among `records` within `r`, or undefined (featuresWithin's first, without measuring
 * the others). Pieces are measured in order of box distance until a box is farther than the best found.
 * The first few are picked by a scan for the nearest box left, since they usually settle the answer and
 * ordering all the boxes (often hundreds of pieces of the areas around a point) was most of the work; past
 * SCANNED_PICKS the rest are sorted, so a search that measures many pieces stays n log n.
 */
export function nearestWithin<A>(
  records: readonly PieceRecord<A>[],
  p: Position,
  r: number,
): FeatureDistance<A> | undefined {
  let best: FeatureDistance<A> | undefined;
  const n = boxesWithin(records, p, r);
  const dist = rankDist;
  const order = rankOrder;
  const consider = (i: number): boolean => {
    // Once a box is farther than the best, so is every box left.
    if (best && dist[i]! > best.distance) return false;
    const rec = records[i]!;
    const nearest = distanceToPiece(rec.piece, p);
    if (nearest && nearest.distance <= r && (!best || beats(rec, nearest.distance, best)))
      best = featureDistance(rec, nearest);
    return true;
  };
  let left = n;
  for (; left > 0 && n - left < SCANNED_PICKS; left--) {
    let at = 0;
    for (let k = 1; k < left; k++) if (dist[order[k]!]! < dist[order[at]!]!) at = k;
    const i = order[at]!;
    order[at] = order[left - 1]!;
    if (!consider(i)) return best;
  }
  const rest = order.subarray(0, left).sort((a, b) => dist[a]! - dist[b]!);
  for (const i of rest) if (!consider(i)) break;
  return best;
}

/**
 * Nearest feature of a family with no radius limit. With a provider that ranks boxes (`nearestBoxes`), the
 * piece whose box is nearest is measured exactly: its distance d bounds the answer, and every piece that can
 * be as near has its box within d, so one search of radius d settles it. Without one, the search radius
 * widens until the answer is certain.
 */
export function nearestUnbounded<F extends Family>(
  provider: CandidateProvider,
  family: F,
  p: Position,
  start = 1000,
  limit = 1_500_000,
): FeatureDistance<FamilyAttrs[F]> | null {
  if (provider.nearestBoxes) {
    const bound = nearestWithin(provider.nearestBoxes(family, p, 1), p, Infinity)?.distance;
    return bound === undefined ? null : (nearestWithin(provider.near(family, p, bound), p, bound) ?? null);
  }
  let r = start;
  for (;;) {
    const best = nearestWithin(provider.near(family, p, r), p, Infinity);
    // Any feature nearer than `best` has its bbox within best.distance of p, so a search of that radius
    // that contains best has seen it.
    if (best && best.distance <= r) return best;
    if (r >= limit) return best ?? null;
    r = best ? best.distance : Math.min(r * 4, limit);
  }
}
