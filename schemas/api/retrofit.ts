// GET /retrofit (spec 2.11, 4.8), and the maintained retrofit grants rules file
// (pipelines/reference/retrofit-grants.json) that feeds `area_attributes.retrofit_grants`.
import { z } from 'zod';
import { EnhancedEpcSchema, EnhancedScottishEpcSchema, ENERGY_RATINGS, TENURES } from '../epc';
import { AdminBoundariesSchema, AreaAttributesSchema } from './area';
import { UprnParam } from './common';
import { EpcsResponseSchema, RetrofitRecommendationSchema } from './epcs';
import { PlanningBlockSchema } from './planning';

export const RetrofitQuerySchema = z.object({ uprn: UprnParam });

// ---- the rules file ----
const IsoDate = z.iso.date();

export const GrantCountrySchema = z.enum(['England', 'Wales', 'Scotland']);

export const RetrofitGrantRuleSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9-]+$/),
    name: z.string().min(1),
    description: z.string().min(1),
    grant_value: z.number().positive().nullable(),
    url: z.url(),
    /** When the scheme opened and when it closes (inclusive); outside these dates it never applies. */
    opens: IsoDate,
    closes: IsoDate.nullable(),
    eligibility: z
      .object({
        countries: z.array(GrantCountrySchema).min(1),
        /** GSS codes of the local authorities where it runs; null = every authority of those countries. */
        local_authority_codes: z.array(z.string().regex(/^[EWS][0-9]{8}$/)).nullable(),
        /** Enhanced EPC tenures it is open to; null = any. */
        tenures: z.array(z.enum(TENURES)).nullable(),
        /** Current EPC bands it is open to; null = any. */
        epc_bands: z.array(z.enum(ENERGY_RATINGS)).nullable(),
        /** Only homes in an LSOA of IMD decile at most this (England); null = no area condition. */
        max_deprivation_decile: z.number().int().min(1).max(10).nullable(),
        /** Conditions on the household we cannot check (income, benefits, council tax band ...), in words. */
        household_conditions: z.string(),
      })
      .strict(),
    source: z.string().min(1).describe('Where the values and eligibility were read, and when'),
  })
  .strict();
export type RetrofitGrantRule = z.infer<typeof RetrofitGrantRuleSchema>;

export const RetrofitGrantRulesSchema = z
  .object({
    $comment: z.string().optional(),
    as_of: IsoDate.describe('Date the rules were last checked against the publishers'),
    schemes: z.array(RetrofitGrantRuleSchema).min(1),
  })
  .strict()
  .refine((r) => new Set(r.schemes.map((s) => s.id)).size === r.schemes.length, {
    message: 'scheme ids must be unique',
  });
export type RetrofitGrantRules = z.infer<typeof RetrofitGrantRulesSchema>;

// ---- the response ----
export const RetrofitLocationSchema = z.object({
  uprn: z.number().int().describe('Unique Property Reference Number of the property'),
  x_coord: z.number().describe('BNG easting (EPSG:27700), metres'),
  y_coord: z.number().describe('BNG northing, metres'),
  latitude: z.number().describe('ETRS89 latitude (EPSG:4258), degrees'),
  longitude: z.number().describe('ETRS89 longitude (EPSG:4258), degrees'),
});

export const RetrofitEpcsSchema = z.object({
  epc_in_date: EpcsResponseSchema.shape.epc_in_date,
  epc_age: EpcsResponseSchema.shape.epc_age,
  epc_expiry: EpcsResponseSchema.shape.epc_expiry,
  enhanced_epcs: z
    .array(z.union([EnhancedEpcSchema, EnhancedScottishEpcSchema]))
    .describe('Enhanced certificates, latest first (as `epcs_enhanced` of GET /epcs)'),
});

export const RetrofitResponseSchema = z.object({
  location: RetrofitLocationSchema,
  admin_boundaries: AdminBoundariesSchema.nullable(),
  planning: PlanningBlockSchema.nullable().describe(
    'Conservation areas, listed buildings, World Heritage Sites, national parks (spec 2.7); null when the document has no location layers',
  ),
  area_attributes: AreaAttributesSchema,
  epcs: RetrofitEpcsSchema,
  epc_retrofit_recommendations: z
    .array(RetrofitRecommendationSchema)
    .describe('Top level (spec 2.11 leaves it open): recommendations of the latest England and Wales EPC'),
});
export type RetrofitResponse = z.infer<typeof RetrofitResponseSchema>;
