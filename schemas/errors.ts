import { z } from 'zod';

/** Stable error codes: clients may branch on these; messages may change. */
export const ERROR_CODES = {
  missing_api_key: 403,
  invalid_api_key: 403,
  invalid_parameter: 400,
  invalid_json: 400,
  malformed_request: 400,
  request_timeout: 408,
  not_found: 404,
  method_not_allowed: 405,
  payload_too_large: 413,
  headers_too_large: 431,
  endpoint_not_in_plan: 403,
  credits_exhausted: 429,
  quota_exhausted: 429,
  rate_limited: 429,
  service_unavailable: 503,
  internal_error: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

/** Every non-2xx answer has this shape. */
export const ErrorBodySchema = z
  .object({
    error: z.object({
      code: z.enum(Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]]),
      message: z.string(),
      details: z.unknown().optional(),
    }),
  })
  .describe('Error response');

export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/** One failing field of a request, named by its path (for example `uprn` or `options.total_floor_area`). */
export const FieldIssueSchema = z.object({ field: z.string(), message: z.string() });
export type FieldIssue = z.infer<typeof FieldIssueSchema>;
