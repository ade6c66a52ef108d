// The transportation block (spec 2.7) of one point: pure, over any LocationCandidates.
// - EV charge points: the 10 nearest within 1 km (out-of-service devices are not candidates);
// - low emission zones: active and planned zones; null when none lies within NEAREST_LIMIT (100 km);
// - nearest airport: the nearest UK large or medium airport, azimuth from TRUE north; null when none loaded.
import type { Position } from '../../geo/geometry';
import type { TransportationBlock } from '../../../schemas/api/transport';
import { degrees, metres, pointOut } from '../flood/output';
import { trueAzimuth } from '../../geo/azimuth';
import { areaLayer } from '../planning/areas';
import { WITHIN_RADIUS, type LocationCandidates } from '../planning/candidates';

export const CHARGING_POINTS_MAX = 10;

export function transportationBlock(c: LocationCandidates, p: Position): TransportationBlock {
  const lez = areaLayer(c, 'low_emission_zones', p);
  const airport = c.points('airports', p, 1, Infinity)[0];
  return {
    ev_charging_points: {
      nearest_charging_points: c
        .points('ev_charge_points', p, CHARGING_POINTS_MAX, WITHIN_RADIUS)
        .map((n) => ({
          distance: metres(n.distance),
          ...pointOut(n.record.position),
          name: n.record.attrs.name,
        })),
    },
    low_emission_zones: lez.nearest && {
      in_low_emission_zone: lez.inside,
      low_emission_zone_area: lez.area,
      low_emission_zone_proportion: lez.proportion,
      nearest_low_emission_zone: {
        name: lez.nearest.feature.attrs.name,
        url: lez.nearest.feature.attrs.url,
        distance: lez.nearest.distance,
        nearest_point: lez.nearest.nearest_point,
      },
    },
    nearest_airport: airport
      ? {
          name: airport.record.attrs.name,
          distance: metres(airport.distance),
          azimuth_degrees: degrees(trueAzimuth(p, airport.record.position)),
          ...pointOut(airport.record.position),
        }
      : null,
  };
}
