import { describe, expect, it } from 'vitest';
import {
  hexToBytes,
  parseWkb,
  parseWkbWithSrid,
  writeWkb,
  WkbError,
} from '../../../../pipelines/io/spatial/wkb';
import { parseWkt, parseWktWithSrid, writeWkt, WktError } from '../../../../pipelines/io/spatial/wkt';
import type { Geometry } from '../../../../pipelines/geo/geometry';

// Doubles as IEEE 754 hex: 1 = 3FF0..., 2 = 4000..., 10 = 4024..., 30 = 403E..., 40 = 4044...
const LE = {
  1: '000000000000F03F',
  2: '0000000000000040',
  10: '0000000000002440',
  30: '0000000000003E40',
  40: '0000000000004440',
};

describe('WKB', () => {
  it('reads the OGC POINT(1 2) in both byte orders', () => {
    expect(parseWkb(hexToBytes(`0101000000${LE[1]}${LE[2]}`))).toEqual({
      type: 'Point',
      coordinates: [1, 2],
    });
    expect(parseWkb(hexToBytes('00000000013FF00000000000004000000000000000'))).toEqual({
      type: 'Point',
      coordinates: [1, 2],
    });
  });

  it('reads LINESTRING(30 10, 10 30, 40 40)', () => {
    const hex = `010200000003000000${LE[30]}${LE[10]}${LE[10]}${LE[30]}${LE[40]}${LE[40]}`;
    expect(parseWkb(hexToBytes(hex))).toEqual({
      type: 'LineString',
      coordinates: [
        [30, 10],
        [10, 30],
        [40, 40],
      ],
    });
  });

  it('reads EWKB with an SRID and drops Z (EWKB flag and ISO 1001 code)', () => {
    // EWKB type 0xA0000001 = Z | SRID | Point; SRID 27700 = 0x6C34
    const ewkb = `01010000A0346C0000${LE[1]}${LE[2]}${LE[10]}`;
    expect(parseWkbWithSrid(hexToBytes(ewkb))).toEqual({
      geometry: { type: 'Point', coordinates: [1, 2] },
      srid: 27700,
    });
    const iso = `01E9030000${LE[1]}${LE[2]}${LE[30]}`;
    expect(parseWkb(hexToBytes(iso))).toEqual({ type: 'Point', coordinates: [1, 2] });
    // ISO ZM LineString (3002) with one point: x y z m
    const zm = `01BA0B000001000000${LE[1]}${LE[2]}${LE[10]}${LE[30]}`;
    expect(parseWkb(hexToBytes(zm))).toEqual({ type: 'LineString', coordinates: [[1, 2]] });
  });

  it('POINT EMPTY (NaN NaN) and empty collections are null', () => {
    expect(parseWkb(hexToBytes('0101000000000000000000F87F000000000000F87F'))).toBeNull();
    expect(parseWkb(hexToBytes('010600000000000000'))).toBeNull();
  });

  it('flattens a GeometryCollection of polygons into a MultiPolygon, rejects a mixed one', () => {
    const square: Geometry = {
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [1, 0],
          [1, 1],
          [0, 0],
        ],
      ],
    };
    const poly = writeWkb(square);
    const point = writeWkb({ type: 'Point', coordinates: [5, 5] });
    const collection = (members: Uint8Array[]): Uint8Array =>
      Uint8Array.from([
        ...hexToBytes('0107000000'),
        members.length,
        0,
        0,
        0,
        ...members.flatMap((m) => [...m]),
      ]);
    expect(parseWkb(collection([poly, poly]))).toEqual({
      type: 'MultiPolygon',
      coordinates: [square.coordinates, square.coordinates],
    });
    expect(() => parseWkb(collection([poly, point]))).toThrow(WkbError);
  });

  it('round-trips every geometry type and reports truncation', () => {
    const shapes: Geometry[] = [
      { type: 'Point', coordinates: [375000.25, 164800.5] },
      {
        type: 'MultiPoint',
        coordinates: [
          [1, 2],
          [3, 4],
        ],
      },
      {
        type: 'LineString',
        coordinates: [
          [0, 0],
          [10, 10],
        ],
      },
      {
        type: 'MultiLineString',
        coordinates: [
          [
            [0, 0],
            [1, 1],
          ],
          [
            [2, 2],
            [3, 3],
            [4, 5],
          ],
        ],
      },
      {
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [10, 0],
            [10, 10],
            [0, 0],
          ],
          [
            [1, 1],
            [2, 1],
            [2, 2],
            [1, 1],
          ],
        ],
      },
      {
        type: 'MultiPolygon',
        coordinates: [
          [
            [
              [0, 0],
              [1, 0],
              [1, 1],
              [0, 0],
            ],
          ],
          [
            [
              [5, 5],
              [6, 5],
              [6, 6],
              [5, 5],
            ],
          ],
        ],
      },
    ];
    for (const g of shapes) expect(parseWkb(writeWkb(g))).toEqual(g);
    const bytes = writeWkb(shapes[4]!);
    expect(() => parseWkb(bytes.subarray(0, bytes.length - 3))).toThrow(/truncated/);
  });
});

describe('WKT', () => {
  it('reads planning.data.gov.uk style WGS84 MULTIPOLYGON and POINT', () => {
    const g = parseWkt('MULTIPOLYGON (((-2.36 51.38, -2.35 51.38, -2.35 51.39, -2.36 51.38)))');
    expect(g).toEqual({
      type: 'MultiPolygon',
      coordinates: [
        [
          [
            [-2.36, 51.38],
            [-2.35, 51.38],
            [-2.35, 51.39],
            [-2.36, 51.38],
          ],
        ],
      ],
    });
    expect(parseWkt('POINT(-2.359 51.381)')).toEqual({ type: 'Point', coordinates: [-2.359, 51.381] });
  });

  it('accepts both MULTIPOINT spellings, Z ordinates, EWKT SRID and EMPTY', () => {
    const expected = {
      type: 'MultiPoint',
      coordinates: [
        [1, 2],
        [3, 4],
      ],
    };
    expect(parseWkt('MULTIPOINT (1 2, 3 4)')).toEqual(expected);
    expect(parseWkt('MULTIPOINT ((1 2), (3 4))')).toEqual(expected);
    expect(parseWkt('LINESTRING Z (1 2 3, 4 5 6)')).toEqual({
      type: 'LineString',
      coordinates: [
        [1, 2],
        [4, 5],
      ],
    });
    expect(parseWktWithSrid('SRID=27700;POINT(1 2)')).toEqual({
      geometry: { type: 'Point', coordinates: [1, 2] },
      srid: 27700,
    });
    expect(parseWkt('POLYGON EMPTY')).toBeNull();
  });

  it('rejects malformed text and collections', () => {
    expect(() => parseWkt('POLYGON ((0 0, 1 0, 1 1)')).toThrow(WktError);
    expect(() => parseWkt('GEOMETRYCOLLECTION (POINT (1 2))')).toThrow(/unsupported/);
    expect(() => parseWkt('POINT (1 2) junk')).toThrow(/trailing/);
  });

  it('writes what it reads', () => {
    const texts = [
      'POINT (1.5 -2)',
      'LINESTRING (0 0, 1 1)',
      'POLYGON ((0 0, 1 0, 1 1, 0 0), (0.2 0.2, 0.3 0.2, 0.3 0.3, 0.2 0.2))',
      'MULTIPOINT ((1 2), (3 4))',
      'MULTILINESTRING ((0 0, 1 1), (2 2, 3 3))',
      'MULTIPOLYGON (((0 0, 1 0, 1 1, 0 0)), ((5 5, 6 5, 6 6, 5 5)))',
    ];
    for (const t of texts) expect(writeWkt(parseWkt(t)!)).toBe(t);
  });
});
