import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SourceRow } from '../../../pipelines/io/quarantine';
import {
  adminNamesFor,
  findCodeAndNameColumns,
  findOnspdLookupFiles,
  loadOnspdAdminNames,
  parseNameLookup,
  readOnspd,
  resolveOnspdColumns,
  type OnspdRecord,
} from '../../../pipelines/sources/onspd';

// The 2025 redesign header and its published example row (postcodes-uprn.md 2.2).
const HEADER_2025 =
  'pcd7,pcd8,pcds,dointr,doterm,usrtypind,east1m,north1m,gridind,oa21cd,cty25cd,ced25cd,lad25cd,wd25cd,' +
  'nhser24cd,ctry25cd,rgn25cd,pcon24cd,ttwa15cd,itl25cd,npark16cd,lsoa21cd,msoa21cd,wz11cd,sicbl24cd,bua24cd,' +
  'ruc21ind,oac11ind,lat,long,lep21cd1,lep21cd2,pfa23cd,imd20ind,icb23cd';
const ROW_2025 =
  '"CA8 7JG","CA8  7JG","CA8 7JG","200006","","0","366033","564878","1","E00139875","E99999999","E99999999",' +
  '"E06000057","E05016114","E40000012","E92000001","E12000001","E14001285","E30000064","E06000057","E65000001",' +
  '"E01027484","E02005728","E33002161","E38000130","E63999999","RSN1","1B1",54.977349,-2.532223,"E37000025",' +
  '"","E23000007",17158,"E54000050"';

// The Feb 2023 legacy header (postcodes-uprn.md 2.1).
const HEADER_LEGACY =
  'pcd,pcd2,pcds,dointr,doterm,oscty,ced,oslaua,osward,parish,usertype,oseast1m,osnrth1m,osgrdind,oshlthau,' +
  'nhser,ctry,rgn,streg,pcon,eer,teclec,ttwa,pct,itl,statsward,oa01,casward,park,lsoa01,msoa01,ur01ind,oac01,' +
  'oa11,lsoa11,msoa11,wz11,sicbl,bua11,buasd11,ru11ind,oac11,lat,long,lep1,lep2,pfa,imd,calncv,icb,oa21,lsoa21,msoa21';

/** A legacy row from column → value pairs (other columns blank, all quoted except lat/long/imd). */
function legacyRow(values: Record<string, string>): string {
  return HEADER_LEGACY.split(',')
    .map((c) => (['lat', 'long', 'imd'].includes(c) ? (values[c] ?? '') : `"${values[c] ?? ''}"`))
    .join(',');
}

async function load(text: string, options = {}): Promise<SourceRow<OnspdRecord>[]> {
  const dir = await mkdtemp(join(tmpdir(), 'onspd-'));
  const file = join(dir, 'ONSPD_FEB_2025_UK.csv');
  await writeFile(file, text, 'utf8');
  const rows: SourceRow<OnspdRecord>[] = [];
  for await (const row of readOnspd(file, options)) rows.push(row);
  return rows;
}

const record = (row: SourceRow<OnspdRecord> | undefined): OnspdRecord => {
  if (!row?.ok) throw new Error(`not accepted: ${JSON.stringify(row)}`);
  return row.record;
};

describe('readOnspd, 2025+ header', () => {
  it('maps the published example row to the target field names', async () => {
    const r = record((await load(`${HEADER_2025}\n${ROW_2025}\n`))[0]);
    expect(r).toEqual({
      postcode: 'CA8 7JG',
      postcode_7: 'CA8 7JG',
      postcode_8: 'CA8  7JG',
      date_of_introduction: '200006',
      date_of_termination: null,
      user_type: 0,
      x: 366033,
      y: 564878,
      grid_quality: 1,
      latitude: 54.977349,
      longitude: -2.532223,
      lsoa_2011_code: null, // the 2025 layout has no 2011 LSOA
      census_output_area_code: 'E00139875',
      county_code: null, // pseudo E99999999: a unitary authority has no county
      county_electoral_division_code: null,
      local_authority_district_code: 'E06000057',
      electoral_area_code: 'E05016114',
      health_area_code: null, // not in the 2025 header
      country_code: 'E92000001',
      region_code: 'E12000001',
      parliamentary_constituency_code: 'E14001285',
      european_electoral_region_code: null,
      travel_to_work_area_code: 'E30000064',
      itl_area_code: 'E06000057',
      national_park_code: null, // E65000001 "England (non-National Park)"
      census_lower_layer_super_output_area_code: 'E01027484',
      census_middle_layer_super_output_area_code: 'E02005728',
      census_workplace_zone: 'E33002161',
      ccg_lhb_chp_area_code: 'E38000130',
      built_up_area_code: 'E63999999',
      census_rural_urban_classification: 'RSN1',
      census_output_area_classification: '1B1',
      local_enterprise_partnership_code: 'E37000025',
      local_enterprise_partnership_secondary_code: null,
      police_force_area_code: 'E23000007',
    });
  });

  it('keeps pseudo codes when asked', async () => {
    const r = record((await load(`${HEADER_2025}\n${ROW_2025}\n`, { keepPseudoCodes: true }))[0]);
    expect(r.county_code).toBe('E99999999');
    expect(r.national_park_code).toBe('E65000001');
  });

  it('resolves year-suffixed columns by prefix, newest year first', () => {
    const header = [
      'pcds',
      'lad25cd',
      'lad26cd',
      'ctry25cd',
      'LSOA11CD',
      'lsoa21cd',
      'sicbl24cd',
      'sicbl26cd',
    ];
    expect(resolveOnspdColumns(header)).toMatchObject({
      postcode: 0,
      local_authority_district_code: 2,
      country_code: 3,
      census_lower_layer_super_output_area_code: 5,
      ccg_lhb_chp_area_code: 7,
    });
  });
});

// The full February 2026 header, 53 columns (wales-scotland.md section 6): the 35 above plus hlth19cd, eer20cd,
// the 2011 census columns and the 2001-2005 ones.
const HEADER_2026 =
  'pcd7,pcd8,pcds,dointr,doterm,cty25cd,ced25cd,lad25cd,wd25cd,parncp25cd,usrtypind,east1m,north1m,gridind,' +
  'hlth19cd,nhser24cd,ctry25cd,rgn25cd,ssr95cd,pcon24cd,eer20cd,educ23cd,ttwa15cd,pco19cd,itl25cd,wdstl05cd,' +
  'oa01cd,wdcas03cd,npark16cd,lsoa01cd,msoa01cd,ruc01ind,oac01ind,oa11cd,lsoa11cd,msoa11cd,wz11cd,sicbl24cd,' +
  'bua24cd,ruc11ind,oac11ind,lat,long,lep21cd1,lep21cd2,pfa23cd,imd20ind,cal24cd,icb23cd,oa21cd,lsoa21cd,' +
  'msoa21cd,ruc21ind';

describe('readOnspd, full 2025+ header', () => {
  it('reads the European Electoral Region, the health area and the 2011 LSOA (Data Zone) from their columns', async () => {
    const values: Record<string, string> = {
      pcds: 'FK8 1AA',
      gridind: '1',
      usrtypind: '0',
      east1m: '279500',
      north1m: '693500',
      lad25cd: 'S12000030',
      ctry25cd: 'S92000003',
      rgn25cd: 'S99999999',
      hlth19cd: 'S08000019',
      eer20cd: 'S15000001',
      oa01cd: '60QD000123', // 2001 geographies: older than the 2021 and 2011 ones, never preferred
      lsoa01cd: 'S01000123',
      oa11cd: 'S00123456',
      lsoa11cd: 'S01012345',
      msoa11cd: 'S02001234',
      oa21cd: 'S00136210',
      lsoa21cd: 'S01016412',
      msoa21cd: 'S02002571',
      ruc01ind: '1',
      ruc11ind: '2',
      ruc21ind: '3',
      lat: '56.118',
      long: '-3.937',
      imd20ind: '4321',
    };
    const row = HEADER_2026.split(',')
      .map((c) => (['lat', 'long', 'imd20ind'].includes(c) ? (values[c] ?? '') : `"${values[c] ?? ''}"`))
      .join(',');
    const r = record((await load(`${HEADER_2026}\n${row}\n`))[0]);
    expect(r).toMatchObject({
      health_area_code: 'S08000019',
      european_electoral_region_code: 'S15000001',
      census_output_area_code: 'S00136210',
      census_lower_layer_super_output_area_code: 'S01016412',
      census_middle_layer_super_output_area_code: 'S02002571',
      lsoa_2011_code: 'S01012345',
      census_rural_urban_classification: '3',
    });
  });
});

describe('readOnspd, legacy header', () => {
  it('maps the lower-case short names and prefers the newest census geography', async () => {
    const row = legacyRow({
      pcd: 'AB1 0AA',
      pcd2: 'AB1  0AA',
      pcds: 'AB1 0AA',
      dointr: '198001',
      doterm: '199606',
      oscty: 'S99999999',
      oslaua: 'S12000033',
      osward: 'S13002843',
      usertype: '0',
      oseast1m: '385386',
      osnrth1m: '0801193',
      osgrdind: '1',
      oshlthau: 'S08000020',
      ctry: 'S92000003',
      rgn: 'S99999999',
      pcon: 'S14000002',
      eer: 'S15000001',
      park: 'S99999999',
      lsoa11: 'S01006514',
      lsoa21: 'S01013482',
      ru11ind: '3',
      oac11: '1C3',
      lat: '57.101474',
      long: '-2.242851',
    });
    const r = record((await load(`${HEADER_LEGACY}\n${row}\n`))[0]);
    expect(r).toMatchObject({
      postcode: 'AB1 0AA',
      date_of_termination: '199606',
      local_authority_district_code: 'S12000033',
      electoral_area_code: 'S13002843',
      health_area_code: 'S08000020',
      country_code: 'S92000003',
      region_code: null,
      county_code: null,
      european_electoral_region_code: 'S15000001',
      census_lower_layer_super_output_area_code: 'S01013482',
      lsoa_2011_code: 'S01006514', // kept beside it, for datasets keyed by 2011 LSOAs
      census_rural_urban_classification: '3',
      x: 385386,
      y: 801193, // published zero-padded: 0801193
      latitude: 57.101474,
    });
  });

  it('drops Irish Grid coordinates for Northern Ireland and placeholders for grid quality 9', async () => {
    const ni = legacyRow({
      pcds: 'BT1 1AA',
      ctry: 'N92000002',
      oseast1m: '333900',
      osnrth1m: '374400',
      osgrdind: '1',
      lat: '54.6',
      long: '-5.93',
    });
    const none = legacyRow({
      pcds: 'ZZ9 9ZZ',
      ctry: 'E92000001',
      osgrdind: '9',
      lat: '99.999999',
      long: '0.000000',
    });
    const [a, b] = (await load(`${HEADER_LEGACY}\n${ni}\n${none}\n`)).map(record);
    expect(a).toMatchObject({ x: null, y: null, latitude: 54.6, longitude: -5.93 });
    expect(b).toMatchObject({ x: null, y: null, latitude: null, longitude: null, grid_quality: 9 });
  });

  it('quarantines rows with a broken postcode, coordinates or column count', async () => {
    const rows = await load(
      [
        HEADER_LEGACY,
        legacyRow({ pcds: 'NOT A PC' }),
        legacyRow({ pcds: 'AB1 0AA', lat: 'north' }),
        '"AB1 0AA","AB1  0AA"',
        legacyRow({ pcds: 'AB1 0AB' }),
      ].join('\n'),
    );
    expect(rows.map((r) => (r.ok ? r.record.postcode : r.row.reason))).toEqual([
      'pcds is not a postcode: "NOT A PC"',
      'lat/long not numeric',
      'expected 53 columns, found 2',
      'AB1 0AB',
    ]);
  });

  it('rejects a file without pcds', async () => {
    await expect(load('UPRN,X_COORDINATE\n1,2\n')).rejects.toThrow(/not an ONSPD file: no pcds column/);
  });
});

describe('ONSPD name lookups', () => {
  it('finds the CD and NM columns, ignoring Welsh-name and old-code columns', () => {
    expect(findCodeAndNameColumns(['LAD25CD', 'LAD25NM', 'LAD25NMW'])).toEqual({ code: 0, name: 1 });
    expect(findCodeAndNameColumns(['CTRY12CD', 'CTRY12CDO', 'CTRY12NM', 'CTRY12NMW'])).toEqual({
      code: 0,
      name: 2,
    });
    expect(findCodeAndNameColumns(['FID', 'NAME'])).toBeNull();
  });

  it('reads a lookup into code → name', () => {
    const lookup = parseNameLookup(
      '\uFEFFLAD25CD,LAD25NM,LAD25NMW\r\nE06000057,Northumberland,\r\nW06000001,Isle of Anglesey,Ynys Môn\r\n',
    );
    expect([...lookup]).toEqual([
      ['E06000057', 'Northumberland'],
      ['W06000001', 'Isle of Anglesey'],
    ]);
  });

  it('finds lookups named in the 2025 style, with the code prefix first', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'onspd-docs-2025-'));
    const files = {
      local_authority_district: 'LAD Local Authority District names and codes UK as at 04_25.csv',
      electoral_area: 'WD Ward names and codes UK as at 05_25.csv',
      county: 'CTY County names and codes UK as at 05_25.csv',
      region: 'RGN Region names and codes EN as at 05_25.csv',
      country: 'CTRY Country names and codes UK as at 05_25.csv',
    };
    for (const name of Object.values(files)) await writeFile(join(dir, name), 'XX25CD,XX25NM\nE1,One\n');
    await writeFile(
      join(dir, 'PCON Westminster Parliamentary Constituency names and codes UK as at 07_24.csv'),
      'a,b\n',
    );
    const found = await findOnspdLookupFiles(dir);
    expect(Object.fromEntries(Object.entries(found).map(([k, v]) => [k, v.slice(dir.length + 1)]))).toEqual(
      files,
    );
  });

  it('loads the newest file of each kind from Documents/ and resolves names, Latin-1 files included', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'onspd-docs-'));
    await mkdir(dir, { recursive: true });
    await writeFile(
      join(dir, 'LA_UA names and codes UK as at 04_24.csv'),
      'LAD24CD,LAD24NM\nE06000057,Old name\n',
    );
    await writeFile(
      join(dir, 'LA_UA names and codes UK as at 04_25.csv'),
      'LAD25CD,LAD25NM\nE06000057,Northumberland\n',
    );
    await writeFile(
      join(dir, 'Ward names and codes UK as at 05_25.csv'),
      'WD25CD,WD25NM\nE05016114,Haydon\n',
    );
    await writeFile(
      join(dir, 'Country names and codes UK as at 08_12.csv'),
      'CTRY12CD,CTRY12CDO,CTRY12NM\nE92000001,921,England\n',
    );
    await writeFile(
      join(dir, 'Region names and codes EN as at 12_20.csv'),
      'RGN20CD,RGN20NM\nE12000001,North East\n',
    );
    // Windows-1252 bytes: "Ynys Môn" with ô = 0xF4.
    await writeFile(
      join(dir, 'County names and codes UK as at 04_25.csv'),
      Buffer.concat([
        Buffer.from('CTY25CD,CTY25NM\nW99999999,Ynys M'),
        Buffer.from([0xf4]),
        Buffer.from('n\n'),
      ]),
    );
    expect(Object.keys(await findOnspdLookupFiles(dir)).sort()).toEqual([
      'country',
      'county',
      'electoral_area',
      'local_authority_district',
      'region',
    ]);
    const lookups = await loadOnspdAdminNames(dir);
    expect(lookups.county.get('W99999999')).toBe('Ynys Môn');
    expect(
      adminNamesFor(
        {
          local_authority_district_code: 'E06000057',
          electoral_area_code: 'E05016114',
          county_code: null,
          region_code: 'E12000001',
          country_code: 'E92000001',
        },
        lookups,
      ),
    ).toEqual({
      local_authority_district_name: 'Northumberland',
      electoral_area_name: 'Haydon',
      county_name: null,
      region_name: 'North East',
      country_name: 'England',
    });
  });
});
