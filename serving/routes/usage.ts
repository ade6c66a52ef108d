// GET /usage (spec 2.4, 4.2): the caller's subscription this period and per-endpoint use.
import { Router } from 'express';
import { UsageQuerySchema } from '../../schemas/api/usage';
import type { AccountStore } from '../accounts/store';
import { invalidParameters } from '../errors';

export function usageRouter(accounts: AccountStore, now: () => Date): Router {
  const router = Router();
  router.get('/usage', (req, res) => {
    const query = UsageQuerySchema.safeParse(req.query);
    if (!query.success) throw invalidParameters(query.error, 'query');
    res.json(accounts.usage(req.apiKey!.id, now()));
  });
  return router;
}
