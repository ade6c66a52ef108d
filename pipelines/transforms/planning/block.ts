// The planning block (spec 2.7) of one point: pure, over any LocationCandidates. Conservation areas, listed
// buildings and World Heritage Sites come from English publishers (planning.data.gov.uk, NHLE), so their
// blocks are null outside England (not "none here": not known); National Parks are GB wide.
import type { Position } from '../../geo/geometry';
import type { PlanningBlock } from '../../../schemas/api/planning';
import { metres, pointOut } from '../flood/output';
import { areaLayer } from './areas';
import { WITHIN_RADIUS, type LocationCandidates } from './candidates';

export type Country = 'England' | 'Wales' | 'Scotland';

/** At most this many listed buildings are listed (the nearest within 1 km). */
export const LISTED_BUILDINGS_MAX = 10;

export function planningBlock(c: LocationCandidates, p: Position, country: Country | null): PlanningBlock {
  const england = country === 'England';
  const np = areaLayer(c, 'national_parks', p);
  return {
    conservation_areas: england ? conservationAreas(c, p) : null,
    listed_buildings: england
      ? {
          nearest_listed_buildings: c
            .points('listed_buildings', p, LISTED_BUILDINGS_MAX, WITHIN_RADIUS)
            .map((n) => ({
              distance: metres(n.distance),
              ...pointOut(n.record.position),
              name: n.record.attrs.name,
              grade: n.record.attrs.grade,
              date_listed: n.record.attrs.date_listed,
              url: n.record.attrs.url,
            })),
        }
      : null,
    world_heritage_sites: england ? worldHeritageSites(c, p) : null,
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
