// GET /flood-risk (spec 2.6, 4.4): query and response. The same block is stored per UPRN (Parquet, the
// properties document) and computed live for coordinates, so one schema validates both and is the source of
// the OpenAPI description.
import { z } from 'zod';
import { queryNumber, Timestamp, UprnParam } from './common';

/** Spec 2.1 Point. Coordinates are rounded to the centimetre, latitude and longitude to 7 decimals (~1 cm). */
export const PointSchema = z.object({
  x_coord: z.number().describe('BNG easting (EPSG:27700), metres'),
  y_coord: z.number().describe('BNG northing (EPSG:27700), metres'),
  latitude: z.number().describe('ETRS89 latitude (EPSG:4258), degrees'),
  longitude: z.number().describe('ETRS89 longitude (EPSG:4258), degrees'),
});
export type Point = z.infer<typeof PointSchema>;

/** A point with members before and after its coordinates, in the order the spec lists them. */
export const pointWith = <B extends z.ZodRawShape, A extends z.ZodRawShape>(before: B, after: A) =>
  z.object({ ...before, ...PointSchema.shape, ...after });

export const PointWithAzimuthSchema = PointSchema.extend({
  azimuth_degrees: z
    .number()
    .describe('Direction from the queried point, degrees clockwise from TRUE north (0..360)'),
});
export type PointWithAzimuth = z.infer<typeof PointWithAzimuthSchema>;

const distance = z.number().min(0).describe('Metres, rounded to the centimetre');
const probability = z.number().min(0).max(1);

const zoneCommon = {
  flood_risk_description: z.string().nullable().describe('The risk label as the source publishes it'),
  distance,
  nearest_point: PointSchema.nullable().describe('Null when the point is inside the zone (distance 0)'),
};

/** England and Wales: the band's range of annual probability (High has no upper bound, Very Low no lower). */
export const BandedZoneSchema = z.object({
  max_annual_flood_risk: probability.nullable(),
  min_annual_flood_risk: probability.nullable(),
  ...zoneCommon,
});
/** Scotland: SEPA's likelihood is a single annual probability per layer. */
export const ScottishZoneSchema = z.object({ annual_flood_risk: probability, ...zoneCommon });
export type BandedZone = z.infer<typeof BandedZoneSchema>;
export type ScottishZone = z.infer<typeof ScottishZoneSchema>;

function assessmentOf<Z extends z.ZodType>(zone: Z) {
  return z.object({
    in_flood_risk_zone: z.boolean(),
    annual_flood_risk: probability.describe(
      'Annual probability (0..1): 0 outside every zone; inside, the representative value of the highest band ' +
        'containing the point (docs/flood-risk.md)',
    ),
    flood_risk_description: z.string().nullable().describe('Label of the highest band containing the point'),
    nearest_flood_risk_zone: zone
      .nullable()
      .describe('Only when not in a zone: the nearest zone within 1 km (250 m for surface water)'),
    highest_risk_flood_zone_within_50m: zone.nullable(),
  });
}
export const BandedAssessmentSchema = assessmentOf(BandedZoneSchema);
export const ScottishAssessmentSchema = assessmentOf(ScottishZoneSchema);
export type BandedAssessment = z.infer<typeof BandedAssessmentSchema>;
export type ScottishAssessment = z.infer<typeof ScottishAssessmentSchema>;

export const ENGLAND_KEYS = [
  'rivers_and_seas',
  'rivers_and_seas_climate_change',
  'surface_water',
  'surface_water_climate_change',
] as const;
export const WALES_KEYS = ['coast', 'rivers', 'surface_water'] as const;
export const SCOTLAND_KEYS = [
  'coast',
  'rivers',
  'surface_water',
  'coast_climate_change',
  'rivers_climate_change',
  'surface_water_climate_change',
] as const;

const objectOf = <K extends string, S extends z.ZodType>(keys: readonly K[], schema: S) =>
  z.object(Object.fromEntries(keys.map((k) => [k, schema])) as Record<K, S>);

export const EnglandBlockSchema = objectOf(ENGLAND_KEYS, BandedAssessmentSchema);
export const WalesBlockSchema = objectOf(WALES_KEYS, BandedAssessmentSchema);
export const ScotlandBlockSchema = objectOf(SCOTLAND_KEYS, ScottishAssessmentSchema);

export const NearestCoastalPointSchema = z.object({
  elevation_metres: z.number().nullable().describe('Height of the high water line there (m ODN)'),
  distance,
  azimuth_degrees: z.number().describe('Degrees clockwise from true north'),
  x_coord: z.number(),
  y_coord: z.number(),
  latitude: z.number(),
  longitude: z.number(),
});

export const ElevationSchema = z.object({
  elevation_upper: z.number().nullable().describe('Height of the nearest contour above the point (m ODN)'),
  elevation_lower: z.number().nullable().describe('Height of the nearest contour below the point (m ODN)'),
  elevation_estimate: z
    .number()
    .nullable()
    .describe('Inverse-distance interpolation between the two contours, metres (2 decimals)'),
  distance_from_upper: distance.nullable(),
  distance_from_lower: distance.nullable(),
  azimuth_ascending_degrees: z.number().nullable().describe('Towards the upper contour, from true north'),
  azimuth_descending_degrees: z.number().nullable().describe('Towards the lower contour, from true north'),
  is_above_high_tide_line: z
    .boolean()
    .nullable()
    .describe('Estimate above the local mean high water height; null without an estimate'),
});

export const FloodDefencesSchema = z.object({
  protected_by_flood_defence: z.boolean().describe('Inside an area benefiting from flood defences'),
  nearest_location_protected_by_flood_defence: z
    .object({ distance, nearest_point: PointWithAzimuthSchema.nullable() })
    .nullable()
    .describe('Nearest point of an area benefiting from defences within 1 km; null if none'),
});

export const RecordedFloodEventSchema = z.object({
  distance,
  name: z.string().nullable(),
  start_date: Timestamp.nullable(),
  end_date: Timestamp.nullable(),
  flood_source: z.string().nullable(),
  flood_cause: z.string().nullable(),
  nearest_point: PointWithAzimuthSchema.nullable().describe('Null when the point is inside the outline'),
});

export const RecordedFloodEventsSchema = z.object({
  in_flood_event_boundary: z.boolean(),
  events: z.array(RecordedFloodEventSchema).describe('Outlines within 1 km, nearest first (at most 50)'),
});

export const FloodRiskBlockSchema = z.object({
  england: EnglandBlockSchema.nullable(),
  scotland: ScotlandBlockSchema.nullable(),
  wales: WalesBlockSchema.nullable(),
  nearest_coastal_point: NearestCoastalPointSchema.nullable(),
  elevation: ElevationSchema,
  flood_defences: FloodDefencesSchema.nullable().describe('England and Wales only'),
  recorded_flood_events: RecordedFloodEventsSchema,
});
export type FloodRiskBlock = z.infer<typeof FloodRiskBlockSchema>;
export type EnglandBlock = z.infer<typeof EnglandBlockSchema>;
export type WalesBlock = z.infer<typeof WalesBlockSchema>;
export type ScotlandBlock = z.infer<typeof ScotlandBlockSchema>;
export type Elevation = z.infer<typeof ElevationSchema>;
export type NearestCoastalPoint = z.infer<typeof NearestCoastalPointSchema>;
export type FloodDefences = z.infer<typeof FloodDefencesSchema>;
export type RecordedFloodEvents = z.infer<typeof RecordedFloodEventsSchema>;

/** @alias The answer of GET /flood-risk is the block itself, by its endpoint's name. */
export const FloodRiskResponseSchema = FloodRiskBlockSchema;

const coordinate = (name: string) => queryNumber(name).optional();

/**
 * The national grid's extent, metres (0 <= x < 700 km, 0 <= y < 1,300 km): stated in the contract here, checked
 * by the route against pipelines/geo's GRID (a test keeps the two equal).
 */
export const GRID_EXTENT = { maxX: 700_000, maxY: 1_300_000 } as const;

/**
 * The groups of query parameters of GET /flood-risk: exactly one is given, whole (the OpenAPI document says
 * so with oneOf; the route's 400 says which rule a query broke).
 */
export const FLOOD_RISK_QUERY_GROUPS = [
  ['UPRN'],
  ['uprn'],
  ['x_coord', 'y_coord'],
  ['latitude', 'longitude'],
] as const;

/**
 * The raw query; which group is present (FLOOD_RISK_QUERY_GROUPS) is checked by `floodRiskTarget` so the 400
 * can say which rule was broken.
 */
export const FloodRiskQuerySchema = z.object({
  UPRN: UprnParam.optional().describe('Property reference number (one group required)'),
  uprn: UprnParam.optional().describe('The same as UPRN, in the spelling of the other endpoints'),
  x_coord: coordinate('x_coord')
    .meta({ minimum: 0, exclusiveMaximum: GRID_EXTENT.maxX })
    .describe('BNG easting, with y_coord'),
  y_coord: coordinate('y_coord')
    .meta({ minimum: 0, exclusiveMaximum: GRID_EXTENT.maxY })
    .describe('BNG northing, with x_coord'),
  latitude: coordinate('latitude')
    .meta({ minimum: -90, maximum: 90, examples: [51.47, 55.98, 51.45] })
    .describe('Latitude (ETRS89), with longitude; the point must fall on the British National Grid'),
  longitude: coordinate('longitude')
    .meta({ minimum: -180, maximum: 180, examples: [-0.19, -3.19, -3.19] })
    .describe('Longitude (ETRS89), with latitude; the point must fall on the British National Grid'),
});
export type FloodRiskQuery = z.infer<typeof FloodRiskQuerySchema>;
