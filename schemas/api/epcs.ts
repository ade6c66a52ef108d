// GET /epcs (spec 2.10, 4.7): request query and response. The response validates what the API sends and
// is the source of the OpenAPI description.
import { z } from 'zod';
import {
  EnhancedEpcSchema,
  EnhancedScottishEpcSchema,
  EpcCompareSchema,
  EpcEstimateSchema,
  EpcStatsSchema,
  EPC_STATS_GROUPINGS,
  type EpcStatsKey,
} from '../epc';
import { Timestamp, UprnParam } from './common';

export const EpcsQuerySchema = z.object({ uprn: UprnParam });

export const EpcCountrySchema = z.enum(['England', 'Wales', 'Scotland']);

export const RawEpcSchema = z
  .record(z.string(), z.string())
  .describe(
    'A certificate as published: lower-case field names, string values exactly as in the source file',
  );

// Nullable because recommendations.csv has blank cells: an INDICATIVE_COST with no figure (the spec
// types the costs as numbers) is null rather than an invented 0.
export const RetrofitRecommendationSchema = z.object({
  improvement_summary_text: z
    .string()
    .nullable()
    .describe('IMPROVEMENT_SUMMARY_TEXT, trimmed; null when blank'),
  improvement_description_text: z
    .string()
    .nullable()
    .describe('IMPROVEMENT_DESCR_TEXT, trimmed; null when blank'),
  improvement_id: z
    .number()
    .int()
    .nullable()
    .describe(
      'IMPROVEMENT_ID as published (code of the measure in the EPC recommendation list); null when blank',
    ),
  indicative_cost_min: z
    .number()
    .nullable()
    .describe('Lower end of INDICATIVE_COST, GBP; null when the published cost has no figure'),
  indicative_cost_max: z
    .number()
    .nullable()
    .describe('Upper end of INDICATIVE_COST, GBP (= min for a single figure); null when it has no figure'),
});

/** What the index stores per UPRN; the time-dependent fields are derived from it per request. */
export const StoredEpcBlockSchema = z.object({
  epc_country: EpcCountrySchema.nullable(),
  latest_lodgement_date: Timestamp.nullable(),
  epcs: z.array(RawEpcSchema),
  epcs_enhanced: z.array(z.union([EnhancedEpcSchema, EnhancedScottishEpcSchema])),
  epc_retrofit_recommendations: z.array(RetrofitRecommendationSchema),
  epc_stats: EpcStatsSchema,
  epc_compare: EpcCompareSchema.nullable(),
  epc_estimate: EpcEstimateSchema.nullable(),
});
export type StoredEpcBlock = z.infer<typeof StoredEpcBlockSchema>;

/**
 * The EPC block as uprn_epc_blocks stores it: the statistics groups by id in the place of the statistics and
 * the comparison, which the API joins and computes when it answers (pipelines/indexing/stored-property.ts).
 */
export const TabledEpcBlockSchema = StoredEpcBlockSchema.omit({
  epc_stats: true,
  epc_compare: true,
  epc_estimate: true,
}).extend({
  epc_stats_groups: z
    .object(
      Object.fromEntries(
        EPC_STATS_GROUPINGS.map((g) => [
          g.key,
          z
            .string()
            .nullable()
            .describe(`Id of the ${g.key} group, a row of epc_stats; null when it has none`),
        ]),
      ) as Record<EpcStatsKey, z.ZodNullable<z.ZodString>>,
    )
    .describe(
      'Each statistics group by its id, `<grouping>:<values joined by |>` (e.g. `postcode:SW6 1AA`, a row of epc_stats)',
    ),
  epc_estimate: StoredEpcBlockSchema.shape.epc_estimate,
});

export const EpcsResponseSchema = z.object({
  epc_country: EpcCountrySchema.nullable().describe('Country of the latest EPC; null without a certificate'),
  epc_in_date: z
    .boolean()
    .nullable()
    .describe(
      'Whether the latest EPC is within its 10-year validity (now < epc_expiry); null without a certificate',
    ),
  epc_age: z
    .number()
    .nullable()
    .describe(
      'Age of the latest EPC in years (decimal, 2 places), from its lodgement date to now; null without a certificate',
    ),
  epc_expiry: Timestamp.nullable().describe(
    'Lodgement date of the latest EPC plus 10 years; null without a certificate',
  ),
  epcs: z.array(RawEpcSchema).describe('Raw certificates, latest first (Scotland: the latest only)'),
  epcs_enhanced: StoredEpcBlockSchema.shape.epcs_enhanced.describe(
    'Enhanced certificates, in the order of `epcs`',
  ),
  epc_estimate: EpcEstimateSchema.nullable().describe(
    'Estimated assessment for a property with no EPC, from nearby certified properties; null when it has ' +
      'an EPC or no certified property lies within 400 m',
  ),
  epc_stats: EpcStatsSchema,
  epc_compare: EpcCompareSchema.nullable().describe(
    'The latest certificate against the means of its groups; null when the property has no EPC',
  ),
  epc_retrofit_recommendations: z
    .array(RetrofitRecommendationSchema)
    .describe('Recommendations of the latest England and Wales certificate; empty for Scotland'),
});
export type EpcsResponse = z.infer<typeof EpcsResponseSchema>;
