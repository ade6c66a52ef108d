// epc_estimate: an assessment for a UPRN without a certificate, from the latest certificates of nearby
// properties. Neighbours of the same postcode come first (the postcode a UPRN most likely has is that of its
// nearest certified neighbour, since OS Open UPRN carries no postcode); among them, those of the most likely
// property type and age band ("similar" properties) are used when there are enough of them. Each neighbour
// weighs 1 / (distance + 15 m), so the next-door house counts most without one neighbour deciding alone.
import type { EpcEstimate } from '../../../schemas/epc';
import { PointIndex } from '../../geo/point-index';
import { bandForScore } from './rating';

export interface CertifiedProperty {
  uprn: number;
  x: number;
  y: number;
  postcode: string | null;
  property_type: EpcEstimate['property_type'];
  built_form: EpcEstimate['built_form'];
  construction_age_band: string | null;
  main_fuel: EpcEstimate['main_fuel'];
  total_floor_area: number | null;
  energy_efficiency_current: number | null;
  energy_efficiency_potential: number | null;
  co2_emissions_current: number | null;
  co2_emissions_potential: number | null;
  energy_consumption_per_floor_area_m2_current: number | null;
  energy_consumption_per_floor_area_m2_potential: number | null;
}

export interface EstimateOptions {
  /** Search radius, metres. */
  radius: number;
  /** Nearest neighbours considered. */
  k: number;
  /** Fewest neighbours a narrower pool (same postcode, similar type/age) must have to be used. */
  minPool: number;
}
export const DEFAULT_ESTIMATE_OPTIONS: EstimateOptions = { radius: 400, k: 15, minPool: 3 };

const WEIGHT_OFFSET_M = 15;

/** A spatial index over certified properties (BNG metres). */
export class NeighbourIndex {
  private readonly points: PointIndex<CertifiedProperty>;

  constructor(readonly properties: readonly CertifiedProperty[]) {
    this.points = new PointIndex(properties, (p) => [p.x, p.y]);
  }

  /**
   * Up to `k` nearest within `radius` of (x, y), nearest first (ties by UPRN), leaving out `excludeUprn`.
   * A k-nearest walk finds how far the k-th lies, then a range query to just beyond that distance collects
   * every candidate that could rank in the first k: the cost follows k, not how many certified properties
   * lie within the radius (which grows with density: 400 m in a city holds thousands).
   */
  nearest(x: number, y: number, k: number, radius: number, excludeUprn?: number): Neighbour[] {
    return this.neighbourhood(x, y, k, radius, excludeUprn).neighbours;
  }

  /**
   * The nearest (as `nearest`) and their `reach`: how far a certified property can lie and still be among
   * them (the k-th distance, or the radius when fewer lie within it). A property added, removed or changed
   * farther away than the reach leaves the neighbours as they are.
   */
  neighbourhood(
    x: number,
    y: number,
    k: number,
    radius: number,
    excludeUprn?: number,
  ): { neighbours: Neighbour[]; reach: number } {
    const closest = this.points.nearest([x, y], k + 1, radius);
    let reach = radius;
    if (closest.length === k + 1) {
      const distances = closest
        .filter((n) => n.item.uprn !== excludeUprn)
        .map((n) => Math.hypot(n.item.x - x, n.item.y - y))
        .sort((a, b) => a - b);
      // The k-th distance as the ranking below computes it, with room for the last bit of rounding.
      reach = Math.min(radius, distances[k - 1]! * (1 + 1e-12) + 1e-9);
    }
    const found: Neighbour[] = [];
    for (const { item: p } of this.points.within([x, y], reach)) {
      if (p.uprn === excludeUprn) continue;
      found.push({ property: p, distance: Math.hypot(p.x - x, p.y - y) });
    }
    found.sort((a, b) => a.distance - b.distance || a.property.uprn - b.property.uprn);
    return { neighbours: found.slice(0, k), reach };
  }
}

export interface Neighbour {
  property: CertifiedProperty;
  distance: number;
}

const weightOf = (n: Neighbour): number => 1 / (n.distance + WEIGHT_OFFSET_M);

/** The value with the largest total weight (ties: the first met, i.e. the nearer). */
export function weightedMode<T>(
  items: readonly Neighbour[],
  value: (p: CertifiedProperty) => T | null,
): T | null {
  const totals = new Map<T, number>();
  for (const n of items) {
    const v = value(n.property);
    if (v !== null && v !== undefined) totals.set(v, (totals.get(v) ?? 0) + weightOf(n));
  }
  let best: T | null = null;
  let bestWeight = -1;
  for (const [v, w] of totals) if (w > bestWeight) [best, bestWeight] = [v, w];
  return best;
}

/** Weighted mean of the non-null values, or null. */
export function weightedMean(
  items: readonly Neighbour[],
  value: (p: CertifiedProperty) => number | null,
): number | null {
  let sum = 0;
  let weights = 0;
  for (const n of items) {
    const v = value(n.property);
    if (v === null || !Number.isFinite(v)) continue;
    sum += v * weightOf(n);
    weights += weightOf(n);
  }
  return weights > 0 ? sum / weights : null;
}

/** Weighted median (the value where the cumulative weight first reaches half), or null. */
export function weightedMedian(
  items: readonly Neighbour[],
  value: (p: CertifiedProperty) => number | null,
): number | null {
  const pairs = items
    .map((n) => [value(n.property), weightOf(n)] as const)
    .filter((p): p is readonly [number, number] => p[0] !== null && Number.isFinite(p[0]))
    .sort((a, b) => a[0] - b[0]);
  const total = pairs.reduce((s, [, w]) => s + w, 0);
  let cumulative = 0;
  for (const [v, w] of pairs) if ((cumulative += w) >= total / 2) return v;
  return null;
}

function stddev(values: readonly number[]): number {
  if (values.length < 2) return 0;
  const mean = values.reduce((s, v) => s + v, 0) / values.length;
  return Math.sqrt(values.reduce((s, v) => s + (v - mean) ** 2, 0) / (values.length - 1));
}

const round = (v: number | null, dp: number): number | null =>
  v === null ? null : Math.round(v * 10 ** dp) / 10 ** dp;

/**
 * Confidence 0..1, the product of three factors: how many neighbours were used (1 - e^(-n/4): 0.22 for one,
 * 0.92 for ten), how close they are (e^(-median distance / 300 m)), and how much they agree
 * (1 - score standard deviation / 30, at least 0.1).
 */
export function estimateConfidence(used: number, medianDistance: number, scoreStddev: number): number {
  const count = 1 - Math.exp(-used / 4);
  const proximity = Math.exp(-medianDistance / 300);
  const agreement = Math.max(0.1, 1 - scoreStddev / 30);
  return Math.round(count * proximity * agreement * 100) / 100;
}

/** Narrow `pool` with `keep` when at least `min` remain. */
function narrow(pool: Neighbour[], keep: (n: Neighbour) => boolean, min: number): Neighbour[] {
  const narrowed = pool.filter(keep);
  return narrowed.length >= min ? narrowed : pool;
}

/** The estimate for a point, or null when no certified property lies within the radius. */
export function estimateEpc(
  target: { x: number; y: number; uprn?: number },
  index: NeighbourIndex,
  options: EstimateOptions = DEFAULT_ESTIMATE_OPTIONS,
): EpcEstimate | null {
  return estimateFromNeighbours(
    index.nearest(target.x, target.y, options.k, options.radius, target.uprn),
    options,
  );
}

/** The estimate from a point's nearest certified properties (NeighbourIndex.nearest), or null when none. */
export function estimateFromNeighbours(
  candidates: Neighbour[],
  options: EstimateOptions = DEFAULT_ESTIMATE_OPTIONS,
): EpcEstimate | null {
  if (candidates.length === 0) return null;
  const postcode = candidates[0]!.property.postcode;
  let pool = narrow(
    candidates,
    (n) => postcode !== null && n.property.postcode === postcode,
    options.minPool,
  );
  const method = pool === candidates ? 'nearby' : 'same_postcode';
  const propertyType = weightedMode(pool, (p) => p.property_type);
  pool = narrow(pool, (n) => n.property.property_type === propertyType, Math.min(2, options.minPool));
  const builtForm = weightedMode(pool, (p) => p.built_form);
  const ageBand = weightedMode(pool, (p) => p.construction_age_band);
  pool = narrow(pool, (n) => n.property.construction_age_band === ageBand, Math.min(2, options.minPool));

  const score = weightedMean(pool, (p) => p.energy_efficiency_current);
  const potential = weightedMean(pool, (p) => p.energy_efficiency_potential);
  const scores = pool.map((n) => n.property.energy_efficiency_current).filter((v): v is number => v !== null);
  const distances = pool.map((n) => n.distance).sort((a, b) => a - b);
  const medianDistance = distances[Math.floor((distances.length - 1) / 2)]!;
  const spread = stddev(scores);
  const efficiency = score === null ? null : Math.round(score);
  const efficiencyPotential = potential === null ? null : Math.max(Math.round(potential), efficiency ?? 0);
  return {
    method,
    postcode,
    property_type: propertyType,
    built_form: builtForm,
    construction_age_band: ageBand,
    main_fuel: weightedMode(pool, (p) => p.main_fuel),
    total_floor_area: round(
      weightedMedian(pool, (p) => p.total_floor_area),
      1,
    ),
    energy_efficiency_current: efficiency,
    energy_efficiency_potential: efficiencyPotential,
    energy_rating_current: efficiency === null ? null : bandForScore(efficiency),
    energy_rating_potential: efficiencyPotential === null ? null : bandForScore(efficiencyPotential),
    co2_emissions_current: round(
      weightedMean(pool, (p) => p.co2_emissions_current),
      2,
    ),
    co2_emissions_potential: round(
      weightedMean(pool, (p) => p.co2_emissions_potential),
      2,
    ),
    energy_consumption_per_floor_area_m2_current: round(
      weightedMean(pool, (p) => p.energy_consumption_per_floor_area_m2_current),
      0,
    ),
    energy_consumption_per_floor_area_m2_potential: round(
      weightedMean(pool, (p) => p.energy_consumption_per_floor_area_m2_potential),
      0,
    ),
    confidence: estimateConfidence(pool.length, medianDistance, spread),
    neighbours_used: pool.length,
    nearest_distance_m: round(distances[0]!, 1),
    median_distance_m: round(medianDistance, 1),
    score_stddev: round(spread, 2),
  };
}
