// The environment and social loaders on files in the publishers' layouts, written here by hand: DEFRA's
// preamble before the header, radon atlas squares in a GeoPackage, OS Open Greenspace's shapefile, the
// landslide and defibrillator CSV exports (documented choices), and NHS ODS files with no header row.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Position } from '../../../pipelines/geo/geometry';
import { writeGeoPackage } from '../../../pipelines/io/spatial/geopackage';
import { writeShapefile } from '../../../pipelines/io/spatial/shapefile-write';
import { readAirQualityCsv, totalColumn } from '../../../pipelines/sources/air-quality/defra-background';
import { readDefibrillators } from '../../../pipelines/sources/defibrillators/the-circuit';
import { readGreenspaceSites } from '../../../pipelines/sources/greenspace/open-greenspace';
import { readLandslidesCsv } from '../../../pipelines/sources/landslides/national-landslide-database';
import { odsKind, readOdsFile, titleCase } from '../../../pipelines/sources/nhs/ods';
import { readRadonAtlas } from '../../../pipelines/sources/radon/indicative-atlas';
import { collect, square } from '../../helpers/fixtures';

const dir = (): string => mkdtempSync(join(tmpdir(), 'pds-env-loaders-'));

describe('DEFRA background maps', () => {
  it('reads the total column after the preamble, whatever its length; NA totals are quarantined', async () => {
    const path = join(dir(), 'E09000025-pm25-2021.csv');
    writeFileSync(
      path,
      [
        'Background PM2.5 concentrations, Newham',
        'Base year 2018',
        'Units ug/m3',
        'Local_Auth_Code,x,y,geo_area,EU_zone_agglom_01,Total_PM2.5_21,Motorway_in,Rural',
        'E09000025,538500,183500,1,2,10.55,0.1,4.2',
        'E09000025,539500,183500,2,2,NA,0.1,4.2',
        'E09000025,540500,183500,3,2,9.87',
        '',
      ].join('\r\n'),
    );
    const { ok, bad } = await collect(readAirQualityCsv(path));
    expect(ok).toEqual([
      {
        pollutant: 'pm2.5',
        year: 2021,
        local_authority_code: 'E09000025',
        cell_x: 538000,
        cell_y: 183000,
        value: 10.55,
      },
    ]);
    expect(bad).toEqual([
      { line: 6, reason: 'total "NA" is not a concentration' },
      { line: 7, reason: 'expected 8 columns, found 6' },
    ]);
  });

  it('names every pollutant of the published totals', () => {
    expect(totalColumn('Total_NO2_21')).toEqual({ pollutant: 'no2', year: 2021 });
    expect(totalColumn('Total_NOx_25')).toEqual({ pollutant: 'nox', year: 2025 });
    expect(totalColumn('Total_PM10_25')).toEqual({ pollutant: 'pm10', year: 2025 });
    expect(totalColumn('Total_Benzene_21')).toEqual({ pollutant: 'benzene', year: 2021 });
    expect(totalColumn('Total_SO2_21')).toEqual({ pollutant: 'so2', year: 2021 });
    expect(totalColumn('Motorway_in')).toBeNull();
  });
});

describe('radon atlas', () => {
  it('stages each 1 km square by its corner; bad classes and non-squares are quarantined', async () => {
    const d = dir();
    writeGeoPackage(join(d, 'radon.gpkg'), [
      {
        name: 'radon_atlas',
        geometryType: 'POLYGON',
        srsId: 27700,
        fields: [{ name: 'CLASS_MAX', type: 'INTEGER' }],
        features: [
          { geometry: square(375000, 164000, 1000), properties: { CLASS_MAX: 3 } },
          { geometry: square(376000, 164000, 1000), properties: { CLASS_MAX: 7 } },
          { geometry: square(377000, 164000, 500), properties: { CLASS_MAX: 2 } },
        ],
      },
    ]);
    const { ok, bad } = await collect(readRadonAtlas(d));
    expect(ok).toEqual([{ cell_x: 375000, cell_y: 164000, class_max: 3 }]);
    expect(bad.map((b) => b.reason)).toEqual(['CLASS_MAX "7" is not 1-6', 'not a 1 km grid square']);
  });
});

describe('OS Open Greenspace', () => {
  it('reads function and distName1, skips access points, quarantines a site without function', async () => {
    const d = dir();
    const fields = [
      { name: 'id', type: 'C' as const, length: 38 },
      { name: 'function', type: 'C' as const, length: 40 },
      { name: 'distName1', type: 'C' as const, length: 80 },
    ];
    writeShapefile(join(d, 'GB_GreenspaceSite'), {
      shapeType: 5,
      crs: 27700,
      fields,
      features: [
        {
          geometry: square(375000, 164000, 200),
          properties: { id: 'idA', function: 'Playing Field', distName1: 'Rec' },
        },
        {
          geometry: square(375500, 164000, 50),
          properties: { id: 'idB', function: 'Play Space', distName1: '' },
        },
        { geometry: square(375800, 164000, 50), properties: { id: 'idC', function: '', distName1: 'X' } },
      ],
    });
    writeShapefile(join(d, 'GB_AccessPoint'), {
      shapeType: 1,
      crs: 27700,
      fields: [{ name: 'id', type: 'C', length: 38 }],
      features: [{ geometry: { type: 'Point', coordinates: [375000, 164000] }, properties: { id: 'ap' } }],
    });
    const { ok, bad } = await collect(readGreenspaceSites(d));
    expect(ok.map((r) => [r.feature_id, r.function, r.name, r.minx, r.maxx])).toEqual([
      ['idA', 'Playing Field', 'Rec', 375000, 375200],
      ['idB', 'Play Space', null, 375500, 375550],
    ]);
    expect(bad).toEqual([{ line: 3, reason: 'no function' }]);
  });
});

describe('landslides and defibrillators (documented CSV exports)', () => {
  it('landslides: BNG or WGS84 positions; no position is quarantined', async () => {
    const path = join(dir(), 'landslides.csv');
    writeFileSync(
      path,
      'ID,NAME,EASTING,NORTHING,LATITUDE,LONGITUDE\n1,Lansdown slip,374100,166200,,\n2,Coastal fall,,,50.7,-2.9\n3,No place,,,,\n',
    );
    const { ok, bad } = await collect(readLandslidesCsv(path));
    expect(ok[0]).toEqual({ feature_id: '1', name: 'Lansdown slip', x_coord: 374100, y_coord: 166200 });
    expect(ok[1]!.feature_id).toBe('2');
    expect(ok[1]!.x_coord).toBeGreaterThan(300000);
    expect(ok[1]!.x_coord).toBeLessThan(360000);
    expect(bad).toEqual([{ line: 4, reason: 'no position' }]);
  });

  it('defibrillators: WGS84 to BNG, blanks become Unknown, duplicates and off-GB rows quarantined', async () => {
    const path = join(dir(), 'defibs.csv');
    writeFileSync(
      path,
      [
        'id,location_name,availability,access_type,latitude,longitude',
        'A1,Bath Abbey,24/7,Public,51.3815,-2.3590',
        'A2,,,,51.38,-2.36',
        'A1,Again,24/7,Public,51.38,-2.36',
        'A3,Paris,24/7,Public,48.85,2.35',
      ].join('\n'),
    );
    const { ok, bad } = await collect(readDefibrillators(path));
    expect(ok.map((r) => [r.feature_id, r.location_name, r.availability, r.access_type])).toEqual([
      ['A1', 'Bath Abbey', '24/7', 'Public'],
      ['A2', null, 'Unknown', 'Unknown'],
    ]);
    expect(Math.abs(ok[0]!.x_coord - 375140)).toBeLessThan(100);
    expect(Math.abs(ok[0]!.y_coord - 164790)).toBeLessThan(100);
    expect(bad.map((b) => b.reason)).toEqual(['duplicate id A1', 'outside Great Britain (48.85, 2.35)']);
  });
});

describe('NHS ODS files', () => {
  const places: Record<string, Position> = { 'BA1 3NG': [374200, 165500], 'BA2 3HT': [375500, 163900] };
  const geocode = (pc: string): Position | null => places[pc] ?? null;
  const row = (values: Record<number, string>, width = 27): string =>
    Array.from({ length: width }, (_, i) => `"${values[i] ?? ''}"`).join(',');

  it('epraccur: headerless, active GP practices only, geocoded by postcode', async () => {
    const path = join(dir(), 'epraccur.csv');
    writeFileSync(
      path,
      [
        row({
          0: 'L81001',
          1: 'THE GROVE SURGERY',
          4: '1 GROVE ST',
          5: '',
          6: 'LARKHALL',
          7: 'BATH',
          9: 'BA1 3NG',
          12: 'A',
          25: '4',
        }),
        row({ 0: 'L81002', 1: 'OLD SURGERY', 4: 'X', 9: 'BA1 3NG', 11: '20200101', 12: 'C', 25: '4' }),
        row({ 0: 'Y01234', 1: 'WALK IN', 4: 'X', 9: 'BA1 3NG', 12: 'A', 25: '1' }),
        row({ 0: 'L81003', 1: 'ELSEWHERE', 4: 'X', 9: 'ZZ1 1ZZ', 12: 'A', 25: '4' }),
      ].join('\r\n'),
    );
    const { ok, bad } = await collect(readOdsFile(path, geocode));
    expect(ok).toEqual([
      {
        kind: 'gp_practice',
        code: 'L81001',
        name: 'The Grove Surgery',
        address1: '1 Grove St',
        address2: 'Larkhall',
        address3: 'Bath',
        postcode: 'BA1 3NG',
        url: 'https://directory.spineservices.nhs.uk/ORD/2-0-0/organisations/L81001',
        x_coord: 374200,
        y_coord: 165500,
      },
    ]);
    expect(bad).toEqual([
      { line: 2, reason: 'closed on 20200101' },
      { line: 3, reason: 'prescribing setting 1 (not a GP practice)' },
      { line: 4, reason: 'postcode ZZ1 1ZZ not in ONSPD (or without grid reference)' },
    ]);
  });

  it('ets with a Data Search and Export header row: the header is skipped', async () => {
    const path = join(dir(), 'ets.csv');
    writeFileSync(
      path,
      [
        '"ORGANISATION CODE","NAME","NATIONAL GROUPING","HIGHER HEALTH AUTHORITY","ADDRESS LINE 1","ADDRESS LINE 2","ADDRESS LINE 3","ADDRESS LINE 4","ADDRESS LINE 5","POSTCODE"',
        row({ 0: 'RD130', 1: 'ROYAL UNITED HOSPITAL', 4: 'COMBE PARK', 6: 'BATH', 9: 'BA2 3HT' }, 10),
      ].join('\n'),
    );
    const { ok, bad } = await collect(readOdsFile(path, geocode));
    expect(bad).toEqual([]);
    expect(ok.map((r) => [r.kind, r.code, r.name, r.address1, r.address2])).toEqual([
      ['hospital', 'RD130', 'Royal United Hospital', 'Combe Park', 'Bath'],
    ]);
  });

  it('knows the kind from the published file names and title-cases ODS text', () => {
    expect(odsKind('/x/epraccur.csv')).toBe('gp_practice');
    expect(odsKind('egdpprac.csv')).toBe('dentist');
    expect(odsKind('ets.csv')).toBe('hospital');
    expect(odsKind('ebranchs.csv')).toBeNull();
    expect(titleCase("ST JOHN'S ROAD-END")).toBe("St John's Road-End");
  });
});
