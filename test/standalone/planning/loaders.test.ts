// Loaders on files in the publishers' layouts (reference terrain-coast-heritage.md 3-5, amenities-
// transport.md 1-3): header names as published, shapefile name truncation, WGS84 → BNG, the known messy
// values, and what is quarantined.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { wgs84ToBng } from '../../../pipelines/geo/bng';
import type { SourceRow } from '../../../pipelines/io/quarantine';
import { writeGeoJson } from '../../../pipelines/io/spatial/geojson';
import { writeShapefile } from '../../../pipelines/io/spatial/shapefile-write';
import { boundaryLayout, readAdminBoundaries } from '../../../pipelines/sources/boundaries/admin-boundaries';
import { readConservationAreas } from '../../../pipelines/sources/planning/conservation-areas';
import { readNationalParks } from '../../../pipelines/sources/planning/national-parks';
import { normaliseGrade, readListedBuildings } from '../../../pipelines/sources/planning/nhle';
import { readAirports } from '../../../pipelines/sources/transport/airports';
import { correctLonLat, readEvChargePoints } from '../../../pipelines/sources/transport/ev-charge-points';
import { statusClass, zoneUrl } from '../../../pipelines/sources/transport/low-emission-zones';

const dir = (): string => mkdtempSync(join(tmpdir(), 'pds-planning-loaders-'));

async function collect<T>(it: AsyncIterable<SourceRow<T>>): Promise<{ ok: T[]; bad: string[] }> {
  const ok: T[] = [];
  const bad: string[] = [];
  for await (const r of it) {
    if (r.ok) ok.push(r.record);
    else bad.push(`${r.row.line}: ${r.row.reason}`);
  }
  return { ok, bad };
}

describe('conservation areas (planning.data.gov.uk CSV)', () => {
  it('maps the published header by name, WKT in WGS84 onto BNG; quarantines point-only, ended, broken rows', async () => {
    const d = dir();
    const header =
      'dataset,end-date,entity,entry-date,geojson,geometry,name,organisation-entity,point,prefix,reference,start-date,typology,designation-date,document-url,documentation-url,legislation,notes,organisation';
    const wkt = 'MULTIPOLYGON (((-2.36 51.38, -2.35 51.38, -2.35 51.39, -2.36 51.39, -2.36 51.38)))';
    const rows = [
      `conservation-area,,44000001,2024-01-01,,"${wkt}",Bath,76,POINT (-2.355 51.385),conservation-area,CA1,1968-12-19,geography,1968-12-19,,https://example.org/ca1,,,local-authority:E06000022`,
      `conservation-area,,44000002,2024-01-01,,,Point only,76,POINT (-2.3 51.3),conservation-area,CA2,,geography,,,,,,`,
      `conservation-area,2019-04-01,44000003,2024-01-01,,"${wkt}",Ended,76,,conservation-area,CA3,,geography,,,,,,`,
      `conservation-area,,44000004,2024-01-01,,"MULTIPOLYGON (((-2.3 51.3",Broken,76,,conservation-area,CA4,,geography,,,,,,`,
    ];
    writeFileSync(join(d, 'conservation-area.csv'), [header, ...rows].join('\r\n') + '\r\n');
    const { ok, bad } = await collect(readConservationAreas(join(d, 'conservation-area.csv')));
    expect(ok).toHaveLength(1);
    const sw = wgs84ToBng(-2.36, 51.38);
    expect(ok[0]).toMatchObject({
      feature_id: '44000001',
      name: 'Bath',
      reference: 'CA1',
      organisation: '76',
      designation_date: '1968-12-19T00:00:00.000Z',
      documentation_url: 'https://example.org/ca1',
    });
    expect(ok[0]!.minx).toBeCloseTo(Math.min(sw.x, wgs84ToBng(-2.36, 51.39).x), 3);
    expect(ok[0]!.miny).toBeCloseTo(Math.min(sw.y, wgs84ToBng(-2.35, 51.38).y), 3);
    expect(bad[0]).toBe('3: no geometry');
    expect(bad[1]).toBe('4: designation ended (end-date 2019-04-01)');
    expect(bad[2]).toMatch(/^5: geometry is not WKT/);
  });
});

describe('NHLE listed buildings', () => {
  it('reads the shapefile variant (10-character names), every ListDate form, grades; builds the URL when absent', async () => {
    const d = dir();
    writeShapefile(join(d, 'Listed_Buildings'), {
      shapeType: 1,
      crs: 27700,
      fields: [
        { name: 'ListEntry', type: 'N', length: 10 },
        { name: 'Name', type: 'C', length: 60 },
        { name: 'Grade', type: 'C', length: 4 },
        { name: 'ListDate', type: 'C', length: 16 },
        { name: 'CaptureScale', type: 'C', length: 10 },
        { name: 'Easting', type: 'N', length: 10 },
        { name: 'Northing', type: 'N', length: 10 },
        { name: 'Hyperlink', type: 'C', length: 80 },
      ],
      features: [
        {
          geometry: { type: 'Point', coordinates: [375000, 165000] },
          properties: {
            ListEntry: 1217742,
            Name: 'ROYAL ALBERT HALL',
            Grade: 'I',
            ListDate: '-374025600000',
            CaptureScale: '1:1250',
            Easting: 375000,
            Northing: 165000,
            Hyperlink: 'https://historicengland.org.uk/listing/the-list/list-entry/1217742',
          },
        },
        {
          geometry: null,
          properties: {
            ListEntry: 1000002,
            Name: 'NO SHAPE, HAS NGR',
            Grade: 'II*',
            ListDate: '24/02/1958',
            Easting: 375100,
            Northing: 165100,
            Hyperlink: '',
          },
        },
        {
          geometry: { type: 'Point', coordinates: [375200, 165200] },
          properties: {
            ListEntry: 1000003,
            Name: 'ISO',
            Grade: 'II',
            ListDate: '1971-06-30',
            Easting: 0,
            Northing: 0,
            Hyperlink: '',
          },
        },
        {
          geometry: { type: 'Point', coordinates: [375300, 165300] },
          properties: {
            ListEntry: 1000004,
            Name: 'BAD DATE',
            Grade: 'II',
            ListDate: 'sometime',
            Easting: 0,
            Northing: 0,
            Hyperlink: '',
          },
        },
      ],
    });
    const { ok, bad } = await collect(readListedBuildings(d));
    expect(ok.map((r) => [r.feature_id, r.grade, r.date_listed, r.x_coord, r.y_coord])).toEqual([
      ['1217742', 'I', '1958-02-24T00:00:00.000Z', 375000, 165000],
      ['1000002', 'II*', '1958-02-24T00:00:00.000Z', 375100, 165100],
      ['1000003', 'II', '1971-06-30T00:00:00.000Z', 375200, 165200],
    ]);
    expect(ok[1]!.url).toBe('https://historicengland.org.uk/listing/the-list/list-entry/1000002');
    expect(bad).toEqual(['4: ListDate not a date: "sometime"']);
    expect([normaliseGrade('Grade II*'), normaliseGrade('2'), normaliseGrade('III')]).toEqual([
      'II*',
      'II',
      null,
    ]);
  });
});

describe('National Parks (ONS BFC)', () => {
  it('finds NPARKyyCD/NM by pattern, whatever the edition year', async () => {
    const d = dir();
    const ring = [
      [-3.5, 51.8],
      [-3.4, 51.8],
      [-3.4, 51.9],
      [-3.5, 51.9],
      [-3.5, 51.8],
    ] as [number, number][];
    writeGeoJson(
      join(d, 'NPARK_DEC_2023_GB_BFC.geojson'),
      [
        {
          geometry: { type: 'Polygon', coordinates: [ring] },
          properties: {
            NPARK23CD: 'W18000002',
            NPARK23NM: 'Bannau Brycheiniog',
            NPARK23NMW: 'Bannau Brycheiniog',
          },
        },
      ],
      { crs: 4326 },
    );
    const { ok } = await collect(readNationalParks(d));
    expect(ok).toMatchObject([
      { feature_id: 'W18000002', name: 'Bannau Brycheiniog', name_welsh: 'Bannau Brycheiniog' },
    ]);
  });
});

describe('National Chargepoint Registry CSV', () => {
  it('fixes swapped and positive Scottish longitudes, drops duplicate ids, clears time-like postcodes', async () => {
    const d = dir();
    const header =
      'chargeDeviceID,reference,name,latitude,longitude,town,county,postcode,chargeDeviceStatus,connector1ID,connector1Type';
    const rows = [
      'aaa,R1,Bath 1,51.38,-2.36,Bath,,BA1 1AB,In service,1,Type 2 Mennekes',
      'bbb,R2,Swapped,-2.36,51.38,Bath,,20:00,In service,1,CHAdeMO',
      'ccc,R3,ChargePlace Scotland,56.12,3.94,Stirling,,FK8 1AA,In service,1,Type 2 Combo',
      'aaa,R1,Bath 1 again,51.38,-2.36,Bath,,BA1 1AB,In service,1,Type 2 Mennekes',
      'ddd,R4,Zero,0,-2.36,Bath,,,In service,,',
      '"eee",R5,"Free text\rwith a stray CR",51.39,-2.35,Bath,,BA2 3CD,Out of service,,',
    ];
    writeFileSync(join(d, 'registry.csv'), [header, ...rows].join('\n') + '\n');
    const { ok, bad } = await collect(readEvChargePoints(join(d, 'registry.csv')));
    expect(ok.map((r) => r.feature_id)).toEqual(['aaa', 'bbb', 'ccc', 'eee']);
    const bath = wgs84ToBng(-2.36, 51.38);
    expect(ok[1]!.x_coord).toBeCloseTo(bath.x, 6);
    expect(ok[1]!.postcode).toBeNull();
    expect(ok[2]!.x_coord).toBeCloseTo(wgs84ToBng(-3.94, 56.12).x, 6);
    expect(ok[3]!.status).toBe('Out of service');
    expect(bad).toEqual(['5: duplicate chargeDeviceID aaa', '6: latitude or longitude is 0']);
    expect(correctLonLat(40, -2)).toBe('outside Great Britain (40, -2)');
  });
});

describe('OurAirports airports.csv', () => {
  it('reads the older header order by name; keeps UK large and medium airports only', async () => {
    const d = dir();
    const header =
      '"id","ident","type","name","latitude_deg","longitude_deg","elevation_ft","continent","iso_country","iso_region","municipality","scheduled_service","gps_code","iata_code","local_code","home_link","wikipedia_link","keywords"';
    const rows = [
      '2434,"EGLL","large_airport","London Heathrow Airport",51.4706,-0.461941,83,"EU","GB","GB-ENG","London","yes","EGLL","LHR",,,,',
      '2432,"EGBP","small_airport","Cotswold Airport",51.668095,-2.05694,433,"EU","GB","GB-ENG","Kemble","no","EGBP",,,,,',
      '4584,"EIDW","large_airport","Dublin Airport",53.421299,-6.27007,242,"EU","IE","IE-D","Dublin","yes","EIDW","DUB",,,,',
      '2379,"EGAA","large_airport","Belfast International Airport",54.6575,-6.21583,268,"EU","GB","GB-NIR","Belfast","yes","EGAA","BFS",,,,',
    ];
    writeFileSync(join(d, 'airports.csv'), [header, ...rows].join('\n') + '\n');
    const { ok, bad } = await collect(readAirports(join(d, 'airports.csv')));
    expect(ok).toMatchObject([
      { feature_id: 'EGLL', name: 'London Heathrow Airport', iata_code: 'LHR', iso_region: 'GB-ENG' },
    ]);
    expect(bad).toEqual([]);
  });
});

describe('admin boundaries', () => {
  it('tells the layout: ONS columns by prefix and year, Boundary-Line by file name', () => {
    expect(boundaryLayout(['FID', 'WD24CD', 'WD24NM'], 'WD_DEC_2024_UK_BFC')).toEqual({
      kind: 'ons',
      prefix: 'WD24',
      level: 'ward',
    });
    expect(boundaryLayout(['LAD25CD', 'LAD25NM'], 'x')).toMatchObject({ level: 'local_authority' });
    expect(boundaryLayout(['CTRY24CD'], 'x')).toMatchObject({ level: 'country' });
    expect(boundaryLayout(['NAME', 'CODE'], 'district_borough_unitary_ward_region')).toEqual({
      kind: 'boundary-line',
      level: 'ward',
    });
    expect(boundaryLayout(['NAME', 'CODE'], 'english_region_region')).toMatchObject({ level: 'region' });
    expect(boundaryLayout(['NAME', 'CODE'], 'high_water_polyline')).toBeNull();
  });

  it('reads a Boundary-Line shapefile (NAME, CODE) and skips other layers', async () => {
    const d = dir();
    const square = {
      type: 'Polygon' as const,
      coordinates: [
        [
          [370000, 160000],
          [380000, 160000],
          [380000, 170000],
          [370000, 170000],
          [370000, 160000],
        ],
      ] as [number, number][][],
    };
    writeShapefile(join(d, 'district_borough_unitary_region'), {
      shapeType: 5,
      crs: 27700,
      fields: [
        { name: 'NAME', type: 'C', length: 60 },
        { name: 'AREA_CODE', type: 'C', length: 3 },
        { name: 'CODE', type: 'C', length: 9 },
      ],
      features: [
        {
          geometry: square,
          properties: { NAME: 'Bath and North East Somerset', AREA_CODE: 'UTA', CODE: 'E06000022' },
        },
      ],
    });
    writeShapefile(join(d, 'parish_region'), {
      shapeType: 5,
      crs: 27700,
      fields: [{ name: 'NAME', type: 'C', length: 60 }],
      features: [{ geometry: square, properties: { NAME: 'A parish' } }],
    });
    const { ok } = await collect(readAdminBoundaries(d));
    expect(ok).toMatchObject([
      { level: 'local_authority', code: 'E06000022', name: 'Bath and North East Somerset' },
    ]);
  });
});

describe('low emission zones', () => {
  it('normalises status and finds the scheme page', () => {
    expect([statusClass('Live'), statusClass('Proposed'), statusClass('Revoked'), statusClass(null)]).toEqual(
      ['active', 'planned', 'inactive', 'active'],
    );
    expect(zoneUrl('Bath Clean Air Zone')).toBe('https://www.bathnes.gov.uk/bath-clean-air-zone');
    expect(zoneUrl('GLASGOW_LEZ', 'Glasgow City')).toBe('https://www.lowemissionzones.scot');
    expect(zoneUrl('Somewhere Else')).toBeNull();
  });
});
