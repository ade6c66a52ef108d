// The area block for a sample UPRN in each country, end to end through the real assets (no servers): the
// generated sample in its published formats → staged tables → uprn_area_blocks. The EPC block table is
// written by the test (one certificate fact per UPRN) so this test does not depend on the EPC pipeline.
import { mkdtemp, rename } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  StoredAreaBlockSchema,
  ADMIN_BOUNDARY_FIELDS,
  type StoredAreaBlock,
} from '../../../schemas/api/area';
import { loadConfig } from '../../../pipelines/config';
import type { AssetContext } from '../../../pipelines/orchestration/definition';
import { deprivation } from '../../../pipelines/assets/area/deprivation';
import { scottishPostcodes, simd, wimd } from '../../../pipelines/assets/area/deprivation-nations';
import { energyPrices } from '../../../pipelines/assets/area/energy-prices';
import { energyUsage } from '../../../pipelines/assets/area/energy-usage';
import { OFGEM_REGIONS } from '../../../pipelines/sources/energy-prices';
import { PUBLISHED_DD_JUL_SEP_2026 } from '../../../pipelines/sample-data/energy-prices';
import { priceRegionOfPostcode } from '../../../pipelines/transforms/energy-prices/regions';
import { fuelPoverty } from '../../../pipelines/assets/area/fuel-poverty';
import { hpi } from '../../../pipelines/assets/area/hpi';
import { lsoaLookup } from '../../../pipelines/assets/area/lsoa-lookup';
import { derivedPath, quarantinePath, stagedPath } from '../../../pipelines/orchestration/ingest';
import { onspd } from '../../../pipelines/assets/address/onspd';
import { osOpenUprn } from '../../../pipelines/assets/address/os-open-uprn';
import { ruralUrban } from '../../../pipelines/assets/area/rural-urban';
import {
  areaTableGlob,
  POSTCODE_AREA_BLOCKS_TABLE,
  UPRN_POSTCODES_TABLE,
} from '../../../pipelines/assets/area/area-tiles';
import { uprnAreaBlocks } from '../../../pipelines/assets/area/uprn-area-blocks';
import { UPRN_EPC_BLOCKS_TABLE } from '../../../pipelines/assets/epc/uprn-epc-blocks';
import { tilesHoldingUprns } from '../../../pipelines/assets/location/uprn-location-blocks';
import { PLANNING_LAYER_ASSETS } from '../../../pipelines/assets/planning/planning-layers';
import { copyQueryToParquet, parquetPath, queryParquet, writeParquet } from '../../../pipelines/io/parquet';
import { generateSampleData, type SampleManifest } from '../../../pipelines/sample-data';
import { SAMPLE_AREAS } from '../../../pipelines/sample-data/areas';
import { parseWkb } from '../../../pipelines/io/spatial/wkb';
import { toPieces } from '../../../pipelines/geo/pieces';
import type { PieceRecord } from '../../../pipelines/transforms/flood/candidates';
import { AREA_SOURCES } from '../../../pipelines/assets/location/uprn-location-blocks';
import { MemoryLayers } from '../../../pipelines/transforms/planning/memory-layers';
import { locationAdminBoundaries } from '../../../pipelines/transforms/planning/admin-boundaries';
import { LivePostcodes } from '../../../pipelines/enrich/location-postcodes';
import { latestHpiPerAreaSql } from '../../../pipelines/transforms/area/hpi-latest';
import { pointAreaStatistics } from '../../../pipelines/transforms/area/point-statistics';

let ctx: AssetContext;
let manifest: SampleManifest;
const blocks = new Map<string, StoredAreaBlock & { postcode: string | null }>();
const quarantine: Record<string, { reason: string }[]> = {};

interface Staged {
  uprn: string;
  x: number;
  y: number;
}
interface StagedPostcode {
  postcode: string;
  x: number;
  y: number;
  ward: string | null;
  lsoa: string | null;
  country: string | null;
  live: boolean;
}
/** Two Bath UPRNs whose certificate names a postcode across a boundary (issue 15 item 8). */
let acrossWard: { uprn: Staged; epcPostcode: StagedPostcode; polygonWard: string };
let acrossBorder: { uprn: Staged; epcPostcode: string };
const postcodesStaged: StagedPostcode[] = [];
/** What the live GET /location computes, fed from the same staged tables as its index. */
let live: { at(x: number, y: number): ReturnType<typeof pointAreaStatistics> & { ward: string | null } };
const bath = SAMPLE_AREAS.find((a) => a.id === 'bath')!;
/** The sample's ward polygons are the Voronoi cells of the ward centres: a point's ward is the nearest centre's. */
const wardOf = (x: number, y: number) =>
  [...bath.wards].sort(
    (a, b) => Math.hypot(a.centre.x - x, a.centre.y - y) - Math.hypot(b.centre.x - x, b.centre.y - y),
  )[0]!.code;
/** The nearest live postcode centroid, ties to the alphabetically first (the rule of PostcodeFinder). */
const nearestPostcode = (x: number, y: number) =>
  [...postcodesStaged]
    .filter((q) => q.live)
    .sort(
      (a, b) =>
        Math.hypot(a.x - x, a.y - y) - Math.hypot(b.x - x, b.y - y) || a.postcode.localeCompare(b.postcode),
    )[0]!;

const sample = (country: string, withEpc: boolean) =>
  manifest.samples.find((s) => s.country === country && s.certificates > 0 === withEpc)!;

beforeAll(async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'pds-area-'));
  ctx = {
    config: loadConfig({ PDS_DATA_DIR: dataDir }),
    runId: 'area-test',
    log: () => {},
    heartbeat: () => {},
  };
  manifest = await generateSampleData({ outDir: ctx.config.sourcesDir, scale: 0.05 });
  for (const asset of [
    osOpenUprn,
    onspd,
    hpi,
    fuelPoverty,
    energyUsage,
    energyPrices,
    deprivation,
    lsoaLookup,
    ruralUrban,
    wimd,
    simd,
    scottishPostcodes,
    // The boundary polygons: ward, local authority, county, region and country at each UPRN's point.
    PLANNING_LAYER_ASSETS.find((a) => a.name === 'admin_boundaries')!,
  ])
    await asset.materialize(ctx);
  // Two Bath UPRNs (not samples) near a ward boundary whose certificates name a postcode across it: one in
  // Bath's other ward (ONSPD's ward of it differs from the polygon's at the UPRN), one in Cardiff.
  for await (const r of queryParquet(
    `SELECT postcode, x_coord, y_coord, electoral_area_code, census_lower_layer_super_output_area_code AS lsoa,
       country_code, date_of_termination IS NULL AS live FROM ${parquetPath(stagedPath(ctx, 'onspd'))}
     WHERE x_coord IS NOT NULL`,
  ))
    postcodesStaged.push({
      postcode: String(r.postcode),
      x: Number(r.x_coord),
      y: Number(r.y_coord),
      ward: (r.electoral_area_code as string | null) ?? null,
      lsoa: (r.lsoa as string | null) ?? null,
      country: (r.country_code as string | null) ?? null,
      live: Boolean(r.live),
    });
  const sampleUprns = new Set(manifest.samples.map((s) => s.uprn));
  const bathUprns: Staged[] = [];
  for await (const r of queryParquet(
    `SELECT uprn, x_coord, y_coord FROM ${parquetPath(stagedPath(ctx, 'os_open_uprn'))}
     WHERE abs(x_coord - ${bath.centre.x}) < 3000 AND abs(y_coord - ${bath.centre.y}) < 3000 ORDER BY uprn`,
  ))
    if (!sampleUprns.has(String(r.uprn)))
      bathUprns.push({ uprn: String(r.uprn), x: Number(r.x_coord), y: Number(r.y_coord) });
  // A UPRN just across a ward boundary from a Bath postcode (the sample's few postcodes sit in one ward):
  // north of the postcode, the first point whose ward polygon is another; added to the staged UPRNs.
  const q = postcodesStaged.find((c) => c.live && c.postcode.startsWith('BA') && c.ward !== null)!;
  let y = q.y;
  while (wardOf(q.x, y) === q.ward && y < q.y + 2000) y += 25;
  const across: Staged = { uprn: '99000000001', x: q.x, y: y + 25 };
  const uprnFile = stagedPath(ctx, 'os_open_uprn');
  await copyQueryToParquet(
    `SELECT * FROM ${parquetPath(uprnFile)} UNION ALL BY NAME
     (SELECT * REPLACE (${across.uprn}::BIGINT AS uprn, ${across.x}::DOUBLE AS x_coord, ${across.y}::DOUBLE AS y_coord)
      FROM ${parquetPath(uprnFile)} WHERE uprn = ${bathUprns[0]!.uprn})`,
    `${uprnFile}.tmp`,
  );
  await rename(`${uprnFile}.tmp`, uprnFile);
  acrossWard = { uprn: across, epcPostcode: q, polygonWard: wardOf(across.x, across.y) };
  acrossBorder = {
    uprn: bathUprns[0]!,
    epcPostcode: sample('Wales', true).postcode,
  };
  // Stand-in EPC blocks: the sample UPRNs with certificates, owner-occupied, band E, their EPC postcode;
  // every tile's file holds them all (a tile joins only its own UPRNs).
  const withEpc = [
    ...manifest.samples.filter((s) => s.certificates > 0),
    { uprn: acrossWard.uprn.uprn, country: 'England', postcode: acrossWard.epcPostcode.postcode },
    { uprn: acrossBorder.uprn.uprn, country: 'England', postcode: acrossBorder.epcPostcode },
  ];
  const tiles = await tilesHoldingUprns(ctx);
  for (const tile of tiles)
    await writeParquet(
      derivedPath(ctx, `${UPRN_EPC_BLOCKS_TABLE}/${tile}`),
      [
        { name: 'uprn', type: 'BIGINT' },
        { name: 'country', type: 'VARCHAR' },
        { name: 'epc_count', type: 'BIGINT' },
        { name: 'postcode', type: 'VARCHAR' },
        { name: 'tenure', type: 'VARCHAR' },
        { name: 'energy_rating_current', type: 'VARCHAR' },
        { name: 'block', type: 'JSON' },
      ],
      withEpc.map((s) => ({
        uprn: Number(s.uprn),
        country: s.country,
        epc_count: 1,
        postcode: s.postcode.toLowerCase(),
        tenure: 'Owner-occupied',
        energy_rating_current: 'E',
        block: {
          epcs_enhanced: [
            { postcode: s.postcode.toLowerCase(), tenure: 'Owner-occupied', energy_rating_current: 'E' },
          ],
        },
      })),
    );
  // Grants are judged on the refresh date; pin it inside every scheme's window.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2025-10-01T12:00:00Z'));
  try {
    for (const tile of tiles) await uprnAreaBlocks.materialize({ ...ctx, partition: tile });
  } finally {
    vi.useRealTimers();
  }
  const uprns = [...manifest.samples.map((s) => s.uprn), acrossWard.uprn.uprn, acrossBorder.uprn.uprn].join(
    ',',
  );
  const sql = `SELECT uprn, postcode, block FROM ${parquetPath(areaTableGlob(ctx, 'uprn_area_blocks'))} WHERE uprn IN (${uprns})`;
  for await (const row of queryParquet(sql))
    blocks.set(String(row.uprn), {
      ...(row.block as StoredAreaBlock),
      postcode: row.postcode as string | null,
    });
  // The live side: boundary pieces, postcode centroids and area rows as the location feature index holds
  // them (location-feature-index.ts), answered by the functions serving/repository/location.ts calls.
  const src = AREA_SOURCES.admin_boundaries;
  const pieces: PieceRecord[] = [];
  for await (const row of queryParquet(`SELECT * FROM ${parquetPath(stagedPath(ctx, src.table))}`)) {
    const geometry = parseWkb(row.geometry as Uint8Array)!;
    for (const piece of toPieces(geometry))
      pieces.push({
        layer: 'admin_boundaries',
        featureId: src.id(row),
        attrs: src.attrs(row),
        piece,
        bbox: piece.bbox,
      });
  }
  const layers = new MemoryLayers({ admin_boundaries: pieces }, {});
  const livePostcodes = new LivePostcodes(postcodesStaged.filter((q) => q.live));
  const rows = new Map<string, Record<string, unknown>>();
  const parsed = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v) as Record<string, unknown>;
  for await (const r of queryParquet(
    `SELECT to_json(h) AS j FROM (${latestHpiPerAreaSql(parquetPath(stagedPath(ctx, 'hpi')))}) h`,
  ))
    rows.set(`hpi:${String(parsed(r.j).area_code)}`, parsed(r.j));
  for await (const r of queryParquet(
    `SELECT to_json(f) AS j FROM (SELECT * FROM ${parquetPath(stagedPath(ctx, 'fuel_poverty'))}
      QUALIFY row_number() OVER (PARTITION BY level, code ORDER BY name) = 1) f`,
  )) {
    const row = parsed(r.j);
    rows.set(`fuel_poverty:${String(row.level)}:${String(row.code)}`, row);
  }
  live = {
    at(x, y) {
      const admin = locationAdminBoundaries(layers, [x, y]);
      return {
        ward: admin.electoral_area_code,
        ...pointAreaStatistics(admin, livePostcodes.at([x, y]), (k) => rows.get(k) ?? null),
      };
    },
  };
  for (const table of ['energy_usage', 'fuel_poverty']) {
    quarantine[table] = [];
    for await (const row of queryParquet(`SELECT reason FROM ${parquetPath(quarantinePath(ctx, table))}`))
      quarantine[table].push(row as { reason: string });
  }
}, 180_000);

afterAll(() => vi.useRealTimers());

describe('uprn_area_blocks for the sample region', () => {
  it('validates every sample block against the schema, with all 29 admin_boundaries fields', () => {
    // The samples and the two cross-boundary UPRNs.
    expect(blocks.size).toBe(manifest.samples.length + 2);
    for (const block of blocks.values()) {
      expect(() => StoredAreaBlockSchema.parse({ ...block, postcode: undefined })).not.toThrow();
      expect(Object.keys(block.admin_boundaries!)).toEqual([...ADMIN_BOUNDARY_FIELDS]);
    }
  });

  it('takes the postcode from the EPC when there is one, else the nearest postcode centroid', () => {
    const e = sample('England', true);
    expect(blocks.get(e.uprn)!.postcode_source).toBe('epc');
    expect(blocks.get(e.uprn)!.admin_boundaries!.postcode).toBe(e.postcode);
    const n = sample('England', false);
    const block = blocks.get(n.uprn)!;
    expect(block.postcode_source).toBe('nearest_postcode');
    expect(block.postcode_distance).toBeGreaterThanOrEqual(0);
    expect(block.postcode_distance).toBeLessThan(1000);
  });

  it('England: names from the ONSPD Documents, LA house prices, fuel poverty, IoD2019, RUC2011, energy use, grants', () => {
    const b = blocks.get(sample('England', true).uprn)!;
    const admin = b.admin_boundaries!;
    expect(admin).toMatchObject({
      local_authority_district_code: 'E06000022',
      local_authority_district_name: 'Bath and North East Somerset',
      region_code: 'E12000009',
      region_name: 'South West',
      country_code: 'E92000001',
      country_name: 'England',
      county_code: null, // ONSPD pseudo code E99999999 for a unitary authority
    });
    const a = b.area_attributes;
    expect(a.house_price_index).toMatchObject({
      area_code: 'E06000022',
      date: '2025-09-01',
      region_name: 'Bath and North East Somerset',
    });
    const hpi = a.house_price_index as unknown as Record<string, number | null>;
    expect(hpi.average_price).toBeGreaterThan(100_000);
    // The newest two months have no sales volumes or new/existing split yet: those come from July.
    expect(hpi.sales_volume).toBeGreaterThan(0);
    expect(a.house_price_index!.field_dates).toMatchObject({
      sales_volume: '2025-07-01',
      average_price_new: '2025-07-01',
      sales_volume_existing: '2025-07-01',
    });
    expect(Object.keys(a.house_price_index!.field_dates)).toHaveLength(13);
    const fp = a.fuel_poverty!;
    expect(fp.lower_layer_super_output_area!.lower_layer_super_output_area_code).toBe(
      admin.census_lower_layer_super_output_area_code,
    );
    expect(fp.local_authority).toMatchObject({
      local_authority_district_code: 'E06000022',
      household_count: 82_400,
      fuel_poor_household_count: 8_900,
    });
    expect(fp.region).toMatchObject({ region_code: 'E12000009', region_name: 'South West' });
    const imd = a.indices_of_deprivation!.lower_layer_super_output_area! as Record<string, string>;
    // The postcode's own 2011 LSOA, from ONSPD's lsoa11cd (the full 2025+ header carries it).
    expect(imd.lsoa_2011_match).toBe('onspd_lsoa11');
    expect(imd.lsoa_code).toMatch(/^E01\d{6}$/);
    expect(imd.index_of_multiple_deprivation_rank).toMatch(/^\d+$/);
    expect(Number(imd.index_of_multiple_deprivation_decile)).toBeGreaterThanOrEqual(1);
    // The same IoD2019 row in the cross-nation shape (added beside the spec's object, which is unchanged).
    expect(a.indices_of_deprivation!.national_index).toMatchObject({
      index: 'IoD2019',
      country: 'England',
      area_code: imd.lsoa_code,
      area_match: 'onspd_lsoa11',
      areas_ranked: 32844,
      rank: Number(imd.index_of_multiple_deprivation_rank),
      decile: Number(imd.index_of_multiple_deprivation_decile),
      income_rank: Number(imd.income_rank),
      access_to_services_rank: Number(imd.geographical_barriers_sub_domain_rank),
      housing_rank: Number(imd.wider_barriers_sub_domain_rank),
      physical_environment_rank: null,
    });
    expect(a.urban_rural_classification!.output_area_code).toBe(admin.census_output_area_code);
    expect(['Urban', 'Rural']).toContain(a.urban_rural_classification!.rural_urban_classification_2_fold);
    const lsoa = a.average_energy_usage_stats!.lower_layer_super_output_area!;
    expect(lsoa.lower_layer_super_output_area_code).toBe(admin.census_lower_layer_super_output_area_code);
    expect(lsoa.electricity_year).toBe(2024); // latest of the three year sheets
    // Costs at the price cap's Direct Debit unit rates of the postcode's region (Bath: Southern Western or
    // Southern), the sample workbook's period (the test's date is before it: its first period).
    const region = priceRegionOfPostcode(b.postcode);
    expect(['_L', '_H']).toContain(region);
    const name = Object.keys(OFGEM_REGIONS).find((n) => OFGEM_REGIONS[n] === region)!;
    const [elec, , gas] = PUBLISHED_DD_JUL_SEP_2026[name]!;
    expect(lsoa.mean_electricity_cost).toBeCloseTo((lsoa.mean_electricity_usage! * elec) / 100, 2);
    expect(lsoa.mean_gas_cost).toBeCloseTo((lsoa.mean_gas_usage! * gas) / 100, 2);
    expect(
      a.average_energy_usage_stats!.middle_layer_super_output_area!.middle_layer_super_output_area_code,
    ).toBe(admin.census_middle_layer_super_output_area_code);
    const names = a.retrofit_grants.map((g) => g.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'ECO4 (Energy Company Obligation)',
        'Boiler Upgrade Scheme',
        'Warm Homes: Local Grant',
      ]),
    );
    expect(names).not.toContain('Home Energy Scotland Grant and Loan');
    expect(new Set(names).size).toBe(names.length);
  });

  it('Wales: house prices of Cardiff, rural-urban class, WIMD 2019 and energy use; fuel poverty is null', () => {
    const b = blocks.get(sample('Wales', true).uprn)!;
    expect(b.admin_boundaries).toMatchObject({
      local_authority_district_code: 'W06000015',
      country_name: 'Wales',
      region_code: null,
    });
    const a = b.area_attributes;
    expect(a.house_price_index!.area_code).toBe('W06000015');
    expect(a.fuel_poverty).toBeNull();
    // WIMD 2019 by the postcode's 2011 LSOA (ONSPD lsoa11cd); the spec's IoD2019 object stays England's.
    expect(a.indices_of_deprivation!.lower_layer_super_output_area).toBeNull();
    const w = a.indices_of_deprivation!.national_index!;
    expect(w).toMatchObject({
      index: 'WIMD2019',
      index_name: 'Welsh Index of Multiple Deprivation',
      country: 'Wales',
      area_type: 'lsoa',
      area_vintage: 'LSOA2011',
      areas_ranked: 1909,
      decile_derived: false,
      living_environment_rank: null,
    });
    expect(w.area_code).toMatch(/^W01\d{6}$/);
    expect(w.rank).toBeGreaterThanOrEqual(1);
    expect(w.decile).toBe(Math.min(10, Math.ceil((w.rank! / 1909) * 10)));
    for (const k of [
      'income_rank',
      'employment_rank',
      'health_rank',
      'education_rank',
      'crime_rank',
    ] as const)
      expect(w[k]).toEqual(expect.any(Number));
    expect(w.physical_environment_rank).toEqual(expect.any(Number));
    expect(a.urban_rural_classification).toMatchObject({
      classification: 'ONS Rural Urban Classification 2011',
      scottish_urban_rural_classification: null,
    });
    expect(a.urban_rural_classification!.rural_urban_classification_code).toMatch(/^[A-F][12]$/);
    expect(b.admin_boundaries!.built_up_area_code).toMatch(/^W45/);
    expect(a.average_energy_usage_stats!.lower_layer_super_output_area).not.toBeNull();
    expect(a.retrofit_grants.map((g) => g.name)).toEqual(
      expect.arrayContaining(['Boiler Upgrade Scheme', 'Warm Homes Nest (Wales)']),
    );
  });

  it('Scotland: house prices of Stirling, SIMD 2020v2, the Scottish urban-rural class and settlement, energy use by data zone', () => {
    const b = blocks.get(sample('Scotland', true).uprn)!;
    expect(b.admin_boundaries).toMatchObject({
      local_authority_district_code: 'S12000030',
      country_name: 'Scotland',
    });
    const a = b.area_attributes;
    expect(a.house_price_index!.area_code).toBe('S12000030');
    expect(a.fuel_poverty).toBeNull();
    expect(a.indices_of_deprivation!.lower_layer_super_output_area).toBeNull();
    const s = a.indices_of_deprivation!.national_index!;
    expect(s).toMatchObject({
      index: 'SIMD2020v2',
      index_name: 'Scottish Index of Multiple Deprivation',
      edition: '2020v2',
      country: 'Scotland',
      area_type: 'data_zone',
      area_vintage: 'DZ2011',
      areas_ranked: 6976,
      // The DZ lookup's published decile wins over the one derived from the ranks workbook.
      decile_derived: false,
      living_environment_rank: null,
      physical_environment_rank: null,
    });
    expect(s.area_code).toMatch(/^S01\d{6}$/);
    expect(s.decile).toBe(
      [697, 1395, 2092, 2790, 3488, 4185, 4883, 5580, 6278, 6976].findIndex((u) => s.rank! <= u) + 1,
    );
    expect(s.access_to_services_rank).toEqual(expect.any(Number));
    expect(s.housing_rank).toEqual(expect.any(Number));
    const ur = a.urban_rural_classification!;
    expect(ur).toMatchObject({
      output_area_code: null,
      rural_urban_classification_code: null,
      classification: 'Scottish Government Urban Rural Classification',
    });
    const sg = ur.scottish_urban_rural_classification!;
    expect(sg.edition).toBe('2022');
    expect(sg.urban_rural_8_fold_code).toMatch(/^[1-8]$/);
    expect(sg.urban_rural_6_fold_code).toMatch(/^[1-6]$/);
    expect(sg.urban_rural_8_fold).toEqual(expect.any(String));
    // The NRS settlement stands in for the ONS built-up area, which stops at the border.
    expect(b.admin_boundaries!.built_up_area_code).toMatch(/^S20/);
    expect(
      a.average_energy_usage_stats!.lower_layer_super_output_area!.lower_layer_super_output_area_code,
    ).toMatch(/^S01/);
    const names = a.retrofit_grants.map((g) => g.name);
    expect(names).toContain('Home Energy Scotland Grant and Loan');
    expect(names).not.toContain('Boiler Upgrade Scheme');
  });

  it('writes one uprn_postcodes row per UPRN and quarantines the Unallocated rows with their reason', async () => {
    let n = 0;
    for await (const row of queryParquet(
      `SELECT count(*) AS n FROM ${parquetPath(areaTableGlob(ctx, UPRN_POSTCODES_TABLE))}`,
    ))
      n = Number(row.n);
    // The sample's UPRNs and the one added across a ward boundary.
    expect(n).toBe(manifest.areas.reduce((s, a) => s + a.uprns, 0) + 1);
    expect(quarantine.energy_usage!.length).toBe(12); // 4 workbooks x 3 year sheets
    expect(quarantine.energy_usage!.map((r) => r.reason)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^sheet "2024": unallocated consumption/)]),
    );
    expect(quarantine.energy_usage!.filter((r) => !/unallocated/.test(r.reason))).toEqual([]);
    expect(quarantine.fuel_poverty).toEqual([]);
  });

  it('IoD2019 (2011 LSOAs) reaches every England postcode through its ONSPD 2011 LSOA, a parent in the lookup', async () => {
    const sql = `
      WITH b AS (
        SELECT postcode, json_extract_string(admin_boundaries, '$.census_lower_layer_super_output_area_code') AS lsoa21,
          json_extract_string(area_attributes_open || '}', '$.indices_of_deprivation.lower_layer_super_output_area.lsoa_code') AS lsoa11,
          json_extract_string(area_attributes_open || '}', '$.indices_of_deprivation.lower_layer_super_output_area.lsoa_2011_match') AS m
        FROM ${parquetPath(areaTableGlob(ctx, POSTCODE_AREA_BLOCKS_TABLE))} WHERE country = 'England')
      SELECT b.*, k.change_indicator FROM b
      LEFT JOIN ${parquetPath(stagedPath(ctx, 'lsoa_lookup'))} k ON k.lsoa11_code = b.lsoa11 AND k.lsoa21_code = b.lsoa21`;
    const rows: Record<string, unknown>[] = [];
    for await (const row of queryParquet(sql)) rows.push(row);
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(r.m).toBe('onspd_lsoa11');
      // The 2011 LSOA ONSPD gives is one of the 2021 LSOA's parents in the ONS lookup.
      expect(['U', 'S', 'M', 'X']).toContain(r.change_indicator);
    }
    // The small sample's three LSOAs of Bath are all changed ones (split, merged, redrawn).
    expect(new Set(rows.map((r) => r.change_indicator)).size).toBeGreaterThan(1);
  });

  it('a UPRN whose certificate names a postcode in the other ward gets the polygon ward, in the batch block and live', () => {
    const { uprn, epcPostcode, polygonWard } = acrossWard;
    const b = blocks.get(uprn.uprn)!;
    expect(() => StoredAreaBlockSchema.parse({ ...b, postcode: undefined })).not.toThrow();
    // The certificate's postcode is answered, but its ONSPD ward is not the ward of the UPRN's point.
    expect(b.admin_boundaries!.postcode).toBe(epcPostcode.postcode);
    expect(epcPostcode.ward).not.toBe(polygonWard);
    expect(b.admin_boundaries!.electoral_area_code).toBe(polygonWard);
    // The census areas, and the fuel poverty LSOA, are those of the postcode nearest the point.
    const near = nearestPostcode(uprn.x, uprn.y);
    expect(b.area_postcode).toBe(near.postcode);
    expect(b.admin_boundaries!.census_lower_layer_super_output_area_code).toBe(near.lsoa);
    expect(
      b.area_attributes.fuel_poverty!.lower_layer_super_output_area!.lower_layer_super_output_area_code,
    ).toBe(near.lsoa);
    // GET /location at the same point: the same ward, house prices and fuel poverty.
    const l = live.at(uprn.x, uprn.y);
    expect(l.ward).toBe(polygonWard);
    expect(l.house_price_index).toEqual(b.area_attributes.house_price_index);
    expect(l.fuel_poverty).toEqual(b.area_attributes.fuel_poverty);
  });

  it('a Bath UPRN whose certificate names a Cardiff postcode: polygons win for the authority, HPI and fuel poverty', () => {
    const { uprn, epcPostcode } = acrossBorder;
    const b = blocks.get(uprn.uprn)!;
    expect(b.postcode_source).toBe('epc');
    expect(b.admin_boundaries).toMatchObject({
      postcode: epcPostcode,
      electoral_area_code: wardOf(uprn.x, uprn.y),
      local_authority_district_code: 'E06000022',
      region_code: 'E12000009',
      country_code: 'E92000001',
    });
    expect(b.admin_boundaries!.census_lower_layer_super_output_area_code).toMatch(/^E01/);
    const a = b.area_attributes;
    expect(a.house_price_index!.area_code).toBe('E06000022');
    expect(a.fuel_poverty!.local_authority!.local_authority_district_code).toBe('E06000022');
    expect(a.indices_of_deprivation!.national_index!.index).toBe('IoD2019');
    const l = live.at(uprn.x, uprn.y);
    expect(l.house_price_index).toEqual(a.house_price_index);
    expect(l.fuel_poverty).toEqual(a.fuel_poverty);
  });

  it('every sample UPRN: the batch block keys house prices and fuel poverty as GET /location does at its point', async () => {
    const points = new Map<string, [number, number]>();
    for await (const r of queryParquet(
      `SELECT uprn, x_coord, y_coord FROM ${parquetPath(stagedPath(ctx, 'os_open_uprn'))}
       WHERE uprn IN (${manifest.samples.map((s) => s.uprn).join(',')})`,
    ))
      points.set(String(r.uprn), [Number(r.x_coord), Number(r.y_coord)]);
    for (const s of manifest.samples) {
      const [x, y] = points.get(s.uprn)!;
      const b = blocks.get(s.uprn)!;
      const l = live.at(x, y);
      expect(b.admin_boundaries!.electoral_area_code).toBe(l.ward);
      expect(l.house_price_index).toEqual(b.area_attributes.house_price_index);
      expect(l.fuel_poverty).toEqual(b.area_attributes.fuel_poverty);
    }
  });
});
