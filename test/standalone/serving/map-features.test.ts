// GET /features' GeoJSON from stored pieces (serving/map-features.ts): which features a radius keeps, the
// distance each gets (the answers' own: 0 inside, else the real boundary, never a cut edge), the geometry in
// EPSG:4326 with closed rings, and the nearest coast however far.
import { describe, expect, it } from 'vitest';
import { bngToWgs84 } from '../../../pipelines/geo/bng';
import { squarePolygon, type Geometry, type Position } from '../../../pipelines/geo/geometry';
import { toPieces } from '../../../pipelines/geo/pieces';
import type { PieceRecord } from '../../../pipelines/transforms/flood/candidates';
import { nearestCoastFeatures, pieceFeatures, pointFeatures } from '../../../serving/map-features';

const records = (featureId: string, geometry: Geometry, attrs: object = {}, maxSize = 2000): PieceRecord[] =>
  toPieces(geometry, { maxSize }).map((piece) => ({
    layer: 'conservation_areas',
    featureId,
    attrs,
    piece,
    bbox: piece.bbox,
  }));

// A 6 km square cut into 1.5 km pieces, and a small square 3 km east of it.
const big = records('big', squarePolygon([400_000, 300_000], 6000), { name: 'Big' }, 1500);
const small = records('small', squarePolygon([409_000, 303_000], 100), { name: 'Small' });
const layer = { layer: 'conservation_areas' as const, records: [...big, ...small] };

describe('pieceFeatures', () => {
  it('a point inside a large feature: distance 0, only its pieces near the point, no cut edge measured', () => {
    const p: Position = [403_000, 303_000]; // the centre: 3 km from every real edge
    const [f, ...rest] = pieceFeatures(layer, p, 500);
    expect(rest).toEqual([]);
    expect(f!.properties).toEqual({
      layer: 'conservation_areas',
      feature_id: 'big',
      distance: 0,
      name: 'Big',
    });
    expect(f!.geometry.type).toBe('MultiPolygon');
    const parts = f!.geometry.coordinates as [number, number][][][];
    expect(parts.length).toBeLessThan(big.length);
    for (const ring of parts.flat()) expect(ring.at(-1)).toEqual(ring[0]);
  });

  it('a point outside: the distance to the real boundary, nearest feature first; the radius decides', () => {
    const p: Position = [407_000, 303_050]; // 1 km east of the big square, 2 km west of the small one
    expect(pieceFeatures(layer, p, 999).map((f) => f.id)).toEqual([]);
    expect(pieceFeatures(layer, p, 1000).map((f) => [f.id, f.properties.distance])).toEqual([
      ['conservation_areas:big', 1000],
    ]);
    expect(pieceFeatures(layer, p, 2000).map((f) => [f.id, f.properties.distance])).toEqual([
      ['conservation_areas:big', 1000],
      ['conservation_areas:small', 2000],
    ]);
  });

  it('coordinates are [longitude, latitude] by OSTN15, to 7 decimals', () => {
    const [f] = pieceFeatures({ layer: 'greenspace', records: small }, [409_000, 303_000], 0);
    const { latitude, longitude } = bngToWgs84(409_000, 303_000);
    expect(f!.geometry).toMatchObject({ type: 'Polygon' });
    const ring = (f!.geometry.coordinates as [number, number][][])[0]!;
    expect(ring).toContainEqual([Number(longitude.toFixed(7)), Number(latitude.toFixed(7))]);
  });

  it('groups pieces by the key given and describes a feature by the properties given', () => {
    const twoLayers = [
      ...records('1', squarePolygon([400_000, 300_000], 100)).map((r) => ({ ...r, layer: 'england.rivers' })),
      ...records('1', squarePolygon([400_000, 300_000], 200)).map((r) => ({ ...r, layer: 'england.sea' })),
    ];
    const out = pieceFeatures(
      {
        layer: 'flood_zones',
        records: twoLayers,
        key: (r) => `${r.layer}:${r.featureId}`,
        properties: (r) => ({ zone: r.layer.split('.')[1] }),
      },
      [400_050, 300_050],
      10,
    );
    expect(out.map((f) => [f.id, f.properties.zone])).toEqual([
      ['flood_zones:england.rivers:1', 'rivers'],
      ['flood_zones:england.sea:1', 'sea'],
    ]);
  });
});

describe('pointFeatures', () => {
  it('keeps the points within the radius, nearest first, with their attributes', () => {
    const points = [
      { id: 'far', position: [400_300, 300_000] as Position, attrs: { name: 'Far' } },
      { id: 'near', position: [400_100, 300_000] as Position, attrs: { name: 'Near' } },
    ];
    const out = pointFeatures({ layer: 'listed_buildings', points }, [400_000, 300_000], 200);
    expect(out).toHaveLength(1);
    expect(out[0]!.properties).toEqual({
      layer: 'listed_buildings',
      feature_id: 'near',
      distance: 100,
      name: 'Near',
    });
    expect(out[0]!.geometry.type).toBe('Point');
  });
});

describe('nearestCoastFeatures', () => {
  const coastLine: Geometry = {
    type: 'LineString',
    coordinates: [
      [410_000, 290_000],
      [410_000, 310_000],
    ],
  };
  const coast = records('shore', coastLine, { height: null }).map((r) => ({ ...r, layer: 'coast' }));

  it('beyond the radius: the nearest piece as `coast` and the nearest point on it', () => {
    const out = nearestCoastFeatures(coast, [405_000, 300_000], []);
    expect(out.map((f) => [f.properties.layer, f.properties.distance])).toEqual([
      ['coast', 5000],
      ['nearest_coastal_point', 5000],
    ]);
    const { latitude, longitude } = bngToWgs84(410_000, 300_000);
    expect(out[1]!.geometry).toEqual({
      type: 'Point',
      coordinates: [Number(longitude.toFixed(7)), Number(latitude.toFixed(7))],
    });
  });

  it('within the radius the coast is already drawn: only the point is added; no coast, nothing', () => {
    const drawn = pieceFeatures({ layer: 'coast', records: coast }, [409_000, 300_000], 2000);
    expect(drawn).toHaveLength(1);
    expect(nearestCoastFeatures(coast, [409_000, 300_000], drawn).map((f) => f.properties.layer)).toEqual([
      'nearest_coastal_point',
    ]);
    expect(nearestCoastFeatures([], [409_000, 300_000], [])).toEqual([]);
  });
});
