// GET /location (spec 2.7, 2.9, 4.6): every block of any point in Great Britain, computed live. One complete
// pair is required: x_coord + y_coord (BNG) or latitude + longitude; none, both, half a pair, a non-number or
// a point off the national grid is a 400 naming the parameter. A point at sea answers with empty blocks.
import { Router } from 'express';
import { LOCATION_QUERY_GROUPS, LocationQuerySchema, type LocationQuery } from '../../schemas/api/location';
import type { Position } from '../../pipelines/geo/geometry';
import { ApiError, invalidParameters } from '../errors';
import type { LocationRepository } from '../repository/location';
import { floodRiskTarget } from './flood-risk';

const PAIRS = LOCATION_QUERY_GROUPS.map((params) => ({ name: params.join(' and '), params }));

/** The BNG point the query names; a 400 that says what is wrong otherwise. */
export function locationPoint(query: LocationQuery): Position {
  const given = PAIRS.filter((g) => g.params.some((p) => query[p] !== undefined));
  if (given.length === 0)
    throw new ApiError(
      'invalid_parameter',
      'Give x_coord and y_coord, or latitude and longitude; none was given',
      {
        issues: [{ field: 'query', message: 'x_coord and y_coord, or latitude and longitude, are required' }],
      },
    );
  if (given.length > 1)
    throw new ApiError('invalid_parameter', 'Give x_coord and y_coord, or latitude and longitude, not both', {
      issues: PAIRS.flatMap((g) =>
        g.params
          .filter((p) => query[p] !== undefined)
          .map((p) => ({ field: p, message: 'only one pair of coordinates may be given' })),
      ),
    });
  // One pair only: the flood-risk rules for a half pair, the grid bounds and the WGS84 conversion apply as is.
  const target = floodRiskTarget(query);
  if (!('point' in target)) throw new Error('unreachable: /location takes no UPRN');
  return target.point;
}

export function locationRouter(location: LocationRepository): Router {
  const router = Router();
  router.get('/location', async (req, res) => {
    const query = LocationQuerySchema.safeParse(req.query);
    if (!query.success) throw invalidParameters(query.error, 'query');
    res.json(await location.locationAt(locationPoint(query.data)));
  });
  return router;
}
