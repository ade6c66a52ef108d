import { describe, expect, it } from 'vitest';
import { queryParquet } from '../../../../pipelines/io/parquet';
import { LATEST_STATS_INPUT_COLUMNS, epcStatsSql } from '../../../../pipelines/transforms/epc/stats-sql';
import { EPC_STATS_GROUPINGS, EpcStatsRowSchema } from '../../../../schemas/epc';

// Four properties of one postcode (three houses, one flat) and one Welsh house without a postcode.
const ROWS: (string | number | null)[][] = [
  ['BA1 1AA', 'BA1', 'E06000022', 'E12000009', 'England', 'House', 4, 2, 300, 150, 50, 70, 'E', 'C'],
  ['BA1 1AA', 'BA1', 'E06000022', 'E12000009', 'England', 'House', 3, 2, 250, 140, 60, 75, 'D', 'C'],
  ['BA1 1AA', 'BA1', 'E06000022', 'E12000009', 'England', 'House', 2, 1, 200, 100, 70, 85, 'C', 'B'],
  ['BA1 1AA', 'BA1', 'E06000022', 'E12000009', 'England', 'Flat', 1, 1, 150, 90, 80, 85, 'C', 'B'],
  [null, null, 'W06000015', 'W92000004', 'Wales', 'House', 5, 3, 350, 200, 40, 60, 'E', 'D'],
];
const sqlValue = (v: string | number | null): string =>
  v === null ? 'NULL' : typeof v === 'number' ? String(v) : `'${v}'`;
const INPUT = `(SELECT * FROM (VALUES ${ROWS.map((r) => `(${r.map(sqlValue).join(', ')})`).join(', ')})
  AS t(${LATEST_STATS_INPUT_COLUMNS.join(', ')}))`;

async function statsRows(sql = epcStatsSql(INPUT)): Promise<Record<string, unknown>[]> {
  const rows: Record<string, unknown>[] = [];
  for await (const row of queryParquet(sql)) rows.push(row);
  return rows;
}

describe('epcStatsSql', async () => {
  const rows = await statsRows();
  const find = (grouping: string, where: Record<string, unknown>) =>
    rows.find((r) => r.grouping === grouping && Object.entries(where).every(([k, v]) => r[k] === v))!;

  it('has exactly the columns of EpcStatsRowSchema, in its order, and validates against it', () => {
    expect(Object.keys(rows[0]!)).toEqual(Object.keys(EpcStatsRowSchema.shape));
    for (const row of rows) expect(EpcStatsRowSchema.safeParse(row).success).toBe(true);
  });

  it('makes one group per key of every grouping, leaving out null keys (no postcode group for Wales)', () => {
    const count = (g: string) => rows.filter((r) => r.grouping === g).length;
    expect(count('postcode')).toBe(1);
    expect(count('outcode')).toBe(1);
    expect(count('local_authority')).toBe(2);
    expect(count('region')).toBe(2);
    expect(count('country')).toBe(2);
    expect(count('local_authority_property_type')).toBe(3);
    expect(count('country_property_type')).toBe(3);
  });

  it('computes mean, min, max, percentiles and sample standard deviation of a measure', () => {
    expect(find('postcode', { postcode: 'BA1 1AA' })).toMatchObject({
      property_count: 4,
      avg_energy_efficiency_current: 65,
      min_energy_efficiency_current: 50,
      max_energy_efficiency_current: 80,
      perc_10_energy_efficiency_current: 53, // 50 + 0.3 x 10
      perc_50_energy_efficiency_current: 65,
      perc_90_energy_efficiency_current: 77,
      stddev_energy_efficiency_current: 12.91, // sqrt(500 / 3)
      avg_co2_emissions_current: 2.5,
      avg_energy_consumption_per_floor_area_m2_potential: 120,
    });
  });

  it('averages ratings as numbers (G = 1 … A = 7) and gives letters for mean, min, max and mode', () => {
    expect(find('postcode', { postcode: 'BA1 1AA' })).toMatchObject({
      avg_energy_rating_current_numerical: 4.25, // E 3, D 4, C 5, C 5
      avg_energy_rating_current: 'D',
      min_energy_rating_current: 'E',
      max_energy_rating_current: 'C',
      mode_energy_rating_current: 'C',
      perc_50_energy_rating_current: 4.5,
      energy_rating_c_count_current: 2,
      energy_rating_d_count_current: 1,
      energy_rating_e_count_current: 1,
      energy_rating_a_count_current: 0,
      mode_energy_rating_potential: 'B', // B and C twice each: ties go to the better band
    });
  });

  it('groups by local authority and property type', () => {
    const houses = find('local_authority_property_type', {
      local_authority_district_code: 'E06000022',
      property_type: 'House',
    });
    expect(houses).toMatchObject({ property_count: 3, avg_energy_efficiency_current: 60, postcode: null });
    expect(find('country', { country: 'Wales' })).toMatchObject({
      property_count: 1,
      stddev_co2_emissions_current: null,
    });
    expect(find('region', { region_code: 'W92000004' }).property_count).toBe(1);
  });
});

describe('epcStatsSql for some of the groupings', async () => {
  const all = await statsRows();
  const byName = EPC_STATS_GROUPINGS.toSorted((a, b) => (a.grouping < b.grouping ? -1 : 1));
  const each: Record<string, unknown>[] = [];
  for (const g of byName) each.push(...(await statsRows(epcStatsSql(INPUT, [g]))));

  it("gives one grouping's rows, its other keys null", async () => {
    const outcodes = await statsRows(epcStatsSql(INPUT, [EPC_STATS_GROUPINGS[1]]));
    expect(outcodes.map((r) => [r.grouping, r.outcode, r.postcode, r.property_count])).toEqual([
      ['outcode', 'BA1', null, 4],
    ]);
  });

  it("gives, a grouping at a time in their names' order, the rows of all of them at once", () => {
    expect(each).toEqual(all);
  });
});
