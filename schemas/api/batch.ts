// POST /batch: many UPRNs of one per-UPRN endpoint in one request. Each item is exactly what the single call
// would answer (its body, or its error object and status); credits are those of the single calls that found
// their UPRN. The answer is JSON, or an Arrow IPC stream of the answers' flat fields (ARROW_STREAM).
import { z } from 'zod';
import { ErrorBodySchema } from '../errors';
import { EpcsResponseSchema } from './epcs';
import { FloodRiskResponseSchema } from './flood-risk';
import { PropertyResponseSchema } from './properties';
import { RetrofitResponseSchema } from './retrofit';

/** The endpoints a batch may call, each answering per UPRN. */
export const BATCH_ENDPOINTS = ['properties', 'epcs', 'flood-risk', 'retrofit'] as const;
export type BatchEndpoint = (typeof BATCH_ENDPOINTS)[number];

export const BATCH_MAX_UPRNS = 1_000;

/** The media type of the Arrow answer (Accept). */
export const ARROW_STREAM = 'application/vnd.apache.arrow.stream';

const BatchUprn = z
  .union([z.string(), z.number()])
  .describe(
    'A UPRN as a string (or a JSON number): checked as the single call checks its uprn (UPRN for flood-risk) ' +
      'query parameter, so a malformed one is an item with status 400, not a failed batch',
  );

export const BatchBodySchema = z
  .object({
    endpoint: z
      .enum(BATCH_ENDPOINTS)
      .describe('The endpoint each UPRN is asked of, as GET /{endpoint}?uprn='),
    uprns: z
      .array(BatchUprn)
      .max(BATCH_MAX_UPRNS, `must hold at most ${BATCH_MAX_UPRNS} UPRNs`)
      .describe(`Up to ${BATCH_MAX_UPRNS} UPRNs, answered in this order (a repeated one is answered again)`),
  })
  .strict();
export type BatchBody = z.infer<typeof BatchBodySchema>;

const ItemUprn = z.union([z.string(), z.number()]).describe('The UPRN as it was asked');

export const BatchItemSchema = z.union([
  z.object({
    uprn: ItemUprn,
    status: z.literal(200),
    body: z
      .union([PropertyResponseSchema, EpcsResponseSchema, FloodRiskResponseSchema, RetrofitResponseSchema])
      .describe("The single call's answer, byte for byte"),
  }),
  z.object({
    uprn: ItemUprn,
    status: z.number().int().min(400).max(599).describe("The single call's status (400, 404, 503, ...)"),
    error: ErrorBodySchema.shape.error.describe("The single call's error object"),
  }),
]);

export const BatchResponseSchema = z.object({
  results: z.array(BatchItemSchema).describe('One item per UPRN asked, in the order asked'),
});
