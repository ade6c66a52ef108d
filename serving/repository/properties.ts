// Reads UPRN documents from the `properties` alias. Elasticsearch being away or not yet indexed is a
// 503 for the caller, never a crash.
import { errors, type Client } from '@elastic/elasticsearch';
import type { PropertyDocument } from '../../schemas/index/properties';
import { ApiError } from '../errors';

export interface PropertiesRepository {
  getByUprn(uprn: number): Promise<PropertyDocument | null>;
}

export function propertiesRepository(client: Client, alias: string): PropertiesRepository {
  return {
    async getByUprn(uprn) {
      try {
        const doc = await client.get<PropertyDocument>({ index: alias, id: String(uprn) });
        return doc._source ?? null;
      } catch (error) {
        if (error instanceof errors.ResponseError && error.statusCode === 404) {
          if (error.body?.error?.type === 'index_not_found_exception')
            throw new ApiError('service_unavailable', 'Property data is not indexed yet; run a refresh');
          return null;
        }
        throw unavailable(error);
      }
    },
  };
}

function unavailable(error: unknown): unknown {
  if (
    error instanceof errors.ConnectionError ||
    error instanceof errors.TimeoutError ||
    error instanceof errors.NoLivingConnectionsError ||
    (error instanceof errors.ResponseError && (error.statusCode ?? 0) >= 500)
  )
    return new ApiError('service_unavailable', 'The data store is unavailable; try again shortly');
  return error;
}
