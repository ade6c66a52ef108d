import { z } from 'zod';

/**
 * A UPRN: a positive integer of at most 12 digits, sent as a string. A query parameter given twice arrives
 * as an array, which gets its own message rather than "is required".
 */
export const UprnParam = z
  .string({
    error: (issue) =>
      issue.input === undefined
        ? 'is required'
        : Array.isArray(issue.input)
          ? 'must be given once'
          : 'must be a string',
  })
  .trim()
  .regex(/^[0-9]{1,12}$/, 'must be a UPRN: a positive integer of at most 12 digits')
  .transform(Number)
  .refine((n) => n > 0, 'must be a positive integer')
  .describe('Unique Property Reference Number (OS AddressBase / OS Open UPRN), 1 to 12 digits');

/** ISO 8601 UTC timestamp with milliseconds and a trailing Z. */
export const Timestamp = z.iso
  .datetime({ precision: 3 })
  .describe('ISO 8601 UTC timestamp with milliseconds and Z');

/** A rank against all UK cells of a grid (air quality, climate): whole percent, 0..100. */
export const ukPercentile = (description: string) => z.number().int().min(0).max(100).describe(description);
