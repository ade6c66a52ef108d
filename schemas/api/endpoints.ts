// Every endpoint of the API, declared once: what it is, what it costs, what it takes and returns. The
// router, metering (/usage lists these), and the OpenAPI document all read this table.
import type { z } from 'zod';
import { EpcsQuerySchema, EpcsResponseSchema } from './epcs';

export interface EndpointDefinition {
  /** Stable name, used in usage records and plans. */
  name: string;
  method: 'GET' | 'POST';
  path: string;
  description: string;
  /** Credits charged for a successful (2xx) answer. */
  creditCost: number;
  /** Whether requests count toward the plan's overall quota. */
  affectsUsagePlanQuota: boolean;
  query?: z.ZodObject;
  body?: z.ZodType;
  response: z.ZodType;
}

export const ENDPOINTS: readonly EndpointDefinition[] = [
  {
    name: 'epcs',
    method: 'GET',
    path: '/epcs',
    description: 'Raw and enhanced EPCs for one property (spec 2.10)',
    creditCost: 10,
    affectsUsagePlanQuota: true,
    query: EpcsQuerySchema,
    response: EpcsResponseSchema,
  },
];
