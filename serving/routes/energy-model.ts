// POST /energy-model: validate the body, run the model (a pure function, no I/O), answer 200 with spec 2.3.
import { Router } from 'express';
import { EnergyModelRequestSchema, normaliseEnergyModelRequest } from '../../schemas/api/energy-model';
import { locationError } from '../energy-model/bulk';
import { evaluateEnergyModel } from '../energy-model/evaluate';
import { UnknownLocationError } from '../energy-model/location';
import { invalidParameters } from '../errors';

export function energyModelRouter(): Router {
  const router = Router();
  router.post('/energy-model', (req, res) => {
    const body = EnergyModelRequestSchema.safeParse(req.body ?? {});
    if (!body.success) throw invalidParameters(body.error, 'body');
    try {
      res.json(evaluateEnergyModel(normaliseEnergyModelRequest(body.data)));
    } catch (error) {
      if (!(error instanceof UnknownLocationError)) throw error;
      throw locationError(error);
    }
  });
  return router;
}
