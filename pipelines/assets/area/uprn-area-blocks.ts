// Per UPRN: the `area` block (admin_boundaries and area_attributes), joined by code. Partitioned per 10 km
// tile (keys: the tiles holding staged UPRNs, as the other block assets): a tile selects its UPRNs by
// coordinates, reads the same tile of uprn_epc_blocks, and writes each table below as
// derived/<table>/<tile>.parquet; the per-postcode and per-combination steps cover only the postcodes and
// combinations of the tile's UPRNs (a key used by two tiles is built in both). Admin geography follows the
// one rule of GET /location too (transforms/area/point-geography.ts, docs/areas.md): ward, local authority,
// county, region and country from the boundary polygons at the UPRN's point; census small areas (and every
// other ONSPD field) from the live postcode nearest that point (the area postcode). Everything but the grants
// depends only on (answered postcode, area postcode, polygon codes), the area key, so within a tile the work
// is done once per key, not per UPRN:
//  1. UPRN → postcode (pipelines/transforms/area/nearest-postcode.ts): the latest EPC's postcode when ONSPD
//     knows it, else the nearest live postcode centroid (only the centroids within MAX_POSTCODE_DISTANCE_M of
//     the tile are loaded), answered as `postcode`; the area postcode, the polygon codes at the point and the
//     area key; derived table `uprn_postcodes`.
//  2. One DuckDB query joins each area key in use to the area postcode's ONSPD row, then by the polygon codes
//     to the HPI of the local authority / region / country (each figure of its latest month, hpi-latest.ts) and
//     fuel poverty (LA, region), and by the area postcode's codes to fuel poverty (LSOA), energy use (LSOA and
//     MSOA, latest year per fuel), IoD2019 (LSOA), WIMD / SIMD (its 2011 LSOA / Data Zone,
//     transforms/area/nation-join.ts), the 2011 rural-urban class (output area) and the Scottish Postcode
//     Directory row (Scottish urban-rural class, settlement); the pure buildAreaBlock shapes each; derived
//     table `postcode_area_blocks`.
//  3. Grants depend on the key's country, authority and deprivation and on the UPRN's EPC tenure and
//     band: the distinct combinations (a few thousand) are evaluated in JS into `uprn_area_grant_sets`.
//  4. DuckDB assembles the per-UPRN block from the three tables and writes it without passing rows through
//     JavaScript (measured: moving 14 JSON columns per UPRN through Node cost ~0.65 ms a row).
// Census codes are joined as ONSPD gives them (2021 output areas and LSOAs in current editions). IoD2019 is
// keyed by 2011 LSOAs: it is reached through the postcode's own 2011 LSOA when the ONSPD edition carries one,
// else through the ONS LSOA 2011→2021 lookup (one parent for unchanged and split LSOAs; for merged and
// redrawn ones the parent with the largest population), else by the same code; the block says which
// (lsoa_2011_match). RUC2011 (output areas) is joined by code: a changed output area finds no row and its
// block is null rather than guessed (docs/areas.md).
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { RetrofitGrantRules } from '../../../schemas/api/retrofit';
import { loadRetrofitGrantRules } from '../../reference/retrofit-grants';
import { inTileSql, tileBBox } from '../../geo/tiles';
import {
  copyQueryToParquet,
  countRows,
  emptyRelation,
  parquetPath,
  queryParquet,
  writeParquet,
} from '../../io/parquet';
import { scratchFolder } from '../../io/scratch';
import {
  buildAreaBlock,
  type AreaInputs,
  type DeprivationMatch,
  type EnergyRow,
  type FuelPovertyRow,
} from '../../transforms/area/area-block';
import {
  MAX_POSTCODE_DISTANCE_M,
  normalisePostcode,
  PostcodeFinder,
  type PostcodeCentroid,
} from '../../transforms/area/nearest-postcode';
import { latestHpiPerAreaSql } from '../../transforms/area/hpi-latest';
import { areaEnergyPrices, type AreaEnergyPrices } from '../../transforms/area/energy-prices';
import {
  buildEnergyPriceTable,
  energyPricesJsonPath,
  readEnergyPriceRows,
  type EnergyPriceTable,
} from '../../transforms/energy-prices/table';
import { applicableGrants } from '../../transforms/area/retrofit-grants';
import {
  partitionOf,
  sameBuildsBut,
  type AssetContext,
  type MaterializeResult,
} from '../../orchestration/definition';
import { defineAsset } from '../define';
import { derivedGlob } from '../epc/epc-enhanced';
import { DEPRIVATION_TABLE } from './deprivation';
import { ENERGY_USAGE_TABLE } from './energy-usage';
import { FUEL_POVERTY_TABLE } from './fuel-poverty';
import { HPI_TABLE } from './hpi';
import { LSOA_LOOKUP_TABLE } from './lsoa-lookup';
import { derivedPath, stagedPath } from '../../orchestration/ingest';
import { RURAL_URBAN_TABLE } from './rural-urban';
import { nationDeprivationSql } from '../../transforms/area/nation-join';
import { nationTableSql, SCOTTISH_POSTCODES_TABLE, SIMD_TABLE, WIMD_TABLE } from './deprivation-nations';
import { UPRN_EPC_BLOCK_COLUMNS, UPRN_EPC_BLOCKS_TABLE } from '../epc/uprn-epc-blocks';
import { AREA_SOURCES, tilesHoldingUprns } from '../location/uprn-location-blocks';
import { parseWkb } from '../../io/spatial/wkb';
import { toPieces } from '../../geo/pieces';
import type { PieceRecord } from '../../transforms/flood/candidates';
import { locationAdminBoundaries } from '../../transforms/planning/admin-boundaries';
import { MemoryLayers } from '../../transforms/planning/memory-layers';
import {
  POLYGON_ADMIN_FIELDS,
  pointAreaKeys,
  polygonAdmin,
  type NearestPostcodeCodes,
} from '../../transforms/area/point-geography';

export const UPRN_AREA_BLOCKS_TABLE = 'uprn_area_blocks';
export const UPRN_POSTCODES_TABLE = 'uprn_postcodes';
export const POSTCODE_AREA_BLOCKS_TABLE = 'postcode_area_blocks';
export const GRANT_SETS_TABLE = 'uprn_area_grant_sets';
/** Every tile's file of one of the tables above (readers join on this glob). */
export const areaTableGlob = (ctx: Pick<AssetContext, 'config'>, table: string): string =>
  derivedGlob(ctx as AssetContext, table);

/** One tile's file of a table this asset writes: derived/<table>/<tile>.parquet. */
const tilePath = (ctx: AssetContext, table: string, tile: string): string =>
  derivedPath(ctx, `${table}/${tile}`);

interface TileUprn {
  uprn: unknown;
  x: number;
  y: number;
  epcCountry: unknown;
  epcPostcode: string | null;
  epcTenure: unknown;
  epcBand: unknown;
}

/** The tile's UPRNs (by coordinates) joined to the same tile of uprn_epc_blocks, as `u` and `e`. */
function tileUprnsFrom(ctx: AssetContext, tile: string): string {
  const epc = tilePath(ctx, UPRN_EPC_BLOCKS_TABLE, tile);
  // The tile's EPC partition is built before this one (same key); an empty table if it wrote no file.
  const epcTable = existsSync(epc) ? parquetPath(epc) : emptyRelation(UPRN_EPC_BLOCK_COLUMNS);
  return `${parquetPath(stagedPath(ctx, 'os_open_uprn'))} u LEFT JOIN ${epcTable} e USING (uprn)
    WHERE ${inTileSql(tile, 'u.x_coord', 'u.y_coord')}`;
}

/**
 * Per UPRN of the tile, the MD5 of the EPC facts its block reads (`input_digest`): a block is kept while its
 * own digest, written with it, equals its UPRN's current one (so a run cut short between two of the tables
 * leaves nothing that looks current but is not).
 */
const tileFactsSql = (ctx: AssetContext, tile: string): string => {
  const facts = ['e.country', 'e.postcode', 'e.tenure', 'e.energy_rating_current']
    .map((c) => `coalesce(${c}, chr(30))`)
    .join(', ');
  return `SELECT u.uprn, md5(concat_ws(chr(31), ${facts})) AS input_digest FROM ${tileUprnsFrom(ctx, tile)}`;
};

/** The day's inputs of a build: the energy price table and the grant rules, read once a build. */
interface DayInputs {
  prices: EnergyPriceTable;
  rules: RetrofitGrantRules;
}

/** What the day of a build decides: the energy price period in force and the grant rules open. */
function dayTerms({ prices, rules }: DayInputs, day: string) {
  return {
    prices: areaEnergyPrices(prices, day),
    openRules: rules.schemes.filter((r) => day >= r.opens && (r.closes === null || day <= r.closes)),
  };
}

/**
 * Whether every block of the tile reads what it read at the tile's last build, but for its own UPRN's EPC
 * facts: the same code, the same builds of every upstream other than uprn_epc_blocks (os_open_uprn
 * included: the points), and a day with the same prices and open grant rules.
 */
function tileInputsHeld(ctx: AssetContext, day: DayInputs, asOf: string): boolean {
  if (!sameBuildsBut(ctx, CODE_VERSION, [UPRN_EPC_BLOCKS_TABLE])) return false;
  const then = dayTerms(day, ctx.previousBuild!.startedAt.slice(0, 10));
  return JSON.stringify(then) === JSON.stringify(dayTerms(day, asOf));
}

/** The tile's UPRNs (of `only`, an SQL query of UPRNs, when given) with the EPC facts of their blocks. */
async function tileUprns(ctx: AssetContext, tile: string, only?: string): Promise<TileUprn[]> {
  const sql = `
    SELECT u.uprn, u.x_coord, u.y_coord, e.country AS epc_country, e.postcode AS epc_postcode,
      e.tenure AS epc_tenure, e.energy_rating_current AS epc_band
    FROM ${tileUprnsFrom(ctx, tile)} ${only === undefined ? '' : `AND u.uprn IN (${only})`}
    ORDER BY u.uprn`;
  const out: TileUprn[] = [];
  for await (const row of queryParquet(sql))
    out.push({
      uprn: row.uprn,
      x: Number(row.x_coord),
      y: Number(row.y_coord),
      epcCountry: row.epc_country ?? null,
      epcPostcode: (row.epc_postcode as string | null) ?? null,
      epcTenure: row.epc_tenure ?? null,
      epcBand: row.epc_band ?? null,
    });
  return out;
}

/**
 * The postcodes the tile's UPRNs can be given: the live centroids within MAX_POSTCODE_DISTANCE_M of the tile
 * (no nearer one can be further away) and, of the postcodes ONSPD knows, those their EPCs name.
 */
async function postcodeFinder(
  ctx: AssetContext,
  tile: string,
  uprns: TileUprn[],
): Promise<{ finder: PostcodeFinder; codes: Map<string, NearestPostcodeCodes> }> {
  const b = tileBBox(tile);
  const reach = MAX_POSTCODE_DISTANCE_M;
  const named = new Set<string>();
  for (const u of uprns) {
    const p = normalisePostcode(u.epcPostcode);
    if (p !== null) named.add(p);
  }
  // Normalised postcodes are letters, digits and one space: safe as SQL literals.
  const list = [...named].map((p) => `'${p}'`).join(', ');
  const centroids: PostcodeCentroid[] = [];
  const known = new Set<string>();
  // The live centroids' LSOA and country: the codes the point's nearest postcode keys (point-geography.ts).
  const codes = new Map<string, NearestPostcodeCodes>();
  const sql = `SELECT postcode, x_coord, y_coord, date_of_termination, census_lower_layer_super_output_area_code AS lsoa,
      country_code FROM ${parquetPath(stagedPath(ctx, 'onspd'))}
    WHERE (x_coord >= ${b.minX - reach} AND x_coord <= ${b.maxX + reach}
      AND y_coord >= ${b.minY - reach} AND y_coord <= ${b.maxY + reach})
      ${list ? `OR postcode IN (${list})` : ''}`;
  for await (const row of queryParquet(sql)) {
    const postcode = String(row.postcode);
    if (named.has(postcode)) known.add(postcode);
    if (
      row.date_of_termination === null &&
      typeof row.x_coord === 'number' &&
      typeof row.y_coord === 'number'
    ) {
      centroids.push({ postcode, x: row.x_coord, y: row.y_coord as number });
      codes.set(postcode, {
        postcode,
        lsoa: (row.lsoa as string | null) || null,
        country: (row.country_code as string | null) || null,
      });
    }
  }
  return { finder: new PostcodeFinder(centroids, known), codes };
}

/**
 * The boundary polygons (staged admin_boundaries: ward, local authority, county, region, country) meeting the
 * tile, as the candidates locationAdminBoundaries reads: the same pieces and point-in-polygon rule as
 * uprn_location_blocks and the live GET /location. No polygons when the table is not staged.
 */
async function tileBoundaries(ctx: AssetContext, tile: string): Promise<MemoryLayers> {
  const src = AREA_SOURCES.admin_boundaries;
  const path = stagedPath(ctx, src.table);
  const records: PieceRecord[] = [];
  if (existsSync(path)) {
    const b = tileBBox(tile);
    const sql = `SELECT * FROM ${parquetPath(path)}
      WHERE maxx >= ${b.minX} AND minx <= ${b.maxX} AND maxy >= ${b.minY} AND miny <= ${b.maxY}`;
    for await (const row of queryParquet(sql)) {
      const geometry = parseWkb(row.geometry as Uint8Array);
      if (!geometry) continue;
      const featureId = src.id(row);
      const attrs = src.attrs(row);
      for (const piece of toPieces(geometry))
        records.push({ layer: 'admin_boundaries', featureId, attrs, piece, bbox: piece.bbox });
    }
  }
  return new MemoryLayers({ admin_boundaries: records }, {});
}

/** The columns of uprn_postcodes that hold the polygon codes and names at the UPRN's point. */
const POLYGON_COLUMNS = POLYGON_ADMIN_FIELDS.map((f) => `b_${f}`);

async function writeUprnPostcodes(
  ctx: AssetContext,
  tile: string,
  out: string,
  only?: string,
): Promise<{ rows: number; path: string; fromEpc: number; fromNearest: number }> {
  const uprns = await tileUprns(ctx, tile, only);
  const { finder, codes } = await postcodeFinder(ctx, tile, uprns);
  const boundaries = await tileBoundaries(ctx, tile);
  let fromEpc = 0;
  let fromNearest = 0;
  const rows = uprns.map((u) => {
    const assigned = finder.assign(u.x, u.y, u.epcPostcode);
    if (assigned.source === 'epc') fromEpc++;
    else if (assigned.source === 'nearest_postcode') fromNearest++;
    // The one rule (point-geography.ts): polygon levels at the UPRN's point, census areas of the postcode
    // nearest that point, whatever postcode the certificate names.
    const polygons = locationAdminBoundaries(boundaries, [u.x, u.y]);
    const near = finder.nearest(u.x, u.y);
    const keys = pointAreaKeys(polygons, near ? (codes.get(near.postcode) ?? null) : null);
    const polygonValues = POLYGON_ADMIN_FIELDS.map((f) => polygons[f]);
    const keyed =
      assigned.postcode !== null || keys.areaPostcode !== null || polygonValues.some((v) => v !== null);
    return {
      uprn: u.uprn,
      postcode: assigned.postcode,
      postcode_source: assigned.source,
      postcode_distance: assigned.distance,
      area_postcode: keys.areaPostcode,
      area_postcode_distance: near ? Math.round(near.distance * 10) / 10 : null,
      area_lsoa: keys.fuelPoverty.lsoa,
      area_country: keys.country,
      ...Object.fromEntries(POLYGON_ADMIN_FIELDS.map((f, i) => [`b_${f}`, polygonValues[i]])),
      // One block per distinct (answered postcode, area postcode, polygon codes): the names follow the codes.
      area_key: keyed
        ? JSON.stringify([
            assigned.postcode,
            keys.areaPostcode,
            ...POLYGON_ADMIN_FIELDS.filter((f) => f.endsWith('_code')).map((f) => polygons[f]),
          ])
        : null,
      epc_country: u.epcCountry,
      epc_tenure: u.epcTenure,
      epc_band: u.epcBand,
    };
  });
  const written = await writeParquet(
    out,
    [
      { name: 'uprn', type: 'BIGINT' },
      { name: 'postcode', type: 'VARCHAR' },
      { name: 'postcode_source', type: 'VARCHAR' },
      { name: 'postcode_distance', type: 'DOUBLE' },
      { name: 'area_postcode', type: 'VARCHAR' },
      { name: 'area_postcode_distance', type: 'DOUBLE' },
      { name: 'area_lsoa', type: 'VARCHAR' },
      { name: 'area_country', type: 'VARCHAR' },
      ...POLYGON_COLUMNS.map((name) => ({ name, type: 'VARCHAR' as const })),
      { name: 'area_key', type: 'VARCHAR' },
      { name: 'epc_country', type: 'VARCHAR' },
      { name: 'epc_tenure', type: 'VARCHAR' },
      { name: 'epc_band', type: 'VARCHAR' },
    ],
    rows,
  );
  return { rows: written.rows, path: written.path, fromEpc, fromNearest };
}

/**
 * The joined row per area key in use (a distinct answered postcode, area postcode and polygon codes; JSON
 * columns are null when nothing matched); `uprnPostcodes` is a uprn_postcodes file (one tile's). The rule of
 * point-geography.ts: the polygon codes (b_*) key the house price index and fuel poverty's local authority and
 * region rows; `area_lsoa` (the LSOA of the postcode nearest the point) fuel poverty's LSOA row; the ONSPD row
 * of `area_postcode` (that nearest postcode) gives the census small areas that key energy use, deprivation,
 * rurality, WIMD / SIMD and the Scottish Postcode Directory row. ONSPD is narrowed to those postcodes, and each
 * area table to their codes, before its dedup.
 */
export function areaJoinSql(ctx: AssetContext, uprnPostcodes: string): string {
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
      FROM ${parquetPath(uprnPostcodes)} WHERE area_key IS NOT NULL),
    onspd AS (
      SELECT * FROM ${t('onspd')} WHERE postcode IN (SELECT area_postcode FROM p)
      QUALIFY row_number() OVER (PARTITION BY postcode ORDER BY date_of_termination NULLS FIRST) = 1),
    hpi_latest AS (${latestHpiPerAreaSql(`(SELECT * FROM ${t(HPI_TABLE)}
      WHERE area_code IN (${keyCodes('b_local_authority_district_code', 'b_region_code', 'b_country_code')}))`)}),
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
    ${withJson(['onspd', 'hpi_latest', 'fp', 'eu', 'dep', 'dep21', 'ruc', 'sp'])}
    SELECT p.area_key, p.postcode, p.area_postcode, p.area_country, ${POLYGON_COLUMNS.map((c) => `p.${c}`).join(', ')},
      o.j AS onspd,
      h_la.j AS hpi_la,
      h_rg.j AS hpi_region,
      h_ct.j AS hpi_country,
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
    LEFT JOIN hpi_latest_j h_la ON h_la.area_code = p.b_local_authority_district_code
    LEFT JOIN hpi_latest_j h_rg ON h_rg.area_code = p.b_region_code
    LEFT JOIN hpi_latest_j h_ct ON h_ct.area_code = p.b_country_code
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
export function areaInputsOf(row: Record<string, unknown>): AreaInputs {
  const j = (key: string) => (row[key] ?? null) as Json;
  return {
    postcode: (row.postcode as string | null) ?? null,
    postcodeSource: null,
    postcodeDistance: null,
    onspd: j('onspd'),
    boundaries: polygonAdmin(Object.fromEntries(POLYGON_ADMIN_FIELDS.map((f) => [f, row[`b_${f}`]]))),
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

const EMPTY_ATTRIBUTES_OPEN = openAttributesJson({
  house_price_index: null,
  fuel_poverty: null,
  average_energy_usage_stats: null,
  urban_rural_classification: null,
  indices_of_deprivation: null,
});

/**
 * Step 2: the block of every area key of a uprn_postcodes file (`uprnPostcodes`), with the facts the grant
 * rules need, written to `out`.
 */
async function writePostcodeAreaBlocks(
  ctx: AssetContext,
  uprnPostcodes: string,
  out: string,
  prices: AreaEnergyPrices | null,
) {
  const rows = (async function* () {
    let n = 0;
    for await (const row of queryParquet(areaJoinSql(ctx, uprnPostcodes))) {
      // Grants are per UPRN (step 3): built here without rules.
      const block = buildAreaBlock(
        areaInputsOf(row),
        { as_of: '1970-01-01', schemes: [] },
        '1970-01-01',
        prices,
      );
      const admin = block.admin_boundaries;
      const lsoa = block.area_attributes.indices_of_deprivation?.lower_layer_super_output_area as
        Record<string, unknown> | null | undefined;
      const decile = lsoa?.index_of_multiple_deprivation_decile;
      if (++n % 50_000 === 0) ctx.heartbeat({ step: 'postcode blocks', rows: n });
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
  return writeParquet(
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
  );
}

/** The facts the grant rules read, per UPRN: the postcode's, else (no postcode) the EPC's country. */
function grantFactsSql(ctx: AssetContext, tile: string): string {
  return `
    SELECT p.uprn, p.postcode, p.postcode_source, p.postcode_distance, p.area_postcode, p.area_postcode_distance,
      b.admin_boundaries, b.area_attributes_open,
      COALESCE(b.country, p.epc_country) AS g_country, b.local_authority_district_code AS g_la,
      b.deprivation_decile AS g_decile, p.epc_tenure AS g_tenure, p.epc_band AS g_band
    FROM ${parquetPath(tilePath(ctx, UPRN_POSTCODES_TABLE, tile))} p
    LEFT JOIN ${parquetPath(tilePath(ctx, POSTCODE_AREA_BLOCKS_TABLE, tile))} b USING (area_key)`;
}

const GRANT_KEYS = ['g_country', 'g_la', 'g_decile', 'g_tenure', 'g_band'] as const;

/** Step 3: the grants of every distinct combination of facts. */
async function writeGrantSets(ctx: AssetContext, tile: string, rules: RetrofitGrantRules, asOf: string) {
  const rows = (async function* () {
    // Ordered, so the table's bytes are the same on every run (DISTINCT alone follows thread timing).
    const keys = GRANT_KEYS.join(', ');
    const sql = `SELECT DISTINCT ${keys} FROM (${grantFactsSql(ctx, tile)}) ORDER BY ${keys} NULLS FIRST`;
    for await (const row of queryParquet(sql)) {
      const country = row.g_country as string | null;
      yield {
        ...row,
        grants: applicableGrants(
          rules,
          {
            country: country === 'England' || country === 'Wales' || country === 'Scotland' ? country : null,
            localAuthorityCode: (row.g_la as string | null) ?? null,
            tenure: (row.g_tenure as string | null) ?? null,
            epcBand: (row.g_band as string | null) ?? null,
            deprivationDecile: row.g_decile === null ? null : Number(row.g_decile),
          },
          asOf,
        ),
      };
    }
  })();
  return writeParquet(
    tilePath(ctx, GRANT_SETS_TABLE, tile),
    [
      { name: 'g_country', type: 'VARCHAR' },
      { name: 'g_la', type: 'VARCHAR' },
      { name: 'g_decile', type: 'BIGINT' },
      { name: 'g_tenure', type: 'VARCHAR' },
      { name: 'g_band', type: 'VARCHAR' },
      { name: 'grants', type: 'JSON' },
    ],
    rows,
  );
}

/**
 * A DOUBLE as JSON.stringify writes it (`13`, not DuckDB's `13.0`), so the block's text is the answers' own
 * and the properties index stores it as it is. Distances here are rounded to 0.1 m: never an exponent.
 */
const jsNumber = (column: string): string =>
  `CASE WHEN ${column} = trunc(${column}) THEN CAST(${column} AS BIGINT)::VARCHAR ELSE CAST(${column} AS VARCHAR) END`;

/**
 * Step 4: the per-UPRN block (of the UPRNs of `only`, an SQL query, when given), assembled in DuckDB, the
 * MD5 of its text and the digest of the EPC facts it was built from (`facts`, a file of tileFactsSql).
 */
function assembleSql(ctx: AssetContext, tile: string, facts: string, only?: string): string {
  const on = GRANT_KEYS.map((k) => `g.${k} IS NOT DISTINCT FROM f.${k}`).join(' AND ');
  const blocks = `
    SELECT f.uprn, f.postcode, f.g_country AS country,
      ('{"admin_boundaries":' || COALESCE(f.admin_boundaries, 'null')
        || ',"area_attributes":' || COALESCE(f.area_attributes_open, '${EMPTY_ATTRIBUTES_OPEN}')
        || ',"retrofit_grants":' || COALESCE(g.grants::VARCHAR, '[]')
        || '},"postcode_source":' || COALESCE('"' || f.postcode_source || '"', 'null')
        || ',"postcode_distance":' || COALESCE(${jsNumber('f.postcode_distance')}, 'null')
        || ',"area_postcode":' || COALESCE('"' || f.area_postcode || '"', 'null')
        || ',"area_postcode_distance":' || COALESCE(${jsNumber('f.area_postcode_distance')}, 'null')
        || '}') AS text
    FROM (${grantFactsSql(ctx, tile)}) f
    LEFT JOIN ${parquetPath(tilePath(ctx, GRANT_SETS_TABLE, tile))} g ON ${on}
    ${only === undefined ? '' : `WHERE f.uprn IN (${only})`}`;
  // block_digest: what properties_index compares to tell which documents changed, without reading blocks.
  return `SELECT uprn, postcode, country, text::JSON AS block, md5(text) AS block_digest, f.input_digest
    FROM (${blocks}) JOIN ${parquetPath(facts)} f USING (uprn) ORDER BY uprn`;
}

const CODE_VERSION = '10';

export const uprnAreaBlocks = defineAsset({
  name: 'uprn_area_blocks',
  kind: 'derived',
  description:
    'Per UPRN: admin boundaries (boundary polygons at the UPRN point, census areas of the nearest postcode) and area attributes (HPI, fuel poverty, energy use, grants, rural-urban, deprivation) keyed on them',
  upstream: [
    'os_open_uprn',
    'onspd',
    'admin_boundaries',
    'uprn_epc_blocks',
    'hpi',
    'fuel_poverty',
    'energy_usage',
    'deprivation',
    'lsoa_lookup',
    'rural_urban',
    'wimd',
    'simd',
    'scottish_postcodes',
    'energy_prices',
  ],
  // 4: partitioned per 10 km tile; every table it writes is derived/<table>/<tile>.parquet. 5: each HPI
  // figure from its latest month.
  // 6: energy costs at the energy_prices dataset's unit rates for the postcode's region and the cap period in
  // force on the refresh date (was a fixed GB-average rate).
  // 7: Wales and Scotland answered: indices_of_deprivation.national_index (IoD2019 / WIMD / SIMD), the Scottish
  // urban-rural classification and NRS settlements as built-up areas (issue 16).
  // 8: one admin geography with GET /location (issue 15 item 8, point-geography.ts): ward, local authority,
  // county, region and country from the boundary polygons at the UPRN's point, the census small areas (and
  // every other ONSPD field) from the postcode nearest that point, not the certificate's; HPI and fuel
  // poverty's local authority / region rows by the polygon codes, the fuel poverty LSOA, energy use,
  // deprivation and rurality by the nearest postcode's areas. Blocks are built per (answered postcode, area
  // postcode, polygon codes); the block records area_postcode and area_postcode_distance.
  // 9: built per UPRN whose EPC facts changed when nothing else moved (tileInputsHeld), the rest kept from the
  // tile's last build; block_digest per row. 10: distances written as JSON.stringify writes them.
  codeVersion: CODE_VERSION,
  owner: 'area-data',
  cadence: 'monthly',
  partitioning: { kind: 'bng-tile', keys: (ctx) => tilesHoldingUprns(ctx) },
  async materialize(ctx): Promise<MaterializeResult> {
    const tile = partitionOf(ctx);
    let started = Date.now();
    const step = (name: string, rows: number) => {
      ctx.log(
        `uprn_area_blocks ${tile}: ${name}: ${rows} rows in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
      started = Date.now();
    };
    // Energy costs at the cap period in force on the day of the refresh; grants open and close on dates:
    // blocks are judged on the day of the refresh.
    const asOf = new Date().toISOString().slice(0, 10);
    const rules = loadRetrofitGrantRules();
    const day: DayInputs = {
      prices: buildEnergyPriceTable(readEnergyPriceRows(energyPricesJsonPath(ctx.config.dataDir))),
      rules,
    };
    const { prices } = dayTerms(day, asOf);
    const paths = {
      blocks: tilePath(ctx, UPRN_AREA_BLOCKS_TABLE, tile),
      postcodes: tilePath(ctx, UPRN_POSTCODES_TABLE, tile),
      areaBlocks: tilePath(ctx, POSTCODE_AREA_BLOCKS_TABLE, tile),
      grantSets: tilePath(ctx, GRANT_SETS_TABLE, tile),
    };
    const scratch = await scratchFolder(`${paths.blocks}.work`);
    try {
      const factsFile = join(scratch, 'facts.parquet');
      const facts = await copyQueryToParquet(tileFactsSql(ctx, tile), factsFile);
      // The previous build's rows are kept for the UPRNs whose EPC facts held, when nothing else it read
      // moved; otherwise (and when forced) every row is built.
      const incremental = tileInputsHeld(ctx, day, asOf) && Object.values(paths).every((p) => existsSync(p));
      // Which UPRNs are kept and which built, fixed now: the tables they are read from are rewritten below.
      const keptFile = join(scratch, 'kept.parquet');
      if (incremental)
        await copyQueryToParquet(
          `SELECT b.uprn FROM ${parquetPath(paths.blocks)} b JOIN ${parquetPath(factsFile)} f
            ON b.uprn = f.uprn AND b.input_digest = f.input_digest`,
          keptFile,
        );
      const kept = incremental ? `SELECT uprn FROM ${parquetPath(keptFile)}` : null;
      const changed = kept === null ? undefined : `SELECT uprn FROM ${parquetPath(factsFile)} EXCEPT ${kept}`;
      const built = changed === undefined ? facts.rows : await countRows(changed);
      step('EPC facts', facts.rows);
      const outputs = [paths.blocks, paths.postcodes, paths.areaBlocks, paths.grantSets];
      const previousRows =
        kept === null ? 0 : await countRows(`SELECT uprn FROM ${parquetPath(paths.blocks)}`);
      if (kept !== null && built === 0 && previousRows === facts.rows) {
        step('unchanged', facts.rows);
        return { rows: facts.rows, outputs, metrics: { built: 0 } } satisfies MaterializeResult;
      }
      // Step 1: the postcodes of the UPRNs to build, beside those kept (a full build writes them in place).
      const freshPostcodes = kept === null ? paths.postcodes : join(scratch, 'postcodes.parquet');
      const postcodes = await writeUprnPostcodes(ctx, tile, freshPostcodes, changed);
      if (kept !== null)
        await copyQueryToParquet(
          `SELECT * FROM ${parquetPath(paths.postcodes)} WHERE uprn IN (${kept})
           UNION ALL SELECT * FROM ${parquetPath(freshPostcodes)} ORDER BY uprn`,
          paths.postcodes,
        );
      step('UPRN postcodes', postcodes.rows);
      // Step 2: the blocks of area keys not built before (every key in use, on a full build).
      const newKeys = join(scratch, 'new-keys.parquet');
      if (kept !== null)
        await copyQueryToParquet(
          `SELECT * FROM ${parquetPath(freshPostcodes)}
           WHERE area_key NOT IN (SELECT area_key FROM ${parquetPath(paths.areaBlocks)})`,
          newKeys,
        );
      const freshAreaBlocks = kept === null ? paths.areaBlocks : join(scratch, 'area-blocks.parquet');
      const perPostcode = await writePostcodeAreaBlocks(
        ctx,
        kept !== null ? newKeys : paths.postcodes,
        freshAreaBlocks,
        prices,
      );
      if (kept !== null)
        await copyQueryToParquet(
          `SELECT * FROM (SELECT * FROM ${parquetPath(paths.areaBlocks)} UNION ALL
             SELECT * FROM ${parquetPath(freshAreaBlocks)})
           WHERE area_key IN (SELECT area_key FROM ${parquetPath(paths.postcodes)}) ORDER BY area_key`,
          paths.areaBlocks,
        );
      step('postcode blocks', perPostcode.rows);
      // Step 3: the grants of every combination of facts in use (a few thousand at most: all evaluated).
      const grantSets = await writeGrantSets(ctx, tile, rules, asOf);
      step(`grant sets (rules as of ${rules.as_of})`, grantSets.rows);
      // Step 4: the blocks to build, then the kept ones in their order and the built ones in theirs (one
      // streaming copy, no sort of a whole tile's blocks). A full build writes the file sorted by UPRN.
      let written;
      if (kept === null) written = await copyQueryToParquet(assembleSql(ctx, tile, factsFile), paths.blocks);
      else {
        const fresh = join(scratch, 'blocks.parquet');
        await copyQueryToParquet(assembleSql(ctx, tile, factsFile, changed), fresh);
        written = await copyQueryToParquet(
          `SELECT * FROM ${parquetPath(paths.blocks)} WHERE uprn IN (${kept})
           UNION ALL SELECT * FROM ${parquetPath(fresh)}`,
          paths.blocks,
        );
      }
      step('UPRN blocks', built);
      return {
        rows: written.rows,
        outputs,
        // The roll-up sums partition metrics, so postcodes and grant sets shared by tiles count once per
        // tile; the grant rules' as_of (the same in every tile) is logged rather than summed. The postcode
        // sources count the UPRNs built this time.
        metrics: {
          built,
          postcode_from_epc: postcodes.fromEpc,
          postcode_from_nearest: postcodes.fromNearest,
          without_postcode: postcodes.rows - postcodes.fromEpc - postcodes.fromNearest,
          postcodes: perPostcode.rows,
          grant_sets: grantSets.rows,
        },
      };
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  },
});
