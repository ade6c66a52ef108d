import { z } from 'zod';

/** A UPRN: a positive integer of at most 12 digits, sent as a string. */
export const UprnParam = z
  .string({ error: 'is required' })
  .trim()
  .regex(/^[0-9]{1,12}$/, 'must be a UPRN: a positive integer of at most 12 digits')
  .transform(Number)
  .refine((n) => n > 0, 'must be a positive integer');

/** ISO 8601 UTC timestamp with milliseconds and a trailing Z. */
export const Timestamp = z.iso
  .datetime({ precision: 3 })
  .describe('ISO 8601 UTC timestamp with milliseconds and Z');
