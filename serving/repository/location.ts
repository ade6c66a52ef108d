// Live GET /location answers: candidates from the location feature index (alias
// `<prefix>-location-features`) and flood pieces from the feature index, then the same pure block functions
// the per-UPRN assets run (locationLayersBlock, environmentBlock, socialPointsBlock, the area builders).
// Elasticsearch away or an index not built yet is a 503.
import { errors, type Client } from '@elastic/elasticsearch';
import type { LocationResponse } from '../../schemas/api/location';
import { esLocationCandidates, SearchItemError } from '../../pipelines/enrich/location-candidates';
import type { Position } from '../../pipelines/geo/geometry';
import {
  fuelPoverty,
  housePriceIndex,
  type FuelPovertyRow,
} from '../../pipelines/transforms/area/area-block';
import { environmentBlock } from '../../pipelines/transforms/environment/block';
import { pointOut } from '../../pipelines/transforms/flood/output';
import { countryOfCode, locationAdminBoundaries } from '../../pipelines/transforms/planning/admin-boundaries';
import { locationLayersBlock } from '../../pipelines/transforms/planning/location-layers';
import { socialPointsBlock } from '../../pipelines/transforms/social/block';
import { ApiError } from '../errors';
import type { FeaturesRepository } from './features';

export interface LocationRepository {
  locationAt(p: Position): Promise<LocationResponse>;
}

export function locationRepository(
  client: Client,
  alias: string,
  features: FeaturesRepository,
): LocationRepository {
  return {
    async locationAt(p) {
      const [candidates, flood] = await Promise.all([
        esLocationCandidates(client, alias, p, (layers) => {
          const a = locationAdminBoundaries(layers, p);
          const codes = [a.local_authority_district_code, a.region_code, a.country_code];
          return {
            hpi: codes.filter((c): c is string => c !== null),
            fuelPoverty: [
              a.local_authority_district_code && `local_authority:${a.local_authority_district_code}`,
              a.region_code && `region:${a.region_code}`,
            ].filter((c): c is string => !!c),
          };
        }).catch((error: unknown) => {
          throw unavailable(error);
        }),
        features.floodRiskAt(p),
      ]);
      const { layers, environment, areaRows } = candidates;
      const located = locationLayersBlock(layers, p);
      const admin = located.admin_boundaries;
      const row = (key: string | null) => (key ? (areaRows.get(key) ?? null) : null);
      const social = socialPointsBlock(environment, p);
      return {
        location: pointOut(p),
        admin_boundaries: admin,
        planning: located.planning,
        environment: environmentBlock(environment, p),
        transportation: located.transportation,
        flood_risk: flood,
        social: {
          house_price_index: housePriceIndex({
            localAuthority: row(
              admin.local_authority_district_code && `hpi:${admin.local_authority_district_code}`,
            ),
            region: row(admin.region_code && `hpi:${admin.region_code}`),
            country: row(admin.country_code && `hpi:${admin.country_code}`),
          }),
          fuel_poverty: fuelPoverty(countryOfCode(admin.country_code), {
            // No LSOA polygons are loaded: a point's LSOA is unknown, so that member is null.
            lsoa: null,
            localAuthority: row(
              admin.local_authority_district_code &&
                `fuel_poverty:local_authority:${admin.local_authority_district_code}`,
            ) as FuelPovertyRow | null,
            region: row(
              admin.region_code && `fuel_poverty:region:${admin.region_code}`,
            ) as FuelPovertyRow | null,
          }),
          nhs_locations: social.nhs_locations,
          defibrillators: social.defibrillators,
        },
      };
    },
  };
}

function unavailable(error: unknown): unknown {
  // A missing index fails each search inside the msearch (SearchItemError), not the request (ResponseError).
  if (
    (error instanceof errors.ResponseError && error.body?.error?.type === 'index_not_found_exception') ||
    (error instanceof SearchItemError && error.type === 'index_not_found_exception')
  )
    return new ApiError('service_unavailable', 'Location features are not indexed yet; run a refresh');
  if (error instanceof SearchItemError && error.status >= 500)
    return new ApiError('service_unavailable', 'The data store is unavailable; try again shortly');
  if (
    error instanceof errors.ConnectionError ||
    error instanceof errors.TimeoutError ||
    error instanceof errors.NoLivingConnectionsError ||
    (error instanceof errors.ResponseError && (error.statusCode ?? 0) >= 500)
  )
    return new ApiError('service_unavailable', 'The data store is unavailable; try again shortly');
  return error;
}
