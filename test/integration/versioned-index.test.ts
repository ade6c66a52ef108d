// Versioned indexes against the real Elasticsearch: the alias moves only after the checks pass.
import type { Client } from '@elastic/elasticsearch';
import { afterAll, describe, expect, it } from 'vitest';
import { createEsClient } from '../../pipelines/indexing/es-client';
import {
  aliasTargets,
  bulkIndex,
  createIndex,
  IndexCheckFailed,
  pruneOldIndexes,
  verifyAndSwapAlias,
  versionedIndexName,
} from '../../pipelines/indexing/versioned-index';
import { testConfig } from '../helpers/config';

const config = testConfig('alias');
const es = createEsClient(config.esUrl);
const alias = `${config.indexPrefix}-things`;
const mapping = {
  dynamic: 'strict',
  properties: { n: { type: 'integer' }, location: { type: 'geo_point' } },
};
const docs = (count: number) =>
  Array.from({ length: count }, (_, n) => ({ n, location: { lat: 51.38 + n / 1000, lon: -2.36 } }));

afterAll(async () => {
  await es.indices.delete({ index: `${alias}-*`, ignore_unavailable: true });
  await es.close();
});

describe('versioned index and alias', () => {
  it('builds v1, checks it and points the alias at it', async () => {
    const v1 = versionedIndexName(alias, 'V1');
    await createIndex(es, v1, mapping);
    const result = await bulkIndex(es, v1, docs(25), (d) => String(d.n), { batchSize: 10 });
    expect(result).toEqual({ indexed: 25, failed: [] });
    await verifyAndSwapAlias(es, alias, v1, { expectedCount: 25, sampleIds: ['0', '24'] });
    expect(await aliasTargets(es, alias)).toEqual([v1]);
    const hits = await es.search({
      index: alias,
      query: { geo_distance: { distance: '200m', location: { lat: 51.38, lon: -2.36 } } },
    });
    expect(hits.hits.hits.map((h) => h._id).sort()).toEqual(['0', '1']);
  });

  it('splits bulk requests by size as well as by count, and every document arrives once', async () => {
    const index = versionedIndexName(alias, 'bytes');
    await createIndex(es, index, mapping);
    const requests: number[] = [];
    const result = await bulkIndex(es, index, docs(25), (d) => String(d.n), {
      maxBytes: 400, // a few documents a request
      onProgress: (n) => requests.push(n),
    });
    expect(result).toEqual({ indexed: 25, failed: [] });
    expect(requests.length).toBeGreaterThan(3);
    await es.indices.refresh({ index });
    expect((await es.count({ index })).count).toBe(25);
    await es.indices.delete({ index });
  });

  it('keeps up to `inFlight` requests in flight, and takes documents already serialised', async () => {
    const index = versionedIndexName(alias, 'inflight');
    await createIndex(es, index, mapping);
    let now = 0;
    let most = 0;
    const counting = {
      bulk: async (request: Parameters<Client['bulk']>[0]) => {
        most = Math.max(most, ++now);
        try {
          await new Promise((resolve) => setTimeout(resolve, 20));
          return await es.bulk(request);
        } finally {
          now -= 1;
        }
      },
    } as unknown as Client;
    const texts = docs(40).map((d) => ({ id: String(d.n), json: JSON.stringify(d) }));
    const result = await bulkIndex(counting, index, texts, (d) => d.id, {
      maxBytes: 400,
      inFlight: 3,
      serialize: (d) => d.json,
    });
    expect(result).toEqual({ indexed: 40, failed: [] });
    expect(most).toBe(3);
    await es.indices.refresh({ index });
    expect((await es.count({ index })).count).toBe(40);
    const got = await es.get<{ n: number }>({ index, id: '39' });
    expect(got._source).toEqual(docs(40)[39]);
    await es.indices.delete({ index });
  });

  it('takes a document serialised in parts, sends it joined, and sizes requests by all its parts', async () => {
    const index = versionedIndexName(alias, 'parts');
    await createIndex(es, index, mapping);
    const sizes: number[] = [];
    const measuring = {
      bulk: async (request: Parameters<Client['bulk']>[0]) => {
        sizes.push(((request as { operations: unknown }).operations as Buffer).length);
        return es.bulk(request);
      },
    } as unknown as Client;
    const parts = (d: ReturnType<typeof docs>[number]) =>
      ['{"n":', String(d.n), ',"location":', JSON.stringify(d.location), '}'].map((t) => Buffer.from(t));
    const result = await bulkIndex(measuring, index, docs(12), (d) => String(d.n), {
      maxBytes: 400,
      serialize: parts,
    });
    expect(result).toEqual({ indexed: 12, failed: [] });
    // Each document's line is ~110 bytes with its action: a few a request of at most 400.
    expect(sizes.length).toBeGreaterThanOrEqual(4);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(400);
    await es.indices.refresh({ index });
    expect((await es.count({ index })).count).toBe(12);
    expect((await es.get({ index, id: '7' }))._source).toEqual(docs(12)[7]);
    await es.indices.delete({ index });
  });

  it('fails with the error of a request that failed, after the others have finished', async () => {
    const index = versionedIndexName(alias, 'failing');
    await createIndex(es, index, mapping);
    let calls = 0;
    let settled = 0;
    const failing = {
      bulk: async (request: Parameters<Client['bulk']>[0]) => {
        calls += 1;
        try {
          if (calls === 2) throw new Error('node left');
          await new Promise((resolve) => setTimeout(resolve, 30));
          return await es.bulk(request);
        } finally {
          settled += 1;
        }
      },
    } as unknown as Client;
    await expect(
      bulkIndex(failing, index, docs(40), (d) => String(d.n), { maxBytes: 400, inFlight: 3 }),
    ).rejects.toThrow('node left');
    expect(settled).toBe(calls);
    await es.indices.delete({ index });
  });

  it('loads without replicas or refreshes, and gets them before the alias moves', async () => {
    const index = versionedIndexName(alias, 'settings');
    await createIndex(es, index, mapping);
    const loading = (await es.indices.getSettings({ index }))[index]!.settings!.index!;
    expect(loading).toMatchObject({ number_of_replicas: '0', refresh_interval: '-1' });
    await bulkIndex(es, index, docs(5), (d) => String(d.n));
    await verifyAndSwapAlias(es, `${alias}-settings-alias`, index, { expectedCount: 5 }, 0);
    const serving = (await es.indices.getSettings({ index }))[index]!.settings!.index!;
    expect(serving).toMatchObject({ number_of_replicas: '0', refresh_interval: '1s' });
    await es.indices.delete({ index });
  });

  it("moves a companion index's alias in the same call, and leaves both when the check fails", async () => {
    const companion = `${alias}-companion`;
    const build = async (version: string, count: number) => {
      const main = versionedIndexName(`${alias}-main`, version);
      const side = versionedIndexName(companion, version);
      for (const index of [main, side]) {
        await createIndex(es, index, mapping);
        await bulkIndex(es, index, docs(count), (d) => String(d.n));
      }
      return { main, side };
    };
    const first = await build('c1', 5);
    await verifyAndSwapAlias(es, `${alias}-main`, first.main, { expectedCount: 5 }, 0, [
      { alias: companion, index: first.side },
    ]);
    expect(await aliasTargets(es, companion)).toEqual([first.side]);
    const failing = await build('c2', 4);
    await expect(
      verifyAndSwapAlias(es, `${alias}-main`, failing.main, { expectedCount: 5 }, 0, [
        { alias: companion, index: failing.side },
      ]),
    ).rejects.toThrow(IndexCheckFailed);
    expect(await aliasTargets(es, companion)).toEqual([first.side]);
    const second = await build('c3', 5);
    const { previous } = await verifyAndSwapAlias(es, `${alias}-main`, second.main, { expectedCount: 5 }, 0, [
      { alias: companion, index: second.side },
    ]);
    expect(previous).toEqual([first.main]);
    expect(await aliasTargets(es, `${alias}-main`)).toEqual([second.main]);
    expect(await aliasTargets(es, companion)).toEqual([second.side]);
    await es.indices.delete({ index: [first, failing, second].flatMap((b) => [b.main, b.side]) });
  });

  it('leaves the alias on the old index when the new one fails its count check', async () => {
    const v2 = versionedIndexName(alias, 'v2');
    await createIndex(es, v2, mapping);
    await bulkIndex(es, v2, docs(3), (d) => String(d.n));
    await expect(verifyAndSwapAlias(es, alias, v2, { expectedCount: 25 })).rejects.toThrow(IndexCheckFailed);
    expect(await aliasTargets(es, alias)).toEqual([versionedIndexName(alias, 'v1')]);
    expect((await es.count({ index: alias })).count).toBe(25);
  });

  it('leaves the alias when a sample document is missing', async () => {
    const v3 = versionedIndexName(alias, 'v3');
    await createIndex(es, v3, mapping);
    await bulkIndex(es, v3, docs(25), (d) => String(d.n));
    await expect(
      verifyAndSwapAlias(es, alias, v3, { expectedCount: 25, sampleIds: ['999'] }),
    ).rejects.toThrow(/sample document 999/);
    expect(await aliasTargets(es, alias)).toEqual([versionedIndexName(alias, 'v1')]);
  });

  it('swaps atomically to a passing index and prunes old versions, keeping one spare', async () => {
    const v4 = versionedIndexName(alias, 'v4');
    await createIndex(es, v4, mapping);
    await bulkIndex(es, v4, docs(30), (d) => String(d.n));
    const { previous } = await verifyAndSwapAlias(es, alias, v4, { expectedCount: 30 });
    expect(previous).toEqual([versionedIndexName(alias, 'v1')]);
    expect(await aliasTargets(es, alias)).toEqual([v4]);
    const pruned = await pruneOldIndexes(es, alias, 1);
    expect(pruned.sort()).toEqual([versionedIndexName(alias, 'v1'), versionedIndexName(alias, 'v2')].sort());
  });

  it('rejects documents that break the strict mapping instead of indexing them', async () => {
    const v5 = versionedIndexName(alias, 'v5');
    await createIndex(es, v5, mapping);
    const result = await bulkIndex(es, v5, [{ n: 1, surprise: true }], () => '1');
    expect(result.indexed).toBe(0);
    expect(result.failed[0]?.reason).toMatch(/surprise/);
  });
});
