// POST /energy-model: validate the body, run the model (a pure function, no I/O), answer 200 with spec 2.3.
// Served by the lean path (lean-path.ts) for plain JSON bodies, by this router for everything else.
import { Router } from 'express';
import {
  EnergyModelRequestSchema,
  normaliseEnergyModelRequest,
  type EnergyModelResponse,
} from '../../schemas/api/energy-model';
import { ENDPOINTS } from '../../schemas/api/endpoints';
import { locationError } from '../energy-model/bulk';
import { evaluateEnergyModel } from '../energy-model/evaluate';
import { UnknownLocationError } from '../energy-model/location';
import { invalidParameters } from '../errors';
import type { LeanRoute } from '../lean-path';

/** The answer for a parsed request body (undefined: none); throws the 400 that names the failing fields. */
export function energyModelAnswer(body: unknown): EnergyModelResponse {
  const parsed = EnergyModelRequestSchema.safeParse(body ?? {});
  if (!parsed.success) throw invalidParameters(parsed.error, 'body');
  try {
    return evaluateEnergyModel(normaliseEnergyModelRequest(parsed.data));
  } catch (error) {
    if (!(error instanceof UnknownLocationError)) throw error;
    throw locationError(error);
  }
}

export const energyModelLeanRoute: LeanRoute = {
  endpoint: ENDPOINTS.find((e) => e.name === 'energy-model')!,
  answer: energyModelAnswer,
};

export function energyModelRouter(): Router {
  const router = Router();
  router.post('/energy-model', (req, res) => {
    res.json(energyModelAnswer(req.body));
  });
  return router;
}
