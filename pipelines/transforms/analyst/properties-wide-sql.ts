// The SQL of one tile of properties_wide (schemas/properties-wide.ts): the tile's UPRNs joined with their
// location, area and flood blocks, their latest certificate and a count of listed buildings within 1 km.
// Every read of a block field goes through BlockFields below: the block tables hold their block as typed
// nested columns (STRUCT, LIST), so a field is a member access, with no JSON to parse.
import { FLOOD_ZONE_LAYERS } from '../../../schemas/features';
import { memberSql } from '../../io/nested-type';
import { floodBandColumn, PropertiesWideRowSchema } from '../../../schemas/properties-wide';

export interface PropertiesWideInputs {
  /** Relations (read_parquet(...) or subqueries) of the tile's rows. */
  uprns: string;
  location: string;
  area: string;
  flood: string;
  epcLatest: string;
  listedBuildings: string;
  /** The SQL condition selecting the tile's UPRNs from `uprns` (x_coord, y_coord). */
  inTile: string;
  /** When given, a query of the UPRNs to build (the others of the tile are left out). */
  only?: string;
  /**
   * With `only`: the tile's previous rows (a relation with the table's columns), built from the same UPRNs,
   * location and flood blocks and listed buildings as now. A UPRN's columns that read only those (PLACE) are
   * then its previous row's, and only its area block and latest certificate are read: a month's rows without
   * the blocks that did not change.
   */
  previous?: string;
  /** When given, only the UPRNs from its first to its last (a run of the tile). */
  range?: readonly [number, number];
  tile: string;
}

const quote = (s: string): string => `'${s.replaceAll("'", "''")}'`;

type Cast = 'VARCHAR' | 'DOUBLE' | 'BIGINT' | 'BOOLEAN';

/**
 * The block fields a query reads, by table alias: `field` names one, and `relations` selects each as a
 * column `v<n>` of its block table's relation.
 */
class BlockFields {
  private readonly paths = new Map<string, string[]>();

  /** One field of a block column, by its path under the block (`a.b.c`), as a SQL type. */
  field(alias: string, path: string, cast: Cast = 'VARCHAR'): string {
    const list = this.paths.get(alias) ?? [];
    this.paths.set(alias, list);
    let index = list.indexOf(path);
    if (index === -1) index = list.push(path) - 1;
    return `CAST(${alias}.v${index + 1} AS ${cast})`;
  }

  /**
   * `alias AS (SELECT uprn, <keep>, v1, v2, … FROM relation [WHERE where])` for each alias read that
   * `tables` names: `tables[alias]` is [relation, ...keep].
   */
  relations(tables: Record<string, readonly string[]>, where?: string): string[] {
    return [...this.paths].flatMap(([alias, paths]) => {
      if (!tables[alias]) return [];
      const [relation, ...keep] = tables[alias];
      const members = paths.map((path, n) => `${memberSql('block', path)} AS v${n + 1}`);
      const filter = where === undefined ? '' : ` WHERE ${where}`;
      return `${alias} AS (SELECT ${['uprn', ...keep, ...members].join(', ')} FROM ${relation}${filter})`;
    });
  }
}

/** The inputs of a column that the UPRN's place decides (its point, location and flood blocks, listed buildings). */
const PLACE = new Set(['u', 'l', 'f', 'lb']);
/** The table aliases a column's SQL reads (`alias.column`). */
const aliasesOf = (sql: string): string[] => [...sql.matchAll(/\b([a-z]+)\.[a-z_0-9]/g)].map((m) => m[1]!);
/** Whether a column reads nothing but the UPRN's place (a constant reads nothing). */
export const readsPlaceOnly = (sql: string): boolean => aliasesOf(sql).every((a) => PLACE.has(a));

const RADIUS = 1000;
const BANDS = ['Very Low', 'Low', 'Medium', 'High'];
const bandRank = (band: string): string =>
  `CASE ${band} ${BANDS.map((b, i) => `WHEN '${b}' THEN ${i + 1}`).join(' ')} END`;
const bandOf = (rank: string): string =>
  `CASE ${rank} ${BANDS.map((b, i) => `WHEN ${i + 1} THEN '${b}'`).join(' ')} END`;
const isClimateChange = (layer: string): boolean => layer.endsWith('_climate_change');

export function propertiesWideSql(i: PropertiesWideInputs): string {
  const blocks = new BlockFields();
  const field = blocks.field.bind(blocks);
  const lsoaEnergy = 'area_attributes.average_energy_usage_stats.lower_layer_super_output_area';
  const msoaEnergy = 'area_attributes.average_energy_usage_stats.middle_layer_super_output_area';
  const energy = (measure: string): string =>
    `coalesce(${field('a', `${lsoaEnergy}.${measure}`, 'DOUBLE')}, ${field('a', `${msoaEnergy}.${measure}`, 'DOUBLE')})`;
  const deprivation = 'area_attributes.indices_of_deprivation';
  const rural = 'area_attributes.urban_rural_classification';
  const floodBand = (layer: string): string => {
    const [country, source] = layer.split('.') as [string, string];
    return `CASE WHEN ${field('f', `${country}.${source}.in_flood_risk_zone`, 'BOOLEAN')}
      THEN ${field('f', `${country}.${source}.flood_risk_description`)} END`;
  };
  const presentDay = FLOOD_ZONE_LAYERS.filter((l) => !isClimateChange(l));
  const columns: Record<string, string> = {
    uprn: 'u.uprn',
    tile: quote(i.tile),
    x_coord: 'u.x_coord',
    y_coord: 'u.y_coord',
    latitude: 'u.latitude',
    longitude: 'u.longitude',
    country: field('l', 'admin_boundaries.country_name'),
    local_authority_code: field('l', 'admin_boundaries.local_authority_district_code'),
    local_authority_name: field('l', 'admin_boundaries.local_authority_district_name'),
    region_name: `CASE WHEN ${field('l', 'admin_boundaries.country_name')} = 'England' THEN ${field('l', 'admin_boundaries.region_name')} END`,
    postcode: 'a.postcode',
    epc_lodgement_date: 'e.lodgement_date',
    epc_rating: 'e.energy_rating_current',
    epc_score: 'e.energy_efficiency_current',
    epc_potential_rating: 'e.energy_rating_potential',
    epc_property_type: 'e.property_type',
    epc_built_form: 'e.built_form',
    epc_construction_age_band: 'e.construction_age_band',
    epc_total_floor_area: 'e.total_floor_area',
    epc_main_fuel: 'e.main_fuel',
    epc_co2_emissions: 'e.co2_emissions_current',
    epc_energy_use_kwh: 'round(e.energy_consumption_per_floor_area_m2_current * e.total_floor_area, 1)',
    ...Object.fromEntries(FLOOD_ZONE_LAYERS.map((l) => [floodBandColumn(l), floodBand(l)])),
    highest_flood_band: bandOf(`greatest(${presentDay.map((l) => bandRank(floodBand(l))).join(', ')})`),
    in_conservation_area: field('l', 'planning.conservation_areas.in_conservation_area', 'BOOLEAN'),
    listed_buildings_within_1km: 'coalesce(lb.n, 0)',
    in_national_park: field('l', 'planning.national_parks.in_national_park', 'BOOLEAN'),
    // Inside a park, the nearest is the one containing the point (distance 0).
    national_park_name: `CASE WHEN ${field('l', 'planning.national_parks.in_national_park', 'BOOLEAN')}
      THEN ${field('l', 'planning.national_parks.nearest_national_park.name')} END`,
    deprivation_index: `coalesce(${field('a', `${deprivation}.national_index.index`)},
      CASE WHEN ${field('a', `${deprivation}.lower_layer_super_output_area.lsoa_code`)} IS NOT NULL THEN 'IoD2019' END)`,
    deprivation_decile: `coalesce(${field('a', `${deprivation}.national_index.decile`, 'BIGINT')},
      ${field('a', `${deprivation}.lower_layer_super_output_area.index_of_multiple_deprivation_decile`, 'BIGINT')})`,
    rurality: `coalesce(${field('a', `${rural}.rural_urban_classification_2_fold`)}, ${field('a', `${rural}.scottish_urban_rural_classification.urban_rural_2_fold`)})`,
    rurality_class: `coalesce(${field('a', `${rural}.rural_urban_classification_10_fold`)}, ${field('a', `${rural}.scottish_urban_rural_classification.urban_rural_8_fold`)})`,
    area_mean_electricity_kwh: energy('mean_electricity_usage'),
    area_mean_gas_kwh: energy('mean_gas_usage'),
    area_mean_electricity_cost: energy('mean_electricity_cost'),
    area_mean_gas_cost: energy('mean_gas_cost'),
  };
  // The select list follows the schema, so the file's columns are the dictionary's, in order.
  const previous = i.only === undefined ? undefined : i.previous;
  const select = Object.keys(PropertiesWideRowSchema.shape).map((name) => {
    const sql = columns[name];
    if (sql === undefined) throw new Error(`properties_wide: no SQL for column ${name}`);
    return `${previous !== undefined && readsPlaceOnly(sql) ? `p."${name}"` : sql} AS "${name}"`;
  });
  // A run's range read from each table by its row groups' statistics (each is in UPRN order within the tile).
  const inRange = i.range && `uprn BETWEEN ${i.range[0]} AND ${i.range[1]}`;
  // Only the blocks of the UPRNs built are read; with their previous rows, not the place's blocks.
  const relations = blocks.relations(
    previous === undefined
      ? { l: [i.location], a: [i.area, 'postcode'], f: [i.flood] }
      : { a: [i.area, 'postcode'] },
    i.only === undefined ? inRange : `uprn IN (SELECT uprn FROM u)${inRange ? ` AND ${inRange}` : ''}`,
  );
  // What the place's columns are read from: the listed buildings within 1 km and the location and flood
  // blocks, or the previous rows.
  const place =
    previous === undefined
      ? {
          ctes: [
            `lb AS (
      SELECT u.uprn, count(*) AS n FROM u JOIN ${i.listedBuildings} b
        ON b.x_coord BETWEEN u.x_coord - ${RADIUS} AND u.x_coord + ${RADIUS}
       AND b.y_coord BETWEEN u.y_coord - ${RADIUS} AND u.y_coord + ${RADIUS}
      WHERE (b.x_coord - u.x_coord) ^ 2 + (b.y_coord - u.y_coord) ^ 2 <= ${RADIUS * RADIUS}
      GROUP BY u.uprn
    )`,
          ],
          joins: [
            'LEFT JOIN l ON l.uprn = u.uprn',
            'LEFT JOIN f ON f.uprn = u.uprn',
            'LEFT JOIN lb ON lb.uprn = u.uprn',
          ],
        }
      : {
          ctes: [],
          joins: [`JOIN (SELECT * FROM ${previous} WHERE uprn IN (SELECT uprn FROM u)) p ON p.uprn = u.uprn`],
        };
  // epc_latest carries the UPRN's coordinates: the tile's box prunes row groups before the join.
  const andInRange = inRange ? `AND ${inRange}` : '';
  const epc = `e AS (SELECT * FROM ${i.epcLatest} WHERE ${i.inTile} ${andInRange} AND uprn IN (SELECT uprn FROM u))`;
  return `
    WITH u AS (SELECT uprn, x_coord, y_coord, latitude, longitude FROM ${i.uprns}
      WHERE ${i.inTile} ${andInRange} ${i.only === undefined ? '' : `AND uprn IN (${i.only})`}),
    ${[...place.ctes, epc, ...relations].join(',\n    ')}
    SELECT ${select.join(',\n      ')}
    FROM u
    ${[...place.joins, 'LEFT JOIN a ON a.uprn = u.uprn', 'LEFT JOIN e ON e.uprn = u.uprn'].join('\n    ')}
    ORDER BY u.uprn`;
}
