// A column that holds a block the API answers, stored as typed nested Parquet columns that mirror the block's
// schema (STRUCT, LIST, MAP: pipelines/io/nested-type.ts) rather than as JSON text, so analysts read
// `block.england.rivers_and_seas.flood_risk_description` as a column (issue 20).
import { z } from 'zod';

export const nestedColumn = <T extends z.ZodType>(schema: T, description: string) =>
  schema.nullable().meta({ nested: true }).describe(description);

/** SHA-1 of a block's JSON text, as its writer serialised it. */
export const blockDigest = z
  .string()
  .nullable()
  .describe(
    'SHA-1 of the block’s JSON text: equal digests, equal blocks (what the properties index compares)',
  );
