// Each refresh writes a new versioned index; the alias moves only after the new index passes its checks,
// in one atomic _aliases call, so readers never see a half-built index.
import type { Client } from '@elastic/elasticsearch';

export interface IndexCheck {
  expectedCount: number;
  /** Ids that must be present in the new index (for example a few known UPRNs). */
  sampleIds?: string[];
}

export const versionedIndexName = (alias: string, version: string): string =>
  `${alias}-${version.toLowerCase().replace(/[^a-z0-9_-]/g, '-')}`;

/**
 * Creates an index set up for loading: no replicas and no refresh until verifyAndSwapAlias gives it its
 * replicas and refreshes it, so the load writes each document once and builds no segment for searches.
 */
export async function createIndex(
  client: Client,
  index: string,
  mappings: object,
  settings: { codec?: 'best_compression' } = {},
): Promise<void> {
  // A retried activity may find its own half-filled index: start it again from empty.
  await client.indices.delete({ index, ignore_unavailable: true });
  await ensureIndex(client, index, mappings, settings);
}

/**
 * Creates the index unless it exists, leaving an existing one as it is: partitions of one run load a shared
 * index from several workers at once, so none may start it again from empty (a retried partition re-sends
 * its own documents, which replaces them by id). `_meta` records what built it (e.g. the code version).
 */
export async function ensureIndex(
  client: Client,
  index: string,
  mappings: object,
  settings: { codec?: 'best_compression'; shards?: number } = {},
): Promise<void> {
  if (await client.indices.exists({ index })) return;
  const { shards, ...rest } = settings;
  try {
    await client.indices.create({
      index,
      settings: { number_of_shards: shards ?? 1, number_of_replicas: 0, refresh_interval: '-1', ...rest },
      mappings: mappings as never,
    });
  } catch (error) {
    // Another partition created it first.
    const type = (error as { body?: { error?: { type?: string } } }).body?.error?.type;
    if (type !== 'resource_already_exists_exception') throw error;
  }
}

export interface BulkResult {
  indexed: number;
  failed: { id: string; reason: string }[];
}

const BULK_MAX_BYTES = 4 * 1024 * 1024;
const BULK_IN_FLIGHT = 3;
const BULK_ATTEMPTS = 4;
const NEWLINE = Buffer.from('\n');

/** True for the failures a bulk request may be retried after: the node pushing back (429) or a timeout. */
function retryable(error: unknown): boolean {
  const e = error as { statusCode?: number; name?: string };
  return e.statusCode === 429 || e.name === 'TimeoutError' || e.name === 'ConnectionError';
}

/**
 * Streams documents into an index in bulk requests of at most `maxBytes` of NDJSON (and `batchSize`
 * documents), `inFlight` of them at once so that serialising the next request overlaps the node indexing
 * the last (properties documents are tens of KB each; a count alone made 60-90 MB requests that the node
 * rejected). Each document is serialised once, here, by `serialize` (JSON.stringify unless the caller has
 * its JSON text already); a request the node pushes back on is retried with backoff (indexing by id is
 * idempotent).
 */
export async function bulkIndex<T extends object>(
  client: Client,
  index: string,
  docs: AsyncIterable<T> | Iterable<T>,
  idOf: (doc: T) => string,
  options: {
    batchSize?: number;
    maxBytes?: number;
    inFlight?: number;
    /**
     * The document's _source as JSON text or its UTF-8 bytes, whole or in parts to be joined (JSON.stringify
     * by default).
     */
    serialize?: (doc: T) => string | Uint8Array | readonly Uint8Array[];
    /** The index a document goes to, when not `index`. */
    indexOf?: (doc: T) => string;
    onProgress?: (indexed: number) => void;
  } = {},
): Promise<BulkResult> {
  const batchSize = options.batchSize ?? 1000;
  const maxBytes = options.maxBytes ?? BULK_MAX_BYTES;
  const inFlight = Math.max(1, options.inFlight ?? BULK_IN_FLIGHT);
  const serialize = options.serialize ?? ((doc: T) => JSON.stringify(doc));
  const result: BulkResult = { indexed: 0, failed: [] };
  // The request body is built as bytes: given the NDJSON as one string, the client measures its UTF-8
  // length and then encodes it, two passes over a rope of megabytes (~8 % of properties_index's CPU).
  let parts: Uint8Array[] = [];
  let count = 0;
  let bytes = 0;
  const pending = new Set<Promise<void>>();
  let failure: { error: unknown } | undefined;
  const send = async (body: Buffer) => {
    for (let attempt = 1; ; attempt++) {
      try {
        // client.bulk passes a body of bytes through as it is (its types only know operations as objects).
        return await client.bulk({ operations: body as unknown as unknown[], refresh: false });
      } catch (error) {
        if (attempt >= BULK_ATTEMPTS || !retryable(error)) throw error;
        await new Promise((resolve) => setTimeout(resolve, 500 * 2 ** attempt));
      }
    }
  };
  const flush = async (): Promise<void> => {
    if (count === 0) return;
    const body = Buffer.concat(parts, bytes);
    parts = [];
    count = 0;
    bytes = 0;
    // Failures are kept, not left to reject unobserved, and thrown by the next flush or at the end.
    const request: Promise<void> = send(body).then(
      (response) => {
        for (const item of response.items) {
          const op = item.index;
          if (op?.error) result.failed.push({ id: String(op._id), reason: op.error.reason ?? op.error.type });
          else result.indexed += 1;
        }
        options.onProgress?.(result.indexed);
      },
      (error: unknown) => void (failure ??= { error }),
    );
    pending.add(request);
    void request.finally(() => pending.delete(request));
    if (pending.size >= inFlight) await Promise.race(pending);
    await failed();
  };
  // A failed request fails the load once the others in flight have finished (none outlives the call).
  const failed = async () => {
    if (!failure) return;
    await Promise.all(pending);
    throw failure.error;
  };
  for await (const doc of docs) {
    const action = Buffer.from(
      `${JSON.stringify({ index: { _index: options.indexOf?.(doc) ?? index, _id: idOf(doc) } })}\n`,
    );
    const serialized = serialize(doc);
    const source =
      typeof serialized === 'string'
        ? [Buffer.from(serialized)]
        : serialized instanceof Uint8Array
          ? [serialized]
          : serialized;
    const size = action.length + source.reduce((n, part) => n + part.length, 0) + 1;
    if (count > 0 && bytes + size > maxBytes) await flush();
    parts.push(action, ...source, NEWLINE);
    bytes += size;
    if (++count >= batchSize) await flush();
  }
  await flush();
  await Promise.all(pending);
  await failed();
  return result;
}

export class IndexCheckFailed extends Error {}

/** An index built with another and published with it: its alias moves in the same call. */
export interface Companion {
  alias: string;
  index: string;
}

/**
 * Gives the new index its replicas (`replicas`, PDS_ES_REPLICAS; 0 on a single node) and its refresh
 * interval back, refreshes and checks it, then points the alias at it alone once its copies are all
 * assigned; `companions` get the same settings and their aliases move in the same atomic call. Returns the
 * indexes the alias left.
 */
export async function verifyAndSwapAlias(
  client: Client,
  alias: string,
  index: string,
  check: IndexCheck,
  replicas = 0,
  companions: readonly Companion[] = [],
): Promise<{ previous: string[] }> {
  const indexes = [index, ...companions.map((c) => c.index)];
  await client.indices.putSettings({
    index: indexes,
    settings: { refresh_interval: '1s', number_of_replicas: replicas },
  });
  await client.indices.refresh({ index: indexes });
  if (replicas > 0) {
    const health = await client.cluster.health({ index: indexes, wait_for_status: 'green', timeout: '10m' });
    if (health.timed_out) throw new IndexCheckFailed(`index ${index}: replicas not assigned in 10 minutes`);
  }
  const { count } = await client.count({ index });
  if (count !== check.expectedCount)
    throw new IndexCheckFailed(`index ${index}: ${count} documents, expected ${check.expectedCount}`);
  for (const id of check.sampleIds ?? []) {
    const found = await client.exists({ index, id });
    if (!found) throw new IndexCheckFailed(`index ${index}: sample document ${id} is missing`);
  }
  const actions = [];
  let previous: string[] = [];
  for (const target of [{ alias, index }, ...companions]) {
    const before = (await aliasTargets(client, target.alias)).filter((p) => p !== target.index);
    if (target.alias === alias) previous = before;
    actions.push(...before.map((p) => ({ remove: { index: p, alias: target.alias } })), {
      add: { index: target.index, alias: target.alias },
    });
  }
  await client.indices.updateAliases({ actions });
  return { previous };
}

export async function aliasTargets(client: Client, alias: string): Promise<string[]> {
  const exists = await client.indices.existsAlias({ name: alias });
  if (!exists) return [];
  return Object.keys(await client.indices.getAlias({ name: alias }));
}

/**
 * The concrete index behind `name` (an alias, or an index itself), looked up at most once per `ttlMs`;
 * callers in that time share one lookup, and a failed lookup is not kept. Null when nothing has that name.
 * The live API keys its caches by the answer, so after a refresh moves the alias no request is answered
 * from the old index's data for longer than the TTL.
 */
export function liveIndexLookup(client: Client, name: string, ttlMs: number): () => Promise<string | null> {
  let current: { at: number; index: Promise<string | null> } | null = null;
  return () => {
    const now = Date.now();
    if (!current || now - current.at >= ttlMs) {
      const lookup = {
        at: now,
        index: client.indices.getAlias({ index: name }).then(
          // More than one index behind the alias (never made by a refresh): the newest name, as versioned.
          (r) => Object.keys(r).sort().at(-1) ?? null,
          (error: unknown) => {
            if ((error as { statusCode?: number }).statusCode === 404) return null;
            throw error;
          },
        ),
      };
      lookup.index.catch(() => {
        if (current === lookup) current = null;
      });
      current = lookup;
    }
    return current.index;
  };
}

/** Deletes old versions of an alias's indexes, keeping the live one and the `keep` newest others. */
export async function pruneOldIndexes(client: Client, alias: string, keep = 1): Promise<string[]> {
  const live = new Set(await aliasTargets(client, alias));
  const all = Object.keys(await client.indices.get({ index: `${alias}-*`, ignore_unavailable: true }));
  const old = all
    .filter((i) => !live.has(i))
    .sort()
    .reverse()
    .slice(keep);
  if (old.length) await client.indices.delete({ index: old });
  return old;
}
