// GET /features (issue 19 item 3): the features of the layers that drive the answers near a point, as GeoJSON
// for a map. The point is given and checked exactly as for /location (locationPoint); the radius by its schema
// (0..2,000 m, default 500), a bad one a 400 naming `radius`.
import { Router } from 'express';
import { FEATURES_DEFAULT_RADIUS, FeaturesQuerySchema } from '../../schemas/api/features';
import { invalidParameters } from '../errors';
import type { NearbyFeaturesRepository } from '../repository/nearby-features';
import { locationPoint } from './location';

export function featuresRouter(features: NearbyFeaturesRepository): Router {
  const router = Router();
  router.get('/features', async (req, res) => {
    const query = FeaturesQuerySchema.safeParse(req.query);
    if (!query.success) throw invalidParameters(query.error, 'query');
    const point = locationPoint(query.data);
    res.json(await features.featuresNear(point, query.data.radius ?? FEATURES_DEFAULT_RADIUS));
  });
  return router;
}
