// The social blocks computed from point layers (spec 2.8: nhs_locations, defibrillators), stored per UPRN
// and computed live for points. House price index and fuel poverty live with the area blocks.
import { z } from 'zod';
import { pointWith } from './flood-risk';
import { distance } from './planning';

const azimuth = z
  .number()
  .min(0)
  .lt(360)
  .describe('Direction from the point, degrees clockwise from TRUE north');

const nhsSite = pointWith(
  { distance, azimuth_degrees: azimuth },
  {
    name: z.string(),
    address1: z.string().nullable(),
    address2: z.string().nullable(),
    address3: z.string().nullable(),
    postcode: z.string(),
  },
);
const withUrl = nhsSite.extend({ url: z.string().describe('ODS ORD API record of the organisation') });

export const NhsLocationsSchema = z.object({
  nearest_hospital: withUrl.nullable().describe('Nearest NHS trust site (ODS ets); null when none is loaded'),
  nearest_dentist: withUrl
    .nullable()
    .describe('Nearest dental practice (ODS egdpprac); null when none is loaded'),
  nearest_gp_practice: nhsSite
    .nullable()
    .describe('Nearest active GP practice (ODS epraccur); null when none'),
});

export const DefibrillatorSchema = pointWith(
  { distance: distance.max(1000), azimuth_degrees: azimuth },
  { location_name: z.string().nullable(), availability: z.string(), access_type: z.string() },
);

export const SocialPointsBlockSchema = z.object({
  nhs_locations: NhsLocationsSchema,
  defibrillators: z
    .array(DefibrillatorSchema)
    .describe('Defibrillators within 1 km, nearest first; empty when none'),
});
export type SocialPointsBlock = z.infer<typeof SocialPointsBlockSchema>;
