// The ONS LSOA 2011→2021 lookup: its loader on the published columns (and the rows it quarantines), and the
// deprivation join of uprn_area_blocks on hand-made staged tables, one postcode per way of matching IoD2019's
// 2011 LSOAs: the 2011 LSOA ONSPD gives, unchanged, split, merged (largest population wins), irregular, the
// same code outside the lookup, and nothing.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../pipelines/config';
import type { AssetContext } from '../../../pipelines/orchestration/definition';
import { derivedPath, stagedPath } from '../../../pipelines/orchestration/ingest';
import { areaInputsOf, areaJoinSql } from '../../../pipelines/assets/area/postcode-area-blocks';
import { UPRN_POSTCODES_TABLE } from '../../../pipelines/assets/area/area-tiles';
import { POLYGON_ADMIN_FIELDS } from '../../../pipelines/transforms/area/point-geography';
import {
  keyRanges,
  parquetPath,
  queryParquet,
  queryParquetEach,
  writeParquet,
  type ColumnSpec,
} from '../../../pipelines/io/parquet';
import { lsoaLookupRowParser, readLsoaLookup } from '../../../pipelines/sources/lsoa-lookup';
import { onspdRowParser } from '../../../pipelines/sources/onspd';
import { indicesOfDeprivation } from '../../../pipelines/transforms/area/area-block';
import { DeprivationLsoaSchema, HOUSE_PRICE_INDEX_NUMBER_FIELDS } from '../../../schemas/api/area';

const HEADER = [
  'LSOA11CD',
  'LSOA11NM',
  'LSOA21CD',
  'LSOA21NM',
  'CHGIND',
  'LAD22CD',
  'LAD22NM',
  'LAD22NMW',
  'ObjectId',
];

describe('LSOA 2011 to 2021 lookup loader', () => {
  it('reads the published columns by name, whatever their case and a BOM', () => {
    const parse = lsoaLookupRowParser(
      ['\uFEFFlsoa11cd', ...HEADER.slice(1).map((h) => h.toLowerCase())],
      'f.csv',
    );
    expect(
      parse([
        'E01000001',
        'City of London 001A',
        'E01033700',
        'City of London 001G',
        'S',
        'E09000001',
        'City of London',
        '',
        '7',
      ]),
    ).toEqual({
      lsoa11_code: 'E01000001',
      lsoa11_name: 'City of London 001A',
      lsoa21_code: 'E01033700',
      lsoa21_name: 'City of London 001G',
      change_indicator: 'S',
      local_authority_district_code: 'E09000001',
      local_authority_district_name: 'City of London',
    });
    expect(() => lsoaLookupRowParser(['LSOA11CD', 'LSOA21CD'], 'g.csv')).toThrow(
      /missing column\(s\) CHGIND/,
    );
  });

  it('quarantines bad codes, unknown change indicators and U rows that change code, with file and line', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pds-lsoa-lookup-'));
    const file = join(dir, 'lookup.csv');
    const lines = [
      HEADER.join(','),
      'E01000001,A 001A,E01000001,A 001A,U,E09000001,A,,1',
      'E0100000,A 001B,E01000002,A 001B,U,E09000001,A,,2',
      'E01000003,A 001C,E01000003,A 001C,Q,E09000001,A,,3',
      'E01000004,A 001D,E01033999,A 001E,U,E09000001,A,,4',
      'W01000005,"Caerdydd, 001A",W01000005,"Caerdydd, 001A",U,W06000015,Cardiff,Caerdydd,5',
    ];
    await writeFile(file, '\uFEFF' + lines.join('\r\n') + '\r\n');
    const rows = [];
    for await (const row of readLsoaLookup(file)) rows.push(row);
    expect(rows.filter((r) => r.ok).map((r) => (r.ok ? r.record.lsoa11_code : ''))).toEqual([
      'E01000001',
      'W01000005',
    ]);
    expect(rows.filter((r) => !r.ok).map((r) => (r.ok ? null : [r.row.line, r.row.reason]))).toEqual([
      [3, 'LSOA11CD is not an England or Wales LSOA code: "E0100000"'],
      [4, 'CHGIND is not one of U, S, M, X: "Q"'],
      [5, 'CHGIND U (unchanged) but the codes differ: E01000004 → E01033999'],
    ]);
  });

  it('ONSPD legacy editions: the 2011 LSOA is kept beside the 2021 one, which stays the census LSOA', () => {
    const header = ['pcd', 'pcd2', 'pcds', 'osgrdind', 'usertype', 'ctry', 'lsoa01', 'lsoa11', 'lsoa21'];
    const parse = onspdRowParser(header, 'onspd.csv');
    const record = parse([
      'BA1 1AA',
      'BA1  1AA',
      'BA1 1AA',
      '1',
      '0',
      'E92000001',
      'E01001111',
      'E01014370',
      'E01033333',
    ]);
    expect(record).toMatchObject({
      lsoa_2011_code: 'E01014370',
      census_lower_layer_super_output_area_code: 'E01033333',
    });
    const current = onspdRowParser(['pcds', 'gridind', 'usrtypind', 'lsoa21cd'], 'onspd.csv');
    expect(current(['BA1 1AA', '1', '0', 'E01033333'])).toMatchObject({ lsoa_2011_code: null });
  });
});

describe('deprivation join through the lookup', () => {
  let ctx: AssetContext;
  let tilePostcodes: string;
  const joined: Record<string, unknown>[] = [];
  const blocks = new Map<string, Record<string, unknown> | null>();

  const dep = (code: string, population: number, rank: number) => ({
    lsoa_code: code,
    lsoa_name: `Name ${code}`,
    local_authority_district_code: 'E06000022',
    local_authority_district_name: 'Bath and North East Somerset',
    index_of_multiple_deprivation_score: 10,
    index_of_multiple_deprivation_rank: rank,
    index_of_multiple_deprivation_decile: Math.ceil((rank / 32844) * 10),
    total_population: population,
  });
  // 2011 LSOAs (IoD2019) and the lookup's pairs.
  const deprivation = [
    dep('E01000010', 1500, 100), // the 2011 LSOA ONSPD gives for postcode A
    dep('E01000020', 1600, 200), // unchanged
    dep('E01000030', 1700, 300), // split into E01033030 and E01033031
    dep('E01000041', 1200, 410), // merged into E01033040 with …
    dep('E01000042', 1900, 20_000), // … this one: larger population, less deprived — it wins
    dep('E01000051', 1300, 510), // irregular: E01033050 from these two, equal populations:
    dep('E01000052', 1300, 520), //   the more deprived (lower rank) wins
    dep('E01000060', 1400, 600), // not in the lookup: found by the same code
  ];
  const lookup: [string, string, string][] = [
    ['E01000020', 'E01000020', 'U'],
    ['E01000030', 'E01033030', 'S'],
    ['E01000030', 'E01033031', 'S'],
    ['E01000041', 'E01033040', 'M'],
    ['E01000042', 'E01033040', 'M'],
    ['E01000051', 'E01033050', 'X'],
    ['E01000052', 'E01033050', 'X'],
    ['E01000052', 'E01033051', 'X'],
    // ONSPD's own 2011 LSOA wins over the lookup for postcode A.
    ['E01000099', 'E01033010', 'U'],
  ];
  const postcodes: [string, string, string | null][] = [
    ['BA1 1AA', 'E01033010', 'E01000010'],
    ['BA1 1AB', 'E01000020', null],
    ['BA1 1AD', 'E01033031', null],
    ['BA1 1AE', 'E01033040', null],
    ['BA1 1AF', 'E01033050', null],
    ['BA1 1AG', 'E01000060', null],
    ['BA1 1AH', 'E01099999', null],
  ];

  beforeAll(async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'pds-lsoa-join-'));
    ctx = {
      config: loadConfig({ PDS_DATA_DIR: dataDir }),
      runId: 'lsoa-join',
      log: () => {},
      heartbeat: () => {},
    };
    const v = (name: string): ColumnSpec => ({ name, type: 'VARCHAR' });
    const n = (name: string): ColumnSpec => ({ name, type: 'BIGINT' });
    await writeParquet(
      stagedPath(ctx, 'onspd'),
      [
        v('postcode'),
        v('date_of_termination'),
        v('country_code'),
        v('region_code'),
        v('local_authority_district_code'),
        v('census_output_area_code'),
        v('census_lower_layer_super_output_area_code'),
        v('census_middle_layer_super_output_area_code'),
        v('lsoa_2011_code'),
      ],
      postcodes.map(([postcode, lsoa21, lsoa11]) => ({
        postcode,
        date_of_termination: null,
        country_code: 'E92000001',
        region_code: 'E12000009',
        local_authority_district_code: 'E06000022',
        census_output_area_code: null,
        census_lower_layer_super_output_area_code: lsoa21,
        census_middle_layer_super_output_area_code: null,
        lsoa_2011_code: lsoa11,
      })),
    );
    await writeParquet(
      stagedPath(ctx, 'deprivation'),
      [
        v('lsoa_code'),
        v('lsoa_name'),
        v('local_authority_district_code'),
        v('local_authority_district_name'),
        { name: 'index_of_multiple_deprivation_score', type: 'DOUBLE' },
        n('index_of_multiple_deprivation_rank'),
        n('index_of_multiple_deprivation_decile'),
        n('total_population'),
      ],
      deprivation,
    );
    await writeParquet(
      stagedPath(ctx, 'lsoa_lookup'),
      [v('lsoa11_code'), v('lsoa21_code'), v('change_indicator')],
      lookup.map(([lsoa11_code, lsoa21_code, change_indicator]) => ({
        lsoa11_code,
        lsoa21_code,
        change_indicator,
      })),
    );
    // The other joined tables, empty.
    await writeParquet(
      stagedPath(ctx, 'hpi'),
      [
        v('area_code'),
        v('date'),
        v('region_name'),
        ...HOUSE_PRICE_INDEX_NUMBER_FIELDS.map((f): ColumnSpec => ({ name: f, type: 'DOUBLE' })),
      ],
      [],
    );
    await writeParquet(
      stagedPath(ctx, 'energy_usage'),
      [v('level'), v('area_code'), v('fuel'), n('year')],
      [],
    );
    await writeParquet(stagedPath(ctx, 'fuel_poverty'), [v('level'), v('code'), v('name')], []);
    await writeParquet(stagedPath(ctx, 'rural_urban'), [v('output_area_code')], []);
    // One tile's uprn_postcodes file.
    tilePostcodes = derivedPath(ctx, `${UPRN_POSTCODES_TABLE}/ST76`);
    // Each postcode is its own UPRN's nearest (area postcode); no boundary polygons.
    const polygonColumns = POLYGON_ADMIN_FIELDS.map((f) => v(`b_${f}`));
    await writeParquet(
      tilePostcodes,
      [
        v('area_key'),
        v('postcode'),
        v('area_postcode'),
        v('area_lsoa'),
        v('area_country'),
        ...polygonColumns,
      ],
      postcodes.map(([postcode, lsoa21]) => ({
        area_key: postcode,
        postcode,
        area_postcode: postcode,
        area_lsoa: lsoa21,
        area_country: 'England',
        ...Object.fromEntries(polygonColumns.map((c) => [c.name, null])),
      })),
    );
    for await (const row of queryParquet(areaJoinSql(ctx, tilePostcodes))) {
      joined.push(row);
      const inputs = areaInputsOf(row, new Map());
      blocks.set(
        String(row.postcode),
        indicesOfDeprivation('England', inputs.deprivation, inputs.deprivationMatch ?? null)
          ?.lower_layer_super_output_area ?? null,
      );
    }
  }, 60_000);

  const matched = (postcode: string) => {
    const b = blocks.get(postcode)!;
    return [b.lsoa_code, b.lsoa_2011_match, b.index_of_multiple_deprivation_rank];
  };

  it('takes the 2011 LSOA ONSPD gives when the edition carries one', () => {
    expect(matched('BA1 1AA')).toEqual(['E01000010', 'onspd_lsoa11', '100']);
  });

  it('unchanged and split LSOAs: the single 2011 parent', () => {
    expect(matched('BA1 1AB')).toEqual(['E01000020', 'unchanged', '200']);
    expect(matched('BA1 1AD')).toEqual(['E01000030', 'split', '300']);
  });

  it('merged: the parent with the largest population; irregular with equal populations: the more deprived', () => {
    expect(matched('BA1 1AE')).toEqual(['E01000042', 'merged', '20000']);
    expect(matched('BA1 1AF')).toEqual(['E01000051', 'irregular', '510']);
  });

  it('outside the lookup: the same code when IoD2019 has it, else no LSOA object', () => {
    expect(matched('BA1 1AG')).toEqual(['E01000060', 'same_code', '600']);
    expect(blocks.get('BA1 1AH')).toBeNull();
  });

  it('every matched object is schema-valid', () => {
    for (const block of blocks.values())
      if (block) expect(() => DeprivationLsoaSchema.parse(block)).not.toThrow();
  });

  it('joined in ranges of keys (as a dense tile is), gives the same rows in the same order', async () => {
    const ranges = await keyRanges<string>(
      `SELECT DISTINCT area_key FROM ${parquetPath(tilePostcodes)} WHERE area_key IS NOT NULL`,
      'area_key',
      3,
    );
    expect(ranges.length).toBe(Math.ceil(joined.length / 3));
    const rows: Record<string, unknown>[] = [];
    for await (const row of queryParquetEach(ranges.map((r) => areaJoinSql(ctx, tilePostcodes, r))))
      rows.push(row);
    expect(rows).toEqual(joined);
  });
});
