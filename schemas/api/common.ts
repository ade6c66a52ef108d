import { z } from 'zod';

// Numbers in a query string are read strictly: decimal digits as written, nothing around them. No spaces
// (an ideographic one included), no sign on a count, no leading zeros, no 0x/0b/0o prefixes, no exponent on
// an integer: Number() would take all of those, and two spellings of one value are two cache keys, two
// history rows and a contract the OpenAPI document does not state.

/** A query parameter given twice arrives as an array: its own message, rather than "is required". */
const queryText = (notText: string) =>
  z.string({
    error: (issue) =>
      issue.input === undefined ? 'is required' : Array.isArray(issue.input) ? 'must be given once' : notText,
  });

/** A UPRN: a positive integer of at most 12 digits without leading zeros, sent as a string. */
export const UprnParam = queryText('must be a string')
  .regex(/^[1-9][0-9]{0,11}$/, 'must be a UPRN: 1 to 12 digits, no leading zero, sign or spaces')
  .transform(Number)
  // The real service's documented test UPRNs (England, Wales, Scotland), which the sample data holds.
  .meta({ examples: ['34076006', '10014197137', '906178651'] })
  .describe('Unique Property Reference Number (OS AddressBase / OS Open UPRN), 1 to 12 digits');

/** A whole-number query parameter from `min` to `max` (decimal digits only); described as an integer. */
export const queryInteger = (name: string, min: number, max: number) => {
  const message = `${name} must be an integer from ${min} to ${max}`;
  return queryText(message)
    .regex(/^(0|[1-9][0-9]*)$/, message)
    .transform(Number)
    .pipe(z.number().min(min, message).max(max, message))
    .meta({ type: 'integer', minimum: min, maximum: max });
};

/** A decimal query parameter (optional sign, digits, fraction, exponent); described as a number. */
export const queryNumber = (name: string) =>
  queryText(`${name} must be a number`)
    .regex(/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/, `${name} must be a number`)
    .transform(Number)
    .meta({ type: 'number' }); // OpenAPI: a number (the query string carries it as text)

/** ISO 8601 UTC timestamp with milliseconds and a trailing Z. */
export const Timestamp = z.iso
  .datetime({ precision: 3 })
  .describe('ISO 8601 UTC timestamp with milliseconds and Z');

/** A rank against all UK cells of a grid (air quality, climate): whole percent, 0..100. */
export const ukPercentile = (description: string) => z.number().int().min(0).max(100).describe(description);
