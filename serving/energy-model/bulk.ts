// One JSON Lines request → one answer, exactly as the API would give it (response or error body).
import type { EnergyModelResponse } from '../../schemas/api/energy-model';
import type { ErrorBody } from '../../schemas/errors';
import { ApiError, errorBody } from '../errors';
import { energyModelAnswer } from './answer';

export function answerEnergyModelLine(line: string): EnergyModelResponse | ErrorBody {
  let json: unknown;
  try {
    json = JSON.parse(line);
  } catch {
    return errorBody(new ApiError('invalid_json', 'Line is not valid JSON'));
  }
  try {
    return energyModelAnswer(json);
  } catch (error) {
    if (error instanceof ApiError) return errorBody(error);
    throw error;
  }
}
