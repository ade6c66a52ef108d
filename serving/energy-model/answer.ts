// A request body → what POST /energy-model answers: the response, or the ApiError (a 400 naming the failing
// fields) it fails with. One function for the route's two HTTP paths and `pds energy-model run`.
import {
  EnergyModelRequestSchema,
  normaliseEnergyModelRequest,
  type EnergyModelResponse,
} from '../../schemas/api/energy-model';
import { ApiError, invalidParameters } from '../errors';
import { evaluateEnergyModel } from './evaluate';
import { UnknownLocationError } from './location';

/** The answer for a parsed request body (undefined: none); throws the 400 that names the failing fields. */
export function energyModelAnswer(body: unknown): EnergyModelResponse {
  const parsed = EnergyModelRequestSchema.safeParse(body ?? {});
  if (!parsed.success) throw invalidParameters(parsed.error, 'body');
  try {
    return evaluateEnergyModel(normaliseEnergyModelRequest(parsed.data));
  } catch (error) {
    if (!(error instanceof UnknownLocationError)) throw error;
    // A well-formed location the postcode table does not know.
    throw new ApiError('invalid_parameter', 'Invalid body parameter: location', {
      issues: [{ field: 'location', message: error.message }],
    });
  }
}
