// Reads UPRN documents from the `properties` alias as their _source bytes (stored-property.ts). Elasticsearch being away or not yet indexed is a 503 for
// the caller, never a crash.
import type { Readable } from 'node:stream';
import { errors, type Client, type TransportResult } from '@elastic/elasticsearch';
import { ApiError } from '../errors';
import { StoredProperty } from './stored-property';

export interface PropertiesRepository {
  /** A UPRN's stored document (stored-property.ts); null when there is no such UPRN. */
  getStored(uprn: number): Promise<StoredProperty | null>;
}

export function propertiesRepository(client: Client, alias: string): PropertiesRepository {
  return {
    async getStored(uprn) {
      let response: TransportResult<Readable>;
      try {
        // The _source bytes as they were indexed, unparsed: the reader slices its pieces out of them. The
        // indexes are written once and refreshed before their alias moves, so the non-realtime read sees
        // every document.
        response = (await client.getSource(
          { index: alias, id: String(uprn), realtime: false },
          { asStream: true, meta: true },
        )) as unknown as TransportResult<Readable>;
      } catch (error) {
        throw unavailable(error);
      }
      const chunks: Buffer[] = [];
      for await (const chunk of response.body) chunks.push(chunk as Buffer);
      const body = Buffer.concat(chunks);
      if (response.statusCode === 200) return new StoredProperty(uprn, body);
      const error = JSON.parse(body.toString()) as { error?: { type?: string; reason?: string } };
      if (response.statusCode === 404) {
        if (error.error?.type === 'index_not_found_exception')
          throw new ApiError('service_unavailable', 'Property data is not indexed yet; run a refresh');
        return null;
      }
      if ((response.statusCode ?? 0) >= 500)
        throw new ApiError('service_unavailable', 'The data store is unavailable; try again shortly');
      throw new Error(`GET ${alias}/_source/${uprn}: ${response.statusCode} ${error.error?.reason ?? ''}`);
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
