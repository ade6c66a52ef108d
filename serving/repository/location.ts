// Live GET /location answers: candidates from the location feature index (alias
// `<prefix>-location-features`) and flood pieces from the feature index, then the same pure block functions
// the per-UPRN assets run (locationLayersBlock, environmentBlock, socialPointsBlock, the area builders).
// Elasticsearch away or an index not built yet is a 503.
import type { Client } from '@elastic/elasticsearch';
import type { LocationResponse } from '../../schemas/api/location';
import {
  esLocationCandidates,
  pointBox,
  type LocationLiveCandidates,
} from '../../pipelines/enrich/location-candidates';
import { Lru } from '../../pipelines/enrich/lru';
import { liveIndexLookup } from '../../pipelines/indexing/versioned-index';
import type { Position } from '../../pipelines/geo/geometry';
import { environmentBlock } from '../../pipelines/transforms/environment/block';
import { pointOut } from '../../pipelines/transforms/flood/output';
import { pointAreaStatistics } from '../../pipelines/transforms/area/point-statistics';
import { locationLayersBlock } from '../../pipelines/transforms/planning/location-layers';
import { socialPointsBlock } from '../../pipelines/transforms/social/block';
import { ApiError } from '../errors';
import type { FeaturesRepository } from './features';
import { unavailable } from './unavailable';

export interface LocationRepository {
  locationAt(p: Position): Promise<LocationResponse>;
  /**
   * Answers one point of each 1 km cell holding `points` (at most the cell cache's capacity, the first points
   * first), `concurrency` at a time, so their candidates are cached (and the flood pieces there, and the
   * code compiled); how many cells. Optional: a repository without a cache has nothing to warm.
   */
  warm?(points: readonly Position[], concurrency?: number): Promise<number>;
}

export interface LocationCacheOptions {
  /**
   * 1 km grid cells whose candidates are kept (decoded, indexed) so the next point in the same cell needs no
   * Elasticsearch round trip; 0 fetches per point. Default PDS_LOCATION_CACHE_CELLS, else 1,024 (a cell
   * holds a few hundred KB at most in dense places; typically tens).
   */
  cells?: number;
  /** How long the alias's index is trusted before it is looked up again (default 1 s). */
  aliasTtlMs?: number;
}

const CELL = 1000;

const NOT_INDEXED = 'Location features are not indexed yet; run a refresh';

/** The south-west corner of p's 1 km cell. */
const cellOf = (p: Position): [number, number] => [
  Math.floor(p[0] / CELL) * CELL,
  Math.floor(p[1] / CELL) * CELL,
];

export function locationRepository(
  client: Client,
  alias: string,
  features: FeaturesRepository,
  options: LocationCacheOptions = {},
): LocationRepository {
  const capacity = options.cells ?? Number(process.env.PDS_LOCATION_CACHE_CELLS ?? 1024);
  const cells = capacity >= 1 ? new Lru<string, LocationLiveCandidates>(capacity) : null;
  const loading = new Map<string, Promise<LocationLiveCandidates>>();
  const lookup = liveIndexLookup(client, alias, options.aliasTtlMs ?? 1000);
  const liveIndex = async (): Promise<string> => {
    const index = await lookup();
    if (index === null) throw new ApiError('service_unavailable', NOT_INDEXED);
    return index;
  };

  /** The candidates of p's cell, from the index the alias points at now: cached cells are per index, so a
   * moved alias (a refresh) is never answered from the old index's cells after the lookup's TTL. */
  async function candidatesAt(p: Position): Promise<LocationLiveCandidates> {
    const index = await liveIndex();
    if (!cells) return esLocationCandidates(client, index, pointBox(p));
    const [x, y] = cellOf(p);
    const key = `${index}/${x},${y}`;
    const hit = cells.get(key);
    if (hit) return hit;
    let pending = loading.get(key);
    if (!pending) {
      const box = { minX: x, minY: y, maxX: x + CELL, maxY: y + CELL };
      pending = esLocationCandidates(client, index, box).finally(() => loading.delete(key));
      loading.set(key, pending);
      pending.then(
        (c) => cells.set(key, c),
        () => {},
      );
    }
    return pending;
  }

  const repository: LocationRepository = {
    async warm(points, concurrency = 2) {
      if (!cells) return 0;
      const wanted = [...new Map(points.map((p) => [cellOf(p).join(','), p] as const)).values()].slice(
        0,
        cells.capacity,
      );
      let next = 0;
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (next < wanted.length) await repository.locationAt(wanted[next++]!);
        }),
      );
      return wanted.length;
    },
    async locationAt(p) {
      const [candidates, flood] = await Promise.all([
        candidatesAt(p).catch((error: unknown) => {
          throw unavailable(error, NOT_INDEXED);
        }),
        features.floodRiskAt(p),
      ]);
      const { layers, environment, areaRows, postcodes } = candidates;
      const located = locationLayersBlock(layers, p);
      const admin = located.admin_boundaries;
      const social = socialPointsBlock(environment, p);
      // The one rule of /properties too (point-geography.ts): HPI and fuel poverty's local authority and
      // region by the polygons at the point; the fuel poverty LSOA by the nearest live postcode (no LSOA
      // polygons are loaded), as uprn_area_blocks keys a UPRN's by the postcode nearest its point.
      const area = pointAreaStatistics(admin, postcodes.at(p), (key) => areaRows.get(key) ?? null);
      return {
        location: pointOut(p),
        admin_boundaries: admin,
        planning: located.planning,
        environment: environmentBlock(environment, p),
        transportation: located.transportation,
        flood_risk: flood,
        social: {
          house_price_index: area.house_price_index,
          fuel_poverty: area.fuel_poverty,
          nhs_locations: social.nhs_locations,
          defibrillators: social.defibrillators,
        },
      };
    },
  };
  return repository;
}
