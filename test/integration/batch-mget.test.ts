// POST /batch over the real Elasticsearch: documents stored as the properties index stores them (multi-byte
// text, quotes and backslashes in their pieces), read in one _mget and sliced out of its response bytes,
// answer exactly what the single calls answer. Cheap: a small index of its own, no refresh.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PropertyDocument } from '../../schemas/index/properties';
import { createEsClient } from '../../pipelines/indexing/es-client';
import { openAccountStore } from '../../serving/accounts/store';
import { propertiesRepository } from '../../serving/repository/properties';
import {
  jsonText,
  propertySourceOfDocument,
  type StoredProperty,
} from '../../pipelines/indexing/stored-property';
import { SAMPLE_DOC, startApi, testDocument, type TestApi } from '../helpers/api';
import { testConfig } from '../helpers/config';

const config = testConfig('batch-mget');
const es = createEsClient(config.esUrl);
const index = `${config.indexPrefix}-properties`;
const sharedIndex = `${config.indexPrefix}-shared-pieces`;

const doc = (uprn: number, name: string): PropertyDocument =>
  testDocument({
    ...SAMPLE_DOC,
    uprn,
    blocks: {
      epcs: {
        epc_country: 'Wales',
        latest_lodgement_date: '2021-01-15T00:00:00.000Z',
        epcs: [{ lmk_key: `k-${uprn}`, address1: name }],
        epcs_enhanced: [{ current_energy_rating: 'B', address: name }],
        epc_retrofit_recommendations: [],
        epc_stats: { postcode_stats: { postcode: 'CF10 1AA', count: 2, note: name } },
      },
      area: { admin_boundaries: { postcode: 'CF10 1AA', ward_name: name }, area_attributes: {} },
      flood_risk: {
        england: null,
        scotland: null,
        wales: { zone: name },
        elevation: { elevation_estimate: 3 },
      },
      // Long enough to be stored by content, in the shared pieces.
      climate: {
        historical: { place: name, note: 'a cell’s averages '.repeat(4) },
        future_projections: null,
      } as never,
    },
  });

const DOCS = [
  doc(200001, 'Tŷ Newydd, “Caerdydd” 🏠'),
  doc(200002, 'a "quoted" \\ back\\slash }{ ] ['),
  doc(200003, 'plain'),
];

const accounts = openAccountStore(':memory:');
accounts.createPlan({ name: 'big', creditLimit: 1_000_000 });
const { key } = accounts.createKey('batch-mget', { plan: 'big' });
const repo = propertiesRepository(es, index, sharedIndex);
let api: TestApi;

beforeAll(async () => {
  await es.indices.create({ index, mappings: { dynamic: false } });
  // Refreshed only when the test says (a piece written since is then invisible to a non-realtime read).
  await es.indices.create({
    index: sharedIndex,
    mappings: { dynamic: false },
    settings: { refresh_interval: '-1' },
  });
  for (const d of DOCS) {
    const { source, shared } = propertySourceOfDocument(d);
    // The _source as the properties index sends it: its text as is.
    await es.transport.request(
      { method: 'PUT', path: `/${index}/_doc/${d.uprn}`, body: source },
      { headers: { 'content-type': 'application/json' } },
    );
    for (const [id, text] of shared) await es.index({ index: sharedIndex, id, document: { text } });
  }
  await es.indices.refresh({ index: [index, sharedIndex] });
  api = await startApi({ accounts, properties: repo });
}, 60_000);

afterAll(async () => {
  await api?.close();
  await es.indices.delete({ index: [index, sharedIndex], ignore_unavailable: true });
  await es.close();
  accounts.close();
});

describe('POST /batch on Elasticsearch', () => {
  it('one _mget reads every document as a single read does', async () => {
    const read: [number, StoredProperty | undefined][] = [];
    for await (const entry of repo.getStoredMany!([200001, 200002, 200003, 9])) read.push(entry);
    expect(read.map(([uprn, stored]) => [uprn, stored?.uprn])).toEqual([
      [200001, 200001],
      [200002, 200002],
      [200003, 200003],
      [9, undefined],
    ]);
    const many = new Map(read);
    for (const d of DOCS) {
      const one = (await repo.getStored(d.uprn))!;
      const m = many.get(d.uprn)!;
      for (const path of [
        'epcs/epcs',
        'area/admin_boundaries',
        'flood_risk',
        'epcs/epc_stats/shared',
        'climate',
      ])
        expect(m.get(path)).toEqual(one.get(path));
      expect(m.coordinates).toBe(one.coordinates);
    }
  });

  it('resolves a piece stored by content that was written after the shared pieces last refreshed', async () => {
    const late = doc(200009, 'written just now');
    const { source, shared } = propertySourceOfDocument(late);
    for (const [id, text] of shared) await es.index({ index: sharedIndex, id, document: { text } });
    await es.transport.request(
      { method: 'PUT', path: `/${index}/_doc/${late.uprn}`, body: source },
      { headers: { 'content-type': 'application/json' } },
    );
    await es.indices.refresh({ index });
    const stored = (await repo.getStored(late.uprn))!;
    expect(stored.refIds).toHaveLength(1);
    expect(JSON.parse(jsonText(stored.get('climate')!))).toEqual(late.blocks.climate);
  });

  it('every endpoint: the batch items are the single answers, byte for byte', async () => {
    const uprns = ['200001', '200002', '404', 'x', '200003'];
    for (const [endpoint, param] of [
      ['properties', 'uprn'],
      ['epcs', 'uprn'],
      ['flood-risk', 'UPRN'],
      ['retrofit', 'uprn'],
    ] as const) {
      const res = await fetch(`${api.url}/batch`, {
        method: 'POST',
        headers: { 'x-api-key': key, 'content-type': 'application/json' },
        body: JSON.stringify({ endpoint, uprns }),
      });
      const text = await res.text();
      const { results } = JSON.parse(text) as { results: Record<string, unknown>[] };
      for (const [i, uprn] of uprns.entries()) {
        const one = await fetch(`${api.url}/${endpoint}?${param}=${uprn}`, { headers: { 'x-api-key': key } });
        const oneText = await one.text();
        expect([endpoint, uprn, results[i]!.status]).toEqual([endpoint, uprn, one.status]);
        if (one.status === 200) expect(text).toContain(`"body":${oneText}}`);
        else expect(results[i]!.error).toEqual(JSON.parse(oneText).error);
      }
    }
  });

  it('hands out every UPRN asked, in order, and stops reading when told', async () => {
    const uprns = [...Array.from({ length: 600 }, (_, i) => 300_000 + i), 200003, 200001];
    const read: [number, number | undefined][] = [];
    for await (const [uprn, stored] of repo.getStoredMany!(uprns)) read.push([uprn, stored?.uprn]);
    expect(read).toEqual([
      ...uprns.slice(0, 600).map((u) => [u, undefined]),
      [200003, 200003],
      [200001, 200001],
    ]);
    // A reader that stops after the first document: the rest of the response is dropped.
    for await (const entry of repo.getStoredMany!(uprns)) {
      expect(entry).toEqual([300_000, undefined]);
      break;
    }
  });

  it('an index that is not there is a 503 for the whole batch', async () => {
    const missing = propertiesRepository(es, `${config.indexPrefix}-absent`, sharedIndex);
    await expect(missing.getStoredMany!([1])[Symbol.asyncIterator]().next()).rejects.toMatchObject({
      status: 503,
    });
  });
});
