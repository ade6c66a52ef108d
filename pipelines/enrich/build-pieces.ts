// Staged feature rows → stored pieces, per family (pure: no I/O). Every feature is cut into pieces of at
// most 256 vertices and 2 km a side (pipelines/geo/pieces.ts), so a query near a point decodes and tests only
// the few pieces around it, whether the feature is a 10 m surface-water pocket or a 100 km estuary zone.
import type { Geometry } from '../geo/geometry';
import { toPieces } from '../geo/pieces';
import { tileOf } from '../geo/tiles';
import type { Country, Family } from '../transforms/flood/candidates';
import { countryOfCode } from '../transforms/planning/admin-boundaries';
import { toStoredPiece, type StoredPiece } from './piece-records';

const titleCountry = (prefix: string): Country =>
  (prefix.charAt(0).toUpperCase() + prefix.slice(1)) as Country;

/** ISO timestamps with milliseconds and Z (spec 2.1), whatever precision the source had. */
export function timestamp(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  const ms = Date.parse(String(value));
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

export interface FeatureInput {
  family: Family;
  layer: string;
  featureId: string;
  country: string | null;
  attrs: unknown;
  geometry: Geometry;
}

export function piecesOf(feature: FeatureInput): StoredPiece[] {
  return toPieces(feature.geometry).map((piece) => {
    const b = piece.bbox;
    const home = tileOf(
      Math.min(Math.max((b.minX + b.maxX) / 2, 0), 699_999),
      Math.min(Math.max((b.minY + b.maxY) / 2, 0), 1_299_999),
    );
    return toStoredPiece(
      feature.family,
      feature.layer,
      feature.featureId,
      feature.country,
      home,
      feature.attrs,
      piece,
    );
  });
}

/** Zone features of the staged flood_zones table. */
export const zoneFeature = (row: {
  layer: string;
  feature_id: string;
  label: string;
  band: string;
  geometry: Geometry;
}): FeatureInput => ({
  family: 'zones',
  layer: row.layer,
  featureId: row.feature_id,
  country: titleCountry(row.layer.slice(0, row.layer.indexOf('.'))),
  attrs: { label: row.label, band: row.band },
  geometry: row.geometry,
});

/**
 * A country's land from the staged admin_boundaries (level `country`): ONS BFC polygons are clipped to mean
 * high water, so their union is Great Britain's land and the sea lies in none (transforms/flood/block.ts
 * `countryAt`). Codes other than England's, Wales' and Scotland's (E92, W92, S92) are not ours: null.
 */
export function landFeature(row: { code: string; geometry: Geometry }): FeatureInput | null {
  const country = countryOfCode(row.code);
  if (!country) return null;
  return {
    family: 'land',
    layer: country,
    featureId: row.code,
    country,
    attrs: { country },
    geometry: row.geometry,
  };
}
