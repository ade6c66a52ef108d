// GET /features (issue 19 item 3): the features of the layers that drive the answers near a point, as a GeoJSON
// FeatureCollection (RFC 7946: longitude, latitude) for a map. The point is given as for /location; the
// radius in metres, at most FEATURES_MAX_RADIUS.
import { z } from 'zod';
import { PointSchema } from './flood-risk';
import { LocationQuerySchema } from './location';

export const FEATURES_DEFAULT_RADIUS = 500;
export const FEATURES_MAX_RADIUS = 2000;

/** Every layer /features answers, in the order its features come out (docs/api.md says what each holds). */
export const FEATURE_LAYERS = [
  'flood_zones',
  'flood_defences',
  'recorded_flood_outlines',
  'coast',
  'nearest_coastal_point',
  'conservation_areas',
  'world_heritage_sites',
  'national_parks',
  'listed_buildings',
  'greenspace',
] as const;
export type FeatureLayer = (typeof FEATURE_LAYERS)[number];

const radius = z
  .string({ error: (i) => (Array.isArray(i.input) ? 'must be given once' : 'must be a number') })
  .trim()
  .regex(/^\+?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/, 'must be a number of metres, 0 or more')
  .transform(Number)
  .pipe(
    z
      .number()
      .max(FEATURES_MAX_RADIUS, `must be at most ${FEATURES_MAX_RADIUS} metres`)
      .meta({ type: 'number' }),
  )
  .optional()
  .meta({ type: 'number' });

export const FeaturesQuerySchema = LocationQuerySchema.extend({
  radius: radius.describe(
    `Metres around the point (0..${FEATURES_MAX_RADIUS}, default ${FEATURES_DEFAULT_RADIUS}): features ` +
      'whose geometry comes within it',
  ),
});

const lonLat = z.tuple([z.number(), z.number()]).describe('[longitude, latitude], degrees, 7 decimals');
const ring = z.array(lonLat);
const GeometrySchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('Point'), coordinates: lonLat }),
  z.object({ type: z.literal('LineString'), coordinates: z.array(lonLat) }),
  z.object({ type: z.literal('MultiLineString'), coordinates: z.array(z.array(lonLat)) }),
  z.object({ type: z.literal('Polygon'), coordinates: z.array(ring) }),
  z.object({ type: z.literal('MultiPolygon'), coordinates: z.array(z.array(ring)) }),
]);

export const MapFeatureSchema = z.object({
  type: z.literal('Feature'),
  id: z.string().describe('<layer>:<feature_id> (flood zones: <layer>:<country>.<zone>:<feature_id>)'),
  geometry: GeometrySchema.describe(
    "The feature's parts near the point, in EPSG:4326 by OSTN15: large features are stored cut into pieces " +
      'of at most 2 km, and those within the radius come back, so a polygon may be a MultiPolygon whose parts ' +
      'share straight cut edges',
  ),
  properties: z
    .looseObject({
      layer: z.enum(FEATURE_LAYERS),
      feature_id: z.string().describe("The source's identifier"),
      distance: z
        .number()
        .min(0)
        .describe('Metres from the point to the feature, to the centimetre; 0 when the point is inside'),
    })
    .describe("layer, feature_id and distance, then the layer's own attributes (docs/api.md)"),
});
export type MapFeature = z.infer<typeof MapFeatureSchema>;

export const FeaturesResponseSchema = z.object({
  type: z.literal('FeatureCollection'),
  query: PointSchema.extend({ radius: z.number() }).describe('The point asked about and the radius used'),
  features: z.array(MapFeatureSchema),
});
export type FeaturesResponse = z.infer<typeof FeaturesResponseSchema>;
