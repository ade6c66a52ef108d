// One flood-map assessment (spec 2.6) for one layer, from the zones near the point. Zones nest (High inside
// Medium inside Low ...), so a point is "in" every zone of the bands it lies in; it reports the highest.
import type {
  BandedAssessment,
  BandedZone,
  ScottishAssessment,
  ScottishZone,
} from '../../../schemas/api/flood-risk';
import type { Position } from '../../geo/geometry';
import {
  BAND_RANK,
  bandLabel,
  bandRisk,
  countryOfLayer,
  HIGHEST_ZONE_RADIUS,
  nearestZoneRadius,
} from './bands';
import type { FloodBand } from '../../../schemas/features';
import { distanceToPiece } from '../../geo/pieces';
import {
  beats,
  byBoxDistance,
  featureDistance,
  rankedDistance,
  rankedIndex,
  type CandidateProvider,
  type FeatureDistance,
  type PieceRecord,
  type ZoneAttrs,
} from './candidates';
import { metres, pointOut } from './output';

type Zone = FeatureDistance<ZoneAttrs>;

function zoneOut(layer: string, zone: Zone): BandedZone | ScottishZone {
  const risk = bandRisk(layer, zone.attrs.band);
  const common = {
    flood_risk_description: bandLabel(zone.attrs.label, zone.attrs.band),
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
 * The nearest zone of each band that can be reported: a band's zone is reported when it contains `p`, when it
 * is the highest band within 50 m, or when it is the nearest zone of all. So a piece is measured only when
 * its box is within 50 m or no farther than the nearest zone found so far (and no farther than its band's
 * best): bands whose nearest zone is beyond both are never reported, and are left out or overestimated.
 * Candidates come in order of box distance, so the bound tightens fast.
 */
function reportableZones(
  records: readonly PieceRecord<ZoneAttrs>[],
  layer: string,
  p: Position,
  reach: number,
) {
  const best = new Map<FloodBand, Zone>();
  let nearest = Infinity;
  const n = byBoxDistance(records, p, reach);
  for (let k = 0; k < n; k++) {
    const i = rankedIndex(k);
    const box = rankedDistance(i);
    if (box > HIGHEST_ZONE_RADIUS && box > nearest) break;
    const rec = records[i]!;
    // Providers may hand back other layers' pieces too (a superset is allowed): keep this layer's.
    if (rec.layer !== layer) continue;
    const current = best.get(rec.attrs.band);
    if (current && box > current.distance) continue;
    const found = distanceToPiece(rec.piece, p);
    if (!found || found.distance > reach || (current && !beats(rec, found.distance, current))) continue;
    best.set(rec.attrs.band, featureDistance(rec, found));
    if (found.distance < nearest) nearest = found.distance;
  }
  return [...best.values()];
}

/** The assessment of `layer` at `p` from the layer's zones within its nearest-zone radius. */
export function assessLayer(
  layer: string,
  p: Position,
  provider: CandidateProvider,
): BandedAssessment | ScottishAssessment {
  const reach = Math.max(nearestZoneRadius(layer), HIGHEST_ZONE_RADIUS);
  const radius = nearestZoneRadius(layer);
  const zones = reportableZones(provider.near('zones', p, reach, layer), layer, p, reach);
  const top = zones.filter((z) => z.distance === 0).sort(byRisk)[0];
  const within50 = zones.filter((z) => z.distance <= HIGHEST_ZONE_RADIUS).sort(byRisk)[0];
  const nearest = top ? undefined : zones.filter((z) => z.distance <= radius).sort(byNearest)[0];
  return {
    in_flood_risk_zone: top !== undefined,
    annual_flood_risk: top ? bandRisk(layer, top.attrs.band).representative : 0,
    flood_risk_description: top ? bandLabel(top.attrs.label, top.attrs.band) : null,
    nearest_flood_risk_zone: nearest ? zoneOut(layer, nearest) : null,
    highest_risk_flood_zone_within_50m: within50 ? zoneOut(layer, within50) : null,
  } as BandedAssessment | ScottishAssessment;
}
