// One flood-map assessment (spec 2.6) for one layer, from the zones near the point. Zones nest (High inside
// Medium inside Low ...), so a point is "in" every zone of the bands it lies in; it reports the highest.
import type {
  BandedAssessment,
  BandedZone,
  ScottishAssessment,
  ScottishZone,
} from '../../../schemas/api/flood-risk';
import type { Position } from '../../geo/geometry';
import { BAND_RANK, bandRisk, countryOfLayer, HIGHEST_ZONE_RADIUS, nearestZoneRadius } from './bands';
import { nearestPerKey, type CandidateProvider, type FeatureDistance, type ZoneAttrs } from './candidates';
import { metres, pointOut } from './output';

type Zone = FeatureDistance<ZoneAttrs>;

function zoneOut(layer: string, zone: Zone): BandedZone | ScottishZone {
  const risk = bandRisk(layer, zone.attrs.band);
  const common = {
    flood_risk_description: zone.attrs.label,
    distance: metres(zone.distance),
    nearest_point: zone.distance === 0 ? null : pointOut(zone.point),
  };
  if (countryOfLayer(layer) === 'scotland') return { annual_flood_risk: risk.representative, ...common };
  return { max_annual_flood_risk: risk.max, min_annual_flood_risk: risk.min, ...common };
}

/** Highest band first, then nearest. */
const byRisk = (a: Zone, b: Zone): number =>
  BAND_RANK[b.attrs.band] - BAND_RANK[a.attrs.band] || a.distance - b.distance;
/** Nearest first; at equal distance the higher band. */
const byNearest = (a: Zone, b: Zone): number =>
  a.distance - b.distance || BAND_RANK[b.attrs.band] - BAND_RANK[a.attrs.band];

/**
 * The assessment of `layer` at `p` from the layer's zones within its nearest-zone radius. Every answer
 * reads only the nearest zone of each band, so that is all that is measured.
 */
export function assessLayer(
  layer: string,
  p: Position,
  provider: CandidateProvider,
): BandedAssessment | ScottishAssessment {
  const reach = Math.max(nearestZoneRadius(layer), HIGHEST_ZONE_RADIUS);
  const radius = nearestZoneRadius(layer);
  // Providers may hand back other layers' pieces too (a superset is allowed): keep this layer's.
  const mine = provider.near('zones', p, reach, layer).filter((c) => c.layer === layer);
  const zones = [...nearestPerKey(mine, p, reach, (c) => c.attrs.band).values()];
  const top = zones.filter((z) => z.distance === 0).sort(byRisk)[0];
  const within50 = zones.filter((z) => z.distance <= HIGHEST_ZONE_RADIUS).sort(byRisk)[0];
  const nearest = top ? undefined : zones.filter((z) => z.distance <= radius).sort(byNearest)[0];
  return {
    in_flood_risk_zone: top !== undefined,
    annual_flood_risk: top ? bandRisk(layer, top.attrs.band).representative : 0,
    flood_risk_description: top ? top.attrs.label : null,
    nearest_flood_risk_zone: nearest ? zoneOut(layer, nearest) : null,
    highest_risk_flood_zone_within_50m: within50 ? zoneOut(layer, within50) : null,
  } as BandedAssessment | ScottishAssessment;
}
