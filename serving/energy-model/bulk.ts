// One JSON Lines request → one answer, exactly as the API would give it (response or error body).
import {
  EnergyModelRequestSchema,
  normaliseEnergyModelRequest,
  type EnergyModelResponse,
} from '../../schemas/api/energy-model';
import type { ErrorBody } from '../../schemas/errors';
import { ApiError, errorBody, invalidParameters } from '../errors';
import { evaluateEnergyModel } from './evaluate';
import { UnknownLocationError } from './location';

export function answerEnergyModelLine(line: string): EnergyModelResponse | ErrorBody {
  let json: unknown;
  try {
    json = JSON.parse(line);
  } catch {
    return errorBody(new ApiError('invalid_json', 'Line is not valid JSON'));
  }
  const body = EnergyModelRequestSchema.safeParse(json);
  if (!body.success) return errorBody(invalidParameters(body.error, 'body'));
  try {
    return evaluateEnergyModel(normaliseEnergyModelRequest(body.data));
  } catch (error) {
    if (error instanceof UnknownLocationError) return errorBody(locationError(error));
    throw error;
  }
}

/** The 400 for a well-formed location the postcode table does not know. */
export function locationError(error: UnknownLocationError): ApiError {
  return new ApiError('invalid_parameter', 'Invalid body parameter: location', {
    issues: [{ field: 'location', message: error.message }],
  });
}
