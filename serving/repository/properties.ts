// Reads UPRN documents from the `properties` alias as their _source bytes (stored-property.ts). Elasticsearch being away or not yet indexed is a 503 for
// the caller, never a crash.
import type { Readable } from 'node:stream';
import type { Client, TransportResult } from '@elastic/elasticsearch';
import type { AddressesResponse } from '../../schemas/api/addresses';
import { ApiError } from '../errors';
import { addressesInPostcode } from './addresses';
import { coalescedReads } from './coalesced-reads';
import { MgetReader } from './mget';
import { PROPERTIES_NOT_INDEXED, storeUnavailable, unavailable } from './unavailable';
import { isContentId, StoredProperty } from '../../pipelines/indexing/stored-property';

export interface PropertiesRepository {
  /**
   * A UPRN's stored document (stored-property.ts), its pieces stored by content resolved; null when there
   * is no such UPRN.
   */
  getStored(uprn: number): Promise<StoredProperty | null>;
  /** The texts of shared pieces by id (StoredProperty.sharedIds); ids it does not hold are left out. */
  getShared(ids: readonly string[]): Promise<Map<string, string>>;
  /**
   * The stored documents of many UPRNs in one read (one `_mget`; their pieces stored by content resolved,
   * from the cache or one read a response chunk), as they arrive: [UPRN, its document or
   * undefined when there is none] for each UPRN asked. Optional: `storedMany` falls back on `getStored` per
   * UPRN for repositories without it.
   */
  getStoredMany?(uprns: readonly number[]): AsyncIterable<[number, StoredProperty | undefined]>;
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

/** Documents read many at once, handed out as they arrive. */
export interface StoredMany {
  /** The document of `uprn` (one of those asked), once read; undefined when there is none. */
  get(uprn: number): Promise<StoredProperty | undefined>;
  /** Every document asked, once all are read. */
  all(): Promise<ReadonlyMap<number, StoredProperty | undefined>>;
  /** Stops reading (what is left unread is dropped). */
  close(): Promise<void>;
}

/** The documents of `uprns` by `repository.getStoredMany`, or one `getStored` per distinct UPRN without it. */
export function storedMany(repository: PropertiesRepository, uprns: readonly number[]): StoredMany {
  // Read in UPRN order, which is the index's within a tile: neighbours share the store's compressed blocks,
  // each decompressed once (a 1,000-UPRN _mget of the sample: ~10-25 % faster than in random order).
  const distinct = [...new Set(uprns)].sort((a, b) => a - b);
  const read = new Map<number, StoredProperty | undefined>();
  const source: AsyncIterable<[number, StoredProperty | undefined]> = repository.getStoredMany
    ? repository.getStoredMany(distinct)
    : (async function* () {
        const stored = await Promise.all(distinct.map((uprn) => repository.getStored(uprn)));
        for (const [i, uprn] of distinct.entries()) yield [uprn, stored[i] ?? undefined];
      })();
  const iterator = source[Symbol.asyncIterator]();
  let ended = false;
  const readUntil = async (done: () => boolean): Promise<void> => {
    while (!ended && !done()) {
      const step = await iterator.next();
      if (step.done) ended = true;
      else read.set(step.value[0], step.value[1]);
    }
  };
  return {
    async get(uprn) {
      await readUntil(() => read.has(uprn));
      return read.get(uprn);
    },
    async all() {
      await readUntil(() => false);
      return read;
    },
    async close() {
      if (!ended) {
        ended = true;
        await iterator.return?.();
      }
    },
  };
}

/**
 * Shared pieces kept in memory. A statistics group's id names the group, whose text a refresh may update in
 * place: its text is kept for SHARED_CACHE_MS at most, so an answer follows a refresh within that time. A
 * piece stored by content (isContentId) never changes under its id: it stays until evicted.
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
      let missing = ids.filter((id) => !found.has(id));
      if (missing.length) {
        // Written by an update in place since the index last refreshed (a piece precedes the documents
        // that refer to it, but the two indexes refresh apart): a realtime read sees it.
        const { docs } = await client.mget<{ text: string }>({ index: sharedAlias, ids: missing });
        for (const d of docs) if ('found' in d && d.found && d._source) found.set(d._id, d._source.text);
        missing = ids.filter((id) => !found.has(id));
      }
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
  const getShared = async (ids: readonly string[]): Promise<Map<string, string>> => {
    const out = new Map<string, string>();
    const wanted: string[] = [];
    const fresh = Date.now() - SHARED_CACHE_MS;
    for (const id of ids) {
      const entry = cache.get(id);
      if (entry === undefined || (entry.at < fresh && !isContentId(id))) wanted.push(id);
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
  };
  /** Resolves the pieces `docs` hold by content: one read for those the cache lacks. */
  const resolve = async (docs: readonly StoredProperty[]): Promise<void> => {
    const ids = docs.flatMap((d) => d.refIds);
    if (!ids.length) return;
    const texts = await getShared(ids);
    for (const d of docs) d.resolve(texts);
  };
  async function* getStoredMany(
    uprns: readonly number[],
  ): AsyncIterable<[number, StoredProperty | undefined]> {
    // One read for the whole batch, its documents handed on as their bytes arrive, each _source sliced
    // where it lies (mget.ts). (Asking in parts of 250, the next part while the one before is answered,
    // was only ~7% faster on 2 cores: Elasticsearch and the API share them.)
    if (!uprns.length) return;
    let response: TransportResult<Readable>;
    try {
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
    if (response.statusCode !== 200) {
      const body = await bytesOf(response.body);
      if (response.statusCode === 404 && body.includes('index_not_found_exception'))
        throw new ApiError('service_unavailable', PROPERTIES_NOT_INDEXED);
      if ((response.statusCode ?? 0) >= 500 || response.statusCode === 404) throw storeUnavailable();
      throw new Error(`_mget ${alias}: ${response.statusCode} ${body.toString('utf8', 0, 500)}`);
    }
    const reader = new MgetReader();
    const docs = async (chunk?: Buffer): Promise<[number, StoredProperty | undefined][]> => {
      const read = (chunk ? reader.push(chunk) : reader.end()).map((doc) => {
        if ('error' in doc) {
          if (doc.error.type === 'index_not_found_exception')
            throw new ApiError('service_unavailable', PROPERTIES_NOT_INDEXED);
          throw storeUnavailable();
        }
        return [Number(doc.id), doc.found ? doc.stored : undefined] as [number, StoredProperty | undefined];
      });
      await resolve(read.flatMap(([, stored]) => (stored ? [stored] : [])));
      return read;
    };
    for await (const chunk of response.body) yield* await docs(chunk as Buffer);
    yield* await docs();
  }
  async function getOne(uprn: number): Promise<StoredProperty | null> {
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
    if (response.statusCode === 200) {
      const stored = new StoredProperty(uprn, body);
      await resolve([stored]);
      return stored;
    }
    const error = JSON.parse(body.toString()) as { error?: { type?: string; reason?: string } };
    if (response.statusCode === 404) {
      if (error.error?.type === 'index_not_found_exception')
        throw new ApiError('service_unavailable', PROPERTIES_NOT_INDEXED);
      return null;
    }
    if ((response.statusCode ?? 0) >= 500) throw storeUnavailable();
    throw new Error(`GET ${alias}/_source/${uprn}: ${response.statusCode} ${error.error?.reason ?? ''}`);
  }
  return {
    inPostcode: (postcode) => addressesInPostcode(client, alias, postcode),
    getShared,
    getStoredMany,
    getStored: coalescedReads(getOne, getStoredMany),
  };
}
