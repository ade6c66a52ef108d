// The whole flood block of spec 2.6 for one point: the enrichment function shared by the batch job (tile
// indexes in memory) and the live API (candidates prefetched from Elasticsearch).
import {
  ENGLAND_KEYS,
  SCOTLAND_KEYS,
  WALES_KEYS,
  type EnglandBlock,
  type FloodRiskBlock,
  type ScotlandBlock,
  type WalesBlock,
} from '../../../schemas/api/flood-risk';
import type { Position } from '../../geo/geometry';
import { nearestWithin, type CandidateProvider, type Country } from './candidates';
import { floodDefencesAt, recordedFloodEventsAt } from './defences-events';
import { elevationAt, nearestCoastalPoint } from './elevation';
import { assessLayer } from './zones';

/** Every zone search reaches at most this far (the rivers-and-sea nearest-zone radius). */
export const ZONE_SEARCH_RADIUS = 1000;

/**
 * Which country's block a point gets: the country whose land contains it (its boundary counts), read from
 * the countries' boundary polygons clipped to mean high water (ONS BFC), so a point at sea, beyond the high
 * water line, or outside Great Britain gets none. A point exactly on a border line belongs to both
 * polygons; the first country by name takes it, so batch and live agree.
 */
export function countryAt(provider: CandidateProvider, p: Position): Country | null {
  return nearestWithin(provider.near('land', p, 0), p, 0)?.attrs.country ?? null;
}

function countryBlock<K extends string>(
  prefix: string,
  keys: readonly K[],
  provider: CandidateProvider,
  p: Position,
): Record<K, ReturnType<typeof assessLayer>> {
  return Object.fromEntries(keys.map((k) => [k, assessLayer(`${prefix}.${k}`, p, provider)])) as Record<
    K,
    ReturnType<typeof assessLayer>
  >;
}

/**
 * The flood block at `p` (BNG metres). `country` is the point's country when the caller knows it; by
 * default it is decided from the land polygons (`countryAt`), which is what both batch and live use.
 */
export function floodRiskBlock(
  provider: CandidateProvider,
  p: Position,
  country: Country | null = countryAt(provider, p),
): FloodRiskBlock {
  const coast = nearestCoastalPoint(provider, p);
  const inEnglandOrWales = country === 'England' || country === 'Wales';
  return {
    england:
      country === 'England' ? (countryBlock('england', ENGLAND_KEYS, provider, p) as EnglandBlock) : null,
    scotland:
      country === 'Scotland' ? (countryBlock('scotland', SCOTLAND_KEYS, provider, p) as ScotlandBlock) : null,
    wales: country === 'Wales' ? (countryBlock('wales', WALES_KEYS, provider, p) as WalesBlock) : null,
    nearest_coastal_point: coast,
    elevation: elevationAt(provider, p, coast),
    flood_defences: inEnglandOrWales ? floodDefencesAt(provider, p) : null,
    recorded_flood_events: recordedFloodEventsAt(provider, p),
  };
}
