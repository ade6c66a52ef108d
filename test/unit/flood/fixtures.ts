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

export function listProvider(
  families: Partial<Record<Family, PieceRecord<unknown>[]>>,
  countries: { country: Country; pieces: number }[] = [{ country: 'England', pieces: 1 }],
): CandidateProvider {
  return {
    near: (family, p, r) =>
      (families[family] ?? []).filter((rec) => boxDistance(rec.piece.bbox, p) <= r) as never,
    tileCountries: () => countries,
  };
}
