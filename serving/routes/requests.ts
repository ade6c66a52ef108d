// GET /requests (spec 2.5, 4.3): the caller's own most recent requests, newest first. Only the calling
// key's rows are ever read.
import { Router } from 'express';
import { RequestsQuerySchema, type RequestsResponse } from '../../schemas/api/requests';
import type { AccountStore } from '../accounts/store';
import { invalidParameters } from '../errors';

export function requestsRouter(accounts: AccountStore): Router {
  const router = Router();
  router.get('/requests', (req, res) => {
    const query = RequestsQuerySchema.safeParse(req.query);
    if (!query.success) throw invalidParameters(query.error, 'query');
    const { limit, offset } = query.data;
    const body: RequestsResponse = {
      limit,
      offset,
      requests: accounts.listRequests(req.apiKey!.id, limit, offset),
    };
    res.json(body);
  });
  return router;
}
