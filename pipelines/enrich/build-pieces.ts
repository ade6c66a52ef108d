// Staged feature rows → stored pieces, per family (pure: no I/O). Every feature is cut into pieces of at
// most 256 vertices and 2 km a side (pipelines/geo/pieces.ts), so a query near a point decodes and tests only
// the few pieces around it, whether the feature is a 10 m surface-water pocket or a 100 km estuary zone.
import type { Geometry } from '../geo/geometry';
import { toPieces } from '../geo/pieces';
import { tileOf, tilesIntersecting } from '../geo/tiles';
import type { Country, Family } from '../transforms/flood/candidates';
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
 * Which countries' flood maps cover each 10 km tile: the countries with zone pieces meeting the tile's square
 * (no overlap), with their piece counts (transforms/flood/block.ts `countryAt` reads them).
 */
export class TileCountryCounter {
  private readonly counts = new Map<string, Map<string, number>>();

  add(piece: StoredPiece): void {
    if (piece.family !== 'zones' || !piece.country) return;
    const box = { minX: piece.minx, minY: piece.miny, maxX: piece.maxx, maxY: piece.maxy };
    for (const tile of tilesIntersecting(box)) {
      let byCountry = this.counts.get(tile);
      if (!byCountry) this.counts.set(tile, (byCountry = new Map()));
      byCountry.set(piece.country, (byCountry.get(piece.country) ?? 0) + 1);
    }
  }

  rows(): { tile: string; country: string; pieces: number }[] {
    const out: { tile: string; country: string; pieces: number }[] = [];
    for (const [tile, byCountry] of [...this.counts].sort(([a], [b]) => (a < b ? -1 : 1)))
      for (const [country, pieces] of [...byCountry].sort(([a], [b]) => (a < b ? -1 : 1)))
        out.push({ tile, country, pieces });
    return out;
  }
}

export function tileCountriesMap(
  rows: Iterable<{ tile: string; country: string; pieces: number }>,
): Map<string, { country: Country; pieces: number }[]> {
  const map = new Map<string, { country: Country; pieces: number }[]>();
  for (const r of rows) {
    const list = map.get(r.tile) ?? [];
    list.push({ country: r.country as Country, pieces: Number(r.pieces) });
    map.set(r.tile, list);
  }
  return map;
}
