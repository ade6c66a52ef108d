// The EPC statistics, comparison and estimate of spec 2.10 (epc_stats, epc_compare, epc_estimate).
import { z } from 'zod';
import { int, num, oneOf, text } from './fields';
import { BUILT_FORMS, ENERGY_RATINGS, MAIN_FUELS, PROPERTY_TYPES, type EnergyRating } from './vocabularies';

/**
 * Energy rating bands as numbers for averages and percentiles: G = 1 … A = 7, so a higher number is a better
 * band, as a higher energy efficiency score is. The letter of a number is the band it rounds to.
 */
export const RATING_NUMBERS: Readonly<Record<EnergyRating, number>> = {
  A: 7,
  B: 6,
  C: 5,
  D: 4,
  E: 3,
  F: 2,
  G: 1,
};

/** The statistics groupings: the key under `epc_stats` and the columns that identify a group. */
export const EPC_STATS_GROUPINGS = [
  { key: 'postcode_stats', grouping: 'postcode', columns: ['postcode'] },
  { key: 'outcode_stats', grouping: 'outcode', columns: ['outcode'] },
  {
    key: 'local_authority_stats',
    grouping: 'local_authority',
    columns: ['local_authority_district_code'],
  },
  { key: 'region_stats', grouping: 'region', columns: ['region_code'] },
  { key: 'country_stats', grouping: 'country', columns: ['country'] },
  {
    key: 'local_authority_property_type_stats',
    grouping: 'local_authority_property_type',
    columns: ['local_authority_district_code', 'property_type'],
  },
  {
    key: 'country_property_type_stats',
    grouping: 'country_property_type',
    columns: ['country', 'property_type'],
  },
] as const;
export type EpcStatsGrouping = (typeof EPC_STATS_GROUPINGS)[number]['grouping'];
export type EpcStatsKey = (typeof EPC_STATS_GROUPINGS)[number]['key'];

/** The measures of spec 2.10 (each `_current` and `_potential`), with their units. */
export const EPC_STATS_MEASURES = [
  { name: 'co2_emissions', unit: 'tonnes CO2 per year' },
  { name: 'energy_consumption_per_floor_area_m2', unit: 'kWh per m² per year' },
  { name: 'energy_efficiency', unit: 'SAP score' },
  { name: 'energy_rating', unit: 'band' },
] as const;
const PERCENTILES = [10, 25, 50, 75, 90] as const;
const PHASES = ['current', 'potential'] as const;

function statsMetricShape(): Record<string, z.ZodType> {
  const shape: Record<string, z.ZodType> = {};
  for (const phase of PHASES) {
    for (const { name, unit } of EPC_STATS_MEASURES) {
      const m = `${name}_${phase}`;
      const rating = name === 'energy_rating';
      const after = phase === 'potential' ? ' after recommended improvements' : '';
      const letter = oneOf(ENERGY_RATINGS, '');
      const numeric = (what: string) => num(`${what} ${m}${after}, ${unit}`);
      shape[`avg_${m}`] = rating
        ? letter.describe(`Band of the mean rating number${after} (A-G)`)
        : numeric('Mean of');
      if (rating) shape[`avg_${m}_numerical`] = num(`Mean rating number${after} (G = 1 … A = 7), 2 decimals`);
      // SAP scores are whole numbers, so their minimum and maximum are too (BIGINT in the Parquet file).
      const extreme = (what: string) =>
        name === 'energy_efficiency' ? int(`${what} ${m}${after}, ${unit}`) : numeric(what);
      shape[`min_${m}`] = rating ? letter.describe(`Worst band${after} (A-G)`) : extreme('Minimum of');
      shape[`max_${m}`] = rating ? letter.describe(`Best band${after} (A-G)`) : extreme('Maximum of');
      if (rating) shape[`mode_${m}`] = letter.describe(`Most common band${after} (ties: the better band)`);
      for (const p of PERCENTILES)
        shape[`perc_${p}_${m}`] = rating
          ? num(`${p}th percentile of the rating number${after} (G = 1 … A = 7)`)
          : numeric(`${p}th percentile (linear interpolation) of`);
      shape[`stddev_${m}`] = rating
        ? num(`Sample standard deviation of the rating number${after}`)
        : numeric('Sample standard deviation of');
    }
    for (const r of ENERGY_RATINGS)
      shape[`energy_rating_${r.toLowerCase()}_count_${phase}`] = int(
        `Number of properties whose ${phase} band is ${r}`,
      );
  }
  shape.property_count = int('Number of properties in the group (latest certificate of each)');
  return shape;
}

const STATS_KEY_SHAPE = {
  postcode: text('Postcode of the group (postcode grouping)'),
  outcode: text('Outward code of the group, e.g. BA2 (outcode grouping)'),
  local_authority_district_code: text('Local authority district code (ONS), e.g. E06000022'),
  region_code: text(
    'Region code (ONS), e.g. E12000009; Wales and Scotland have no English region, so their country code',
  ),
  country: text('Country: England, Wales or Scotland'),
  property_type: oneOf(PROPERTY_TYPES, 'Property type (the type groupings)'),
};

/**
 * One group's statistics, as stored in the `epc_stats` table and returned under each `epc_stats` key (which
 * carries only its own identifying fields: a postcode group has `postcode`, an LA × type group has
 * `local_authority_district_code` and `property_type`).
 */
export const EpcStatsGroupSchema = z
  .object({
    ...(Object.fromEntries(Object.entries(STATS_KEY_SHAPE).map(([k, v]) => [k, v.optional()])) as {
      [K in keyof typeof STATS_KEY_SHAPE]: z.ZodOptional<(typeof STATS_KEY_SHAPE)[K]>;
    }),
    ...statsMetricShape(),
  })
  .describe('Statistics of the latest certificate of every property in one group');
/** The metric names are generated, so the type lists the key fields and indexes the rest by name. */
export type EpcStatsGroup = z.infer<typeof EpcStatsGroupSchema> &
  Record<string, string | number | null | undefined>;

/** The `epc_stats` table: every group of every grouping, one row each. */
export const EpcStatsRowSchema = z
  .object({
    grouping: z
      .enum(EPC_STATS_GROUPINGS.map((g) => g.grouping) as [EpcStatsGrouping, ...EpcStatsGrouping[]])
      .describe(
        `Which grouping the row belongs to: ${EPC_STATS_GROUPINGS.map((g) => g.grouping).join(', ')}`,
      ),
    ...STATS_KEY_SHAPE,
    ...statsMetricShape(),
  })
  .describe('EPC statistics per group (table epc_stats)');

export const EpcStatsSchema = z
  .object(
    Object.fromEntries(
      EPC_STATS_GROUPINGS.map((g) => [
        g.key,
        EpcStatsGroupSchema.nullable().describe(
          `Statistics of the property's ${g.grouping.replaceAll('_', ' × ').replace('local × authority', 'local authority')} group (by ${g.columns.join(' and ')}); null when unknown`,
        ),
      ]),
    ) as Record<EpcStatsKey, z.ZodNullable<typeof EpcStatsGroupSchema>>,
  )
  .describe('EPC statistics of the groups the property belongs to');
export type EpcStats = z.infer<typeof EpcStatsSchema>;

export const EPC_COMPARE_KEYS = [
  ['relative_to_postcode', 'postcode_stats'],
  ['relative_to_outcode', 'outcode_stats'],
  ['relative_to_local_authority', 'local_authority_stats'],
  ['relative_to_region', 'region_stats'],
  ['relative_to_country', 'country_stats'],
  ['relative_to_similar_properties_local_authority', 'local_authority_property_type_stats'],
  ['relative_to_similar_properties_country', 'country_property_type_stats'],
] as const satisfies readonly (readonly [string, EpcStatsKey])[];

export const EpcComparisonSchema = z
  .object({
    energy_efficiency: z
      .enum(['better', 'worse'])
      .nullable()
      .describe('better when the current energy efficiency score is at least the group mean'),
    carbon_footprint: z
      .enum(['higher', 'lower'])
      .nullable()
      .describe('higher when current CO2 emissions exceed the group mean, otherwise lower'),
    average_energy_efficiency_score: num('Group mean of the current energy efficiency score (SAP)'),
    average_carbon_footprint: num('Group mean of current CO2 emissions, tonnes per year'),
  })
  .nullable();

export const EpcCompareSchema = z
  .object(
    Object.fromEntries(
      EPC_COMPARE_KEYS.map(([key, stats]) => [
        key,
        EpcComparisonSchema.describe(`The property against its ${stats} group; null when unknown`),
      ]),
    ) as Record<(typeof EPC_COMPARE_KEYS)[number][0], typeof EpcComparisonSchema>,
  )
  .describe("The latest certificate against its groups' means");
export type EpcCompare = z.infer<typeof EpcCompareSchema>;

export const EpcEstimateSchema = z
  .object({
    method: z
      .enum(['same_postcode', 'nearby'])
      .describe(
        'same_postcode: from certified properties of the postcode the UPRN most likely has; nearby: from ' +
          'the nearest certified properties within the search radius',
      ),
    postcode: text('Postcode assumed for the UPRN (that of its nearest certified neighbour)'),
    property_type: oneOf(PROPERTY_TYPES, 'Most likely property type (weighted mode of the neighbours)'),
    built_form: oneOf(BUILT_FORMS, 'Most likely built form (weighted mode of the neighbours)'),
    construction_age_band: text('Most likely construction age band (weighted mode of the neighbours)'),
    main_fuel: oneOf(MAIN_FUELS, 'Most likely main fuel (weighted mode of the neighbours)'),
    total_floor_area: num('Estimated total floor area, m² (weighted median)'),
    energy_efficiency_current: int('Estimated energy efficiency score (weighted mean, rounded)'),
    energy_efficiency_potential: int('Estimated potential energy efficiency score'),
    energy_rating_current: oneOf(ENERGY_RATINGS, 'Band of the estimated score'),
    energy_rating_potential: oneOf(ENERGY_RATINGS, 'Band of the estimated potential score'),
    co2_emissions_current: num('Estimated CO2 emissions, tonnes per year (weighted mean)'),
    co2_emissions_potential: num('Estimated potential CO2 emissions, tonnes per year'),
    energy_consumption_per_floor_area_m2_current: num(
      'Estimated primary energy use per floor area, kWh per m² per year',
    ),
    energy_consumption_per_floor_area_m2_potential: num(
      'Estimated potential primary energy use per floor area, kWh per m² per year',
    ),
    confidence: z
      .number()
      .min(0)
      .max(1)
      .describe(
        'Confidence 0-1: grows with the number of similar neighbours used, falls with their distance and ' +
          'with the spread of their scores (see docs/epc.md)',
      ),
    neighbours_used: int('Number of certified properties the estimate is built from'),
    nearest_distance_m: num('Distance to the nearest neighbour used, metres'),
    median_distance_m: num('Median distance of the neighbours used, metres'),
    score_stddev: num('Standard deviation of the neighbours’ energy efficiency scores'),
  })
  .describe('Estimated assessment of a property with no EPC, from nearby certified properties');
export type EpcEstimate = z.infer<typeof EpcEstimateSchema>;
