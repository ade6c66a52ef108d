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

export async function createIndex(
  client: Client,
  index: string,
  mappings: object,
  settings: { codec?: 'best_compression' } = {},
): Promise<void> {
  // A retried activity may find its own half-filled index: start it again from empty.
  await client.indices.delete({ index, ignore_unavailable: true });
  await client.indices.create({
    index,
    settings: { number_of_shards: 1, number_of_replicas: 0, refresh_interval: '-1', ...settings },
    mappings: mappings as never,
  });
}

export interface BulkResult {
  indexed: number;
  failed: { id: string; reason: string }[];
}

const BULK_MAX_BYTES = 10 * 1024 * 1024;
const BULK_ATTEMPTS = 4;

/** True for the failures a bulk request may be retried after: the node pushing back (429) or a timeout. */
function retryable(error: unknown): boolean {
  const e = error as { statusCode?: number; name?: string };
  return e.statusCode === 429 || e.name === 'TimeoutError' || e.name === 'ConnectionError';
}

/**
 * Streams documents into an index in bulk requests of at most `batchSize` documents and `maxBytes` of
 * NDJSON (properties documents are tens of KB each; a count alone made 60-90 MB requests that the node
 * rejected). Each document is serialised once, here; a request the node pushes back on is retried with
 * backoff (indexing by id is idempotent).
 */
export async function bulkIndex<T extends object>(
  client: Client,
  index: string,
  docs: AsyncIterable<T> | Iterable<T>,
  idOf: (doc: T) => string,
  options: { batchSize?: number; maxBytes?: number; onProgress?: (indexed: number) => void } = {},
): Promise<BulkResult> {
  const batchSize = options.batchSize ?? 1000;
  const maxBytes = options.maxBytes ?? BULK_MAX_BYTES;
  const result: BulkResult = { indexed: 0, failed: [] };
  let batch: string[] = [];
  let bytes = 0;
  const send = async (operations: string[]) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await client.bulk({ operations, refresh: false });
      } catch (error) {
        if (attempt >= BULK_ATTEMPTS || !retryable(error)) throw error;
        await new Promise((resolve) => setTimeout(resolve, 500 * 2 ** attempt));
      }
    }
  };
  const flush = async (): Promise<void> => {
    if (batch.length === 0) return;
    const response = await send(batch);
    for (const item of response.items) {
      const op = item.index;
      if (op?.error) result.failed.push({ id: String(op._id), reason: op.error.reason ?? op.error.type });
      else result.indexed += 1;
    }
    batch = [];
    bytes = 0;
    options.onProgress?.(result.indexed);
  };
  for await (const doc of docs) {
    // Strings pass through the client's NDJSON serialiser as they are.
    const action = JSON.stringify({ index: { _index: index, _id: idOf(doc) } });
    const source = JSON.stringify(doc);
    if (batch.length > 0 && bytes + action.length + source.length > maxBytes) await flush();
    batch.push(action, source);
    bytes += action.length + source.length + 2;
    if (batch.length >= batchSize * 2) await flush();
  }
  await flush();
  return result;
}

export class IndexCheckFailed extends Error {}

/** Refreshes the new index, checks it, then points the alias at it alone. Returns the indexes it replaced. */
export async function verifyAndSwapAlias(
  client: Client,
  alias: string,
  index: string,
  check: IndexCheck,
): Promise<{ previous: string[] }> {
  await client.indices.putSettings({ index, settings: { refresh_interval: '1s' } });
  await client.indices.refresh({ index });
  const { count } = await client.count({ index });
  if (count !== check.expectedCount)
    throw new IndexCheckFailed(`index ${index}: ${count} documents, expected ${check.expectedCount}`);
  for (const id of check.sampleIds ?? []) {
    const found = await client.exists({ index, id });
    if (!found) throw new IndexCheckFailed(`index ${index}: sample document ${id} is missing`);
  }
  const previous = await aliasTargets(client, alias);
  await client.indices.updateAliases({
    actions: [
      ...previous.filter((p) => p !== index).map((p) => ({ remove: { index: p, alias } })),
      { add: { index, alias } },
    ],
  });
  return { previous: previous.filter((p) => p !== index) };
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
