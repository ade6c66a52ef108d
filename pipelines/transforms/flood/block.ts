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
 * Which country's block a point gets. The flood maps are published per country and together cover Great
 * Britain's land, so the rule reads their coverage: the countries with zone pieces in the point's 10 km tile
 * are the candidates (none: open sea, no country block). In a tile two countries share (the England-Wales
 * and England-Scotland borders), the country of the nearest zone within 1 km decides, else the one with
 * more pieces in the tile. A point on the coast at sea inside a coastal tile still gets that country.
 */
export function countryAt(provider: CandidateProvider, p: Position): Country | null {
  const covering = provider.tileCountries(p);
  if (covering.length === 0) return null;
  if (covering.length === 1) return covering[0]!.country;
  const nearest = nearestWithin(provider.near('zones', p, ZONE_SEARCH_RADIUS), p, ZONE_SEARCH_RADIUS);
  if (nearest) {
    const prefix = nearest.layer.slice(0, nearest.layer.indexOf('.'));
    const country = covering.find((c) => c.country.toLowerCase() === prefix);
    if (country) return country.country;
  }
  return [...covering].sort((a, b) => b.pieces - a.pieces || (a.country < b.country ? -1 : 1))[0]!.country;
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
 * default it is decided from the layers' coverage (`countryAt`), which is what both batch and live use.
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
