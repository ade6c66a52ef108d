// The transportation block (spec 2.7: ev_charging_points, low_emission_zones, nearest_airport).
import { z } from 'zod';
import { PointSchema, pointWith } from './flood-risk';
import { areaWithin1km, distance, proportion } from './planning';

export const ChargingPointSchema = pointWith(
  { distance: distance.max(1000) },
  { name: z.string().nullable() },
);

export const LowEmissionZonesSchema = z
  .object({
    in_low_emission_zone: z.boolean(),
    low_emission_zone_area: areaWithin1km,
    low_emission_zone_proportion: proportion,
    nearest_low_emission_zone: z
      .object({
        name: z.string().nullable(),
        url: z.string().nullable(),
        distance,
        nearest_point: PointSchema.nullable().describe('Null when inside (distance 0)'),
      })
      .nullable()
      .describe('The containing zone, else the nearest within 100 km; null if none'),
  })
  .nullable()
  .describe('Active or planned zones; null when no zone boundaries are loaded');

export const NearestAirportSchema = pointWith(
  {
    name: z.string(),
    distance,
    azimuth_degrees: z.number().describe('Direction from the point, degrees clockwise from TRUE north'),
  },
  {},
)
  .nullable()
  .describe('Nearest UK large or medium airport (OurAirports); null when none is loaded');

export const TransportationBlockSchema = z.object({
  ev_charging_points: z.object({
    nearest_charging_points: z
      .array(ChargingPointSchema)
      .max(10)
      .describe('Up to the 10 closest in-service devices within 1 km, nearest first; empty when none'),
  }),
  low_emission_zones: LowEmissionZonesSchema,
  nearest_airport: NearestAirportSchema,
});
export type TransportationBlock = z.infer<typeof TransportationBlockSchema>;
