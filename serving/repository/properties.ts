// Reads UPRN documents from the `properties` alias. Elasticsearch being away or not yet indexed is a
// 503 for the caller, never a crash.
import { errors, type Client } from '@elastic/elasticsearch';
import type { PropertyDocument } from '../../schemas/index/properties';
import { ApiError } from '../errors';

/**
 * The field of a properties document holding its GET /properties answer, rendered at index time: stored
 * (read with stored_fields), neither indexed nor in _source, so readers of the document never carry it.
 */
export const PROPERTY_RESPONSE_FIELD = 'properties_response';
export const PROPERTY_RESPONSE_MAPPING = { type: 'text', index: false, norms: false, store: true } as const;

export interface PropertiesRepository {
  getByUprn(uprn: number): Promise<PropertyDocument | null>;
  /**
   * The GET /properties answer stored with the document (routes/properties.ts, prerenderProperty): null when
   * there is no such UPRN, undefined when its index was built before answers were stored.
   */
  getPrerendered?(uprn: number): Promise<string | null | undefined>;
}

export function propertiesRepository(client: Client, alias: string): PropertiesRepository {
  const get = async <T>(request: Parameters<Client['get']>[0]) => {
    try {
      return await client.get<T>(request);
    } catch (error) {
      if (error instanceof errors.ResponseError && error.statusCode === 404) {
        if (error.body?.error?.type === 'index_not_found_exception')
          throw new ApiError('service_unavailable', 'Property data is not indexed yet; run a refresh');
        return null;
      }
      throw unavailable(error);
    }
  };
  return {
    async getByUprn(uprn) {
      return (await get<PropertyDocument>({ index: alias, id: String(uprn) }))?._source ?? null;
    },
    async getPrerendered(uprn) {
      // The stored field alone: Elasticsearch neither reads nor filters _source. The indexes are written
      // once and refreshed before their alias moves, so the non-realtime read sees every document.
      const doc = await get({
        index: alias,
        id: String(uprn),
        stored_fields: [PROPERTY_RESPONSE_FIELD],
        _source: false,
        realtime: false,
      });
      if (!doc?.found) return null;
      const stored = doc.fields?.[PROPERTY_RESPONSE_FIELD] as string[] | undefined;
      return stored?.[0];
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
