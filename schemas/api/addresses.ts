// GET /addresses?postcode= (issue 19 item 4: the explorer takes a postcode): the properties of one postcode,
// each with the address of its latest certificate, to pick a UPRN from. Not in the spec (it has no look-up by
// postcode); the postcode is the one the properties document is indexed under (ONS Postcode Directory).
import { z } from 'zod';
import { PropertyLocationSchema } from './properties';

/** Properties answered at most (a postcode holds about 15 homes; a few large ones hold hundreds). */
export const ADDRESSES_MAX = 1000;

/** "sw61pn", "SW6 1PN", "sw6  1pn" → "SW6 1PN": the form the ONS Postcode Directory spells (pcds). */
export const normalisePostcode = (text: string): string => {
  const compact = text.replace(/ /g, '').toUpperCase();
  return `${compact.slice(0, -3)} ${compact.slice(-3)}`;
};

export const AddressesQuerySchema = z.object({
  postcode: z
    .string({
      error: (issue) =>
        issue.input === undefined
          ? 'is required'
          : Array.isArray(issue.input)
            ? 'must be given once'
            : 'must be a string',
    })
    .regex(
      /^[A-Za-z]{1,2}[0-9][0-9A-Za-z]? *[0-9][A-Za-z]{2}$/,
      'must be a full UK postcode, such as "SW6 1PN" (any case, the space optional)',
    )
    .transform(normalisePostcode)
    .meta({ examples: ['SW6 1PN', 'CF10 5DF', 'EH6 4NE'] })
    .describe('A full UK postcode: outward and inward code, any case, the space between them optional'),
});

export const AddressSchema = z.object({
  uprn: z.string().describe('The UPRN, as a string (what GET /properties?uprn= takes)'),
  address: z
    .string()
    .nullable()
    .describe(
      "The address on the property's latest energy performance certificate (England and Wales: its " +
        '`address`; Scotland: `address1` to `address3`, joined by ", "); null when it has no certificate',
    ),
  location: PropertyLocationSchema,
});
export type Address = z.infer<typeof AddressSchema>;

export const AddressesResponseSchema = z.object({
  postcode: z.string().describe('The postcode asked about, upper-cased and spaced ("SW6 1PN")'),
  total: z.number().int().describe('Properties in the postcode'),
  addresses: z
    .array(AddressSchema)
    .describe(`The properties by UPRN, ascending; the first ${ADDRESSES_MAX} when there are more`),
});
export type AddressesResponse = z.infer<typeof AddressesResponseSchema>;
