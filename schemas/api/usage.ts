// GET /usage (spec 2.4, 4.2): the caller's subscription for the current quota period and, per endpoint the
// plan may use, its cost and use.
import { z } from 'zod';
import { Timestamp } from './common';

export const UsageQuerySchema = z.object({});

export const SubscriptionStatusSchema = z.object({
  last_renewed: Timestamp.describe('Start of the current quota period'),
  request_count: z.number().int().describe('Successful requests since the last renewal (every endpoint)'),
  quota_period: z.string().describe('Length of a quota period: month, week or day'),
  quota: z.number().int().nullable().describe('Requests allowed per quota period; null when unlimited'),
  quota_used: z.number().int().describe('Successful requests this period that count toward the quota'),
  requests_remaining: z
    .number()
    .int()
    .nullable()
    .describe('Requests left before renewal (in-flight requests hold theirs); null when no quota'),
  credit_limit: z.number().int().describe('Credits spendable per quota period'),
  credits_used: z.number().int().describe('Credits spent this period (successful answers only)'),
  credits_remaining: z
    .number()
    .int()
    .describe('Credits left before renewal (in-flight requests hold their cost)'),
  renews_at: Timestamp.describe('Renewal time; resets all quotas and credit balances'),
});

export const EndpointUsageSchema = z.object({
  name: z.string().describe('Endpoint name'),
  path: z.string().describe('Endpoint path'),
  method: z.string().describe('Accepted request method'),
  description: z.string().describe('Text description'),
  affects_usage_plan_quota: z
    .boolean()
    .describe("true when requests count toward the subscription's overall quota"),
  can_make_request: z.boolean().describe('true when enough credits and quota remain for one more request'),
  credit_cost: z.number().int().describe('Credits spent per successful request'),
  credits_used: z.number().int().describe('Credits spent on this endpoint this period'),
  request_count: z.number().int().describe('Successful requests to this endpoint this period'),
  requests_remaining: z
    .number()
    .int()
    .nullable()
    .describe('Requests left for this endpoint; null when it has no quota of its own'),
});

export const UsageResponseSchema = z.object({
  subscription: SubscriptionStatusSchema,
  endpoints: z.array(EndpointUsageSchema).describe('One entry per endpoint the subscription can use'),
});
export type UsageResponse = z.infer<typeof UsageResponseSchema>;
