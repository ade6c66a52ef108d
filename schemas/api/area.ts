// Area blocks joined to a property by code (postcode → output area, LSOA, MSOA, local authority, region):
// `admin_boundaries` (spec 2.7) and the `area_attributes` of the retrofit response (2.11), whose members are
// also the `social.house_price_index`, `social.fuel_poverty`, `energy.average_energy_usage_stats` and
// `energy.retrofit_grants` blocks of the property response (2.8). One source for validation and OpenAPI.
import { z } from 'zod';

const code = (what: string) => z.string().nullable().describe(what);

/** The 29 admin_boundaries fields of spec 2.7, in its order. */
/** The code fields of `admin_boundaries` (spec 2.7), each read from an ONSPD column. */
export const ADMIN_BOUNDARY_CODE_FIELDS = [
  'census_output_area_code',
  'county_code',
  'county_electoral_division_code',
  'local_authority_district_code',
  'electoral_area_code',
  'health_area_code',
  'country_code',
  'region_code',
  'parliamentary_constituency_code',
  'european_electoral_region_code',
  'travel_to_work_area_code',
  'itl_area_code',
  'national_park_code',
  'census_lower_layer_super_output_area_code',
  'census_middle_layer_super_output_area_code',
  'census_workplace_zone',
  'ccg_lhb_chp_area_code',
  'built_up_area_code',
  'census_rural_urban_classification',
  'census_output_area_classification',
  'local_enterprise_partnership_code',
  'local_enterprise_partnership_secondary_code',
  'police_force_area_code',
] as const;

export const ADMIN_BOUNDARY_FIELDS = [
  'postcode',
  ...ADMIN_BOUNDARY_CODE_FIELDS,
  'electoral_area_name',
  'local_authority_district_name',
  'county_name',
  'region_name',
  'country_name',
] as const;

export const AdminBoundariesSchema = z
  .object(
    Object.fromEntries(ADMIN_BOUNDARY_FIELDS.map((f) => [f, code(f.replaceAll('_', ' '))])) as Record<
      (typeof ADMIN_BOUNDARY_FIELDS)[number],
      z.ZodNullable<z.ZodString>
    >,
  )
  .describe(
    "Geographies at the property's own point (GSS codes; null where a geography does not apply, e.g. ONS pseudo codes such as E99999999), by the rule GET /location follows: ward (electoral_area), local authority, county, region and country from the boundary polygons holding the UPRN's point; the census output area, LSOA, MSOA and every other code from the ONS Postcode Directory row of the live postcode nearest that point. `postcode` is the address's postcode (the latest EPC's when ONSPD knows it, else that nearest one)",
  );
export type AdminBoundaries = z.infer<typeof AdminBoundariesSchema>;

// ---- house price index (spec 2.8 social.house_price_index) ----
const HPI_SEGMENTS = [
  'detached',
  'semi_detached',
  'terraced',
  'flat',
  'cash',
  'mortgage',
  'first_time_buyer',
  'former_owner_occupier',
  'new',
  'existing',
] as const;
const HPI_SALES_VOLUME_SEGMENTS = new Set(['cash', 'mortgage', 'new', 'existing']);
const num = (d: string) => z.number().nullable().describe(d);

export const HOUSE_PRICE_INDEX_NUMBER_FIELDS = [
  'average_price',
  'average_price_seasonally_adjusted',
  'house_price_index',
  'house_price_index_seasonally_adjusted',
  'percentage_change_1_month',
  'percentage_change_12_months',
  'sales_volume',
  ...HPI_SEGMENTS.flatMap((s) => [
    `average_price_${s}`,
    `house_price_index_${s}`,
    `percentage_change_1_month_${s}`,
    `percentage_change_12_months_${s}`,
    ...(HPI_SALES_VOLUME_SEGMENTS.has(s) ? [`sales_volume_${s}`] : []),
  ]),
];

export const HousePriceIndexSchema = z
  .object({
    date: z
      .string()
      .describe(
        "The area's newest month in the UK HPI file, first of the month (YYYY-MM-DD): the month of every figure not named in field_dates",
      ),
    region_name: z
      .string()
      .describe('The UK HPI area the figures are for (local authority, else region, else country)'),
    area_code: z.string().describe('GSS code of that area'),
    ...(Object.fromEntries(
      HOUSE_PRICE_INDEX_NUMBER_FIELDS.map((f) => [f, num(f.replaceAll('_', ' '))]),
    ) as Record<string, z.ZodNullable<z.ZodNumber>>),
    field_dates: z
      .record(z.string(), z.string())
      .describe(
        'Figures taken from an older month than `date`, each with its month (YYYY-MM-DD): the newest month of the file leaves sales volumes and the new/existing split blank, so each field comes from the newest month that has it. Empty when every figure is of `date`',
      ),
  })
  .describe(
    'UK House Price Index of the local authority (else its region, else its country): each figure from the newest month that publishes it',
  );
export type HousePriceIndex = z.infer<typeof HousePriceIndexSchema>;

// ---- fuel poverty (spec 2.8 social.fuel_poverty) ----
const fuelPovertyFigures = {
  household_count: num('Households'),
  fuel_poor_household_count: num('Households in fuel poverty (LILEE)'),
  fuel_poor_household_percentage: num('Percent of households fuel poor (0..100)'),
};
export const FuelPovertySchema = z
  .object({
    lower_layer_super_output_area: z
      .object({
        lower_layer_super_output_area_code: z.string(),
        lower_layer_super_output_area_name: z.string().nullable(),
        ...fuelPovertyFigures,
      })
      .nullable(),
    local_authority: z
      .object({
        local_authority_district_code: z.string(),
        local_authority_district_name: z.string().nullable(),
        ...fuelPovertyFigures,
      })
      .nullable(),
    region: z
      .object({ region_code: z.string(), region_name: z.string().nullable(), ...fuelPovertyFigures })
      .nullable(),
  })
  .nullable()
  .describe('DESNZ sub-regional fuel poverty (England only; null elsewhere)');
export type FuelPoverty = z.infer<typeof FuelPovertySchema>;

// ---- average energy usage (spec 2.8 energy.average_energy_usage_stats) ----
const usageFigures = {
  electricity_meter_count: num('Domestic electricity meters'),
  mean_electricity_usage: num('kWh per meter per year'),
  mean_electricity_cost: num('GBP per year at the unit rate in docs/areas.md (no standing charge)'),
  median_electricity_usage: num('kWh per meter per year'),
  median_electricity_cost: num('GBP per year'),
  electricity_year: z.number().int().nullable().describe('Year of the electricity figures'),
  gas_meter_count: num('Domestic gas meters'),
  mean_gas_usage: num('kWh per meter per year (weather corrected)'),
  mean_gas_cost: num('GBP per year at the unit rate in docs/areas.md (no standing charge)'),
  median_gas_usage: num('kWh per meter per year'),
  median_gas_cost: num('GBP per year'),
  gas_year: z.number().int().nullable().describe('Year of the gas figures'),
};
export const AverageEnergyUsageStatsSchema = z
  .object({
    middle_layer_super_output_area: z
      .object({ middle_layer_super_output_area_code: z.string(), ...usageFigures })
      .nullable(),
    lower_layer_super_output_area: z
      .object({ lower_layer_super_output_area_code: z.string(), ...usageFigures })
      .nullable(),
  })
  .describe('DESNZ domestic gas and electricity consumption of the LSOA and MSOA (latest year published)');
export type AverageEnergyUsageStats = z.infer<typeof AverageEnergyUsageStatsSchema>;

// ---- retrofit grants (spec 2.8 energy.retrofit_grants) ----
export const RetrofitGrantSchema = z.object({
  name: z.string(),
  description: z.string(),
  grant_value: z
    .number()
    .nullable()
    .describe('Largest published grant per home in GBP; null where the scheme publishes no fixed amount'),
  url: z.url(),
});
export type RetrofitGrant = z.infer<typeof RetrofitGrantSchema>;

// ---- rural-urban classification (spec 2.11) ----
export const ScottishUrbanRuralClassificationSchema = z
  .object({
    classification: z.literal('Scottish Government Urban Rural Classification'),
    edition: z.string().nullable().describe('Edition of the classification (2020, 2022)'),
    postcode: z.string().describe('The postcode classified (NRS Scottish Postcode Directory)'),
    urban_rural_8_fold_code: z.string().nullable().describe('1..8'),
    urban_rural_8_fold: z.string().nullable().describe('e.g. Accessible Small Towns'),
    urban_rural_6_fold_code: z.string().nullable().describe('1..6 (8-fold 4 and 5, 7 and 8 merged)'),
    urban_rural_6_fold: z.string().nullable(),
    urban_rural_2_fold: z
      .enum(['Urban', 'Rural'])
      .describe('The Scottish 2-fold (8-fold 1-5 urban, 6-8 rural): not the ONS definition'),
  })
  .describe(
    'Scottish Government Urban Rural Classification of the postcode (Scotland only). Its own classes and thresholds: not comparable with the ONS classes (docs/nations.md)',
  );
export type ScottishUrbanRuralClassification = z.infer<typeof ScottishUrbanRuralClassificationSchema>;

export const UrbanRuralClassificationSchema = z
  .object({
    output_area_code: z.string().nullable().describe('ONS 2011 output area (null in Scotland)'),
    rural_urban_classification_code: z
      .string()
      .nullable()
      .describe('2011 OA class, A1..F2 (null in Scotland)'),
    rural_urban_classification_10_fold: z.string().nullable().describe('null in Scotland'),
    rural_urban_classification_2_fold: z.enum(['Urban', 'Rural']).nullable().describe('null in Scotland'),
    classification: z
      .enum(['ONS Rural Urban Classification 2011', 'Scottish Government Urban Rural Classification'])
      .optional()
      .describe(
        "Which nation's classification answers: ONS (England, Wales) or Scottish Government (Scotland)",
      ),
    scottish_urban_rural_classification: ScottishUrbanRuralClassificationSchema.nullable().describe(
      'Scotland only; null in England and Wales',
    ),
  })
  .nullable()
  .describe(
    'Rural-urban classification: ONS 2011 of the output area in England and Wales; in Scotland the Scottish Government Urban Rural Classification of the postcode (scottish_urban_rural_classification), the ONS fields null',
  );

// ---- indices of deprivation (spec 2.11) ----
export const IOD_BLOCK_DOMAINS = [
  'index_of_multiple_deprivation',
  'income',
  'employment',
  'education_skills_and_training',
  'health_deprivation_and_disability',
  'crime',
  'barriers_to_housing_and_services',
  'living_environment',
  'income_deprivation_affecting_children',
  'income_deprivation_affecting_older_people',
  'children_and_young_people_sub_domain',
  'adult_skills_sub_domain',
  'geographical_barriers_sub_domain',
  'wider_barriers_sub_domain',
  'indoors_sub_domain',
  'outdoors_sub_domain',
] as const;

/**
 * How the postcode's LSOA was matched to IoD2019's 2011 LSOA (docs/areas.md): the 2011 LSOA ONSPD gives for
 * the postcode; through the ONS 2011→2021 lookup (unchanged, split: the single parent; merged, irregular: the
 * parent with the largest population); or the same code, not in the lookup.
 */
export const LSOA_2011_MATCHES = [
  'onspd_lsoa11',
  'unchanged',
  'split',
  'merged',
  'irregular',
  'same_code',
] as const;

export const DeprivationLsoaSchema = z.object({
  lsoa_code: z.string().describe('The 2011 LSOA the indices are published for'),
  lsoa_2011_match: z
    .enum(LSOA_2011_MATCHES)
    .nullable()
    .describe(
      "How the property's 2021 LSOA (admin_boundaries) was matched to this 2011 LSOA: onspd_lsoa11 (the postcode's own 2011 LSOA), unchanged, split (its single 2011 parent), merged or irregular (the parent with the largest population), same_code (not in the lookup, same code)",
    ),
  lsoa_name: z.string().nullable(),
  local_authority_district_code: z.string().nullable(),
  local_authority_district_name: z.string().nullable(),
  ...(Object.fromEntries(
    IOD_BLOCK_DOMAINS.flatMap((d) => [
      [`${d}_score`, z.number().nullable()],
      [`${d}_rank`, z.string().nullable().describe('1 is the most deprived of 32,844 LSOAs')],
      [`${d}_decile`, z.string().nullable().describe('1 is the most deprived 10%')],
    ]),
  ) as Record<string, z.ZodNullable<z.ZodNumber> | z.ZodNullable<z.ZodString>>),
});

const rank = (what: string) =>
  z
    .number()
    .nullable()
    .describe(`${what}: rank within the nation, 1 = most deprived of areas_ranked (may end in .5 in SIMD)`);

/** The nation's own index in one shape (pipelines/transforms/area/nations.ts; docs/nations.md). */
export const NationalDeprivationIndexSchema = z
  .object({
    index: z.string().describe('Index and edition: IoD2019, WIMD2019, SIMD2020v2'),
    index_name: z.string().describe('English Indices / Welsh Index / Scottish Index of Multiple Deprivation'),
    edition: z.string().describe('As the publisher writes it: 2019, 2020v2'),
    country: z.enum(['England', 'Wales', 'Scotland']),
    area_type: z.enum(['lsoa', 'data_zone']),
    area_vintage: z
      .string()
      .describe('Areas the edition is published on: LSOA2011, DZ2011 (LSOA2021 from 2025)'),
    area_code: z.string().describe('The LSOA or Data Zone the index ranks'),
    area_name: z.string().nullable(),
    area_match: z
      .enum(LSOA_2011_MATCHES)
      .nullable()
      .describe(
        "How the postcode was matched to area_code (Wales, Scotland: ONSPD's lsoa11cd, onspd_lsoa11)",
      ),
    areas_ranked: z
      .number()
      .nullable()
      .describe('How many areas the nation ranks: 32,844 (England), 1,909 (Wales), 6,976 (Scotland)'),
    rank: rank('Overall index'),
    decile: z.number().nullable().describe('Overall decile within the nation, 1 = most deprived 10%'),
    decile_derived: z
      .boolean()
      .describe(
        "True when the file gave no decile and it was computed from the rank with the publisher's bands",
      ),
    income_rank: rank('Income'),
    employment_rank: rank('Employment'),
    health_rank: rank('Health (England: Health Deprivation and Disability)'),
    education_rank: rank('Education (England: Education, Skills and Training)'),
    crime_rank: rank('Crime (Wales: Community Safety)'),
    access_to_services_rank: rank(
      'Access to services (Wales: Access to Services; Scotland: Access; England: Geographical Barriers sub-domain)',
    ),
    housing_rank: rank('Housing (Wales, Scotland: Housing; England: Wider Barriers sub-domain)'),
    living_environment_rank: rank('Living Environment (England only; null in Wales and Scotland)'),
    physical_environment_rank: rank('Physical Environment (Wales only; null in England and Scotland)'),
  })
  .describe(
    "The nation's own index of multiple deprivation. Ranks and deciles are relative within each nation and never comparable across nations",
  );
export type NationalDeprivationIndex = z.infer<typeof NationalDeprivationIndexSchema>;

export const IndicesOfDeprivationSchema = z
  .object({
    lower_layer_super_output_area: DeprivationLsoaSchema.nullable().describe(
      "English Indices of Deprivation 2019 in the spec's shape (England only; null in Wales and Scotland)",
    ),
    national_index: NationalDeprivationIndexSchema.nullable()
      .optional()
      .describe("The nation's index (IoD2019, WIMD2019, SIMD2020v2) in one shape; null when no area matched"),
  })
  .nullable()
  .describe(
    "Deprivation: England's IoD2019 in the spec's shape, and every nation's own index (England IoD2019, Wales WIMD 2019, Scotland SIMD 2020v2) in national_index",
  );

export const AreaAttributesSchema = z.object({
  house_price_index: HousePriceIndexSchema.nullable(),
  fuel_poverty: FuelPovertySchema,
  average_energy_usage_stats: AverageEnergyUsageStatsSchema.nullable(),
  retrofit_grants: z.array(RetrofitGrantSchema),
  urban_rural_classification: UrbanRuralClassificationSchema,
  indices_of_deprivation: IndicesOfDeprivationSchema,
});
export type AreaAttributes = z.infer<typeof AreaAttributesSchema>;

/** What the `area` block of a properties document stores. */
export const StoredAreaBlockSchema = z.object({
  admin_boundaries: AdminBoundariesSchema.nullable(),
  area_attributes: AreaAttributesSchema,
  postcode_source: z
    .enum(['epc', 'nearest_postcode'])
    .nullable()
    .describe('Where the postcode came from: the latest EPC, or the nearest ONSPD postcode centroid'),
  postcode_distance: z
    .number()
    .nullable()
    .describe('Metres to the nearest postcode centroid (nearest_postcode only)'),
  area_postcode: z
    .string()
    .nullable()
    .optional()
    .describe(
      "The live postcode nearest the UPRN's point: its ONSPD row gives the census small areas that key fuel poverty (LSOA), energy use, deprivation and rurality",
    ),
  area_postcode_distance: z
    .number()
    .nullable()
    .optional()
    .describe('Metres from the UPRN to the area postcode centroid'),
});
export type StoredAreaBlock = z.infer<typeof StoredAreaBlockSchema>;
