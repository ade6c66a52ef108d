// Per UPRN: the `area` block (admin_boundaries and area_attributes), joined by code. Two steps:
//  1. UPRN → postcode (pipelines/transforms/area/nearest-postcode.ts): the latest EPC's postcode when ONSPD
//     knows it, else the nearest live postcode centroid; written as the derived table `uprn_postcodes`.
//  2. One DuckDB query joins each UPRN's postcode to ONSPD, then by the postcode's codes to the latest HPI
//     month of its local authority / region / country, fuel poverty (LSOA, LA, region), energy use (LSOA and
//     MSOA, latest year per fuel), IoD2019 (LSOA) and the 2011 rural-urban class (output area); rows stream
//     out in UPRN order and are shaped by the pure buildAreaBlock.
// Census codes are joined as ONSPD gives them (2021 output areas and LSOAs in current editions) to tables
// keyed by 2011 codes (IoD2019, RUC2011): most codes did not change in 2021, the rest find no row and their
// block is null rather than guessed (docs/areas.md).
import { loadRetrofitGrantRules } from '../reference/retrofit-grants';
import { parquetPath, queryParquet, writeParquet } from '../io/parquet';
import {
  buildAreaBlock,
  type AreaInputs,
  type EnergyRow,
  type FuelPovertyRow,
} from '../transforms/area/area-block';
import { PostcodeFinder, type PostcodeCentroid } from '../transforms/area/nearest-postcode';
import { defineAsset, type AssetContext } from './definition';
import { DEPRIVATION_TABLE } from './deprivation';
import { ENERGY_USAGE_TABLE } from './energy-usage';
import { FUEL_POVERTY_TABLE } from './fuel-poverty';
import { HPI_TABLE } from './hpi';
import { derivedPath, stagedPath } from './ingest';
import { RURAL_URBAN_TABLE } from './rural-urban';
import { UPRN_EPC_BLOCKS_TABLE } from './uprn-epc-blocks';

export const UPRN_AREA_BLOCKS_TABLE = 'uprn_area_blocks';
export const UPRN_POSTCODES_TABLE = 'uprn_postcodes';

async function postcodeFinder(ctx: AssetContext): Promise<PostcodeFinder> {
  const centroids: PostcodeCentroid[] = [];
  const known = new Set<string>();
  const sql = `SELECT postcode, x_coord, y_coord, date_of_termination FROM ${parquetPath(stagedPath(ctx, 'onspd'))}`;
  for await (const row of queryParquet(sql)) {
    const postcode = String(row.postcode);
    known.add(postcode);
    if (
      row.date_of_termination === null &&
      typeof row.x_coord === 'number' &&
      typeof row.y_coord === 'number'
    )
      centroids.push({ postcode, x: row.x_coord, y: row.y_coord as number });
  }
  return new PostcodeFinder(centroids, known);
}

async function writeUprnPostcodes(
  ctx: AssetContext,
): Promise<{ rows: number; path: string; fromEpc: number }> {
  const finder = await postcodeFinder(ctx);
  let fromEpc = 0;
  const sql = `
    SELECT u.uprn, u.x_coord, u.y_coord, e.country AS epc_country,
      json_extract_string(e.block, '$.epcs_enhanced[0].postcode') AS epc_postcode,
      json_extract_string(e.block, '$.epcs_enhanced[0].tenure') AS epc_tenure,
      json_extract_string(e.block, '$.epcs_enhanced[0].energy_rating_current') AS epc_band
    FROM ${parquetPath(stagedPath(ctx, 'os_open_uprn'))} u
    LEFT JOIN ${parquetPath(derivedPath(ctx, UPRN_EPC_BLOCKS_TABLE))} e USING (uprn)
    ORDER BY u.uprn`;
  const rows = (async function* () {
    let n = 0;
    for await (const row of queryParquet(sql)) {
      const assigned = finder.assign(
        Number(row.x_coord),
        Number(row.y_coord),
        (row.epc_postcode as string | null) ?? null,
      );
      if (assigned.source === 'epc') fromEpc++;
      if (++n % 50_000 === 0) ctx.heartbeat({ step: 'postcodes', rows: n });
      yield {
        uprn: row.uprn,
        postcode: assigned.postcode,
        postcode_source: assigned.source,
        postcode_distance: assigned.distance,
        epc_country: row.epc_country ?? null,
        epc_tenure: row.epc_tenure ?? null,
        epc_band: row.epc_band ?? null,
      };
    }
  })();
  const written = await writeParquet(
    derivedPath(ctx, UPRN_POSTCODES_TABLE),
    [
      { name: 'uprn', type: 'BIGINT' },
      { name: 'postcode', type: 'VARCHAR' },
      { name: 'postcode_source', type: 'VARCHAR' },
      { name: 'postcode_distance', type: 'DOUBLE' },
      { name: 'epc_country', type: 'VARCHAR' },
      { name: 'epc_tenure', type: 'VARCHAR' },
      { name: 'epc_band', type: 'VARCHAR' },
    ],
    rows,
  );
  return { rows: written.rows, path: written.path, fromEpc };
}

/** The joined row per UPRN (JSON columns are null when nothing matched). */
export function areaJoinSql(ctx: AssetContext): string {
  const t = (table: string) => parquetPath(stagedPath(ctx, table));
  const json = (alias: string, key: string) =>
    `CASE WHEN ${alias}.${key} IS NULL THEN NULL ELSE to_json(${alias}) END`;
  return `
    WITH hpi_latest AS (
      SELECT * FROM ${t(HPI_TABLE)} QUALIFY row_number() OVER (PARTITION BY area_code ORDER BY date DESC) = 1),
    eu AS (
      SELECT * FROM ${t(ENERGY_USAGE_TABLE)}
      QUALIFY row_number() OVER (PARTITION BY level, area_code, fuel ORDER BY year DESC) = 1),
    fp AS (
      SELECT * FROM ${t(FUEL_POVERTY_TABLE)} QUALIFY row_number() OVER (PARTITION BY level, code ORDER BY name) = 1),
    onspd AS (
      SELECT * FROM ${t('onspd')} QUALIFY row_number() OVER (PARTITION BY postcode ORDER BY date_of_termination NULLS FIRST) = 1),
    dep AS (SELECT * FROM ${t(DEPRIVATION_TABLE)} QUALIFY row_number() OVER (PARTITION BY lsoa_code) = 1),
    ruc AS (SELECT * FROM ${t(RURAL_URBAN_TABLE)} QUALIFY row_number() OVER (PARTITION BY output_area_code) = 1)
    SELECT p.uprn, p.postcode, p.postcode_source, p.postcode_distance, p.epc_country, p.epc_tenure, p.epc_band,
      ${json('o', 'postcode')} AS onspd,
      ${json('h_la', 'area_code')} AS hpi_la,
      ${json('h_rg', 'area_code')} AS hpi_region,
      ${json('h_ct', 'area_code')} AS hpi_country,
      ${json('f_l', 'code')} AS fp_lsoa,
      ${json('f_a', 'code')} AS fp_la,
      ${json('f_r', 'code')} AS fp_region,
      ${json('e_le', 'area_code')} AS eu_lsoa_elec,
      ${json('e_lg', 'area_code')} AS eu_lsoa_gas,
      ${json('e_me', 'area_code')} AS eu_msoa_elec,
      ${json('e_mg', 'area_code')} AS eu_msoa_gas,
      ${json('d', 'lsoa_code')} AS imd,
      ${json('r', 'output_area_code')} AS ruc
    FROM ${parquetPath(derivedPath(ctx, UPRN_POSTCODES_TABLE))} p
    LEFT JOIN onspd o ON o.postcode = p.postcode
    LEFT JOIN hpi_latest h_la ON h_la.area_code = o.local_authority_district_code
    LEFT JOIN hpi_latest h_rg ON h_rg.area_code = o.region_code
    LEFT JOIN hpi_latest h_ct ON h_ct.area_code = o.country_code
    LEFT JOIN fp f_l ON f_l.level = 'lsoa' AND f_l.code = o.census_lower_layer_super_output_area_code
    LEFT JOIN fp f_a ON f_a.level = 'local_authority' AND f_a.code = o.local_authority_district_code
    LEFT JOIN fp f_r ON f_r.level = 'region' AND f_r.code = o.region_code
    LEFT JOIN eu e_le ON e_le.level = 'lsoa' AND e_le.fuel = 'electricity' AND e_le.area_code = o.census_lower_layer_super_output_area_code
    LEFT JOIN eu e_lg ON e_lg.level = 'lsoa' AND e_lg.fuel = 'gas' AND e_lg.area_code = o.census_lower_layer_super_output_area_code
    LEFT JOIN eu e_me ON e_me.level = 'msoa' AND e_me.fuel = 'electricity' AND e_me.area_code = o.census_middle_layer_super_output_area_code
    LEFT JOIN eu e_mg ON e_mg.level = 'msoa' AND e_mg.fuel = 'gas' AND e_mg.area_code = o.census_middle_layer_super_output_area_code
    LEFT JOIN dep d ON d.lsoa_code = o.census_lower_layer_super_output_area_code
    LEFT JOIN ruc r ON r.output_area_code = o.census_output_area_code
    ORDER BY p.uprn`;
}

type Json = Record<string, unknown> | null;

/** A joined row → the pure builder's inputs. */
export function areaInputsOf(row: Record<string, unknown>): AreaInputs {
  const j = (key: string) => (row[key] ?? null) as Json;
  return {
    postcode: (row.postcode as string | null) ?? null,
    postcodeSource: (row.postcode_source as AreaInputs['postcodeSource']) ?? null,
    postcodeDistance: (row.postcode_distance as number | null) ?? null,
    onspd: j('onspd'),
    hpi: { localAuthority: j('hpi_la'), region: j('hpi_region'), country: j('hpi_country') },
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
    ruralUrban: j('ruc'),
    epc: {
      country: (row.epc_country as string | null) ?? null,
      tenure: (row.epc_tenure as string | null) ?? null,
      band: (row.epc_band as string | null) ?? null,
    },
  };
}

export const uprnAreaBlocks = defineAsset({
  name: 'uprn_area_blocks',
  kind: 'derived',
  description:
    'Per UPRN: admin boundaries (ONSPD by postcode) and area attributes (HPI, fuel poverty, energy use, grants, rural-urban, deprivation)',
  upstream: [
    'os_open_uprn',
    'onspd',
    'uprn_epc_blocks',
    'hpi',
    'fuel_poverty',
    'energy_usage',
    'deprivation',
    'rural_urban',
  ],
  codeVersion: '1',
  owner: 'area-data',
  cadence: 'monthly',
  async materialize(ctx) {
    const postcodes = await writeUprnPostcodes(ctx);
    const rules = loadRetrofitGrantRules();
    // Grants open and close on dates: blocks are judged on the day of the refresh.
    const asOf = new Date().toISOString().slice(0, 10);
    let withAdmin = 0;
    const blocks = (async function* () {
      let n = 0;
      for await (const row of queryParquet(areaJoinSql(ctx))) {
        const block = buildAreaBlock(areaInputsOf(row), rules, asOf);
        if (block.admin_boundaries) withAdmin++;
        if (++n % 50_000 === 0) ctx.heartbeat({ step: 'blocks', rows: n });
        yield {
          uprn: row.uprn,
          postcode: row.postcode ?? null,
          country: block.admin_boundaries?.country_name ?? null,
          block,
        };
      }
    })();
    const written = await writeParquet(
      derivedPath(ctx, UPRN_AREA_BLOCKS_TABLE),
      [
        { name: 'uprn', type: 'BIGINT' },
        { name: 'postcode', type: 'VARCHAR' },
        { name: 'country', type: 'VARCHAR' },
        { name: 'block', type: 'JSON' },
      ],
      blocks,
    );
    return {
      rows: written.rows,
      outputs: [written.path, postcodes.path],
      metrics: {
        postcode_from_epc: postcodes.fromEpc,
        postcode_from_nearest: postcodes.rows - postcodes.fromEpc,
        with_admin_boundaries: withAdmin,
        grant_rules_as_of: Number(rules.as_of.replaceAll('-', '')),
      },
    };
  },
});
