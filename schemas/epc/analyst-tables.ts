// The EPC analyst tables (Parquet): their layouts, for the data dictionary.
import { z } from 'zod';
import { nestedColumn } from '../nested-column';
import { EW_ONLY_SHAPE, EnhancedEpcSchema, EnhancedScottishEpcSchema, SHARED_SHAPE } from './enhanced';
import { int, num, oneOf, text, timestamp } from './fields';
import { RAW_EW_CERTIFICATE_FIELDS, RAW_EW_RECOMMENDATION_FIELDS } from './raw';
import { EpcEstimateSchema, EpcStatsRowSchema } from './stats';
import { PROPERTY_TYPES } from './vocabularies';

const provenance = {
  source_file: z.string().describe('Source file as `<dataset folder>/<path inside it>`'),
  source_line: z.number().int().describe('1-based line of the row in the source file'),
};

export const RawEwRecommendationRowSchema = z
  .object({
    ...Object.fromEntries(
      RAW_EW_RECOMMENDATION_FIELDS.map((f) => [
        f,
        z.string().nullable().describe(`${f.toUpperCase()} as published`),
      ]),
    ),
    ...provenance,
  })
  .describe(
    'England and Wales recommendations.csv rows as published (strings), keyed to certificates by lmk_key',
  );

export const RawEwCertificateRowSchema = z
  .object({
    ...Object.fromEntries(
      RAW_EW_CERTIFICATE_FIELDS.map((f) => [
        f,
        z
          .string()
          .nullable()
          .describe(`${f.toUpperCase()} as published (string; null when the release lacks the column)`),
      ]),
    ),
    folder_local_authority: text('LA code of the `domestic-<code>-<name>` folder the file came from'),
    ...provenance,
  })
  .describe('England and Wales certificates.csv rows as published: one string column per published field');

export const RawScottishCertificateRowSchema = z
  .object({
    osg_reference_number: text('OSG_REFERENCE_NUMBER as published (the UPRN)'),
    building_reference_number: text('BUILDING_REFERENCE_NUMBER as published'),
    lodgement_date: text('LODGEMENT_DATE as published'),
    raw: z
      .record(z.string(), z.string())
      .describe('The whole row: lower-case machine names to published strings'),
    ...provenance,
  })
  .describe('Scottish certificate rows as published (the column set varies by extract, so the row is JSON)');

const countryColumn = { country: text('Country: England, Wales or Scotland (from the LA code or folder)') };

export const EpcLatestRowSchema = z
  .object({
    uprn: int('UPRN; null for a certificate without one (then the property is its building reference)'),
    certificate_id: text('lmk_key (E&W) or building reference number (Scotland) of the latest certificate'),
    building_reference_number: text('Building reference number'),
    lodgement_date: timestamp('Lodgement date of the latest certificate'),
    country: text('Country: England, Wales or Scotland'),
    postcode: text('Postcode of the certificate'),
    outcode: text('Outward code of the postcode'),
    local_authority_district_code: text('LA district code: ONSPD by postcode, else the certificate’s own'),
    region_code: text('Region code (ONSPD); the country code for Wales and Scotland'),
    property_type: SHARED_SHAPE.property_type,
    built_form: SHARED_SHAPE.built_form,
    construction_age_band: SHARED_SHAPE.construction_age_band,
    main_fuel: SHARED_SHAPE.main_fuel,
    has_mains_gas: SHARED_SHAPE.has_mains_gas,
    total_floor_area: SHARED_SHAPE.total_floor_area,
    co2_emissions_current: SHARED_SHAPE.co2_emissions_current,
    co2_emissions_potential: SHARED_SHAPE.co2_emissions_potential,
    energy_efficiency_current: SHARED_SHAPE.energy_efficiency_current,
    energy_efficiency_potential: SHARED_SHAPE.energy_efficiency_potential,
    energy_rating_current: SHARED_SHAPE.energy_rating_current,
    energy_rating_potential: SHARED_SHAPE.energy_rating_potential,
    energy_consumption_per_floor_area_m2_current: EW_ONLY_SHAPE.energy_consumption_per_floor_area_m2_current,
    energy_consumption_per_floor_area_m2_potential:
      EW_ONLY_SHAPE.energy_consumption_per_floor_area_m2_potential,
    x_coord: num('Easting of the UPRN (OS Open UPRN), metres, British National Grid'),
    y_coord: num('Northing of the UPRN (OS Open UPRN), metres, British National Grid'),
    row_digest: z
      .string()
      .describe(
        'Digest of the row’s other columns (DuckDB’s 64-bit hash combining each string’s MD5 and each other value), to tell a changed row',
      ),
  })
  .describe('The latest certificate of every property with its geography (the population of epc_stats)');

export const EpcEstimatesRowSchema = z
  .object({
    uprn: z.number().int().describe('UPRN (OS Open UPRN) without a certificate'),
    postcode: text('Postcode assumed for the UPRN (its nearest certified neighbour’s)'),
    outcode: text('Outward code of that postcode'),
    local_authority_district_code: text('LA district code of that postcode'),
    region_code: text('Region code of that postcode'),
    country: text('Country of that postcode'),
    property_type: oneOf(PROPERTY_TYPES, 'Estimated property type'),
    estimate: nestedColumn(
      EpcEstimateSchema,
      'Estimated assessment of a property with no EPC, from nearby certified properties',
    ),
  })
  .describe('epc_estimate of every UPRN without a certificate');

export const EpcEstimatesInputsRowSchema = z
  .object({
    kind: z
      .enum(['certified', 'target'])
      .describe('certified: a certified property the tile read; target: a UPRN it estimated'),
    uprn: z.number().int().describe('UPRN'),
    x_coord: z.number().describe('Easting, metres, British National Grid'),
    y_coord: z.number().describe('Northing, metres, British National Grid'),
    digest: text(
      'certified: digest (DuckDB’s 64-bit hash combining each string’s MD5 and each other value, as text) of its epc_latest columns an estimate reads',
    ),
    reach: num(
      'target: how far a certified property can lie and still be among its nearest, metres (the k-th distance, or the search radius)',
    ),
  })
  .describe(
    'Bookkeeping of epc_estimates, per tile: what its last build read, so a new month estimates again only the UPRNs a changed certificate reaches',
  );

/** The EPC analyst tables (name → layer and row schema), for the data dictionary. */
export const EPC_TABLES = {
  epc_england_wales_certificates: { layer: 'staged', schema: RawEwCertificateRowSchema },
  epc_england_wales_recommendations: { layer: 'staged', schema: RawEwRecommendationRowSchema },
  epc_scotland_certificates: { layer: 'staged', schema: RawScottishCertificateRowSchema },
  epc_enhanced_england_wales: { layer: 'derived', schema: EnhancedEpcSchema.extend(countryColumn) },
  epc_enhanced_scotland: { layer: 'derived', schema: EnhancedScottishEpcSchema.extend(countryColumn) },
  epc_latest: { layer: 'derived', schema: EpcLatestRowSchema },
  epc_stats: { layer: 'derived', schema: EpcStatsRowSchema },
  epc_estimates: { layer: 'derived', schema: EpcEstimatesRowSchema },
  epc_estimates_inputs: { layer: 'derived', schema: EpcEstimatesInputsRowSchema },
} as const;
