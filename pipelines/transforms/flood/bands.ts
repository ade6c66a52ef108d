// Likelihood bands → annual probability, per country and layer (spec 2.6). The bands are published as
// ranges; `annual_flood_risk` inside a zone needs one number, and we report the band's LOWER bound: the
// annual exceedance probability of the design event that draws the zone's outer edge (England's High zone
// is the 1 in 30 outline, so a point in it floods at least that often). That is exactly how SEPA states its
// likelihoods (High = 10-year = 0.1, Medium = 200-year = 0.005, Low = 1000-year = 0.001), so the three
// countries read the same way. England's Very Low band has no lower bound (< 1 in 1000): we report 0.0005,
// half its upper bound, so it still ranks below Low (0.001) and above "not in a zone" (0).
import type { FloodBand } from '../../../schemas/features';

export type FloodCountry = 'england' | 'wales' | 'scotland';

export interface BandRisk {
  /** Lower bound of the band's annual probability; null when open below (Very Low). */
  min: number | null;
  /** Upper bound; null when open above (High). */
  max: number | null;
  /** The single value reported as `annual_flood_risk` for a point in this band. */
  representative: number;
}

const ENGLAND: Record<FloodBand, BandRisk> = {
  High: { min: 0.033, max: null, representative: 0.033 },
  Medium: { min: 0.01, max: 0.033, representative: 0.01 },
  Low: { min: 0.001, max: 0.01, representative: 0.001 },
  'Very Low': { min: null, max: 0.001, representative: 0.0005 },
};

// NRW: rivers and surface water share England's edges; the sea's Medium/Low split at 1 in 200 (0.5%).
const WALES_RIVERS: Partial<Record<FloodBand, BandRisk>> = {
  High: { min: 0.033, max: null, representative: 0.033 },
  Medium: { min: 0.01, max: 0.033, representative: 0.01 },
  Low: { min: 0.001, max: 0.01, representative: 0.001 },
};
const WALES_SEA: Partial<Record<FloodBand, BandRisk>> = {
  High: { min: 0.033, max: null, representative: 0.033 },
  Medium: { min: 0.005, max: 0.033, representative: 0.005 },
  Low: { min: 0.001, max: 0.005, representative: 0.001 },
};
// SEPA publishes one likelihood per map; min/max are not part of Scotland's shape.
const SCOTLAND: Partial<Record<FloodBand, BandRisk>> = {
  High: { min: 0.1, max: null, representative: 0.1 },
  Medium: { min: 0.005, max: 0.1, representative: 0.005 },
  Low: { min: 0.001, max: 0.005, representative: 0.001 },
};

/**
 * The label an answer shows: the source's own label, except that a label naming one of our bands is given in
 * the spec's spelling (spec 2.6: England's lowest band is "Very Low"; NaFRA2's `Risk_band` spells it
 * "Very low"). Labels that are not a band name (none today) pass through unchanged.
 */
export function bandLabel(label: string, band: FloodBand): string {
  if (label === band) return label;
  return label
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, ' ') === band.toLowerCase()
    ? band
    : label;
}

/** Higher is riskier; used to pick the highest band among overlapping zones. */
export const BAND_RANK: Record<FloodBand, number> = { High: 4, Medium: 3, Low: 2, 'Very Low': 1 };

export function countryOfLayer(layer: string): FloodCountry {
  const country = layer.slice(0, layer.indexOf('.'));
  if (country !== 'england' && country !== 'wales' && country !== 'scotland')
    throw new Error(`flood layer without a country prefix: ${layer}`);
  return country;
}

/** The band's probabilities in `layer` (e.g. 'wales.coast'); throws for a band the publisher does not use. */
export function bandRisk(layer: string, band: FloodBand): BandRisk {
  const country = countryOfLayer(layer);
  const table =
    country === 'england'
      ? ENGLAND
      : country === 'scotland'
        ? SCOTLAND
        : layer === 'wales.coast'
          ? WALES_SEA
          : WALES_RIVERS;
  const risk = table[band];
  if (!risk) throw new Error(`band ${band} is not published for ${layer}`);
  return risk;
}

/** Search radius for the nearest zone (spec 8): 250 m for surface water, 1 km for rivers, sea and coast. */
export const nearestZoneRadius = (layer: string): number => (layer.includes('.surface_water') ? 250 : 1000);

/** Radius of the highest-risk-zone search (spec 8). */
export const HIGHEST_ZONE_RADIUS = 50;
