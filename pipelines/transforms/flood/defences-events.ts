// Flood defences (areas benefiting from defences, England and Wales) and recorded flood outlines.
import type { FloodDefences, RecordedFloodEvents } from '../../../schemas/api/flood-risk';
import type { Position } from '../../geo/geometry';
import { featuresWithin, nearestWithin, type CandidateProvider } from './candidates';
import { metres, pointWithAzimuth } from './output';

export const DEFENCE_RADIUS = 1000;
export const EVENT_RADIUS = 1000;
/** Dense floodplains can have dozens of outlines in 1 km; the nearest 50 keep documents bounded. */
export const MAX_EVENTS = 50;

export function floodDefencesAt(provider: CandidateProvider, p: Position): FloodDefences {
  const nearest = nearestWithin(provider.near('defence_areas', p, DEFENCE_RADIUS), p, DEFENCE_RADIUS);
  return {
    protected_by_flood_defence: nearest?.distance === 0,
    nearest_location_protected_by_flood_defence: nearest
      ? {
          distance: metres(nearest.distance),
          nearest_point: nearest.distance === 0 ? null : pointWithAzimuth(p, nearest.point),
        }
      : null,
  };
}

export function recordedFloodEventsAt(provider: CandidateProvider, p: Position): RecordedFloodEvents {
  const outlines = featuresWithin(provider.near('outlines', p, EVENT_RADIUS), p, EVENT_RADIUS);
  return {
    in_flood_event_boundary: outlines[0]?.distance === 0,
    events: outlines.slice(0, MAX_EVENTS).map((o) => ({
      distance: metres(o.distance),
      name: o.attrs.name,
      start_date: o.attrs.start_date,
      end_date: o.attrs.end_date,
      flood_source: o.attrs.flood_source,
      flood_cause: o.attrs.flood_cause,
      nearest_point: o.distance === 0 ? null : pointWithAzimuth(p, o.point),
    })),
  };
}
