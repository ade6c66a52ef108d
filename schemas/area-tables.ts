// Row schemas of the area datasets' Parquet tables (joined to UPRNs by postcode: docs/areas.md) and of the
// address base they are joined through (OS Open UPRN, ONSPD). The loaders write these columns; the schemas
// are what the data dictionary describes, and a test checks each table's Parquet columns against them.
import { z } from 'zod';
import { StoredAreaBlockSchema } from './api/area';
import { nestedColumn } from './nested-column';

const code = (what: string) => z.string().nullable().describe(what);
const num = (what: string) => z.number().nullable().describe(what);
const int = (what: string) => z.number().int().nullable().describe(what);

// ---------------------------------------------------------------------------------------------------------
// Address base
// ---------------------------------------------------------------------------------------------------------

export const OsOpenUprnRowSchema = z
  .object({
    uprn: z.number().int().describe('Unique Property Reference Number'),
    x_coord: z.number().describe('Easting (m, BNG)'),
    y_coord: z.number().describe('Northing (m, BNG)'),
    latitude: z.number().describe('Latitude, WGS84 degrees'),
    longitude: z.number().describe('Longitude, WGS84 degrees'),
  })
  .describe('OS Open UPRN: every addressable location in Great Britain with its coordinates');

const ONSPD_CODES: readonly [string, string][] = [
  ['census_output_area_code', 'Census output area (the edition ONSPD carries, 2021 in current releases)'],
  ['county_code', 'County'],
  ['county_electoral_division_code', 'County electoral division'],
  ['local_authority_district_code', 'Local authority district'],
  ['electoral_area_code', 'Electoral ward or division'],
  ['health_area_code', 'Health area'],
  ['country_code', 'Country (E92000001, W92000004, S92000003)'],
  ['region_code', 'Region (England; a pseudo code elsewhere)'],
  ['parliamentary_constituency_code', 'Westminster parliamentary constituency'],
  ['european_electoral_region_code', 'Former European electoral region'],
  ['travel_to_work_area_code', 'Travel to work area'],
  ['itl_area_code', 'International Territorial Level area'],
  ['national_park_code', 'National park'],
  ['census_lower_layer_super_output_area_code', 'Lower layer super output area (LSOA; Scotland: data zone)'],
  [
    'census_middle_layer_super_output_area_code',
    'Middle layer super output area (MSOA; Scotland: intermediate zone)',
  ],
  ['census_workplace_zone', 'Census workplace zone'],
  ['ccg_lhb_chp_area_code', 'Sub-ICB location / local health board / community health partnership'],
  ['built_up_area_code', 'Built-up area'],
  ['census_rural_urban_classification', 'Census rural-urban classification of the output area'],
  ['census_output_area_classification', 'Census output area classification'],
  ['local_enterprise_partnership_code', 'Local enterprise partnership'],
  ['local_enterprise_partnership_secondary_code', 'Second local enterprise partnership, where two overlap'],
  ['police_force_area_code', 'Police force area'],
];

export const OnspdRowSchema = z
  .object({
    postcode: z.string().describe('Postcode, upper case with one space'),
    postcode_7: z.string().nullable().describe('Postcode in 7-character form (pcd)'),
    postcode_8: z.string().nullable().describe('Postcode in 8-character form (pcd2)'),
    date_of_introduction: code('Month the postcode was introduced, YYYYMM'),
    date_of_termination: code('Month the postcode was terminated, YYYYMM; null while live'),
    user_type: int('0 = small user, 1 = large user'),
    x_coord: num('Postcode centroid easting (m, BNG)'),
    y_coord: num('Postcode centroid northing (m, BNG)'),
    grid_quality: int('Positional quality of the centroid, 1 (best) to 9'),
    latitude: num('Centroid latitude, WGS84 degrees'),
    longitude: num('Centroid longitude, WGS84 degrees'),
    ...Object.fromEntries(ONSPD_CODES.map(([name, what]) => [name, code(`${what}: ONS code`)])),
    local_authority_district_name: code('Local authority district name'),
    electoral_area_name: code('Electoral ward or division name'),
    county_name: code('County name'),
    region_name: code('Region name'),
    country_name: code('Country name'),
    lsoa_2011_code: code(
      '2011 LSOA where the edition carries it (lsoa11 in legacy layouts; null in the 2025 layout): ONS code',
    ),
  })
  .describe(
    'ONS Postcode Directory: every postcode with its centroid and statistical geographies (year-suffixed source columns resolved by prefix)',
  );

// ---------------------------------------------------------------------------------------------------------
// UK House Price Index
// ---------------------------------------------------------------------------------------------------------

const HPI_SEGMENTS: readonly [string, string][] = [
  ['detached', 'detached houses'],
  ['semi_detached', 'semi-detached houses'],
  ['terraced', 'terraced houses'],
  ['flat', 'flats and maisonettes'],
  ['cash', 'cash purchases'],
  ['mortgage', 'mortgage purchases'],
  ['first_time_buyer', 'first-time buyers'],
  ['former_owner_occupier', 'former owner occupiers'],
  ['new', 'new builds'],
  ['existing', 'existing properties'],
];
// The segments whose sales volume is published.
const HPI_VOLUME_SEGMENTS = new Set(['cash', 'mortgage', 'new', 'existing']);

export const HpiRowSchema = z
  .object({
    date: z.string().describe('Month, YYYY-MM-DD (first of the month)'),
    region_name: code('Area name as published'),
    area_code: z.string().describe('Area ONS code: local authority, region or country'),
    average_price: num('Average price, GBP'),
    average_price_seasonally_adjusted: num('Seasonally adjusted average price, GBP'),
    house_price_index: num('House price index, January 2015 = 100'),
    house_price_index_seasonally_adjusted: num('Seasonally adjusted house price index, January 2015 = 100'),
    percentage_change_1_month: num('Change of the average price over 1 month, percentage'),
    percentage_change_12_months: num('Change of the average price over 12 months, percentage'),
    sales_volume: num('Number of sales'),
    ...Object.fromEntries(
      HPI_SEGMENTS.flatMap(([key, what]) => [
        [`average_price_${key}`, num(`Average price of ${what}, GBP`)],
        [`house_price_index_${key}`, num(`House price index of ${what}, January 2015 = 100`)],
        [
          `percentage_change_1_month_${key}`,
          num(`Change of the average price of ${what} over 1 month, percentage`),
        ],
        [
          `percentage_change_12_months_${key}`,
          num(`Change of the average price of ${what} over 12 months, percentage`),
        ],
        ...(HPI_VOLUME_SEGMENTS.has(key) ? [[`sales_volume_${key}`, num(`Number of sales of ${what}`)]] : []),
      ]),
    ),
  })
  .describe(
    'UK House Price Index, one row per area and month (the full file; the area block takes the latest month)',
  );

// ---------------------------------------------------------------------------------------------------------
// Fuel poverty, energy use, deprivation, rurality
// ---------------------------------------------------------------------------------------------------------

export const FuelPovertyRowSchema = z
  .object({
    level: z.string().describe('Geography of the row: lsoa, local_authority or region'),
    code: z.string().describe('ONS code of the area'),
    name: code('Area name'),
    local_authority_district_code: code('Local authority district of the area (LSOA rows)'),
    local_authority_district_name: code('Local authority district name (LSOA rows)'),
    region_name: code('Region name'),
    household_count: num('Number of households'),
    fuel_poor_household_count: num('Number of fuel-poor households (Low Income Low Energy Efficiency)'),
    fuel_poor_household_percentage: num('Proportion of households in fuel poverty, percentage'),
  })
  .describe('Sub-regional fuel poverty statistics (England only)');

export const EnergyUsageRowSchema = z
  .object({
    level: z.string().describe('Geography of the row: lsoa or msoa'),
    area_code: z.string().describe('LSOA or MSOA code'),
    fuel: z.string().describe('electricity or gas'),
    year: z.number().int().describe('Year of the consumption'),
    meter_count: num('Number of meters'),
    total_consumption_kwh: num('Total consumption of the meters, kWh per year'),
    mean_consumption_kwh: num('Mean consumption per meter, kWh per year'),
    median_consumption_kwh: num('Median consumption per meter, kWh per year'),
  })
  .describe('Sub-national domestic electricity and gas consumption per LSOA and MSOA');

const IMD_DOMAINS: readonly [string, string][] = [
  ['index_of_multiple_deprivation', 'Index of Multiple Deprivation'],
  ['income', 'Income domain'],
  ['employment', 'Employment domain'],
  ['education_skills_and_training', 'Education, Skills and Training domain'],
  ['health_deprivation_and_disability', 'Health Deprivation and Disability domain'],
  ['crime', 'Crime domain'],
  ['barriers_to_housing_and_services', 'Barriers to Housing and Services domain'],
  ['living_environment', 'Living Environment domain'],
  ['income_deprivation_affecting_children', 'Income Deprivation Affecting Children Index'],
  ['income_deprivation_affecting_older_people', 'Income Deprivation Affecting Older People Index'],
  ['children_and_young_people_sub_domain', 'Children and Young People sub-domain'],
  ['adult_skills_sub_domain', 'Adult Skills sub-domain'],
  ['geographical_barriers_sub_domain', 'Geographical Barriers sub-domain'],
  ['wider_barriers_sub_domain', 'Wider Barriers sub-domain'],
  ['indoors_sub_domain', 'Indoors sub-domain'],
  ['outdoors_sub_domain', 'Outdoors sub-domain'],
];

export const DeprivationRowSchema = z
  .object({
    lsoa_code: z.string().describe('LSOA code (2011)'),
    lsoa_name: code('LSOA name (2011)'),
    local_authority_district_code: code('Local authority district code (2019)'),
    local_authority_district_name: code('Local authority district name (2019)'),
    ...Object.fromEntries(
      IMD_DOMAINS.flatMap(([key, what]) => [
        [`${key}_score`, num(`${what}: score`)],
        [`${key}_rank`, int(`${what}: rank, 1 = most deprived of 32,844 LSOAs`)],
        [`${key}_decile`, int(`${what}: decile, 1 = most deprived 10%`)],
      ]),
    ),
    total_population: int('Total population (mid 2015)'),
    dependent_children_0_15_population: int('Dependent children aged 0-15 (mid 2015)'),
    aged_16_59_population: int('Population aged 16-59 (mid 2015)'),
    aged_60_and_over_population: int('Population aged 60 and over (mid 2015)'),
    working_age_population: int('Working-age population 18-59/64 (for the employment domain)'),
  })
  .describe(
    'English Indices of Deprivation 2019 per LSOA: every domain and sub-domain, score, rank and decile',
  );

export const LsoaLookupRowSchema = z
  .object({
    lsoa11_code: z.string().describe('LSOA code (2011)'),
    lsoa11_name: code('LSOA name (2011)'),
    lsoa21_code: z.string().describe('LSOA code (2021)'),
    lsoa21_name: code('LSOA name (2021)'),
    change_indicator: z
      .string()
      .describe(
        'CHGIND: U unchanged, S split (one 2011 → several 2021), M merged (several → one), X irregular',
      ),
    local_authority_district_code: code('Local authority district code (2022)'),
    local_authority_district_name: code('Local authority district name (2022)'),
  })
  .describe(
    'ONS LSOA (2011) to LSOA (2021) to LAD (2022) lookup, England and Wales: one row per 2011–2021 LSOA pair that share ground',
  );

export const RuralUrbanRowSchema = z
  .object({
    output_area_code: z.string().describe('Output area code (2011)'),
    rural_urban_classification_code: code('2011 rural-urban classification code, e.g. A1, C1, E2'),
    rural_urban_classification_10_fold: code('2011 rural-urban classification name (10-fold)'),
    rural_urban_classification_2_fold: code('Urban or Rural (2-fold)'),
  })
  .describe('2011 rural-urban classification per output area (England and Wales)');

// ---------------------------------------------------------------------------------------------------------
// Derived: the per-UPRN `area` block and its intermediate tables
// ---------------------------------------------------------------------------------------------------------

export const UprnPostcodesRowSchema = z
  .object({
    uprn: z.number().int().describe('Unique Property Reference Number'),
    postcode: code('Postcode the UPRN is joined by, upper case with one space'),
    postcode_source: code(
      'Where the postcode came from: epc (the latest certificate, when ONSPD knows it) or nearest_postcode (nearest live centroid)',
    ),
    postcode_distance: num('Distance to the nearest postcode centroid, metres (nearest_postcode only)'),
    area_postcode: code(
      'The live postcode nearest the UPRN’s point, whose ONSPD row gives the census small areas (the one rule of docs/areas.md)',
    ),
    area_postcode_distance: num('Distance to the area postcode centroid, metres'),
    area_lsoa: code('Census LSOA of the area postcode: keys the fuel poverty LSOA row'),
    area_country: code(
      'Country gating nation-only statistics: the boundary polygon’s, else the area postcode’s',
    ),
    b_electoral_area_code: code('Ward of the boundary polygon holding the UPRN’s point'),
    b_electoral_area_name: code('Its name'),
    b_local_authority_district_code: code(
      'Local authority of the polygon holding the point (keys HPI, fuel poverty)',
    ),
    b_local_authority_district_name: code('Its name'),
    b_county_code: code('County of the polygon holding the point (two-tier England)'),
    b_county_name: code('Its name'),
    b_region_code: code('Region of the polygon holding the point (England)'),
    b_region_name: code('Its name'),
    b_country_code: code('Country of the polygon holding the point'),
    b_country_name: code('Its name'),
    area_key: code(
      'JSON of (postcode, area postcode, polygon codes): the key of the postcode_area_blocks row; null when all are null',
    ),
    epc_country: code('Country of the UPRN’s certificates (England, Wales, Scotland)'),
    epc_tenure: code('Tenure on the latest certificate (for the grant rules)'),
    epc_band: code('Current energy rating band on the latest certificate (for the grant rules)'),
  })
  .describe('Each UPRN’s postcode and the EPC facts the grant rules need');

export const PostcodeAreaBlocksRowSchema = z
  .object({
    area_key: z.string().describe('Area key in use by some UPRN (uprn_postcodes.area_key)'),
    postcode: code('The answered postcode of the key'),
    area_postcode: code('The area postcode of the key (nearest live postcode to the point)'),
    country: code('Country gating nation-only statistics (the polygon’s, else the area postcode’s)'),
    local_authority_district_code: code('Local authority of the boundary polygon holding the point'),
    deprivation_decile: int('IMD decile of the postcode’s LSOA, 1 = most deprived 10% (England)'),
    admin_boundaries: code('The admin_boundaries block (spec 2.7) as JSON text'),
    area_attributes_open: code(
      'The area_attributes block (spec 2.7) as JSON text without retrofit_grants and its closing brace (the per-UPRN step appends them)',
    ),
  })
  .describe(
    'The area block of every area key (postcode, area postcode, polygon codes) the UPRNs of a tile use, built once per key in each tile',
  );

export const UprnAreaGrantSetsRowSchema = z
  .object({
    g_country: code('Country'),
    g_la: code('Local authority district code'),
    g_decile: int('IMD decile, 1 = most deprived 10%'),
    g_tenure: code('EPC tenure'),
    g_band: code('EPC current energy rating band'),
    grants: z
      .unknown()
      .describe('The retrofit grants that apply to this combination (spec 2.7 retrofit_grants)'),
  })
  .describe(
    'Retrofit grants per distinct combination of the facts the grant rules read, among the UPRNs of a tile',
  );

export const UprnAreaBlockRowSchema = z
  .object({
    uprn: z.number().int().describe('Unique Property Reference Number'),
    postcode: code('Postcode the UPRN is joined by'),
    country: code('Country'),
    block: nestedColumn(
      StoredAreaBlockSchema,
      'The area block of the properties document: admin_boundaries, area_attributes (with retrofit_grants), and how its postcodes were found',
    ),
    block_digest: z
      .string()
      .describe(
        'SHA-1 of the block’s JSON text: equal digests, equal blocks (what the properties index compares)',
      ),
    input_digest: z
      .string()
      .describe(
        'MD5 of the EPC facts the block was built from (country, postcode, tenure and band of the latest certificate): a new month builds again only the blocks whose digest changed',
      ),
  })
  .describe('Per UPRN: the area block (spec 2.7) of the properties document');

/** Table name → layer and row schema, for the data dictionary. */
export const AREA_TABLES = {
  os_open_uprn: { layer: 'staged', schema: OsOpenUprnRowSchema },
  onspd: { layer: 'staged', schema: OnspdRowSchema },
  hpi: { layer: 'staged', schema: HpiRowSchema },
  fuel_poverty: { layer: 'staged', schema: FuelPovertyRowSchema },
  energy_usage: { layer: 'staged', schema: EnergyUsageRowSchema },
  deprivation: { layer: 'staged', schema: DeprivationRowSchema },
  lsoa_lookup: { layer: 'staged', schema: LsoaLookupRowSchema },
  rural_urban: { layer: 'staged', schema: RuralUrbanRowSchema },
  uprn_postcodes: { layer: 'derived', schema: UprnPostcodesRowSchema },
  postcode_area_blocks: { layer: 'derived', schema: PostcodeAreaBlocksRowSchema },
  uprn_area_grant_sets: { layer: 'derived', schema: UprnAreaGrantSetsRowSchema },
  uprn_area_blocks: { layer: 'derived', schema: UprnAreaBlockRowSchema },
} as const;
