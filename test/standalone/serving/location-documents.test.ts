// The location feature index stores pieces and points in one envelope form; reading a document back must give
// the very record the batch builds, or live and precomputed answers would part.
import { describe, expect, it } from 'vitest';
import {
  cellKey,
  pieceDocument,
  pieceFromDocument,
  pointDocument,
  pointFromDocument,
} from '../../../pipelines/enrich/location-documents';
import type { Geometry } from '../../../pipelines/geo/geometry';
import { toPieces } from '../../../pipelines/geo/pieces';

describe('location documents', () => {
  it('round-trips a conservation area piece with its envelope, geometry and attributes', () => {
    const square: Geometry = {
      type: 'Polygon',
      coordinates: [
        [
          [375000, 165000],
          [375400, 165000],
          [375400, 165300],
          [375000, 165300],
          [375000, 165000],
        ],
      ],
    };
    const [piece] = toPieces(square);
    const attrs = { name: 'Bath City Centre' };
    const doc = pieceDocument('conservation_areas', 'CA-12', attrs, piece!);
    expect(doc).toMatchObject({
      family: 'conservation_areas',
      minx: 375000,
      maxx: 375400,
      miny: 165000,
      maxy: 165300,
    });
    // The box centre as a geo_point near Bath (51.38 N, 2.36 W).
    const centre = doc.centre as { lat: number; lon: number };
    expect(centre.lat).toBeCloseTo(51.38, 1);
    expect(centre.lon).toBeCloseTo(-2.36, 1);
    // Through JSON, as Elasticsearch hands _source back.
    const back = pieceFromDocument(JSON.parse(JSON.stringify(doc)));
    expect(back).toEqual({
      layer: 'conservation_areas',
      featureId: 'CA-12',
      attrs,
      piece,
      bbox: piece!.bbox,
    });
  });

  it('stores a point as a zero-size envelope and reads it back', () => {
    const record = {
      id: '1001',
      position: [375123.5, 164987.25] as [number, number],
      attrs: { name: 'Abbey' },
    };
    const doc = pointDocument('listed_buildings', record);
    expect(doc).toMatchObject({ minx: 375123.5, maxx: 375123.5, miny: 164987.25, maxy: 164987.25 });
    expect(pointFromDocument(JSON.parse(JSON.stringify(doc)))).toEqual(record);
  });

  it('keys grid cells by their south-west corner, per pollutant for air quality', () => {
    expect(cellKey(375000, 164000, 'no2')).toBe('no2:375000,164000');
    expect(cellKey(375000, 164000)).toBe('375000,164000');
  });
});
