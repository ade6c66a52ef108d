// Step 2 of uprn_area_blocks (uprn-area-blocks.ts): one DuckDB query joins each area key in use to the
// area postcode's ONSPD row and the area datasets (HPI, fuel poverty, energy use, deprivation, rurality,
// WIMD / SIMD, the Scottish Postcode Directory), and the pure buildAreaBlock shapes each; derived table
// `postcode_area_blocks`.
import {
  keyRanges,
  parquetPath,
  queryParquetEach,
  queryRows,
  quoteString,
  writeParquetInRuns,
} from '../../io/parquet';
import {
  buildAreaBlock,
  type AreaInputs,
  type DeprivationMatch,
  type EnergyRow,
  type FuelPovertyRow,
} from '../../transforms/area/area-block';
import { fileMemo } from '../../io/file-memo';
import { collectAfterBlocks } from '../../orchestration/collect-large-heap';
import { latestHpiPerAreaSql } from '../../transforms/area/hpi-latest';
import { type AreaEnergyPrices } from '../../transforms/area/energy-prices';
import { type AssetContext } from '../../orchestration/definition';
import { DEPRIVATION_TABLE } from './deprivation';
import { ENERGY_USAGE_TABLE } from './energy-usage';
import { FUEL_POVERTY_TABLE } from './fuel-poverty';
import { HPI_TABLE } from './hpi';
import { LSOA_LOOKUP_TABLE } from './lsoa-lookup';
import { stagedPath } from '../../orchestration/ingest';
import { RURAL_URBAN_TABLE } from './rural-urban';
import { nationDeprivationSql } from '../../transforms/area/nation-join';
import { nationTableSql, SCOTTISH_POSTCODES_TABLE, SIMD_TABLE, WIMD_TABLE } from './deprivation-nations';
import { POLYGON_ADMIN_FIELDS, polygonAdmin } from '../../transforms/area/point-geography';
import { POLYGON_COLUMNS } from './uprn-postcodes';

/**
 * The joined row per area key in use (a distinct answered postcode, area postcode and polygon codes; JSON
 * columns are null when nothing matched); `uprnPostcodes` is a uprn_postcodes file (one tile's). The rule of
 * point-geography.ts: the polygon codes (b_*) key fuel poverty's local authority and region rows (and the
 * house price index, read apart: hpiRowsByCode); `area_lsoa` (the LSOA of the postcode nearest the point) fuel
 * poverty's LSOA row; the ONSPD row of `area_postcode` (that nearest postcode) gives the census small areas
 * that key energy use, deprivation, rurality, WIMD / SIMD and the Scottish Postcode Directory row. ONSPD is
 * narrowed to those postcodes, and each area table to their codes, before its dedup. `range`: only the keys
 * from its first to its last.
 */
export function areaJoinSql(
  ctx: AssetContext,
  uprnPostcodes: string,
  range?: readonly [string, string],
): string {
  const t = (table: string) => parquetPath(stagedPath(ctx, table));
  // Each joined table's rows carry their JSON text (`j`), made once per row of the table, not once per key:
  // to_json of these wide rows per key and column ran out of a 1 GB memory limit at 30,000 UPRNs a tile.
  const withJson = (names: string[]) =>
    names.map((n) => `${n}_j AS (SELECT t.*, to_json(t) AS j FROM ${n} t)`).join(',\n    ');
  // Each area table is narrowed to the codes of the tile's keys before its dedup (whole dedup groups, so
  // the same rows win), so a tile windows its own areas, not the country's.
  const codes = (...columns: string[]) => columns.map((c) => `SELECT ${c} FROM onspd`).join(' UNION ALL ');
  const keyCodes = (...columns: string[]) => columns.map((c) => `SELECT ${c} FROM p`).join(' UNION ALL ');
  const LSOA = 'census_lower_layer_super_output_area_code';
  return `
    WITH p AS (
      SELECT DISTINCT area_key, postcode, area_postcode, area_lsoa, area_country, ${POLYGON_COLUMNS.join(', ')}
      FROM ${parquetPath(uprnPostcodes)} WHERE area_key IS NOT NULL
        ${range ? `AND area_key BETWEEN ${quoteString(range[0])} AND ${quoteString(range[1])}` : ''}),
    onspd AS (
      SELECT * FROM ${t('onspd')} WHERE postcode IN (SELECT area_postcode FROM p)
      QUALIFY row_number() OVER (PARTITION BY postcode ORDER BY date_of_termination NULLS FIRST) = 1),
    eu AS (
      SELECT * FROM ${t(ENERGY_USAGE_TABLE)}
      WHERE area_code IN (${codes(LSOA, 'census_middle_layer_super_output_area_code')})
      QUALIFY row_number() OVER (PARTITION BY level, area_code, fuel ORDER BY year DESC) = 1),
    fp AS (
      SELECT * FROM ${t(FUEL_POVERTY_TABLE)}
      WHERE code IN (${keyCodes('area_lsoa', 'b_local_authority_district_code', 'b_region_code')})
      QUALIFY row_number() OVER (PARTITION BY level, code ORDER BY name) = 1),
    lk AS (SELECT * FROM ${t(LSOA_LOOKUP_TABLE)} WHERE lsoa21_code IN (${codes(LSOA)})),
    dep AS (
      SELECT * FROM ${t(DEPRIVATION_TABLE)}
      WHERE lsoa_code IN (${codes('lsoa_2011_code', LSOA)} UNION ALL SELECT lsoa11_code FROM lk)
      QUALIFY row_number() OVER (PARTITION BY lsoa_code) = 1),
    dep21 AS (${deprivationBy2021Sql('lk')}),
    ruc AS (
      SELECT * FROM ${t(RURAL_URBAN_TABLE)} WHERE output_area_code IN (${codes('census_output_area_code')})
      QUALIFY row_number() OVER (PARTITION BY output_area_code) = 1),
    sp AS (
      SELECT * FROM ${nationTableSql(ctx, SCOTTISH_POSTCODES_TABLE)} WHERE postcode IN (SELECT area_postcode FROM p)
      QUALIFY row_number() OVER (PARTITION BY postcode ORDER BY date_of_deletion NULLS FIRST) = 1),
    nat AS (${nationDeprivationSql(
      `(SELECT * FROM ${nationTableSql(ctx, WIMD_TABLE)} UNION ALL BY NAME SELECT * FROM ${nationTableSql(ctx, SIMD_TABLE)})`,
      'onspd',
      'sp',
    )}),
    ${withJson(['onspd', 'fp', 'eu', 'dep', 'dep21', 'ruc', 'sp'])}
    SELECT p.area_key, p.postcode, p.area_postcode, p.area_country, ${POLYGON_COLUMNS.map((c) => `p.${c}`).join(', ')},
      o.j AS onspd,
      f_l.j AS fp_lsoa,
      f_a.j AS fp_la,
      f_r.j AS fp_region,
      e_le.j AS eu_lsoa_elec,
      e_lg.j AS eu_lsoa_gas,
      e_me.j AS eu_msoa_elec,
      e_mg.j AS eu_msoa_gas,
      CASE WHEN d11.lsoa_code IS NOT NULL THEN d11.j WHEN dk.lsoa_code IS NOT NULL THEN dk.j
        WHEN ds.lsoa_code IS NOT NULL THEN ds.j END AS imd,
      CASE WHEN d11.lsoa_code IS NOT NULL THEN 'onspd_lsoa11' WHEN dk.lsoa_code IS NOT NULL THEN dk.lsoa_2011_match
        WHEN ds.lsoa_code IS NOT NULL THEN 'same_code' END AS imd_match,
      r.j AS ruc,
      nat.j AS nation_deprivation,
      s.j AS scottish_postcode
    FROM p
    LEFT JOIN onspd_j o ON o.postcode = p.area_postcode
    LEFT JOIN fp_j f_l ON f_l.level = 'lsoa' AND f_l.code = p.area_lsoa
    LEFT JOIN fp_j f_a ON f_a.level = 'local_authority' AND f_a.code = p.b_local_authority_district_code
    LEFT JOIN fp_j f_r ON f_r.level = 'region' AND f_r.code = p.b_region_code
    LEFT JOIN eu_j e_le ON e_le.level = 'lsoa' AND e_le.fuel = 'electricity' AND e_le.area_code = o.census_lower_layer_super_output_area_code
    LEFT JOIN eu_j e_lg ON e_lg.level = 'lsoa' AND e_lg.fuel = 'gas' AND e_lg.area_code = o.census_lower_layer_super_output_area_code
    LEFT JOIN eu_j e_me ON e_me.level = 'msoa' AND e_me.fuel = 'electricity' AND e_me.area_code = o.census_middle_layer_super_output_area_code
    LEFT JOIN eu_j e_mg ON e_mg.level = 'msoa' AND e_mg.fuel = 'gas' AND e_mg.area_code = o.census_middle_layer_super_output_area_code
    LEFT JOIN dep_j d11 ON d11.lsoa_code = o.lsoa_2011_code
    LEFT JOIN dep21_j dk ON dk.lsoa21_code = o.census_lower_layer_super_output_area_code
    LEFT JOIN dep_j ds ON ds.lsoa_code = o.census_lower_layer_super_output_area_code
    LEFT JOIN ruc_j r ON r.output_area_code = o.census_output_area_code
    LEFT JOIN sp_j s ON s.postcode = p.area_postcode
    LEFT JOIN nat ON nat.postcode = p.area_postcode
    ORDER BY p.area_key`;
}

/**
 * The house price index rows (latestHpiPerAreaSql) of every area, by area code: looked up by code
 * (areaInputsOf), not joined to each key, where they would be ~12 of its ~15 KB of joined text, sorted with it
 * and parsed again for every key. Read once a staged file by the process (fileMemo): the aggregate over the
 * national file, ~100 filtered `arg_max`es, cost every tile ~90 ms on the bench's 64 KB file, and each of Great
 * Britain's ~2,800 tiles would read the full UK file (~150,000 rows).
 */
const hpiRowsByCode = (ctx: AssetContext): Promise<HpiRows> => latestHpiRows(stagedPath(ctx, HPI_TABLE));
const latestHpiRows = fileMemo(async (file): Promise<HpiRows> => {
  const rows = await queryRows(
    `SELECT area_code, to_json(h) AS j FROM (${latestHpiPerAreaSql(parquetPath(file))}) h`,
  );
  return new Map(rows.map((r) => [String(r.area_code), (r.j ?? null) as Json]));
});

/** The house price index rows of a tile's areas, by area code (read-only: shared by the keys). */
export type HpiRows = ReadonlyMap<string, Json>;

/**
 * One IoD2019 row per 2021 LSOA through the lookup, with how it was matched. Unchanged (U) and split (S)
 * LSOAs have one 2011 parent. Merged (M) and redrawn (X) ones may have several: the parent with the largest
 * mid-2015 population wins (where most of the 2021 LSOA's residents lived in 2011, as near as the published
 * figures say), then the more deprived (lower IMD rank), then the lower code. Scores of different LSOAs are
 * not averaged: ranks and deciles of an average would belong to no LSOA.
 */
export function deprivationBy2021Sql(lookup: string): string {
  return `
      SELECT k.lsoa21_code,
        CASE k.change_indicator WHEN 'U' THEN 'unchanged' WHEN 'S' THEN 'split' WHEN 'M' THEN 'merged'
          ELSE 'irregular' END AS lsoa_2011_match, d.*
      FROM ${lookup} k JOIN dep d ON d.lsoa_code = k.lsoa11_code
      QUALIFY row_number() OVER (PARTITION BY k.lsoa21_code
        ORDER BY d.total_population DESC NULLS LAST, d.index_of_multiple_deprivation_rank NULLS LAST, d.lsoa_code) = 1`;
}

type Json = Record<string, unknown> | null;

/** A joined row → the pure builder's inputs (the EPC facts are applied per UPRN, in the grants step). */
export function areaInputsOf(row: Record<string, unknown>, hpi: HpiRows): AreaInputs {
  const j = (key: string) => (row[key] ?? null) as Json;
  const hpiOf = (column: string) => {
    const code = row[column];
    return typeof code === 'string' ? (hpi.get(code) ?? null) : null;
  };
  return {
    postcode: (row.postcode as string | null) ?? null,
    postcodeSource: null,
    postcodeDistance: null,
    onspd: j('onspd'),
    boundaries: polygonAdmin(Object.fromEntries(POLYGON_ADMIN_FIELDS.map((f) => [f, row[`b_${f}`]]))),
    hpi: {
      localAuthority: hpiOf('b_local_authority_district_code'),
      region: hpiOf('b_region_code'),
      country: hpiOf('b_country_code'),
    },
    fuelPoverty: {
      lsoa: j('fp_lsoa') as FuelPovertyRow | null,
      localAuthority: j('fp_la') as FuelPovertyRow | null,
      region: j('fp_region') as FuelPovertyRow | null,
    },
    energy: {
      lsoaElectricity: j('eu_lsoa_elec') as EnergyRow | null,
      lsoaGas: j('eu_lsoa_gas') as EnergyRow | null,
      msoaElectricity: j('eu_msoa_elec') as EnergyRow | null,
      msoaGas: j('eu_msoa_gas') as EnergyRow | null,
    },
    deprivation: j('imd'),
    deprivationMatch: (row.imd_match as DeprivationMatch | null) ?? null,
    nationDeprivation: j('nation_deprivation'),
    ruralUrban: j('ruc'),
    scottishPostcode: j('scottish_postcode'),
    epc: { country: null, tenure: null, band: null },
  };
}

/**
 * `area_attributes` as JSON text without `retrofit_grants` and without its closing brace: step 4 appends the
 * UPRN's grants by concatenation, which DuckDB does ~5x faster than json_object / json_merge_patch on these
 * ~5 KB blocks (measured on the sample at scale 10).
 */
export function openAttributesJson(attributes: Record<string, unknown>): string {
  const { retrofit_grants: _grants, ...rest } = attributes;
  void _grants;
  return JSON.stringify(rest).slice(0, -1);
}

export const EMPTY_ATTRIBUTES_OPEN = openAttributesJson({
  house_price_index: null,
  fuel_poverty: null,
  average_energy_usage_stats: null,
  urban_rural_classification: null,
  indices_of_deprivation: null,
});

/**
 * Area keys one join reads and sorts at once, on an instance of its own, and written a run at a time: a
 * 120,000-UPRN tile's 25,492 keys (~7 KB of text each, in a dozen joined JSON rows) in one query took its
 * worker ~1 GB more. ST76 at scale 80, forced, the whole asset: joins of 8,192 keys into one writer 735–748 MB;
 * joins and runs of 2,048 (and uprn_postcodes in runs) 504–507, for ~5–10 % more CPU (each join reads the
 * area tables again).
 */
const CHUNK_KEYS = 2048;

/**
 * Step 2: the block of every area key of a uprn_postcodes file (`uprnPostcodes`), with the facts the grant
 * rules need, written to `out`.
 */
export async function writePostcodeAreaBlocks(
  ctx: AssetContext,
  uprnPostcodes: string,
  out: string,
  prices: AreaEnergyPrices | null,
) {
  const ranges = await keyRanges<string>(
    `SELECT DISTINCT area_key FROM ${parquetPath(uprnPostcodes)} WHERE area_key IS NOT NULL`,
    'area_key',
    CHUNK_KEYS,
  );
  // No key: the one query (of no rows).
  const sqls =
    ranges.length > 0
      ? ranges.map((r) => areaJoinSql(ctx, uprnPostcodes, r))
      : [areaJoinSql(ctx, uprnPostcodes)];
  const hpi = await hpiRowsByCode(ctx);
  const rows = (async function* () {
    let n = 0;
    for await (const row of queryParquetEach(sqls)) {
      // Grants are per UPRN (step 3): built here without rules.
      const block = buildAreaBlock(
        areaInputsOf(row, hpi),
        { as_of: '1970-01-01', schemes: [] },
        '1970-01-01',
        prices,
      );
      const admin = block.admin_boundaries;
      const lsoa = block.area_attributes.indices_of_deprivation?.lower_layer_super_output_area as
        Record<string, unknown> | null | undefined;
      const decile = lsoa?.index_of_multiple_deprivation_decile;
      if (++n % 50_000 === 0) ctx.heartbeat({ step: 'postcode blocks', rows: n });
      // A chunk's rows and blocks are garbage once written: V8 let them grow the heap ~110 MB before collecting.
      if (n % CHUNK_KEYS === 0) collectAfterBlocks(CHUNK_KEYS);
      yield {
        area_key: row.area_key,
        postcode: row.postcode,
        area_postcode: row.area_postcode,
        // The gating country of the rule (point-geography.ts: the polygon's, else the area postcode's).
        country: (row.area_country as string | null) ?? null,
        local_authority_district_code: admin?.local_authority_district_code ?? null,
        deprivation_decile: decile ? Number(decile) : null,
        admin_boundaries: JSON.stringify(block.admin_boundaries),
        area_attributes_open: openAttributesJson(block.area_attributes),
      };
    }
  })();
  // A chunk's keys a run, so the writer holds no more than one join's rows (it holds its rows until it closes).
  return writeParquetInRuns(
    out,
    [
      { name: 'area_key', type: 'VARCHAR' },
      { name: 'postcode', type: 'VARCHAR' },
      { name: 'area_postcode', type: 'VARCHAR' },
      { name: 'country', type: 'VARCHAR' },
      { name: 'local_authority_district_code', type: 'VARCHAR' },
      { name: 'deprivation_decile', type: 'BIGINT' },
      { name: 'admin_boundaries', type: 'VARCHAR' },
      { name: 'area_attributes_open', type: 'VARCHAR' },
    ],
    rows,
    CHUNK_KEYS,
  );
}
