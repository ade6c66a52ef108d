// Hand-made geometry for the flood logic tests, around a real point near Bath (so latitude and longitude
// are meaningful), and a brute-force candidate provider: every piece is a candidate, which is what the
// spatial indexes only narrow down.
import type { Geometry, Position } from '../../../pipelines/geo/geometry';
import { boxDistance, toPieces } from '../../../pipelines/geo/pieces';
import type {
  CandidateProvider,
  Country,
  Family,
  PieceRecord,
} from '../../../pipelines/transforms/flood/candidates';

export const X0 = 375_000;
export const Y0 = 165_000;

export const square = (cx: number, cy: number, half: number): Geometry => ({
  type: 'Polygon',
  coordinates: [
    [
      [cx - half, cy - half],
      [cx + half, cy - half],
      [cx + half, cy + half],
      [cx - half, cy + half],
      [cx - half, cy - half],
    ],
  ],
});
export const line = (...points: Position[]): Geometry => ({ type: 'LineString', coordinates: points });

export function records<A>(layer: string, featureId: string, attrs: A, geometry: Geometry): PieceRecord<A>[] {
  // Small pieces, so every test also exercises the min-over-pieces semantics.
  return toPieces(geometry, { maxSize: 150 }).map((piece) => ({
    layer,
    featureId,
    attrs,
    piece,
    bbox: piece.bbox,
  }));
}

/** A country's land: a square of toPieces' default pieces (2 km), as the land family stores it. */
export function land(country: Country, geometry: Geometry): PieceRecord<{ country: Country }>[] {
  return toPieces(geometry).map((piece) => ({
    layer: country,
    featureId: country,
    attrs: { country },
    piece,
    bbox: piece.bbox,
  }));
}

/**
 * Brute force over these pieces. Unless the families include `land`, the point's surroundings (40 km square)
 * are `country`'s land; null: all sea.
 */
export function listProvider(
  families: Partial<Record<Family, PieceRecord<unknown>[]>>,
  country: Country | null = 'England',
): CandidateProvider {
  const all = {
    land: country === null ? [] : land(country, square(X0, Y0, 20_000)),
    ...families,
  } as Partial<Record<Family, PieceRecord<unknown>[]>>;
  return {
    near: (family, p, r) => (all[family] ?? []).filter((rec) => boxDistance(rec.piece.bbox, p) <= r) as never,
  };
}
