// GET /location (spec 2.7, 2.9, 4.6): every block of a point in Great Britain, computed live from the
// location and flood feature indexes by the same block code as the per-UPRN documents. Each block's schema
// lives with its layer; this file only composes them (the enclosing keys follow GET /properties).
import { z } from 'zod';
import { AreaAttributesSchema } from './area';
import { EnvironmentBlockSchema } from './environment';
import { FLOOD_RISK_QUERY_GROUPS, FloodRiskBlockSchema, FloodRiskQuerySchema } from './flood-risk';
import { LocationAdminBoundariesSchema, PlanningBlockSchema } from './planning';
import { PropertyLocationSchema } from './properties';
import { NhsLocationsSchema, SocialPointsBlockSchema } from './social';
import { TransportationBlockSchema } from './transport';

/** Exactly one pair: BNG coordinates or latitude and longitude (the last two groups of /flood-risk). */
export const LOCATION_QUERY_GROUPS = FLOOD_RISK_QUERY_GROUPS.slice(2) as [
  (typeof FLOOD_RISK_QUERY_GROUPS)[2],
  (typeof FLOOD_RISK_QUERY_GROUPS)[3],
];

export const LocationQuerySchema = FloodRiskQuerySchema.pick({
  x_coord: true,
  y_coord: true,
  latitude: true,
  longitude: true,
});
export type LocationQuery = z.infer<typeof LocationQuerySchema>;

export const LocationResponseSchema = z.object({
  location: PropertyLocationSchema,
  admin_boundaries: LocationAdminBoundariesSchema.describe(
    'The boundary polygons holding the point (ward, local authority, county, region, country); nulls at sea',
  ),
  planning: PlanningBlockSchema,
  environment: EnvironmentBlockSchema,
  transportation: TransportationBlockSchema,
  flood_risk: FloodRiskBlockSchema.describe('Every block of spec 2.6'),
  social: z.object({
    house_price_index: AreaAttributesSchema.shape.house_price_index.describe(
      'The local authority row for the latest month, else the region, else the country',
    ),
    fuel_poverty: AreaAttributesSchema.shape.fuel_poverty.describe(
      'England only; lower_layer_super_output_area is null (no LSOA polygons are loaded)',
    ),
    nhs_locations: NhsLocationsSchema,
    defibrillators: SocialPointsBlockSchema.shape.defibrillators,
  }),
});
export type LocationResponse = z.infer<typeof LocationResponseSchema>;
