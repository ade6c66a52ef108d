import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { Feature, Geometry } from '../../../../pipelines/geo/geometry';
import { wgs84ToBng } from '../../../../pipelines/geo/bng';
import {
  listGeoPackageLayers,
  openGeoPackage,
  parseGpkgGeometry,
  writeGeoPackage,
  type GeoPackageLayerInput,
} from '../../../../pipelines/io/spatial/geopackage';
import {
  crsFromName,
  geoJsonText,
  parseGeoJson,
  writeGeoJson,
} from '../../../../pipelines/io/spatial/geojson';
import { readFeatures, toBng } from '../../../../pipelines/io/spatial/read-features';
import {
  assembleRings,
  bytesSource,
  crsFromPrj,
  openShapefile,
  openShapefileParts,
  PRJ_27700,
  PRJ_4326,
} from '../../../../pipelines/io/spatial/shapefile';
import { writeShapefile } from '../../../../pipelines/io/spatial/shapefile-write';
import { hexToBytes, writeWkb } from '../../../../pipelines/io/spatial/wkb';
import { listZip, walkZip, zipBytes } from '../../../../pipelines/io/zip';

const tmp = (): string => mkdtempSync(join(tmpdir(), 'pds-spatial-'));
const square = (x: number, y: number, s: number): [number, number][] => [
  [x, y],
  [x + s, y],
  [x + s, y + s],
  [x, y + s],
  [x, y],
];

describe('GeoPackage', () => {
  it('writes a valid GeoPackage and reads its layers back, whatever the geometry column is called', () => {
    const path = join(tmp(), 'NRW_FLOOD_RISK_FROM_SURFACE_WATER_SMALL_WATERCOURSES.gpkg');
    const features: Feature[] = [
      {
        geometry: { type: 'MultiPolygon', coordinates: [[square(318000, 176000, 50)]] },
        properties: { risk: 'High', objectid: 1 },
      },
      { geometry: null, properties: { risk: 'Low', objectid: 2 } },
    ];
    writeGeoPackage(path, [
      {
        name: 'NRW_FLOOD_RISK_FROM_SURFACE_WATER_SMALL_WATERCOURSES',
        geometryColumn: 'fme_geometry',
        geometryType: 'MULTIPOLYGON',
        srsId: 27700,
        fields: [
          { name: 'risk', type: 'TEXT' },
          { name: 'objectid', type: 'INTEGER' },
        ],
        features,
      },
    ]);
    const db = new Database(path, { readonly: true });
    expect(db.pragma('application_id', { simple: true })).toBe(0x47504b47);
    expect(db.prepare('SELECT srs_id FROM gpkg_spatial_ref_sys ORDER BY srs_id').pluck().all()).toEqual([
      -1, 0, 4326, 27700,
    ]);
    db.close();
    const [layer] = listGeoPackageLayers(path);
    expect(layer).toMatchObject({
      geometryColumn: 'fme_geometry',
      epsg: 27700,
      features: 2,
      geometryType: 'MULTIPOLYGON',
    });
    const reader = openGeoPackage(path, { layer: 'nrw_flood_risk_from_surface_water_small_watercourses' });
    const read = [...reader.features()];
    reader.close();
    expect(read).toEqual([
      { index: 0, geometry: features[0]!.geometry, properties: { fid: 1, risk: 'High', objectid: 1 } },
      { index: 1, geometry: null, properties: { fid: 2, risk: 'Low', objectid: 2 } },
    ]);
  });

  it('decodes hand-built headers: big-endian srs_id without envelope, XYZ envelope, empty flag', () => {
    const wkb = writeWkb({ type: 'Point', coordinates: [1, 2] });
    // 'GP', version 0, flags 0 (big-endian header, no envelope), srs_id 27700 big-endian
    const be = Uint8Array.from([0x47, 0x50, 0, 0, 0, 0, 0x6c, 0x34, ...wkb]);
    expect(parseGpkgGeometry(be)).toEqual({
      geometry: { type: 'Point', coordinates: [1, 2] },
      srsId: 27700,
      empty: false,
    });
    // flags 0b101: little endian, envelope code 2 (48 bytes, XYZ)
    const withEnvelope = Uint8Array.from([
      0x47,
      0x50,
      0,
      0b101,
      0xe6,
      0x10,
      0,
      0,
      ...new Uint8Array(48),
      ...wkb,
    ]);
    expect(parseGpkgGeometry(withEnvelope).srsId).toBe(4326);
    expect(parseGpkgGeometry(withEnvelope).geometry).toEqual({ type: 'Point', coordinates: [1, 2] });
    const empty = Uint8Array.from([
      0x47,
      0x50,
      0,
      0x11,
      0x34,
      0x6c,
      0,
      0,
      ...hexToBytes('0101000000000000000000F87F000000000000F87F'),
    ]);
    expect(parseGpkgGeometry(empty)).toEqual({ geometry: null, srsId: 27700, empty: true });
    expect(() => parseGpkgGeometry(wkb)).toThrow(/magic/);
  });

  it('reports a corrupt geometry on the feature instead of failing the layer', () => {
    const path = join(tmp(), 'x.gpkg');
    writeGeoPackage(path, [
      {
        name: 'zones',
        geometryType: 'POLYGON',
        srsId: 27700,
        fields: [],
        features: [{ geometry: { type: 'Polygon', coordinates: [square(0, 0, 1)] }, properties: {} }],
      },
    ]);
    const db = new Database(path);
    db.prepare('INSERT INTO zones (geom) VALUES (?)').run(Buffer.from('GP\0\x01garbage', 'latin1'));
    db.close();
    const reader = openGeoPackage(path);
    const read = [...reader.features()];
    reader.close();
    expect(read).toHaveLength(2);
    expect(read[1]!.geometry).toBeNull();
    expect(read[1]!.error).toMatch(/truncated|byte order/);
  });

  it('writes over an existing file (sample data generated again into the same folder)', () => {
    const path = join(tmp(), 'again.gpkg');
    const layer = (n: number): GeoPackageLayerInput => ({
      name: 'zones',
      geometryType: 'POLYGON',
      srsId: 27700,
      fields: [],
      features: Array.from({ length: n }, (_, i) => ({
        geometry: { type: 'Polygon', coordinates: [square(i * 10, 0, 1)] },
        properties: {},
      })),
    });
    writeGeoPackage(path, [layer(3)]);
    writeGeoPackage(path, [layer(2)]);
    const reader = openGeoPackage(path);
    expect([...reader.features()]).toHaveLength(2);
    reader.close();
  });
});

describe('Shapefile', () => {
  it('assigns holes (counter-clockwise) to the smallest clockwise outer ring that contains them', () => {
    const cw = (r: [number, number][]): [number, number][] => [...r].reverse();
    const big = cw(square(0, 0, 100));
    const small = cw(square(200, 0, 10));
    const hole = square(10, 10, 5); // counter-clockwise
    expect(assembleRings([big, small, hole])).toEqual({
      type: 'MultiPolygon',
      coordinates: [[big, hole], [small]],
    });
    // A stray counter-clockwise ring with no outer becomes a polygon of its own.
    expect(assembleRings([square(500, 500, 1)])).toEqual({
      type: 'Polygon',
      coordinates: [square(500, 500, 1)],
    });
  });

  it('round-trips polygons with holes, lines, points and null shapes through .shp/.dbf/.prj', () => {
    const dir = tmp();
    const poly: Geometry = {
      type: 'Polygon',
      coordinates: [square(375000, 164000, 100), [...square(375010, 164010, 10)].reverse()],
    };
    writeShapefile(join(dir, 'rofrs'), {
      shapeType: 5,
      crs: 27700,
      fields: [
        { name: 'prob_4band', type: 'C', length: 20 },
        { name: 'suitability', type: 'C', length: 30 },
        { name: 'pub_date', type: 'D', length: 8 },
        { name: 'st_area_sh', type: 'N', length: 19, decimals: 2 },
      ],
      features: [
        {
          geometry: poly,
          properties: {
            prob_4band: 'High',
            suitability: 'Town to Street',
            pub_date: '2024-03-01',
            st_area_sh: 9900,
          },
        },
        {
          geometry: null,
          properties: { prob_4band: 'Low', suitability: null, pub_date: null, st_area_sh: null },
        },
      ],
    });
    const reader = openShapefile(join(dir, 'rofrs.shp'));
    expect(reader.crs).toBe(27700);
    expect(reader.fields.map((f) => f.name)).toEqual(['prob_4band', 'suitabilit', 'pub_date', 'st_area_sh']);
    const read = [...reader.features()];
    reader.close();
    // Written clockwise outer / counter-clockwise hole, read back as the same rings in shapefile orientation.
    expect(read[0]!.geometry!.type).toBe('Polygon');
    const rings = (read[0]!.geometry as { coordinates: [number, number][][] }).coordinates;
    expect(rings).toHaveLength(2);
    expect(new Set(rings[0]!.map(String))).toEqual(new Set(square(375000, 164000, 100).map(String)));
    expect(read[0]!.properties).toEqual({
      prob_4band: 'High',
      suitabilit: 'Town to Street',
      pub_date: '2024-03-01',
      st_area_sh: 9900,
    });
    expect(read[1]).toEqual({
      index: 1,
      geometry: null,
      properties: { prob_4band: 'Low', suitabilit: null, pub_date: null, st_area_sh: null },
    });

    writeShapefile(join(dir, 'lines'), {
      shapeType: 3,
      crs: 4326,
      encoding: 'utf-8',
      fields: [
        { name: 'PROP_VALUE', type: 'N', length: 11, decimals: 1 },
        { name: 'name', type: 'C', length: 20 },
      ],
      features: [
        {
          geometry: {
            type: 'LineString',
            coordinates: [
              [0, 0],
              [1, 1],
            ],
          },
          properties: { PROP_VALUE: 10, name: 'Afon Taf' },
        },
        {
          geometry: {
            type: 'MultiLineString',
            coordinates: [
              [
                [0, 0],
                [1, 1],
              ],
              [
                [2, 2],
                [3, 3],
              ],
            ],
          },
          properties: { PROP_VALUE: -2.5, name: 'Ynys Môn' },
        },
      ],
    });
    const lines = openShapefile(join(dir, 'lines.shp'));
    expect(lines.crs).toBe(4326);
    expect([...lines.features()].map((f) => [f.geometry, f.properties])).toEqual([
      [
        {
          type: 'LineString',
          coordinates: [
            [0, 0],
            [1, 1],
          ],
        },
        { PROP_VALUE: 10, name: 'Afon Taf' },
      ],
      [
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
            ],
          ],
        },
        { PROP_VALUE: -2.5, name: 'Ynys Môn' },
      ],
    ]);
    lines.close();
  });

  it('reads a hand-assembled 2-record dBase III file: truncated name, latin1 text, N/L/D fields', () => {
    const field = (name: string, type: string, length: number, decimals = 0): number[] => {
      const b = new Array(32).fill(0);
      [...Buffer.from(name, 'latin1')].forEach((c, i) => (b[i] = c));
      b[11] = type.charCodeAt(0);
      b[16] = length;
      b[17] = decimals;
      return b;
    };
    const fields = [
      field('risk_for_i', 'C', 12),
      field('depth', 'N', 6, 2),
      field('ok', 'L', 1),
      field('pub_date', 'D', 8),
    ];
    const recordBytes = 1 + 12 + 6 + 1 + 8;
    const headerBytes = 32 + 32 * fields.length + 1;
    const header = [0x03, 125, 1, 1, 2, 0, 0, 0, headerBytes, 0, recordBytes, 0, ...new Array(20).fill(0)];
    const rec = (s: string): number[] => [...Buffer.from(s, 'latin1')];
    const dbf = Uint8Array.from([
      ...header,
      ...fields.flat(),
      0x0d,
      ...rec(' Yes         ' + '  1.50' + 'T' + '20240301'),
      ...rec(' Caf\xe9 \xb1      ' + '      ' + '?' + '        '),
      0x1a,
    ]);
    // A Null-shape .shp with two records, so the dbf rows pair with shapes.
    const shp = new Uint8Array(100 + 2 * 12);
    const v = new DataView(shp.buffer);
    v.setInt32(0, 9994, false);
    v.setInt32(24, shp.length / 2, false);
    v.setInt32(28, 1000, true);
    v.setInt32(32, 5, true);
    for (let i = 0; i < 2; i++) {
      v.setInt32(100 + 12 * i, i + 1, false);
      v.setInt32(104 + 12 * i, 2, false);
    }
    const reader = openShapefileParts({ shp: bytesSource(shp), dbf: bytesSource(dbf), prj: null, cpg: null });
    expect(reader.crs).toBeNull();
    expect([...reader.features()].map((f) => f.properties)).toEqual([
      { risk_for_i: 'Yes', depth: 1.5, ok: true, pub_date: '2024-03-01' },
      { risk_for_i: 'Café ±', depth: null, ok: null, pub_date: null },
    ]);
  });

  it('reads PolyLineZ records (Z and M dropped) and reports a corrupt record on its feature', () => {
    // PolyLineZ (13): box, 1 part, 2 points, parts [0], xy xy, zmin zmax z z, mmin mmax m m
    const n = 2;
    const content = new Uint8Array(44 + 4 + 16 * n + 16 + 8 * n + 16 + 8 * n);
    const c = new DataView(content.buffer);
    c.setInt32(0, 13, true);
    c.setInt32(36, 1, true);
    c.setInt32(40, n, true);
    c.setInt32(44, 0, true);
    [
      [1, 2],
      [3, 4],
    ].forEach(([x, y], i) => {
      c.setFloat64(48 + 16 * i, x!, true);
      c.setFloat64(56 + 16 * i, y!, true);
    });
    const bad = Uint8Array.from([5, 0, 0, 0, 1, 2]); // a Polygon record cut short
    const records = [content, bad];
    const shp = new Uint8Array(100 + records.reduce((s, r) => s + 8 + r.length + (r.length % 2), 0));
    const v = new DataView(shp.buffer);
    v.setInt32(0, 9994, false);
    v.setInt32(24, shp.length / 2, false);
    v.setInt32(32, 13, true);
    let o = 100;
    records.forEach((r, i) => {
      const len = r.length + (r.length % 2);
      v.setInt32(o, i + 1, false);
      v.setInt32(o + 4, len / 2, false);
      shp.set(r, o + 8);
      o += 8 + len;
    });
    const reader = openShapefileParts({ shp: bytesSource(shp), dbf: null, prj: PRJ_27700, cpg: null });
    const read = [...reader.features()];
    expect(read[0]!.geometry).toEqual({
      type: 'LineString',
      coordinates: [
        [1, 2],
        [3, 4],
      ],
    });
    expect(read[1]!.geometry).toBeNull();
    expect(read[1]!.error).toMatch(/truncated/);
  });

  it('detects British National Grid and WGS84 from .prj WKT', () => {
    expect(crsFromPrj(PRJ_27700)).toBe(27700);
    expect(crsFromPrj(PRJ_4326)).toBe(4326);
    expect(crsFromPrj('PROJCS["OSGB 1936 / British National Grid",GEOGCS["OSGB 1936"]]')).toBe(27700);
    expect(
      crsFromPrj('PROJCS["ETRS89 / UTM zone 30N",GEOGCS["ETRS89"],PROJECTION["Transverse_Mercator"]]'),
    ).toBeNull();
  });
});

describe('GeoJSON', () => {
  it('takes the CRS from the crs member, else WGS84 (RFC 7946), and flags malformed geometry', () => {
    expect(crsFromName('urn:ogc:def:crs:EPSG::27700')).toBe(27700);
    expect(crsFromName('EPSG:27700')).toBe(27700);
    expect(crsFromName('urn:ogc:def:crs:OGC:1.3:CRS84')).toBe(4326);
    const text = geoJsonText(
      [
        {
          geometry: { type: 'Polygon', coordinates: [square(279000, 693000, 10)] },
          properties: { OBJECTID: 1 },
        },
        { geometry: null, properties: { OBJECTID: 2 } },
      ],
      { crs: 27700, name: 'River_Flooding_High_Likelihood' },
    );
    const doc = parseGeoJson(text);
    expect(doc.crs).toBe(27700);
    expect(doc.name).toBe('River_Flooding_High_Likelihood');
    expect(doc.features.map((f) => f.geometry?.type ?? null)).toEqual(['Polygon', null]);
    const wgs = parseGeoJson(
      '{"type":"FeatureCollection","features":[{"type":"Feature","properties":{},"geometry":{"type":"Point","coordinates":[-3.9,56.1,12]}},' +
        '{"type":"Feature","properties":{},"geometry":{"type":"Polygon","coordinates":[[[0,0],[1]]]}}]}',
    );
    expect(wgs.crs).toBe(4326);
    expect(wgs.features[0]!.geometry).toEqual({ type: 'Point', coordinates: [-3.9, 56.1] });
    expect(wgs.features[1]!.error).toMatch(/malformed Polygon/);
  });
});

describe('zip', () => {
  it('lists and walks zips inside zips (OS Terrain 50 layout)', () => {
    const inner = zipBytes({
      'SU67_line.shp': Uint8Array.from([1, 2, 3]),
      'SU67_line.dbf': Uint8Array.from([4]),
    });
    const outer = zipBytes({
      'data/su/su67_OST50CONT_20190530.zip': inner,
      'doc/readme.txt': Uint8Array.from([9]),
    });
    expect(listZip(outer)).toEqual(['data/su/su67_OST50CONT_20190530.zip', 'doc/readme.txt']);
    const entries = [...walkZip(outer, (p) => p.endsWith('.shp'))];
    expect(entries).toEqual([
      { path: 'data/su/su67_OST50CONT_20190530.zip!SU67_line.shp', bytes: Uint8Array.from([1, 2, 3]) },
    ]);
    expect(zipBytes({ a: Uint8Array.from([1]) })).toEqual(zipBytes({ a: Uint8Array.from([1]) }));
  });
});

describe('readFeatures', () => {
  it('dispatches on the extension and brings WGS84 features onto BNG', () => {
    const dir = tmp();
    const path = join(dir, 'sepa.geojson');
    writeGeoJson(path, [{ geometry: { type: 'Point', coordinates: [-3.94, 56.12] }, properties: { a: 1 } }], {
      crs: 4326,
    });
    const source = readFeatures(path);
    expect(source.crs).toBe(4326);
    const [f] = [...source.features];
    const bng = toBng(f!, source.crs);
    const expected = wgs84ToBng(-3.94, 56.12);
    expect(bng.geometry).toEqual({ type: 'Point', coordinates: [expected.x, expected.y] });
    expect(expected.x).toBeGreaterThan(270000);
    expect(expected.x).toBeLessThan(290000);
    writeFileSync(join(dir, 'x.kml'), '');
    expect(() => readFeatures(join(dir, 'x.kml'))).toThrow(/no spatial reader/);
  });
});
