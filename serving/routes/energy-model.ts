// POST /energy-model: validate the body, run the model (a pure function, no I/O), answer 200 with spec 2.3.
// Served by the lean path (lean-path.ts) for plain JSON bodies, by this router for everything else.
import { Router } from 'express';
import { ENDPOINTS } from '../../schemas/api/endpoints';
import { energyModelAnswer } from '../energy-model/answer';
import { ApiError } from '../errors';
import type { LeanRoute } from '../lean-path';

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
