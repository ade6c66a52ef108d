// The field builders of the EPC schemas: nullable, described, as every published field may be blank.
import { z } from 'zod';

export const text = (description: string) => z.string().nullable().describe(description);
export const num = (description: string) => z.number().nullable().describe(description);
export const int = (description: string) => z.number().int().nullable().describe(description);
export const percent = (description: string) =>
  z.number().int().min(0).max(100).nullable().describe(description);
export const bool = (description: string) => z.boolean().nullable().describe(description);
export const timestamp = (description: string) =>
  z.iso
    .datetime({ precision: 3 })
    .nullable()
    .describe(`${description} (ISO 8601 UTC timestamp with milliseconds and Z)`);
export const oneOf = <const T extends readonly [string, ...string[]]>(values: T, description: string) =>
  z
    .enum(values)
    .nullable()
    .describe(`${description}. One of: ${values.join('; ')}`);
