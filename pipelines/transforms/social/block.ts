// The point-based social blocks (spec 2.8 nhs_locations, defibrillators) of one point: pure, over any
// EnvironmentCandidates. Nearest NHS sites have no distance limit (the tables are small and loaded whole);
// defibrillators are every AED within 1 km, nearest first. Azimuths from TRUE north.
import type { Position } from '../../geo/geometry';
import type { SocialPointsBlock } from '../../../schemas/api/social';
import { degrees, metres, pointOut, azimuthFrom } from '../flood/output';
import { WITHIN_RADIUS } from '../planning/candidates';
import type { EnvironmentCandidates, NhsFamily } from '../environment/candidates';

/** AEDs are at most a few dozen per km² even in city centres; the cap only bounds a broken file. */
export const DEFIBRILLATORS_MAX = 200;

function nearestNhs(c: EnvironmentCandidates, family: NhsFamily, p: Position) {
  const n = c.points(family, p, 1, Infinity)[0];
  if (!n) return null;
  const a = n.record.attrs;
  // A site at the very point has no direction; 0 keeps the field a number as the spec wants.
  const az = azimuthFrom(p, n.record.position);
  return {
    distance: metres(n.distance),
    azimuth_degrees: Number.isNaN(az) ? 0 : degrees(az),
    ...pointOut(n.record.position),
    name: a.name,
    address1: a.address1,
    address2: a.address2,
    address3: a.address3,
    postcode: a.postcode,
    url: a.url,
  };
}

export function socialPointsBlock(c: EnvironmentCandidates, p: Position): SocialPointsBlock {
  const gp = nearestNhs(c, 'gp_practice', p);
  return {
    nhs_locations: {
      nearest_hospital: nearestNhs(c, 'hospital', p),
      nearest_dentist: nearestNhs(c, 'dentist', p),
      // GP practices have no url in the spec.
      nearest_gp_practice: gp && (({ url: _url, ...rest }) => rest)(gp),
    },
    defibrillators: c.points('defibrillators', p, DEFIBRILLATORS_MAX, WITHIN_RADIUS).map((n) => {
      const az = azimuthFrom(p, n.record.position);
      return {
        distance: metres(n.distance),
        azimuth_degrees: Number.isNaN(az) ? 0 : degrees(az),
        ...pointOut(n.record.position),
        location_name: n.record.attrs.location_name,
        availability: n.record.attrs.availability,
        access_type: n.record.attrs.access_type,
      };
    }),
  };
}
