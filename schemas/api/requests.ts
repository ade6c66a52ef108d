// GET /requests (spec 2.5, 4.3): the caller's own most recent requests, newest first.
import { z } from 'zod';
import { queryInteger, Timestamp } from './common';

export const REQUESTS_MAX_LIMIT = 100;
/** History rows kept per API key; older rows are pruned. */
export const REQUESTS_KEPT_PER_KEY = 100;

export const RequestsQuerySchema = z.object({
  limit: queryInteger('limit', 1, REQUESTS_MAX_LIMIT)
    .default(10)
    .describe(`How many records to return, 1 to ${REQUESTS_MAX_LIMIT}; default 10`),
  offset: queryInteger('offset', 0, REQUESTS_KEPT_PER_KEY - 1)
    .default(0)
    .describe(`How many of the newest records to skip, 0 to ${REQUESTS_KEPT_PER_KEY - 1}; default 0`),
});

const JsonObject = z.record(z.string(), z.unknown());

export const RequestRecordSchema = z.object({
  path: z.string().describe('Path requested'),
  method: z.string().describe('HTTP method'),
  query_params: z.record(z.string(), z.string()).describe('Query parameters sent'),
  request_body: z
    .unknown()
    .nullable()
    .describe(
      'Body sent (parsed JSON), or null when there was none; a body over 128 KiB, or one not read (invalid, ' +
        'nested too deep, too large, not decompressible), is {"truncated": true, "bytes": N} (N as declared)',
    ),
  request_headers: z
    .record(z.string(), z.string())
    .describe(
      'Headers sent; x-api-key, authorization, cookie and proxy-authorization are replaced by "[redacted]"',
    ),
  response_code: z.number().int().describe('HTTP status code'),
  response_time: z.number().int().describe('Milliseconds taken to serve'),
  response_body: JsonObject.describe(
    'Body returned; a body over 128 KiB is stored as {"truncated": true, "bytes": N}',
  ),
  response_headers: z.record(z.string(), z.string()).describe('Headers returned'),
  created_at: Timestamp.describe('When the request was made'),
});
export type RequestRecord = z.infer<typeof RequestRecordSchema>;

export const RequestsResponseSchema = z.object({
  limit: z.number().int().describe('The limit applied (the query parameter, default 10)'),
  offset: z.number().int().describe('The offset applied (the query parameter, default 0)'),
  requests: z.array(RequestRecordSchema).describe('Newest first'),
});
export type RequestsResponse = z.infer<typeof RequestsResponseSchema>;
