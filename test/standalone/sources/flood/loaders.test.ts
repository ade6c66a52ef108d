import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Feature, Position } from '../../../../pipelines/geo/geometry';
import { bngToWgs84 } from '../../../../pipelines/geo/bng';
import type { SourceRow } from '../../../../pipelines/io/quarantine';
import { writeGeoPackage } from '../../../../pipelines/io/spatial/geopackage';
import { writeGeoJson } from '../../../../pipelines/io/spatial/geojson';
import { shapefileBytes, writeShapefile } from '../../../../pipelines/io/spatial/shapefile-write';
import { parseWkb } from '../../../../pipelines/io/spatial/wkb';
import { zipBytes } from '../../../../pipelines/io/zip';
import {
  findLayers,
  readDefenceAreas,
  readDefences,
  readRecordedOutlines,
} from '../../../../pipelines/sources/flood/outlines-defences';
import { isoTimestamp } from '../../../../pipelines/sources/flood/spatial-rows';
import {
  findFloodZoneSources,
  normaliseBand,
  readFloodZones,
  sepaService,
} from '../../../../pipelines/sources/flood/zones';
import {
  findTerrainFiles,
  lineKind,
  readCoastline,
  readTerrainContours,
} from '../../../../pipelines/sources/terrain';

const tmp = (): string => mkdtempSync(join(tmpdir(), 'pds-flood-loaders-'));
const square = (x: number, y: number, s: number): Position[] => [
  [x, y],
  [x + s, y],
  [x + s, y + s],
  [x, y + s],
  [x, y],
];
const poly = (x: number, y: number, s: number): Feature['geometry'] => ({
  type: 'Polygon',
  coordinates: [square(x, y, s)],
});
const okRows = <T>(rows: Iterable<SourceRow<T>>): { ok: T[]; bad: { line: number; reason: string }[] } => {
  const ok: T[] = [];
  const bad: { line: number; reason: string }[] = [];
  for (const r of rows) {
    if (r.ok) ok.push(r.record);
    else bad.push({ line: r.row.line, reason: r.row.reason });
  }
  return { ok, bad };
};

describe('flood band labels', () => {
  it('normalises the publishers spellings and rejects others', () => {
    expect(normaliseBand('Very low')).toBe('Very Low');
    expect(normaliseBand('VERY_LOW')).toBe('Very Low');
    expect(normaliseBand(' high ')).toBe('High');
    expect(normaliseBand('Significant')).toBeNull();
  });

  it('reads the likelihood and climate change from SEPA service names', () => {
    expect(sepaService('River_Flooding_High_Likelihood')).toEqual({
      layer: 'scotland.rivers',
      label: 'High',
    });
    expect(sepaService('Future_Flood_Maps_Coastal_Flooding_Low_Likelihood_Extent')).toEqual({
      layer: 'scotland.coast_climate_change',
      label: 'Low',
    });
    expect(sepaService('Surface_Water_and_Small_Watercourses_Flooding_Medium_Likelihood')).toEqual({
      layer: 'scotland.surface_water',
      label: 'Medium',
    });
    expect(sepaService('River_Flooding_Medium_Likelihood_Depth')?.label).toBe('Medium');
    expect(sepaService('Flood_Warning_Areas')).toBeNull();
  });
});

describe('EA flood zones', () => {
  it('reads a NaFRA2 GeoPackage (Risk_band, "Very low") and quarantines a null geometry and an unknown band', async () => {
    const dir = tmp();
    writeGeoPackage(join(dir, 'RoFRS_ST_v1.gpkg'), [
      {
        name: 'RoFRS_4band',
        geometryColumn: 'SHAPE',
        geometryType: 'MULTIPOLYGON',
        srsId: 27700,
        fields: [{ name: 'Risk_band', type: 'TEXT' }],
        features: [
          { geometry: poly(375000, 164000, 100), properties: { Risk_band: 'Very low' } },
          { geometry: null, properties: { Risk_band: 'High' } },
          { geometry: poly(375500, 164000, 100), properties: { Risk_band: 'Unknown' } },
          { geometry: poly(375200, 164000, 50), properties: { Risk_band: 'High' } },
        ],
      },
    ]);
    const [source, ...rest] = await findFloodZoneSources('ea-rofrs', dir);
    expect(rest).toEqual([]);
    expect(source).toMatchObject({ layer: 'england.rivers_and_seas', table: 'RoFRS_4band' });
    const { ok, bad } = okRows(readFloodZones(source!));
    expect(ok.map((r) => [r.feature_id, r.label, r.band, r.minx, r.maxy])).toEqual([
      ['RoFRS_ST_v1:1', 'Very low', 'Very Low', 375000, 164100],
      ['RoFRS_ST_v1:4', 'High', 'High', 375200, 164050],
    ]);
    expect(parseWkb(ok[0]!.geometry)).toEqual(poly(375000, 164000, 100));
    expect(bad).toEqual([
      { line: 2, reason: 'no geometry' },
      { line: 3, reason: "unknown risk band 'Unknown'" },
    ]);
  });

  it('reads the legacy RoFRS shapefile (prob_4band, upper-case copies too)', async () => {
    const dir = tmp();
    writeShapefile(join(dir, 'rofrs_england'), {
      shapeType: 5,
      crs: 27700,
      fields: [
        { name: 'PROB_4BAND', type: 'C', length: 20 },
        { name: 'SUITABILITY', type: 'C', length: 40 },
      ],
      features: [
        {
          geometry: poly(380000, 160000, 200),
          properties: { PROB_4BAND: 'Medium', SUITABILITY: 'Town to Street' },
        },
        { geometry: poly(380100, 160300, 10), properties: { PROB_4BAND: null, SUITABILITY: null } },
      ],
    });
    const sources = await findFloodZoneSources('ea-rofrs', dir);
    const { ok, bad } = okRows(readFloodZones(sources[0]!));
    expect(ok.map((r) => [r.feature_id, r.band])).toEqual([['rofrs_england:1', 'Medium']]);
    expect(bad).toEqual([{ line: 2, reason: 'no risk band (risk_band or prob_4band)' }]);
  });
});

describe('NRW and SEPA flood zones', () => {
  it('routes NRW FRAW layers by name (fme_geometry column) and quarantines a three-point ring', async () => {
    const dir = tmp();
    const fields = [
      { name: 'objectid', type: 'INTEGER' as const },
      { name: 'risk', type: 'TEXT' as const },
    ];
    writeGeoPackage(join(dir, 'sw.gpkg'), [
      {
        name: 'NRW_FLOOD_RISK_FROM_SURFACE_WATER_SMALL_WATERCOURSES',
        geometryColumn: 'fme_geometry',
        geometryType: 'MULTIPOLYGON',
        srsId: 27700,
        fields,
        features: [
          { geometry: poly(318000, 176000, 40), properties: { objectid: 7, risk: 'Low' } },
          {
            geometry: {
              type: 'Polygon',
              coordinates: [
                [
                  [318000, 176000],
                  [318010, 176000],
                  [318000, 176000],
                ],
              ],
            },
            properties: { objectid: 8, risk: 'High' },
          },
        ],
      },
    ]);
    writeGeoPackage(join(dir, 'zones.gpkg'), [
      { name: 'NRW_FLOODZONE_RIVERS', geometryType: 'MULTIPOLYGON', srsId: 27700, fields, features: [] },
    ]);
    const sources = await findFloodZoneSources('nrw-fraw', dir);
    expect(sources.map((s) => s.layer)).toEqual(['wales.surface_water']);
    const { ok, bad } = okRows(readFloodZones(sources[0]!));
    expect(ok.map((r) => [r.layer, r.feature_id, r.label, r.band])).toEqual([
      ['wales.surface_water', 'sw:7', 'Low', 'Low'],
    ]);
    expect(bad).toEqual([{ line: 2, reason: 'invalid ring: 3 positions (a ring needs at least 4)' }]);
  });

  it('takes SEPA likelihood from the file name and converts WGS84 GeoJSON to BNG', async () => {
    const dir = tmp();
    const bng: Position[] = square(279000, 694000, 100);
    const wgs = bng.map(([x, y]) => {
      const { longitude, latitude } = bngToWgs84(x, y);
      return [longitude, latitude] as Position;
    });
    writeGeoJson(
      join(dir, 'Future_Flood_Maps_River_Flooding_High_Likelihood.geojson'),
      [{ geometry: { type: 'Polygon', coordinates: [wgs] }, properties: { OBJECTID: 3 } }],
      { crs: 4326 },
    );
    writeGeoJson(join(dir, 'notes.geojson'), [], { crs: 4326 });
    const sources = await findFloodZoneSources('sepa-flood-maps', dir);
    expect(sources).toHaveLength(1);
    const { ok } = okRows(readFloodZones(sources[0]!));
    expect(ok[0]).toMatchObject({ layer: 'scotland.rivers_climate_change', label: 'High', band: 'High' });
    // Round trip through proj4 both ways: within a millimetre.
    expect(ok[0]!.minx).toBeCloseTo(279000, 2);
    expect(ok[0]!.maxy).toBeCloseTo(694100, 2);
  });
});

describe('recorded outlines, defences, areas benefiting', () => {
  it('maps EA recorded outline columns and dates, quarantining an unreadable date', async () => {
    const dir = tmp();
    writeGeoPackage(join(dir, 'Recorded_Flood_Outlines.gpkg'), [
      {
        name: 'Recorded_Flood_Outlines',
        geometryType: 'MULTIPOLYGON',
        srsId: 27700,
        fields: ['rec_out_id', 'name', 'start_date', 'end_date', 'flood_src', 'flood_caus'].map((name) => ({
          name,
          type: 'TEXT' as const,
        })),
        features: [
          {
            geometry: poly(375000, 164500, 300),
            properties: {
              rec_out_id: '42',
              name: 'Avon 2000',
              start_date: '2000-11-05',
              end_date: '08/11/2000',
              flood_src: 'main river',
              flood_caus: 'overtopping of defences',
            },
          },
          { geometry: poly(375000, 164500, 10), properties: { rec_out_id: '43', start_date: 'autumn 2000' } },
        ],
      },
    ]);
    const [layer] = await findLayers('ea-recorded-flood-outlines', 'England', dir);
    const { ok, bad } = okRows(readRecordedOutlines(layer!));
    expect(ok.map(({ geometry: _g, ...r }) => r)).toEqual([
      {
        country: 'England',
        feature_id: '42',
        name: 'Avon 2000',
        start_date: '2000-11-05T00:00:00.000Z',
        end_date: '2000-11-08T00:00:00.000Z',
        flood_source: 'main river',
        flood_cause: 'overtopping of defences',
        minx: 375000,
        miny: 164500,
        maxx: 375300,
        maxy: 164800,
      },
    ]);
    expect(bad).toEqual([{ line: 2, reason: 'start_date is not a date: autumn 2000' }]);
    expect(isoTimestamp(-374025600000)).toBe('1958-02-24T00:00:00.000Z');
    expect(isoTimestamp('31/02/2020')).toBeUndefined();
  });

  it('reads AIMS defence lines under their truncated shapefile names, and ABD polygons', async () => {
    const dir = tmp();
    writeShapefile(join(dir, 'Spatial_Flood_Defences_Including_Standardised_Attributes'), {
      shapeType: 3,
      crs: 27700,
      fields: [
        { name: 'asset_id', type: 'C', length: 10 },
        { name: 'asset_type', type: 'C', length: 20 },
        { name: 'asset_sub_type', type: 'C', length: 20 },
        { name: 'primary_purpose', type: 'C', length: 30 },
        { name: 'current_condition', type: 'C', length: 10 },
      ],
      features: [
        {
          geometry: {
            type: 'LineString',
            coordinates: [
              [375000, 164000],
              [375100, 164050],
            ],
          },
          properties: {
            asset_id: '11001',
            asset_type: 'Wall',
            asset_sub_type: 'Flood Wall',
            primary_purpose: 'Fluvial Flood Defence',
            current_condition: '2 - Good',
          },
        },
        {
          geometry: { type: 'LineString', coordinates: [[375000, 164000]] },
          properties: { asset_id: '11002' },
        },
      ],
    });
    writeShapefile(join(dir, 'Areas_Benefiting_from_Flood_Defences'), {
      shapeType: 5,
      crs: 27700,
      fields: [{ name: 'abd_id', type: 'C', length: 10 }],
      features: [{ geometry: poly(375000, 164100, 200), properties: { abd_id: 'ABD-1' } }],
    });
    const defences = await findLayers(
      'ea-spatial-flood-defences',
      'England',
      dir,
      (n) => !/benefit/i.test(n),
    );
    const { ok, bad } = okRows(readDefences(defences[0]!));
    expect(ok.map(({ geometry: _g, minx: _a, miny: _b, maxx: _c, maxy: _d, ...r }) => r)).toEqual([
      {
        country: 'England',
        feature_id: '11001',
        asset_type: 'Wall',
        asset_sub_type: 'Flood Wall',
        primary_purpose: 'Fluvial Flood Defence',
        protection_type: null,
        current_condition: '2 - Good',
      },
    ]);
    expect(bad).toEqual([{ line: 2, reason: 'invalid line: 1 position' }]);
    const areas = await findLayers('ea-areas-benefiting-from-defences', 'England', dir, (n) =>
      /benefit/i.test(n),
    );
    expect(okRows(readDefenceAreas(areas[0]!)).ok.map((r) => r.feature_id)).toEqual(['ABD-1']);
  });
});

describe('OS Terrain 50 and Boundary-Line', () => {
  it('reads contours and tide lines from a tile zip inside the national zip, and loose line shapefiles', async () => {
    const dir = tmp();
    const line = shapefileBytes({
      shapeType: 3,
      crs: 27700,
      fields: [
        { name: 'ID', type: 'C', length: 20 },
        { name: 'FEAT_TYPE', type: 'C', length: 20 },
        { name: 'PROP_VALUE', type: 'N', length: 11, decimals: 1 },
      ],
      features: [
        {
          geometry: {
            type: 'LineString',
            coordinates: [
              [370000, 160000],
              [370500, 160200],
            ],
          },
          properties: { ID: 'a', FEAT_TYPE: 'ContourLine', PROP_VALUE: 20 },
        },
        {
          geometry: {
            type: 'LineString',
            coordinates: [
              [371000, 160000],
              [371500, 160200],
            ],
          },
          properties: { ID: 'b', FEAT_TYPE: 'LandWaterBoundary', PROP_VALUE: 4.6 },
        },
        {
          geometry: {
            type: 'LineString',
            coordinates: [
              [372000, 160000],
              [372500, 160200],
            ],
          },
          properties: { ID: 'c', FEAT_TYPE: 'LandWaterBoundary', PROP_VALUE: -4.2 },
        },
        {
          geometry: {
            type: 'LineString',
            coordinates: [
              [373000, 160000],
              [373500, 160200],
            ],
          },
          properties: { ID: 'd', FEAT_TYPE: 'ContourLine', PROP_VALUE: null },
        },
      ],
    });
    const inner = zipBytes(
      Object.fromEntries(Object.entries(line).map(([ext, b]) => [`ST76_line.${ext}`, b as Uint8Array])),
    );
    writeFileSync(
      join(dir, 'terr50_cesh_gb.zip'),
      zipBytes({ 'data/st/st76_OST50CONT_20190530.zip': inner }),
    );
    mkdirSync(join(dir, 'loose'));
    writeShapefile(join(dir, 'loose', 'SU67_line'), {
      shapeType: 3,
      crs: 27700,
      fields: [
        { name: 'ID', type: 'C', length: 20 },
        { name: 'FEAT_TYPE', type: 'C', length: 20 },
        { name: 'PROP_VALUE', type: 'N', length: 11, decimals: 1 },
      ],
      features: [
        {
          geometry: {
            type: 'LineString',
            coordinates: [
              [460000, 170000],
              [460100, 170100],
            ],
          },
          properties: { ID: 'x', FEAT_TYPE: 'ContourLine', PROP_VALUE: 50 },
        },
      ],
    });
    const files = await findTerrainFiles(dir);
    expect(files.map((f) => f.slice(dir.length + 1))).toEqual(['loose/SU67_line.shp', 'terr50_cesh_gb.zip']);
    const { ok: loose } = okRows(readTerrainContours(files[0]!));
    expect(loose.map((r) => [r.tile, r.kind, r.height, r.entry])).toEqual([['SU67', 'contour', 50, null]]);
    const rows = [...readTerrainContours(files[1]!)];
    const { ok, bad } = okRows(rows);
    expect(ok.map((r) => [r.tile, r.kind, r.height, r.entry])).toEqual([
      ['ST76', 'contour', 20, 'data/st/st76_OST50CONT_20190530.zip!ST76_line.shp'],
      ['ST76', 'mean_high_water', 4.6, 'data/st/st76_OST50CONT_20190530.zip!ST76_line.shp'],
      ['ST76', 'mean_low_water', -4.2, 'data/st/st76_OST50CONT_20190530.zip!ST76_line.shp'],
    ]);
    expect(bad).toEqual([{ line: 4, reason: 'no PROP_VALUE height' }]);
    const badRow = rows.find((r) => !r.ok);
    expect(!badRow?.ok && badRow?.row.file).toMatch(
      /terr50_cesh_gb\.zip!data\/st\/st76_OST50CONT_20190530\.zip!ST76_line\.shp$/,
    );
    expect(lineKind('MeanLowWater', 1)).toBe('mean_low_water');
  });

  it('reads the Boundary-Line high water line', () => {
    const dir = tmp();
    writeShapefile(join(dir, 'high_water_polyline'), {
      shapeType: 3,
      crs: 27700,
      fields: [{ name: 'NAME', type: 'C', length: 20 }],
      features: [
        {
          geometry: {
            type: 'LineString',
            coordinates: [
              [320000, 174000],
              [321000, 174500],
            ],
          },
          properties: { NAME: 'HWM' },
        },
      ],
    });
    const { ok } = okRows(readCoastline(join(dir, 'high_water_polyline.shp')));
    expect(ok.map((r) => [r.feature_id, r.minx, r.maxx])).toEqual([
      ['high_water_polyline#1', 320000, 321000],
    ]);
  });
});
