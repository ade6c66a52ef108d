// GET /properties?uprn= (spec 2.7, 2.8, 4.5): every block of a property, prebuilt at index time and assembled
// from its properties document. Each block's schema lives with its layer; this file only composes them.
import { z } from 'zod';
import { AdminBoundariesSchema, AreaAttributesSchema } from './area';
import { ClimateBlockSchema } from './climate';
import { UprnParam } from './common';
import { EnvironmentBlockSchema } from './environment';
import { EpcsResponseSchema } from './epcs';
import { ElevationSchema, FloodRiskBlockSchema } from './flood-risk';
import { PlanningBlockSchema } from './planning';
import { NhsLocationsSchema, SocialPointsBlockSchema } from './social';
import { TransportationBlockSchema } from './transport';
import { EnhancedEpcSchema, EnhancedScottishEpcSchema } from '../epc';

export const PropertiesQuerySchema = z.object({ uprn: UprnParam });

export const PropertyLocationSchema = z.object({
  x_coord: z.number().describe('BNG easting (m)'),
  y_coord: z.number().describe('BNG northing (m)'),
  latitude: z.number(),
  longitude: z.number(),
});

const PropertyAdminBoundaries = AdminBoundariesSchema.nullable().describe(
  'From the ONS Postcode Directory, by postcode',
);

/**
 * spec 2.8: "an object with epc_country, epc_in_date, epc_age, epc_expiry and an enhanced EPC record"; the
 * record is the member `epc`, where the real service's clients read it (docs/api.md).
 */
export const PropertyEpcSchema = z
  .object({
    epc_country: EpcsResponseSchema.shape.epc_country,
    epc_in_date: EpcsResponseSchema.shape.epc_in_date,
    epc_age: EpcsResponseSchema.shape.epc_age,
    epc_expiry: EpcsResponseSchema.shape.epc_expiry,
    epc: z
      .union([EnhancedEpcSchema, EnhancedScottishEpcSchema])
      .describe("The latest certificate's enhanced record (spec 2.10)"),
  })
  .describe('The latest certificate: its validity, and its enhanced record under `epc`');

export const PropertyResponseSchema = z.object({
  uprn: z.string().describe('The UPRN asked for, as a string (the real service answers `"uprn": "1"`)'),
  location: PropertyLocationSchema.extend({
    admin_boundaries: PropertyAdminBoundaries.describe(
      'The same object as the top-level admin_boundaries, where the real service has it',
    ),
  }),
  admin_boundaries: PropertyAdminBoundaries,
  elevation: ElevationSchema.nullable(),
  planning: PlanningBlockSchema.nullable(),
  environment: EnvironmentBlockSchema.nullable(),
  transportation: TransportationBlockSchema.nullable(),
  flood_risk: FloodRiskBlockSchema.pick({ england: true, scotland: true, wales: true })
    .nullable()
    .describe('Country blocks of spec 2.6; the countries the property is not in are null'),
  climate: ClimateBlockSchema.nullable().describe(
    'historical (HadUK-Grid 1 km) and future_projections (UKCP18 12 km); null when neither covers the property',
  ),
  social: z.object({
    house_price_index: AreaAttributesSchema.shape.house_price_index,
    fuel_poverty: AreaAttributesSchema.shape.fuel_poverty,
    nhs_locations: NhsLocationsSchema.nullable(),
    defibrillators: SocialPointsBlockSchema.shape.defibrillators,
  }),
  energy: z.object({
    average_energy_usage_stats: AreaAttributesSchema.shape.average_energy_usage_stats,
    retrofit_grants: AreaAttributesSchema.shape.retrofit_grants,
    epcs: PropertyEpcSchema.nullable().describe('null when the property has no certificate'),
  }),
});
export type PropertyResponse = z.infer<typeof PropertyResponseSchema>;
