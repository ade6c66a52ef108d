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
import { ApiError, invalidParameters } from '../errors';
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

/**
 * Spec 4.1 requires `Content-Type: application/json`. Without it express.json leaves the body unread, and
 * the 400 would otherwise list fields the client did send ("location is required").
 */
function contentTypeError(contentType: string | undefined): ApiError | null {
  const mediaType = contentType?.split(';')[0]!.trim().toLowerCase();
  if (mediaType === 'application/json') return null;
  return new ApiError('invalid_parameter', 'Invalid header: content-type', {
    issues: [
      {
        field: 'content-type',
        message:
          contentType === undefined
            ? 'is required: application/json'
            : `must be application/json, not ${JSON.stringify(contentType)}`,
      },
    ],
  });
}

export const energyModelLeanRoute: LeanRoute = {
  endpoint: ENDPOINTS.find((e) => e.name === 'energy-model')!,
  answer: energyModelAnswer,
};

export function energyModelRouter(): Router {
  const router = Router();
  // The lean path takes only JSON bodies, so every other content type reaches this check.
  router.post('/energy-model', (req, res) => {
    const error = contentTypeError(req.headers['content-type']);
    if (error) throw error;
    res.json(energyModelAnswer(req.body));
  });
  return router;
}
