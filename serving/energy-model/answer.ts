// A request body → what POST /energy-model answers: the response, or the ApiError (a 400 naming the failing
// fields) it fails with. One function for the route's two HTTP paths and `pds energy-model run`.
import {
  normaliseEnergyModelRequest,
  parseEnergyModelBody,
  type EnergyModelResponse,
} from '../../schemas/api/energy-model';
import { ApiError, invalidParameters } from '../errors';
import { evaluateEnergyModel } from './evaluate';
import { UnknownLocationError } from './location';

/** The answer for a parsed request body (undefined: none); throws the 400 that names the failing fields. */
export function energyModelAnswer(body: unknown): EnergyModelResponse {
  const parsed = parseEnergyModelBody(body ?? {});
  if (!parsed.success) throw invalidParameters(parsed.error, 'body');
  try {
    return evaluateEnergyModel(normaliseEnergyModelRequest(parsed.data));
  } catch (error) {
    if (!(error instanceof UnknownLocationError)) throw error;
    // A well-formed location the postcode table does not know, named by its path in the form sent.
    const field = 'parameters' in parsed.data ? 'parameters.location' : 'location';
    throw new ApiError('invalid_parameter', `Invalid body parameter: ${field}`, {
      issues: [{ field, message: error.message }],
    });
  }
}
