// The Great Britain heritage tables the planning block reads (batch and live, through AREA_SOURCES and
// POINT_SOURCES of uprn-location-blocks.ts): each family's English, Welsh and Scottish staged tables in one,
// with the listing system, native grade and tier of every listed building, and cross-border duplicates once
// (docs/nations.md):
//   - a World Heritage Site published by two countries (Pontcysyllte Aqueduct and Canal is in NHLE and in
//     Cadw's layer) is kept from the first publisher in the order NHLE, Cadw, HES when the names match (case,
//     punctuation and a "World Heritage Site" suffix aside) and the boundaries' boxes meet: sites of one
//     transnational inscription with different names (Hadrian's Wall, the Antonine Wall) stay apart;
//   - a listed building on two lists (a border bridge) is kept from the first system, same order, when the
//     names match and the points lie within CROSS_BORDER_RADIUS of each other.
// Conservation areas are designated by local planning authorities, which never straddle the border: all kept.
import { GB_HERITAGE_TABLES, type GbHeritageTable } from '../../../schemas/heritage-features';
import { copyQueryToParquet, parquetPath } from '../../io/parquet';
import { parquetColumnsFor } from '../../io/parquet-columns';
import { LISTING_TIERS } from '../../transforms/heritage/listing';
import { type AssetContext } from '../../orchestration/definition';
import { defineAsset, type Asset, type AssetName } from '../define';
import { derivedPath, stagedPath } from '../../orchestration/ingest';

/** Two listings of one building by two systems lie within this many metres of each other. */
export const CROSS_BORDER_RADIUS = 100;

export const gbHeritagePath = (ctx: Pick<AssetContext, 'config'>, table: GbHeritageTable): string =>
  derivedPath(ctx as AssetContext, table);

const t = (ctx: AssetContext, table: string): string => parquetPath(stagedPath(ctx, table));
const lit = (s: string): string => `'${s.replaceAll("'", "''")}'`;

/** The name key duplicates are matched on: lower case, & as "and", no trailing "World Heritage Site", a-z0-9. */
export const nameKeySql = (column: string): string =>
  `regexp_replace(regexp_replace(replace(lower(coalesce(${column}, '')), '&', ' and '),
    '\\s*world\\s+heritage\\s+site(\\s+boundary)?\\s*$', ''), '[^a-z0-9]', '', 'g')`;

const tierSql = (grade: string): string =>
  `CASE ${Object.entries(LISTING_TIERS)
    .map(([g, tier]) => `WHEN ${grade} = ${lit(g)} THEN ${lit(tier)}`)
    .join(' ')} END`;

export function gbListedBuildingsSql(ctx: AssetContext): string {
  return `
    WITH listings AS (
      SELECT 1 AS priority, 'NHLE' AS listing_system, feature_id, name, grade AS listing_grade, date_listed, url,
        x_coord, y_coord FROM ${t(ctx, 'listed_buildings')}
      UNION ALL
      SELECT 2, 'Cadw', feature_id, name, grade, date_listed, url, x_coord, y_coord
        FROM ${t(ctx, 'cadw_listed_buildings')}
      UNION ALL
      SELECT 3, 'HES', feature_id, name, category, date_listed, url, x_coord, y_coord
        FROM ${t(ctx, 'hes_listed_buildings')}),
    keyed AS (SELECT *, ${nameKeySql('name')} AS name_key FROM listings)
    SELECT listing_system || ':' || feature_id AS feature_id, listing_system, listing_grade,
      ${tierSql('listing_grade')} AS listing_tier, name, CAST(date_listed AS TIMESTAMP) AS date_listed, url,
      x_coord, y_coord
    FROM keyed a
    WHERE NOT EXISTS (
      SELECT 1 FROM keyed b
      WHERE b.priority < a.priority AND b.name_key = a.name_key AND a.name_key <> ''
        AND abs(b.x_coord - a.x_coord) <= ${CROSS_BORDER_RADIUS} AND abs(b.y_coord - a.y_coord) <= ${CROSS_BORDER_RADIUS}
        AND (b.x_coord - a.x_coord) ^ 2 + (b.y_coord - a.y_coord) ^ 2 <= ${CROSS_BORDER_RADIUS ** 2})
    ORDER BY x_coord, feature_id`;
}

export function gbConservationAreasSql(ctx: AssetContext): string {
  return `
    SELECT 'planning.data:' || feature_id AS feature_id, 'planning.data.gov.uk' AS publisher, name,
      CAST(designation_date AS TIMESTAMP) AS designation_date, geometry, minx, miny, maxx, maxy
      FROM ${t(ctx, 'conservation_areas')}
    UNION ALL
    SELECT 'DataMapWales:' || feature_id, 'DataMapWales', name, CAST(NULL AS TIMESTAMP), geometry, minx, miny,
      maxx, maxy FROM ${t(ctx, 'wales_conservation_areas')}
    UNION ALL
    SELECT 'HES:' || feature_id, 'HES', name, CAST(designation_date AS TIMESTAMP), geometry, minx, miny, maxx,
      maxy FROM ${t(ctx, 'hes_conservation_areas')}
    ORDER BY minx, feature_id`;
}

export function gbWorldHeritageSitesSql(ctx: AssetContext): string {
  return `
    WITH sites AS (
      SELECT 1 AS priority, 'NHLE' AS publisher, feature_id, name, CAST(inscription_date AS TIMESTAMP) AS inscription_date,
        notes, url, geometry, minx, miny, maxx, maxy FROM ${t(ctx, 'world_heritage_sites')}
      UNION ALL
      SELECT 2, 'Cadw', feature_id, name, CAST(NULL AS TIMESTAMP), CAST(NULL AS VARCHAR), CAST(NULL AS VARCHAR),
        geometry, minx, miny, maxx, maxy FROM ${t(ctx, 'cadw_world_heritage_sites')}
      UNION ALL
      SELECT 3, 'HES', feature_id, name, CAST(inscription_date AS TIMESTAMP), CAST(NULL AS VARCHAR), url,
        geometry, minx, miny, maxx, maxy FROM ${t(ctx, 'hes_world_heritage_sites')}),
    keyed AS (SELECT *, ${nameKeySql('name')} AS name_key FROM sites)
    SELECT publisher || ':' || feature_id AS feature_id, publisher, name, inscription_date, notes, url, geometry,
      minx, miny, maxx, maxy
    FROM keyed a
    WHERE NOT EXISTS (
      SELECT 1 FROM keyed b
      WHERE b.priority < a.priority AND b.name_key = a.name_key AND a.name_key <> ''
        AND b.maxx >= a.minx AND b.minx <= a.maxx AND b.maxy >= a.miny AND b.miny <= a.maxy)
    ORDER BY minx, feature_id`;
}

// The SELECTs above list the columns in the order of schemas/heritage-features.ts (the data dictionary).
interface GbSpec {
  table: GbHeritageTable;
  upstream: readonly AssetName[];
  description: string;
  sql(ctx: AssetContext): string;
}

const SPECS: readonly GbSpec[] = [
  {
    table: 'gb_listed_buildings',
    upstream: ['listed_buildings', 'cadw_listed_buildings', 'hes_listed_buildings'],
    description:
      'Listed buildings of Great Britain (NHLE, Cadw, HES): listing system, native grade and tier, BNG points; cross-border listings once',
    sql: gbListedBuildingsSql,
  },
  {
    table: 'gb_conservation_areas',
    upstream: ['conservation_areas', 'wales_conservation_areas', 'hes_conservation_areas'],
    description:
      'Conservation areas of Great Britain (planning.data.gov.uk, DataMapWales, HES): BNG polygons',
    sql: gbConservationAreasSql,
  },
  {
    table: 'gb_world_heritage_sites',
    upstream: ['world_heritage_sites', 'cadw_world_heritage_sites', 'hes_world_heritage_sites'],
    description:
      'World Heritage Sites of Great Britain (NHLE, Cadw, HES): BNG polygons; sites published by two countries once',
    sql: gbWorldHeritageSitesSql,
  },
];

function gbAsset(spec: GbSpec): Asset {
  return defineAsset({
    name: spec.table,
    kind: 'derived',
    description: spec.description,
    upstream: spec.upstream,
    // 2: written as GeoParquet 1.1 (pipelines/io/geoparquet.ts).
    codeVersion: '2',
    owner: 'heritage',
    cadence: 'monthly',
    async materialize(ctx) {
      // The schema's columns say which are a point's x/y (GeoParquet points, pipelines/io/geoparquet.ts).
      const written = await copyQueryToParquet(spec.sql(ctx), gbHeritagePath(ctx, spec.table), {
        columns: parquetColumnsFor(GB_HERITAGE_TABLES[spec.table]),
      });
      return { rows: written.rows, outputs: [written.path] };
    },
  });
}

export const GB_HERITAGE_ASSETS: readonly Asset[] = SPECS.map(gbAsset);
