// Row schemas of the Welsh and Scottish area tables (docs/nations.md): the deprivation indices keyed on
// (index, edition, area vintage, area code) and the Scottish Postcode Directory's urban-rural classes and
// settlements. The loaders write these columns (pipelines/sources/deprivation/nations.ts,
// pipelines/sources/scottish-postcodes); the data dictionary describes them.
import { z } from 'zod';

const rank = (what: string) =>
  z.number().nullable().describe(`${what} rank within the nation, 1 = most deprived (SIMD: may end in .5)`);

export const NationalDeprivationRowSchema = z
  .object({
    index_name: z.string().describe('WIMD or SIMD'),
    edition: z.string().describe('As published: 2019, 2020v2, 2025'),
    area_vintage: z.string().describe('Areas the edition ranks: LSOA2011, DZ2011, LSOA2021, DZ2022'),
    area_code: z.string().describe('LSOA or Data Zone code'),
    area_name: z.string().nullable().describe('LSOA or Data Zone name, as published'),
    local_authority_name: z.string().nullable().describe('Local authority / council area name, as published'),
    areas_ranked: z
      .number()
      .int()
      .describe('Areas the edition ranks (1,909 Welsh LSOAs 2011; 6,976 Data Zones)'),
    rank: z.number().int().describe('Overall rank, 1 = most deprived'),
    decile: z.number().int().nullable().describe('Overall decile, 1 = most deprived 10%'),
    decile_derived: z
      .boolean()
      .describe(
        "True when the file gave no decile and it was computed from the rank with the publisher's bands",
      ),
    income_rank: rank('Income domain'),
    employment_rank: rank('Employment domain'),
    health_rank: rank('Health domain'),
    education_rank: rank('Education domain'),
    crime_rank: rank('Crime (SIMD) / Community Safety (WIMD) domain'),
    access_to_services_rank: rank('Access to Services (WIMD) / Access (SIMD) domain'),
    housing_rank: rank('Housing domain'),
    physical_environment_rank: rank('Physical Environment domain (WIMD only)'),
  })
  .describe(
    "A nation's index of multiple deprivation per small area, one row per (index, edition, area vintage, area code)",
  );

export const ScottishPostcodeRowSchema = z
  .object({
    postcode: z.string().describe('Postcode, one space (split postcodes: the A part)'),
    date_of_deletion: z.string().nullable().describe('DateOfDeletion as published; null for a live postcode'),
    data_zone_2011_code: z.string().nullable().describe('DataZone2011Code'),
    urban_rural_edition: z.string().nullable().describe('Edition of the urban-rural classes (2020, 2022)'),
    urban_rural_6_fold_code: z.number().int().nullable().describe('Scottish Government 6-fold class 1..6'),
    urban_rural_8_fold_code: z.number().int().nullable().describe('Scottish Government 8-fold class 1..8'),
    settlement_edition: z.string().nullable().describe('Edition of the settlement code (2020, 2022)'),
    settlement_code: z
      .string()
      .nullable()
      .describe("NRS settlement (Scotland's built-up area); null outside one"),
  })
  .describe(
    'NRS Scottish Postcode Directory: per postcode its 2011 Data Zone, urban-rural classes and settlement',
  );

export const NATIONS_TABLES = {
  wimd: { layer: 'staged', schema: NationalDeprivationRowSchema },
  simd: { layer: 'staged', schema: NationalDeprivationRowSchema },
  scottish_postcodes: { layer: 'staged', schema: ScottishPostcodeRowSchema },
} as const;
