// GeoParquet 1.1: the spatial tables we write carry the `geo` metadata (WKB, EPSG:27700 as PROJJSON, types,
// bbox and its covering), and GeoPandas reads them as geometry in British National Grid, as an analyst would.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DuckDBInstance } from '@duckdb/node-api';
import { GB_HERITAGE_TABLES } from '../../../schemas/heritage-features';
import { ListedBuildingRecord, NationalParkRecord } from '../../../schemas/planning-features';
import type { PolygonCoords } from '../../../pipelines/geo/geometry';
import { EPSG_27700_PROJJSON } from '../../../pipelines/io/epsg-27700';
import { geoParquetPlan, wkbGeometryType } from '../../../pipelines/io/geoparquet';
import { copyQueryToParquet, parquetPath, writeParquet } from '../../../pipelines/io/parquet';
import { parquetColumnsFor } from '../../../pipelines/io/parquet-columns';
import { writeWkb } from '../../../pipelines/io/spatial/wkb';
import { geoPython, hasPython, runPythonJson } from '../../helpers/python-geo';

const dir = mkdtempSync(join(tmpdir(), 'pds-geoparquet-'));
const square = (x: number, y: number, size: number): PolygonCoords => [
  [
    [x, y],
    [x + size, y],
    [x + size, y + size],
    [x, y + size],
    [x, y],
  ],
];
const parks = [
  {
    feature_id: 'E26000001',
    name: 'One',
    geometry: writeWkb({ type: 'Polygon', coordinates: square(500000, 200000, 1000) }),
    bbox: [500000, 200000, 501000, 201000],
  },
  {
    feature_id: 'E26000002',
    name: 'Two',
    geometry: writeWkb({
      type: 'MultiPolygon',
      coordinates: [square(300000, 600000, 500), square(302000, 600000, 250.5)],
    }),
    bbox: [300000, 600000, 302250.5, 600500],
  },
].map((p) => ({
  ...p,
  name_welsh: null,
  source_file: 'parks/parks.gpkg',
  minx: p.bbox[0],
  miny: p.bbox[1],
  maxx: p.bbox[2],
  maxy: p.bbox[3],
}));
const listed = [
  { feature_id: '1001', x_coord: 530123.25, y_coord: 179456.5 },
  { feature_id: '1002', x_coord: 325000, y_coord: 673000.125 },
].map((l) => ({ ...l, name: null, grade: 'II', date_listed: null, url: null, source_file: 'nhle/x.csv' }));

const files = {
  parks: join(dir, 'national_parks.parquet'),
  listed: join(dir, 'listed_buildings.parquet'),
  copiedParks: join(dir, 'copied_parks.parquet'),
  copiedListed: join(dir, 'gb_listed_buildings.parquet'),
};

async function geoOf(path: string): Promise<Record<string, any>> {
  const db = await (await DuckDBInstance.create(':memory:')).connect();
  const rows = (
    await db.runAndReadAll(
      `SELECT decode(value) AS v FROM parquet_kv_metadata('${path}') WHERE decode(key) = 'geo'`,
    )
  ).getRowObjectsJS();
  db.closeSync();
  return JSON.parse(String(rows[0]?.v)) as Record<string, any>;
}

beforeAll(async () => {
  await writeParquet(files.parks, parquetColumnsFor(NationalParkRecord), parks);
  await writeParquet(files.listed, parquetColumnsFor(ListedBuildingRecord), listed);
  // The derived tables written from a query: geometry found in the query, points from the schema's columns.
  await copyQueryToParquet(
    `SELECT feature_id, name, geometry, minx, miny, maxx, maxy FROM ${parquetPath(files.parks)}`,
    files.copiedParks,
  );
  await copyQueryToParquet(
    `SELECT feature_id, 'NHLE' AS listing_system, grade AS listing_grade, 'Grade II' AS listing_tier, name,
       date_listed, url, x_coord, y_coord FROM ${parquetPath(files.listed)}`,
    files.copiedListed,
    { columns: parquetColumnsFor(GB_HERITAGE_TABLES.gb_listed_buildings) },
  );
});

describe('GeoParquet plan', () => {
  it('names WKB types from their headers, little and big endian, 2D and Z', () => {
    expect(wkbGeometryType('0101000000')).toBe('Point');
    expect(wkbGeometryType('0000000006')).toBe('MultiPolygon');
    expect(wkbGeometryType('01EB030000')).toBe('Polygon Z'); // ISO 1003
    expect(wkbGeometryType('01D2070000')).toBeUndefined(); // ISO 2002, LineString M: not a GeoParquet type
  });

  it('leaves tables without geometry alone', () => {
    expect(
      geoParquetPlan([
        { name: 'uprn', type: 'BIGINT' },
        { name: 'x_coord', type: 'DOUBLE' },
      ]),
    ).toBeUndefined();
  });
});

describe('the geo metadata written', () => {
  it('describes a polygon table: WKB, EPSG:27700 PROJJSON, its types, bbox and the bbox covering struct', async () => {
    const geo = await geoOf(files.parks);
    expect(geo.version).toBe('1.1.0');
    expect(geo.primary_column).toBe('geometry');
    const column = geo.columns.geometry;
    expect(column.encoding).toBe('WKB');
    expect(column.geometry_types).toEqual(['MultiPolygon', 'Polygon']);
    expect(column.crs).toEqual(EPSG_27700_PROJJSON);
    expect(column.crs.id).toEqual({ authority: 'EPSG', code: 27700 });
    expect(column.bbox).toEqual([300000, 200000, 501000, 600500]);
    expect(column.covering.bbox.xmin).toEqual(['bbox', 'xmin']);
    expect(await geoOf(files.copiedParks)).toEqual(geo);
  });

  it('gives a point table a WKB point geometry beside its x/y columns', async () => {
    for (const file of [files.listed, files.copiedListed]) {
      const geo = await geoOf(file);
      expect(geo.columns.geometry.geometry_types).toEqual(['Point']);
      expect(geo.columns.geometry.bbox).toEqual([325000, 179456.5, 530123.25, 673000.125]);
      expect(geo.columns.geometry.covering).toBeUndefined();
    }
  });
});

const python = (await hasPython()) ? await geoPython() : undefined;
const READ = `
import json, sys, geopandas, pyarrow.parquet as pq
out = {}
for path in sys.argv[1:]:
    df = geopandas.read_parquet(path)
    covered = "covering" in json.loads(pq.read_schema(path).metadata[b"geo"])["columns"]["geometry"]
    out[path] = {"epsg": df.crs.to_epsg(), "wkt": [g.wkt for g in df.geometry], "columns": list(df.columns),
                 "bbox_ids": list(geopandas.read_parquet(path, bbox=(500500, 200500, 500600, 200600)).feature_id) if covered else None}
print(json.dumps(out))
`;

describe.skipIf(!python)(
  `GeoPandas reads them${python ? '' : ' (skipped: python3 with venv not found)'}`,
  () => {
    let read: Record<string, { epsg: number; wkt: string[]; columns: string[]; bbox_ids: string[] | null }>;
    beforeAll(async () => {
      read = (await runPythonJson(python!, READ, Object.values(files))) as typeof read;
    }, 300_000);

    it('as geometry in EPSG:27700, polygons as written', () => {
      for (const file of [files.parks, files.copiedParks]) {
        expect(read[file]!.epsg).toBe(27700);
        expect(read[file]!.wkt).toEqual([
          'POLYGON ((500000 200000, 501000 200000, 501000 201000, 500000 201000, 500000 200000))',
          'MULTIPOLYGON (((300000 600000, 300500 600000, 300500 600500, 300000 600500, 300000 600000)), ' +
            '((302000 600000, 302250.5 600000, 302250.5 600250.5, 302000 600250.5, 302000 600000)))',
        ]);
      }
    });

    it('points at their x/y, which stay columns', () => {
      for (const file of [files.listed, files.copiedListed]) {
        expect(read[file]!.epsg).toBe(27700);
        expect(read[file]!.wkt).toEqual(['POINT (530123.25 179456.5)', 'POINT (325000 673000.125)']);
        expect(read[file]!.columns).toEqual(expect.arrayContaining(['x_coord', 'y_coord', 'geometry']));
      }
    });

    it('filters by the bbox covering', () => {
      expect(read[files.parks]!.bbox_ids).toEqual(['E26000001']);
    });
  },
);
