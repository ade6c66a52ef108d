// Wales and Scotland: the WIMD, SIMD and Scottish Postcode Directory loaders on files in their published
// layouts (and their pitfalls), the ODS reader, the cross-nation domain mapping, the Scottish urban-rural
// classes and the join of a Welsh and a Scottish postcode to their index (docs/nations.md). No servers.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { OdsWorkbook, writeOds } from '../../../pipelines/io/ods';
import { queryParquet } from '../../../pipelines/io/parquet';
import type { SourceRow } from '../../../pipelines/io/quarantine';
import { writeXlsx } from '../../../pipelines/io/xlsx';
import { WIMD_RANKS_HEADER } from '../../../pipelines/sample-data/area-datasets/wimd';
import { decileByBounds, DECILE_UPPER_BOUNDS } from '../../../pipelines/sources/deprivation/nations';
import { readScottishPostcodes } from '../../../pipelines/sources/scottish-postcodes';
import { readSimd } from '../../../pipelines/sources/simd';
import { readWimd } from '../../../pipelines/sources/wimd';
import { nationDeprivationSql } from '../../../pipelines/transforms/area/nation-join';
import {
  builtUpAreaCode,
  nationalIndex,
  scottishUrbanRural,
} from '../../../pipelines/transforms/area/nations';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pds-nations-'));
});

async function collect<T>(rows: AsyncIterable<SourceRow<T>>) {
  const ok: T[] = [];
  const bad: { line: number; reason: string }[] = [];
  for await (const r of rows) {
    if (r.ok) ok.push(r.record);
    else bad.push({ line: r.row.line, reason: r.row.reason });
  }
  return { ok, bad };
}

async function file(name: string, content: string | Uint8Array): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, content);
  return path;
}

describe('ODS reader', () => {
  it('reads back the writer: numbers by office:value, spaces kept, repeated empty cells and padding rows', () => {
    const wb = OdsWorkbook.fromBytes(
      writeOds([{ name: 'S 1', rows: [['Title'], [], ['a  b ', null, 885, 'x & y']] }]),
    );
    expect(wb.sheetNames).toEqual(['S 1']);
    expect(wb.sheet('S 1').rows).toEqual([
      { row: 1, cells: ['Title'] },
      { row: 3, cells: ['a  b ', '', '885', 'x & y'] },
    ]);
  });
});

const WIMD_DECILES_HEADER = [
  'LSOA code',
  'LSOA name (Eng)',
  'Local Authority name (Eng)',
  'WIMD 2019 overall rank',
  'WIMD 2019 overall decile',
  'WIMD 2019 overall quintile',
  'WIMD 2019 overall quartile',
];

describe('WIMD loader', () => {
  const ranks = [
    ['Welsh Index of Multiple Deprivation (WIMD) 2019'],
    ['Index and domain ranks by small area'],
    WIMD_RANKS_HEADER,
    ['W01000001', 'Aberffraw & Rhosneigr 1', 'Isle of Anglesey', 885, 1, 2, 3, 4, 5, 6, 7, 8],
    ['W01000002', 'Aberffraw & Rhosneigr 2', 'Isle of Anglesey', 1909, 10, 20, 30, 40, 50, 60, 70, 80],
    ['E01000001', 'City of London 001A', 'City of London', 1, 1, 1, 1, 1, 1, 1, 1, 1],
    ['W01000003', 'x', 'y', 1910, 1, 1, 1, 1, 1, 1, 1, 1],
    [],
    ['Source: Welsh Government'],
  ];
  const deciles = [
    ['WIMD 2019: LSOA overall rank, decile, quintile and quartile'],
    [],
    WIMD_DECILES_HEADER,
    ['W01000001', 'Aberffraw & Rhosneigr 1', 'Isle of Anglesey', 885, 5, 3, 2],
    ['W01000002', 'Aberffraw & Rhosneigr 2', 'Isle of Anglesey', 1909, 10, 5, 4],
  ];

  it('reads the published ODS: header by content with trailing spaces, deciles joined, pitfalls quarantined', async () => {
    const path = await file(
      'wimd.ods',
      writeOds([
        { name: 'Notes', rows: [['Notes']] },
        { name: 'WIMD_2019_ranks', rows: ranks },
        { name: 'Deciles_quintiles_quartiles', rows: deciles },
      ]),
    );
    const { ok, bad } = await collect(readWimd(path));
    expect(ok).toHaveLength(2);
    expect(ok[0]).toEqual({
      index_name: 'WIMD',
      edition: '2019',
      area_vintage: 'LSOA2011',
      area_code: 'W01000001',
      area_name: 'Aberffraw & Rhosneigr 1',
      local_authority_name: 'Isle of Anglesey',
      areas_ranked: 1909,
      rank: 885,
      decile: 5,
      decile_derived: false,
      income_rank: 1,
      employment_rank: 2,
      health_rank: 3,
      education_rank: 4,
      access_to_services_rank: 5,
      housing_rank: 6,
      crime_rank: 7,
      physical_environment_rank: 8,
    });
    expect(bad).toEqual([
      { line: 6, reason: expect.stringMatching(/not a Welsh LSOA code: "E01000001"/) },
      { line: 7, reason: expect.stringMatching(/not a whole number in 1..1909: "1910"/) },
    ]);
  });

  it('reads the XLSX copy with other capitalisation, and leaves the decile null without the deciles sheet', async () => {
    const header = WIMD_RANKS_HEADER.map((h) =>
      h === 'LSOA code'
        ? 'LSOA Code'
        : h === 'Local Authority name (Eng)'
          ? 'Local Authority Name (Eng) '
          : h,
    );
    const path = await file(
      'wimd.xlsx',
      writeXlsx([{ name: 'WIMD_2019_ranks', rows: [ranks[0]!, ranks[1]!, header, ranks[3]!] }]),
    );
    const { ok } = await collect(readWimd(path));
    expect(ok).toHaveLength(1);
    expect(ok[0]).toMatchObject({
      area_code: 'W01000001',
      local_authority_name: 'Isle of Anglesey',
      decile: null,
    });
  });
});

const SIMD_RANKS_HEADER = [
  'Data_Zone',
  'Intermediate_Zone',
  'Council_area',
  'Total_population',
  'Working_Age_population',
  'SIMD2020v2_Rank',
  'SIMD2020v2_Income_Domain_Rank',
  'SIMD2020_Employment_Domain_Rank',
  'SIMD2020_Health_Domain_Rank',
  'SIMD2020_Education_Domain_Rank',
  'SIMD2020_Access_Domain_Rank',
  'SIMD2020_Crime_Domain_Rank',
  'SIMD2020_Housing_Domain_Rank',
];

describe('SIMD loader', () => {
  it('ranks workbook (notes sheet first, no deciles): deciles derived from the official bands, .5 and * kept', async () => {
    const path = await file(
      'simd-ranks.xlsx',
      writeXlsx([
        { name: 'Notes', rows: [['SIMD 2020v2'], ['Rank 1 is the most deprived']] },
        {
          name: 'SIMD 2020v2 ranks',
          rows: [
            SIMD_RANKS_HEADER,
            ['S01006506', 'Culter', 'Aberdeen City', 894, 580, 4691, 1, 2, 3, 4, 5, 6.5, '*'],
            ['S01006507', 'Culter', 'Na h-Eileanan an Iar', 800, 500, 697, 1, 2, 3, 4, 5, 6, 7],
            ['S01006508', 'Culter', 'Aberdeen City', 800, 500, 698, 1, 2, 3, 4, 5, 6, 7],
            ['W01000001', 'x', 'y', 1, 1, 1, 1, 1, 1, 1, 1, 1, 1],
          ],
        },
      ]),
    );
    const { ok, bad } = await collect(readSimd(path));
    expect(ok.map((r) => [r.area_code, r.rank, r.decile, r.decile_derived])).toEqual([
      ['S01006506', 4691, 7, true],
      ['S01006507', 697, 1, true],
      ['S01006508', 698, 2, true],
    ]);
    expect(ok[0]).toMatchObject({
      index_name: 'SIMD',
      edition: '2020v2',
      area_vintage: 'DZ2011',
      areas_ranked: 6976,
      income_rank: 1,
      employment_rank: 2,
      health_rank: 3,
      education_rank: 4,
      access_to_services_rank: 5,
      crime_rank: 6.5,
      housing_rank: null,
      physical_environment_rank: null,
    });
    expect(ok[1]!.local_authority_name).toBe('Na h-Eileanan an Iar');
    expect(bad).toEqual([{ line: 5, reason: expect.stringMatching(/not a 2011 Data Zone code/) }]);
  });

  it('DZ lookup sheet: the published decile', async () => {
    const header = [
      'DZ',
      'DZname',
      'IZcode',
      'IZname',
      'LAcode',
      'LAname',
      'SIMD2020v2_Rank',
      'SIMD2020v2_Vigintile',
      'SIMD2020v2_Decile',
      'SIMD2020v2_Quintile',
      ...SIMD_RANKS_HEADER.slice(6),
    ];
    const path = await file(
      'simd-lookup.xlsx',
      writeXlsx([
        {
          name: 'SIMD 2020v2 DZ lookup data',
          rows: [
            header,
            [
              'S01006506',
              'Culter - 01',
              'S02001236',
              'Culter',
              'S12000033',
              'Aberdeen City',
              4691,
              14,
              7,
              4,
              1,
              2,
              3,
              4,
              5,
              6,
              7,
            ],
          ],
        },
      ]),
    );
    const { ok } = await collect(readSimd(path));
    expect(ok[0]).toMatchObject({
      area_code: 'S01006506',
      area_name: 'Culter - 01',
      rank: 4691,
      decile: 7,
      decile_derived: false,
    });
  });

  it('band edges: floor(6976 k / 10) for SIMD 2020v2', () => {
    const bounds = DECILE_UPPER_BOUNDS.SIMD2020v2!;
    for (let k = 1; k <= 10; k++) expect(bounds[k - 1]).toBe(Math.floor((6976 * k) / 10));
    expect(decileByBounds(6976, bounds)).toBe(10);
    expect(decileByBounds(1, DECILE_UPPER_BOUNDS.WIMD2019)).toBeNull();
  });
});

describe('Scottish Postcode Directory loader', () => {
  it('Latin-1, years by pattern, split postcodes keep the A part, deleted ones kept, classes checked', async () => {
    const header =
      'Postcode,DateOfDeletion,SplitIndicator,DataZone2011Code,Settlement2020Code,Settlement2022Code,UrbanRural6Fold2020Code,UrbanRural8Fold2020Code,Locality2022Code';
    const rows = [
      '"FK8 1AA","","A","S01013010","S20000001","S20000451","3","3","Caf\u00e9"',
      '"FK8 1AA","","B","S01013011","","","5","6",""',
      '"FK8 1AB","2019-01-01","","S01013010","","S99999999","4","5",""',
      '"FK8 1AC","","","S01013010","","","4","6",""',
      '"NOT A PC","","","","","","","",""',
    ];
    const path = await file('SmallUser.csv', Buffer.from([header, ...rows].join('\r\n') + '\r\n', 'latin1'));
    const { ok, bad } = await collect(readScottishPostcodes(path));
    expect(ok).toEqual([
      {
        postcode: 'FK8 1AA',
        date_of_deletion: null,
        data_zone_2011_code: 'S01013010',
        urban_rural_edition: '2020',
        urban_rural_6_fold_code: 3,
        urban_rural_8_fold_code: 3,
        settlement_edition: '2022',
        settlement_code: 'S20000451',
      },
      {
        postcode: 'FK8 1AB',
        date_of_deletion: '2019-01-01',
        data_zone_2011_code: 'S01013010',
        urban_rural_edition: '2020',
        urban_rural_6_fold_code: 4,
        urban_rural_8_fold_code: 5,
        settlement_edition: null,
        settlement_code: null,
      },
    ]);
    expect(bad.map((b) => b.reason)).toEqual([
      '6-fold class 4 does not collapse from 8-fold class 6',
      'Postcode is not a postcode: "NOT A PC"',
    ]);
  });
});

describe('cross-nation mapping (transforms/area/nations.ts)', () => {
  const iod: Record<string, unknown> = {
    lsoa_code: 'E01014370',
    lsoa_name: 'Bath 001A',
    index_of_multiple_deprivation_rank: 20000,
    index_of_multiple_deprivation_decile: 7,
    income_rank: 1,
    employment_rank: 2,
    health_deprivation_and_disability_rank: 3,
    education_skills_and_training_rank: 4,
    crime_rank: 5,
    barriers_to_housing_and_services_rank: 99,
    geographical_barriers_sub_domain_rank: 6,
    wider_barriers_sub_domain_rank: 7,
    living_environment_rank: 8,
  };
  const wimdRow = {
    index_name: 'WIMD',
    edition: '2019',
    area_vintage: 'LSOA2011',
    area_code: 'W01001700',
    area_name: 'Cardiff 001A',
    areas_ranked: 1909,
    rank: 885,
    decile: 5,
    decile_derived: false,
    income_rank: 11,
    employment_rank: 12,
    health_rank: 13,
    education_rank: 14,
    crime_rank: 15,
    access_to_services_rank: 16,
    housing_rank: 17,
    physical_environment_rank: 18,
  };
  const simdRow = {
    ...wimdRow,
    index_name: 'SIMD',
    edition: '2020v2',
    area_vintage: 'DZ2011',
    area_code: 'S01013010',
    areas_ranked: 6976,
    physical_environment_rank: null,
  };

  it('England: IoD2019 domains; access and housing from its Geographical and Wider Barriers sub-domains', () => {
    expect(nationalIndex('England', iod, 'onspd_lsoa11', null)).toMatchObject({
      index: 'IoD2019',
      areas_ranked: 32844,
      rank: 20000,
      decile: 7,
      income_rank: 1,
      employment_rank: 2,
      health_rank: 3,
      education_rank: 4,
      crime_rank: 5,
      access_to_services_rank: 6,
      housing_rank: 7,
      living_environment_rank: 8,
      physical_environment_rank: null,
    });
  });

  it('Wales: WIMD with Community Safety as crime and its own physical environment; Scotland: SIMD, no environment', () => {
    expect(nationalIndex('Wales', null, null, wimdRow)).toMatchObject({
      index: 'WIMD2019',
      area_type: 'lsoa',
      crime_rank: 15,
      physical_environment_rank: 18,
      living_environment_rank: null,
    });
    expect(nationalIndex('Scotland', null, null, simdRow)).toMatchObject({
      index: 'SIMD2020v2',
      area_type: 'data_zone',
      areas_ranked: 6976,
      physical_environment_rank: null,
      living_environment_rank: null,
    });
  });

  it("never answers another nation's index", () => {
    expect(nationalIndex('Scotland', null, null, wimdRow)).toBeNull();
    expect(nationalIndex('Wales', iod, null, simdRow)).toBeNull();
    expect(nationalIndex(null, iod, null, wimdRow)).toBeNull();
  });

  it('Scottish urban-rural: codes, labels, 6-fold collapse and the Scottish 2-fold; settlement as built-up area', () => {
    expect(
      scottishUrbanRural({
        postcode: 'FK8 1AA',
        urban_rural_edition: '2022',
        urban_rural_8_fold_code: 5,
        urban_rural_6_fold_code: 4,
      }),
    ).toEqual({
      classification: 'Scottish Government Urban Rural Classification',
      edition: '2022',
      postcode: 'FK8 1AA',
      urban_rural_8_fold_code: '5',
      urban_rural_8_fold: 'Very Remote Small Towns',
      urban_rural_6_fold_code: '4',
      urban_rural_6_fold: 'Remote Small Towns',
      urban_rural_2_fold: 'Urban',
    });
    expect(scottishUrbanRural({ postcode: 'FK8 1AA', urban_rural_8_fold_code: 7 })!.urban_rural_2_fold).toBe(
      'Rural',
    );
    expect(scottishUrbanRural(null)).toBeNull();
    expect(builtUpAreaCode('Scotland', null, { settlement_code: 'S20000451' })).toBe('S20000451');
    expect(builtUpAreaCode('Wales', 'W45000123', { settlement_code: 'S20000451' })).toBe('W45000123');
    expect(builtUpAreaCode('England', null, { settlement_code: 'S20000451' })).toBeNull();
  });
});

describe('the join (transforms/area/nation-join.ts)', () => {
  it("a Welsh postcode by its ONSPD lsoa11cd, a Scottish one by its Data Zone (SPD's when ONSPD has none), newest edition", async () => {
    const onspd = `(SELECT * FROM (VALUES
        ('CF10 1AA', 'W92000004', 'W01001700', 'W01009999'),
        ('FK8 1AA', 'S92000003', 'S01013010', 'S01099999'),
        ('FK8 1AB', 'S92000003', NULL, NULL),
        ('BA1 1AA', 'E92000001', 'W01001700', 'E01000001'))
      AS t(postcode, country_code, lsoa_2011_code, census_lower_layer_super_output_area_code))`;
    const spd = `(SELECT * FROM (VALUES ('FK8 1AB', 'S01013011')) AS t(postcode, data_zone_2011_code))`;
    const indices = `(SELECT * FROM (VALUES
        ('WIMD', '2019', 'LSOA2011', 'W01001700', 885, false),
        ('WIMD', '2025', 'LSOA2021', 'W01009999', 100, false),
        ('SIMD', '2020v2', 'DZ2011', 'S01013010', 5600, true),
        ('SIMD', '2020v2', 'DZ2011', 'S01013010', 5600, false),
        ('SIMD', '2020v2', 'DZ2011', 'S01013011', 10, false))
      AS t(index_name, edition, area_vintage, area_code, rank, decile_derived))`;
    const out = new Map<string, Record<string, unknown>>();
    for await (const row of queryParquet(nationDeprivationSql(indices, onspd, spd)))
      out.set(
        String(row.postcode),
        (typeof row.j === 'string' ? JSON.parse(row.j) : row.j) as Record<string, unknown>,
      );
    // WIMD 2025 (on 2021 LSOAs) is newer than WIMD 2019: the newest edition wins.
    expect(out.get('CF10 1AA')).toMatchObject({
      index_name: 'WIMD',
      edition: '2025',
      area_code: 'W01009999',
    });
    expect(out.get('FK8 1AA')).toMatchObject({
      index_name: 'SIMD',
      area_code: 'S01013010',
      decile_derived: false,
    });
    expect(out.get('FK8 1AB')).toMatchObject({ area_code: 'S01013011' });
    // England takes IoD2019 from its own join, never a WIMD row with the same code.
    expect(out.has('BA1 1AA')).toBe(false);
  });
});
