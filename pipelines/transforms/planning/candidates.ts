// What the planning, transport and boundary blocks read, whatever the store: pieces of polygon features
// (pipelines/geo/pieces.ts, the same PieceRecord as the flood blocks) and point features, grouped by family.
// The batch job answers from in-memory indexes per tile (./memory-layers.ts); a live answer can prefetch the
// same records from Elasticsearch into the same class, so both run the very same block code.
import type { Position } from '../../geo/geometry';
import type { ListingGrade, ListingSystem, ListingTier } from '../../../schemas/heritage-features';
import type { BoundaryLevel } from '../../../schemas/planning-features';
import { nearestWithin, type FeatureDistance, type PieceRecord } from '../flood/candidates';

export interface AreaAttrs {
  conservation_areas: { name: string | null };
  world_heritage_sites: {
    name: string | null;
    inscription_date: string | null;
    notes: string | null;
    url: string | null;
  };
  national_parks: { name: string | null };
  low_emission_zones: { name: string | null; url: string | null };
  admin_boundaries: { level: BoundaryLevel; code: string; name: string | null };
}
export type AreaFamily = keyof AreaAttrs;

export interface PointAttrs {
  listed_buildings: {
    name: string | null;
    /** The England and Wales scale (the spec's field); null for a Scottish category. */
    grade: 'I' | 'II*' | 'II' | null;
    listing_system: ListingSystem;
    listing_grade: ListingGrade;
    listing_tier: ListingTier;
    date_listed: string | null;
    url: string | null;
  };
  ev_charge_points: { name: string | null };
  airports: { name: string };
}
export type PointFamily = keyof PointAttrs;

export interface PointRecord<A = unknown> {
  id: string;
  position: Position;
  attrs: A;
}

export interface PointNeighbour<A> {
  record: PointRecord<A>;
  distance: number;
}

export interface LocationCandidates {
  /** Pieces of `family` whose bbox lies within `r` metres of `p` (a superset is fine). */
  areas<F extends AreaFamily>(family: F, p: Position, r: number): readonly PieceRecord<AreaAttrs[F]>[];
  /** The `k` nearest points of `family` within `r` metres (inclusive), nearest first, ties by id. */
  points<F extends PointFamily>(
    family: F,
    p: Position,
    k: number,
    r: number,
  ): readonly PointNeighbour<PointAttrs[F]>[];
}

/** Radius of every "within 1 km" field. */
export const WITHIN_RADIUS = 1000;
/**
 * How far the nearest conservation area, World Heritage Site, National Park and low emission zone are
 * searched. Beyond it, nearest is null: a batch tile holds the features within this distance of its
 * square, and a live query fetches them in one request.
 */
export const NEAREST_LIMIT = 100_000;

/**
 * The nearest feature of a polygon family within NEAREST_LIMIT (0 when inside), widening the search from
 * 1 km: any feature nearer than the best found has its bbox within that distance, so once the best lies
 * within the radius searched, it is the answer.
 */
export function nearestArea<F extends AreaFamily>(
  c: LocationCandidates,
  family: F,
  p: Position,
): FeatureDistance<AreaAttrs[F]> | null {
  for (let r = WITHIN_RADIUS; ;) {
    const best = nearestWithin(c.areas(family, p, r), p, NEAREST_LIMIT);
    if (best && best.distance <= r) return best;
    if (r >= NEAREST_LIMIT) return best ?? null;
    r = best ? best.distance : Math.min(r * 8, NEAREST_LIMIT);
  }
}
