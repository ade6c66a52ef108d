// The planning block (spec 2.7) of one point: pure, over any LocationCandidates. Conservation areas, listed
// buildings and World Heritage Sites come from each country's publishers (England: planning.data.gov.uk and
// NHLE; Wales: DataMapWales and Cadw; Scotland: HES), one Great Britain table each (pipelines/assets/
// gb-heritage.ts), so they answer in those three countries and are null where the country is not known (at
// sea, outside every boundary): not "none here" but not known. National Parks are GB wide.
import type { Position } from '../../geo/geometry';
import type { PlanningBlock } from '../../../schemas/api/planning';
import { metres, pointOut } from '../flood/output';
import { areaLayer } from './areas';
import { WITHIN_RADIUS, type LocationCandidates } from './candidates';

export type Country = 'England' | 'Wales' | 'Scotland';

/** At most this many listed buildings are listed (the nearest within 1 km). */
export const LISTED_BUILDINGS_MAX = 10;

/** The countries whose heritage designations are loaded. */
export const HERITAGE_COUNTRIES: ReadonlySet<Country> = new Set(['England', 'Wales', 'Scotland']);

export function planningBlock(c: LocationCandidates, p: Position, country: Country | null): PlanningBlock {
  const covered = country !== null && HERITAGE_COUNTRIES.has(country);
  const np = areaLayer(c, 'national_parks', p);
  return {
    conservation_areas: covered ? conservationAreas(c, p) : null,
    listed_buildings: covered
      ? {
          nearest_listed_buildings: c
            .points('listed_buildings', p, LISTED_BUILDINGS_MAX, WITHIN_RADIUS)
            .map((n) => ({
              distance: metres(n.distance),
              ...pointOut(n.record.position),
              name: n.record.attrs.name,
              grade: n.record.attrs.grade,
              listing_system: n.record.attrs.listing_system,
              listing_grade: n.record.attrs.listing_grade,
              listing_tier: n.record.attrs.listing_tier,
              date_listed: n.record.attrs.date_listed,
              url: n.record.attrs.url,
            })),
        }
      : null,
    world_heritage_sites: covered ? worldHeritageSites(c, p) : null,
    national_parks: {
      in_national_park: np.inside,
      national_park_area: np.area,
      national_park_proportion: np.proportion,
      nearest_national_park: np.nearest && {
        name: np.nearest.feature.attrs.name,
        distance: np.nearest.distance,
        nearest_point: np.nearest.nearest_point,
      },
    },
  };
}

function conservationAreas(
  c: LocationCandidates,
  p: Position,
): NonNullable<PlanningBlock['conservation_areas']> {
  const a = areaLayer(c, 'conservation_areas', p);
  return {
    in_conservation_area: a.inside,
    conservation_area: a.area,
    conservation_area_proportion: a.proportion,
    nearest_conservation_area: a.nearest && {
      name: a.nearest.feature.attrs.name,
      distance: a.nearest.distance,
      nearest_point: a.nearest.nearest_point,
    },
  };
}

function worldHeritageSites(
  c: LocationCandidates,
  p: Position,
): NonNullable<PlanningBlock['world_heritage_sites']> {
  const a = areaLayer(c, 'world_heritage_sites', p);
  return {
    in_world_heritage_site: a.inside,
    world_heritage_site_area: a.area,
    world_heritage_site_proportion: a.proportion,
    nearest_world_heritage_site: a.nearest && {
      name: a.nearest.feature.attrs.name,
      inscription_date: a.nearest.feature.attrs.inscription_date,
      notes: a.nearest.feature.attrs.notes,
      url: a.nearest.feature.attrs.url,
      distance: a.nearest.distance,
      nearest_point: a.nearest.nearest_point,
    },
  };
}
