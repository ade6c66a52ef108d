// properties_wide's SQL on hand-made block rows: one row per UPRN of the tile with flat typed columns, flood
// bands per map and the highest present-day one, listed buildings counted by true distance (not the block's
// nearest ten), each country's deprivation index, and nulls (not errors) where a UPRN has no block or EPC.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { PropertiesWideRowSchema } from '../../../schemas/properties-wide';
import { inTileSql } from '../../../pipelines/geo/tiles';
import {
  copyQueryToParquet,
  parquetPath,
  queryParquet,
  writeParquet,
  type ColumnSpec,
} from '../../../pipelines/io/parquet';
import { nestedColumnType, parquetColumnsFor } from '../../../pipelines/io/parquet-columns';
import { UprnAreaBlockRowSchema } from '../../../schemas/area-tables';
import { UprnFloodBlockRowSchema, UprnLocationBlockRowSchema } from '../../../schemas/property-block-tables';
import { propertiesWideSql } from '../../../pipelines/transforms/analyst/properties-wide-sql';
import { rows } from '../../helpers/parquet-rows';

const dir = mkdtempSync(join(tmpdir(), 'pds-wide-'));
const file = (name: string) => join(dir, `${name}.parquet`);
const TILE = 'TQ27';
const zone = (band: string | null) => ({
  in_flood_risk_zone: band !== null,
  flood_risk_description: band,
});
const rowsByUprn = new Map<number, Record<string, unknown>>();
/** The tile's inputs: the hand-made tables written below. */
const inputs = () => ({
  tile: TILE,
  uprns: parquetPath(file('uprns')),
  inTile: inTileSql(TILE),
  location: parquetPath(file('location')),
  area: parquetPath(file('area')),
  flood: parquetPath(file('flood')),
  epcLatest: parquetPath(file('epc')),
  listedBuildings: parquetPath(file('listed')),
});

beforeAll(async () => {
  await writeParquet(
    file('uprns'),
    ['uprn', 'x_coord', 'y_coord', 'latitude', 'longitude'].map((name) => ({
      name,
      type: name === 'uprn' ? ('BIGINT' as const) : ('DOUBLE' as const),
    })),
    [
      { uprn: 1, x_coord: 525000, y_coord: 175000, latitude: 51.46, longitude: -0.2 },
      { uprn: 2, x_coord: 526000, y_coord: 176000, latitude: 51.47, longitude: -0.19 },
      // Outside the tile: not in its rows.
      { uprn: 3, x_coord: 535000, y_coord: 175000, latitude: 51.46, longitude: -0.05 },
    ],
  );
  // Each table's block typed as its asset writes it (members left out are null).
  const blockColumns = (schema: Parameters<typeof nestedColumnType>[0]): ColumnSpec[] => [
    { name: 'uprn', type: 'BIGINT' },
    { name: 'postcode', type: 'VARCHAR' },
    { name: 'block', type: 'JSON', nested: nestedColumnType(schema, 'block') },
  ];
  await writeParquet(file('location'), blockColumns(UprnLocationBlockRowSchema), [
    {
      uprn: 1,
      block: {
        admin_boundaries: {
          country_name: 'England',
          local_authority_district_code: 'E09000013',
          local_authority_district_name: 'Hammersmith and Fulham',
          region_name: 'London',
        },
        planning: {
          conservation_areas: { in_conservation_area: true },
          national_parks: { in_national_park: false, nearest_national_park: { name: 'Far Park' } },
        },
      },
    },
  ]);
  await writeParquet(file('area'), blockColumns(UprnAreaBlockRowSchema), [
    {
      uprn: 1,
      postcode: 'SW6 1PN',
      block: {
        area_attributes: {
          indices_of_deprivation: {
            lower_layer_super_output_area: {
              lsoa_code: 'E01001876',
              index_of_multiple_deprivation_decile: '3',
            },
            national_index: null,
          },
          urban_rural_classification: {
            rural_urban_classification_2_fold: 'Urban',
            rural_urban_classification_10_fold: 'Urban major conurbation',
          },
          average_energy_usage_stats: {
            lower_layer_super_output_area: null,
            middle_layer_super_output_area: { mean_gas_usage: 12000.5, mean_gas_cost: 900.25 },
          },
        },
      },
    },
  ]);
  await writeParquet(file('flood'), blockColumns(UprnFloodBlockRowSchema), [
    {
      uprn: 1,
      block: {
        england: {
          rivers_and_seas: zone('Medium'),
          surface_water: zone('Low'),
          // A climate change map's High band is its own column, not the present-day highest.
          rivers_and_seas_climate_change: zone('High'),
          surface_water_climate_change: zone(null),
        },
        wales: null,
        scotland: null,
      },
    },
  ]);
  await writeParquet(
    file('epc'),
    [
      { name: 'uprn', type: 'BIGINT' },
      { name: 'lodgement_date', type: 'TIMESTAMP' },
      { name: 'energy_rating_current', type: 'VARCHAR' },
      { name: 'energy_rating_potential', type: 'VARCHAR' },
      { name: 'energy_efficiency_current', type: 'BIGINT' },
      { name: 'property_type', type: 'VARCHAR' },
      { name: 'built_form', type: 'VARCHAR' },
      { name: 'construction_age_band', type: 'VARCHAR' },
      { name: 'total_floor_area', type: 'DOUBLE' },
      { name: 'main_fuel', type: 'VARCHAR' },
      { name: 'co2_emissions_current', type: 'DOUBLE' },
      { name: 'energy_consumption_per_floor_area_m2_current', type: 'DOUBLE' },
      { name: 'x_coord', type: 'DOUBLE' },
      { name: 'y_coord', type: 'DOUBLE' },
    ],
    [
      {
        uprn: 1,
        lodgement_date: '2020-01-02T00:00:00Z',
        energy_rating_current: 'F',
        energy_rating_potential: 'C',
        energy_efficiency_current: 30,
        property_type: 'House',
        built_form: 'Mid-Terrace',
        construction_age_band: 'before 1900',
        total_floor_area: 80,
        main_fuel: 'Mains gas',
        co2_emissions_current: 5.5,
        energy_consumption_per_floor_area_m2_current: 300,
        x_coord: 525000,
        y_coord: 175000,
      },
    ],
  );
  // From UPRN 1: a at 999 m, b at 1,001 m, c at 849 m. From UPRN 2: a at 1,000.0005 m, c at 566 m.
  await writeParquet(
    file('listed'),
    [
      { name: 'feature_id', type: 'VARCHAR' },
      { name: 'x_coord', type: 'DOUBLE' },
      { name: 'y_coord', type: 'DOUBLE' },
    ],
    [
      { feature_id: 'a', x_coord: 525999, y_coord: 175000 },
      { feature_id: 'b', x_coord: 523999, y_coord: 175000 },
      { feature_id: 'c', x_coord: 525600, y_coord: 175600 },
    ],
  );
  const sql = propertiesWideSql(inputs());
  await copyQueryToParquet(sql, file('wide'), { columns: parquetColumnsFor(PropertiesWideRowSchema) });
  for await (const row of queryParquet(`SELECT * EXCLUDE (geometry) FROM ${parquetPath(file('wide'))}`))
    rowsByUprn.set(Number(row.uprn), row);
});

describe('properties_wide SQL', () => {
  it("has the tile's UPRNs only, with the schema's columns in order", async () => {
    expect([...rowsByUprn.keys()]).toEqual([1, 2]);
    const columns: string[] = [];
    for await (const r of queryParquet(`DESCRIBE SELECT * FROM ${parquetPath(file('wide'))}`))
      columns.push(`${String(r.column_name)} ${String(r.column_type)}`);
    const declared = parquetColumnsFor(PropertiesWideRowSchema).map((c) => `${c.name} ${c.type}`);
    expect(columns).toEqual([...declared, 'geometry BLOB']);
  });

  it('flattens the blocks and the latest EPC into typed columns', () => {
    expect(rowsByUprn.get(1)).toMatchObject({
      tile: TILE,
      country: 'England',
      local_authority_code: 'E09000013',
      local_authority_name: 'Hammersmith and Fulham',
      region_name: 'London',
      postcode: 'SW6 1PN',
      epc_lodgement_date: '2020-01-02T00:00:00.000Z',
      epc_rating: 'F',
      epc_score: 30,
      epc_potential_rating: 'C',
      epc_energy_use_kwh: 24000,
      in_conservation_area: true,
      in_national_park: false,
      national_park_name: null,
      deprivation_index: 'IoD2019',
      deprivation_decile: 3,
      rurality: 'Urban',
      rurality_class: 'Urban major conurbation',
      area_mean_gas_kwh: 12000.5,
      area_mean_gas_cost: 900.25,
      area_mean_electricity_kwh: null,
    });
  });

  it("gives each map's band and the highest present-day band", () => {
    expect(rowsByUprn.get(1)).toMatchObject({
      flood_band_england_rivers_and_seas: 'Medium',
      flood_band_england_surface_water: 'Low',
      flood_band_england_rivers_and_seas_climate_change: 'High',
      flood_band_england_surface_water_climate_change: null,
      flood_band_wales_rivers: null,
      highest_flood_band: 'Medium',
    });
  });

  it('counts listed buildings within 1 km by distance', () => {
    expect(rowsByUprn.get(1)!.listed_buildings_within_1km).toBe(2);
    expect(rowsByUprn.get(2)!.listed_buildings_within_1km).toBe(1);
  });

  it('leaves a UPRN without blocks or certificate null, not missing', () => {
    expect(rowsByUprn.get(2)).toMatchObject({
      country: null,
      epc_rating: null,
      highest_flood_band: null,
      deprivation_decile: null,
      x_coord: 526000,
    });
  });

  it('builds a tile in runs of UPRN ranges, copied in their order into the same rows', async () => {
    const runs = [
      propertiesWideSql({ ...inputs(), range: [2, 2] }),
      propertiesWideSql({ ...inputs(), range: [1, 1] }),
    ];
    // Each run only its range's rows.
    for (const [i, uprn] of [2, 1].entries())
      expect((await rows(runs[i]!)).map((r) => r.uprn)).toEqual([uprn]);
    const columns = parquetColumnsFor(PropertiesWideRowSchema);
    // The runs are written in the order given (here backwards), each staged on its own.
    await copyQueryToParquet(runs, file('wide-runs'), { columns, inRuns: true });
    const all = (name: string) => rows(`SELECT * EXCLUDE (geometry) FROM ${parquetPath(file(name))}`);
    expect(await all('wide-runs')).toEqual([...(await all('wide'))].reverse());
  });

  it("builds a month's rows from their previous rows: the place's columns kept, the area's and EPC's read", async () => {
    // A previous row of UPRN 1 whose place columns all differ from what the blocks give now: built with
    // `previous`, the row keeps them (the caller guarantees those inputs did not change) and takes its
    // postcode, certificate and area figures from the current inputs.
    const previous = `(SELECT * REPLACE ('Narnia' AS country, 'X1' AS local_authority_code, 7 AS
        listed_buildings_within_1km, 'High' AS flood_band_england_surface_water, 'High' AS highest_flood_band,
        false AS in_conservation_area, 'OLD' AS postcode, 'A' AS epc_rating, 9 AS deprivation_decile)
      FROM ${parquetPath(file('wide'))})`;
    const sql = propertiesWideSql({ ...inputs(), only: 'SELECT 1', previous });
    const built: Record<string, unknown>[] = [];
    for await (const row of queryParquet(sql)) built.push(row);
    expect(built).toHaveLength(1);
    expect(built[0]).toMatchObject({
      uprn: 1,
      country: 'Narnia',
      local_authority_code: 'X1',
      listed_buildings_within_1km: 7,
      flood_band_england_surface_water: 'High',
      highest_flood_band: 'High',
      in_conservation_area: false,
      postcode: 'SW6 1PN',
      epc_rating: 'F',
      deprivation_decile: 3,
      area_mean_gas_kwh: 12000.5,
    });
    // Every column is either the previous row's or read again, never lost: the rest equal the full build's.
    const { geometry: _g, ...rest } = built[0]!;
    const changed = [
      'country',
      'local_authority_code',
      'listed_buildings_within_1km',
      'flood_band_england_surface_water',
      'highest_flood_band',
      'in_conservation_area',
    ];
    for (const [k, v] of Object.entries(rest))
      if (!changed.includes(k)) expect([k, v]).toEqual([k, rowsByUprn.get(1)![k]]);
  });
});
