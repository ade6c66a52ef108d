// Reads UPRN documents from the `properties` alias as their _source bytes (stored-property.ts). Elasticsearch being away or not yet indexed is a 503 for
// the caller, never a crash.
import type { Readable } from 'node:stream';
import type { Client, TransportResult } from '@elastic/elasticsearch';
import type { AddressesResponse } from '../../schemas/api/addresses';
import { ApiError } from '../errors';
import { addressesInPostcode } from './addresses';
import { mgetDocs } from './mget';
import { PROPERTIES_NOT_INDEXED, storeUnavailable, unavailable } from './unavailable';
import { StoredProperty } from '../../pipelines/indexing/stored-property';

export interface PropertiesRepository {
  /** A UPRN's stored document (stored-property.ts); null when there is no such UPRN. */
  getStored(uprn: number): Promise<StoredProperty | null>;
  /** The texts of shared pieces by id (StoredProperty.sharedIds); ids it does not hold are left out. */
  getShared(ids: readonly string[]): Promise<Map<string, string>>;
  /**
   * The stored documents of many UPRNs in one read (one `_mget`), by UPRN; UPRNs with no document are left
   * out. Optional: `storedMany` falls back on `getStored` per UPRN for repositories without it.
   */
  getStoredMany?(uprns: readonly number[]): Promise<Map<number, StoredProperty>>;
  /** The properties of a (normalised) postcode, for GET /addresses; optional: without it that is a 503. */
  inPostcode?(postcode: string): Promise<AddressesResponse>;
}

/** The API's 404 for a UPRN with no document: one wording for every endpoint and the batch. */
export const propertyNotFound = (uprn: number): ApiError =>
  new ApiError('not_found', `No property with UPRN ${uprn}`);

/** A UPRN's stored document, or the API's 404 for it. */
export async function requireStored(repository: PropertiesRepository, uprn: number): Promise<StoredProperty> {
  const stored = await repository.getStored(uprn);
  if (!stored) throw propertyNotFound(uprn);
  return stored;
}

/** `repository.getStoredMany(uprns)`, or one `getStored` per distinct UPRN where it has none. */
export async function storedMany(
  repository: PropertiesRepository,
  uprns: readonly number[],
): Promise<Map<number, StoredProperty>> {
  const distinct = [...new Set(uprns)];
  if (repository.getStoredMany) return distinct.length ? repository.getStoredMany(distinct) : new Map();
  const found = new Map<number, StoredProperty>();
  const stored = await Promise.all(distinct.map((uprn) => repository.getStored(uprn)));
  stored.forEach((s, i) => s && found.set(distinct[i]!, s));
  return found;
}

/**
 * Shared pieces kept in memory. An id names a statistics group, whose text a refresh may update in place:
 * a text is kept for SHARED_CACHE_MS at most, so an answer follows a refresh within that time.
 */
const SHARED_CACHE_CHARS = 32 * 1024 * 1024;
const SHARED_CACHE_MS = 60_000;

/** A streamed response body, whole. */
async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export function propertiesRepository(
  client: Client,
  alias: string,
  sharedAlias: string,
): PropertiesRepository {
  const cache = new Map<string, { text: string; at: number }>();
  let cached = 0;
  const remember = (id: string, text: string) => {
    const old = cache.get(id);
    if (old) cached -= old.text.length;
    cache.set(id, { text, at: Date.now() });
    cached += text.length;
    // The oldest first (a Map keeps insertion order; a hit moves its id to the end).
    for (const [old, e] of cache) {
      if (cached <= SHARED_CACHE_CHARS) break;
      cache.delete(old);
      cached -= e.text.length;
    }
  };
  const fetchShared = async (ids: string[]): Promise<Map<string, string>> => {
    const found = new Map<string, string>();
    try {
      const { docs } = await client.mget<{ text: string }>({ index: sharedAlias, ids, realtime: false });
      for (const d of docs) if ('found' in d && d.found && d._source) found.set(d._id, d._source.text);
      const missing = ids.filter((id) => !found.has(id));
      if (missing.length) {
        // Read from a properties index the alias has just left: its pieces are in the index it replaced,
        // kept until the next refresh.
        const { hits } = await client.search<{ text: string }>({
          index: `${sharedAlias}-*`,
          query: { ids: { values: missing } },
          size: missing.length,
        });
        for (const h of hits.hits) if (h._source) found.set(h._id!, h._source.text);
      }
    } catch (error) {
      throw unavailable(error, PROPERTIES_NOT_INDEXED);
    }
    return found;
  };
  return {
    inPostcode: (postcode) => addressesInPostcode(client, alias, postcode),
    async getShared(ids) {
      const out = new Map<string, string>();
      const wanted: string[] = [];
      const fresh = Date.now() - SHARED_CACHE_MS;
      for (const id of ids) {
        const entry = cache.get(id);
        if (entry === undefined || entry.at < fresh) wanted.push(id);
        else {
          cache.delete(id);
          cache.set(id, entry);
          out.set(id, entry.text);
        }
      }
      if (wanted.length)
        for (const [id, text] of await fetchShared([...new Set(wanted)])) {
          remember(id, text);
          out.set(id, text);
        }
      return out;
    },
    async getStoredMany(uprns) {
      const found = new Map<number, StoredProperty>();
      if (!uprns.length) return found;
      let response: TransportResult<Readable>;
      try {
        // One read for the whole batch, as its raw bytes: each _source is sliced where it lies (mget.ts).
        // Sent through the transport, whose result the caller types (client.mget types a parsed body).
        response = await client.transport.request<Readable>(
          {
            method: 'POST',
            path: `/${encodeURIComponent(alias)}/_mget`,
            querystring: { realtime: false },
            body: { ids: uprns.map(String) },
          },
          { asStream: true, meta: true },
        );
      } catch (error) {
        throw unavailable(error, PROPERTIES_NOT_INDEXED);
      }
      const body = await bytesOf(response.body);
      if (response.statusCode !== 200) {
        if ((response.statusCode ?? 0) >= 500 || response.statusCode === 404) throw storeUnavailable();
        throw new Error(`_mget ${alias}: ${response.statusCode} ${body.toString('utf8', 0, 500)}`);
      }
      for (const doc of mgetDocs(body)) {
        if ('error' in doc) {
          if (doc.error.type === 'index_not_found_exception')
            throw new ApiError('service_unavailable', PROPERTIES_NOT_INDEXED);
          throw storeUnavailable();
        }
        if (doc.found)
          found.set(Number(doc.id), new StoredProperty(Number(doc.id), body.subarray(doc.source)));
      }
      return found;
    },
    async getStored(uprn) {
      let response: TransportResult<Readable>;
      try {
        // The _source bytes as they were indexed, unparsed: the reader slices its pieces out of them. The
        // indexes are written once and refreshed before their alias moves, so the non-realtime read sees
        // every document.
        response = await client.getSource<Readable>(
          { index: alias, id: String(uprn), realtime: false },
          { asStream: true, meta: true },
        );
      } catch (error) {
        throw unavailable(error, PROPERTIES_NOT_INDEXED);
      }
      const body = await bytesOf(response.body);
      if (response.statusCode === 200) return new StoredProperty(uprn, body);
      const error = JSON.parse(body.toString()) as { error?: { type?: string; reason?: string } };
      if (response.statusCode === 404) {
        if (error.error?.type === 'index_not_found_exception')
          throw new ApiError('service_unavailable', PROPERTIES_NOT_INDEXED);
        return null;
      }
      if ((response.statusCode ?? 0) >= 500) throw storeUnavailable();
      throw new Error(`GET ${alias}/_source/${uprn}: ${response.statusCode} ${error.error?.reason ?? ''}`);
    },
  };
}
