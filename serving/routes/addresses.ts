// GET /addresses?postcode= (schemas/api/addresses.ts): the properties of one postcode, to pick a UPRN from.
// A well-formed postcode that holds no property is a 404 (nothing charged), as an unknown UPRN is.
import { Router } from 'express';
import { AddressesQuerySchema } from '../../schemas/api/addresses';
import { ApiError, invalidParameters } from '../errors';
import type { PropertiesRepository } from '../repository/properties';

export function addressesRouter(properties: PropertiesRepository): Router {
  const router = Router();
  router.get('/addresses', async (req, res) => {
    const query = AddressesQuerySchema.safeParse(req.query);
    if (!query.success) throw invalidParameters(query.error, 'query');
    if (!properties.inPostcode)
      throw new ApiError('service_unavailable', 'Look-ups by postcode are not configured');
    const answer = await properties.inPostcode(query.data.postcode);
    if (answer.total === 0)
      throw new ApiError('not_found', `No property with postcode ${query.data.postcode}`);
    res.json(answer);
  });
  return router;
}
