// A request body → what POST /energy-model answers: the response, or the ApiError (a 400 naming the failing
// fields) it fails with. One function for the route's two HTTP paths and `pds energy-model run`.
import {
  normaliseEnergyModelRequest,
  parseEnergyModelBody,
  type EnergyModelResponse,
} from '../../schemas/api/energy-model';
import type { PricePeriod } from '../../pipelines/transforms/energy-prices/table';
import { ApiError, invalidParameters } from '../errors';
import { evaluateEnergyModel } from './evaluate';
import { UnknownLocationError } from './location';
import { activePricePeriod } from './prices';

/**
 * The answer for a parsed request body (undefined: none), costed with the price-cap period in force (the
 * served table, prices.ts; none: SAP 10.2 prices); throws the 400 that names the failing fields.
 */
export function energyModelAnswer(
  body: unknown,
  period: PricePeriod | null = activePricePeriod(),
): EnergyModelResponse {
  const parsed = parseEnergyModelBody(body ?? {});
  if (!parsed.success) throw invalidParameters(parsed.error, 'body');
  try {
    return evaluateEnergyModel(normaliseEnergyModelRequest(parsed.data), period);
  } catch (error) {
    if (!(error instanceof UnknownLocationError)) throw error;
    // A well-formed location the postcode table does not know, named by its path in the form sent.
    const field = 'parameters' in parsed.data ? 'parameters.location' : 'location';
    throw new ApiError('invalid_parameter', `Invalid body parameter: ${field}`, {
      issues: [{ field, message: error.message }],
    });
  }
}
