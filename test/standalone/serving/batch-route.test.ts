// POST /batch against the real app with in-memory properties: each item is what the single call answers
// (body byte for byte, or its status and error object), in the order asked; only found UPRNs are charged,
// the worst case is refused before any read, and the Arrow answer reads back with apache-arrow.
import { tableFromIPC } from 'apache-arrow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAccountStore } from '../../../serving/accounts/store';
import type { PropertiesRepository } from '../../../serving/repository/properties';
import { storeUnavailable } from '../../../serving/repository/unavailable';
import { storedPropertyOf } from '../../../pipelines/indexing/stored-property';
import { endpointColumns, flatColumns } from '../../../serving/routes/batch-arrow';
import { BatchItemSchema } from '../../../schemas/api/batch';
import { PropertyResponseSchema } from '../../../schemas/api/properties';
import {
  fakeProperties,
  manualClock,
  SAMPLE_DOC,
  startApi,
  testDocument,
  type TestApi,
} from '../../helpers/api';

const RICH = testDocument({
  uprn: 10001104806,
  location: { lat: 51.5, lon: -0.1 },
  x_coord: 530000,
  y_coord: 180000,
  postcode: 'SW1A 1AA',
  country: 'England',
  epc_count: 2,
  blocks: {
    epcs: {
      epc_country: 'England',
      latest_lodgement_date: '2019-03-02T00:00:00.000Z',
      epcs: [{ lmk_key: 'k2' }, { lmk_key: 'k1' }],
      epcs_enhanced: [
        { current_energy_rating: 'C', total_floor_area: 91 },
        { current_energy_rating: 'D', total_floor_area: 90 },
      ],
      epc_retrofit_recommendations: [{ improvement_item: 1 }],
      epc_stats: {
        postcode_stats: { postcode: 'SW1A 1AA', count: 3, avg_energy_efficiency_current: 61 },
        outcode_stats: { outcode: 'SW1A', count: 9, avg_energy_efficiency_current: 58 },
      },
    },
    area: {
      admin_boundaries: { postcode: 'SW1A 1AA', local_authority_name: 'Westminster' },
      area_attributes: { house_price_index: { region_name: 'London' }, retrofit_grants: [{ name: 'ECO4' }] },
    },
    flood_risk: {
      england: { rivers_and_seas: { in_flood_risk_zone: false } },
      scotland: null,
      wales: null,
      nearest_coastal_point: null,
      elevation: { elevation_estimate: 12.5 },
    },
    location_layers: { planning: { conservation_area: null }, transportation: null },
  },
});

const clock = manualClock('2025-06-01T00:00:00.000Z');
const accounts = openAccountStore(':memory:', clock.now);
accounts.createPlan({ name: 'tiny', creditLimit: 25 });
const { key, record } = accounts.createKey('batch');
const small = accounts.createKey('small', { plan: 'tiny' });
const demo = accounts.createKey('demo', { plan: 'demo' });

const inner = fakeProperties([SAMPLE_DOC, RICH]);
let mgets = 0;
let singles = 0;
let lastRead: readonly number[] = [];
const repo: PropertiesRepository = {
  getStored: (uprn) => (singles++, inner.getStored(uprn)),
  getShared: (ids) => inner.getShared(ids),
  async *getStoredMany(uprns) {
    mgets++;
    lastRead = uprns;
    for (const uprn of uprns) yield [uprn, (await inner.getStored(uprn)) ?? undefined];
  },
};

let api: TestApi;
beforeAll(async () => {
  api = await startApi({ accounts, properties: repo, now: clock.now });
});
afterAll(async () => {
  await api.close();
  accounts.close();
});

/** The raw answer: status, content type, bytes. */
async function post(body: unknown, k = key, accept?: string) {
  const res = await fetch(`${api.url}/batch`, {
    method: 'POST',
    headers: { 'x-api-key': k, 'content-type': 'application/json', ...(accept ? { accept } : {}) },
    body: JSON.stringify(body),
  });
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    bytes: Buffer.from(await res.arrayBuffer()),
  };
}

async function single(path: string) {
  const res = await fetch(`${api.url}${path}`, { headers: { 'x-api-key': key } });
  return { status: res.status, text: await res.text() };
}

const creditsUsed = () => accounts.usage(record.id).subscription.credits_used;

describe('POST /batch', () => {
  it('answers in the order asked, each item equal to its single call: found, unknown, malformed, repeated', async () => {
    const uprns = [String(RICH.uprn), '999999', 'abc', SAMPLE_DOC.uprn, String(RICH.uprn), ' 12x'];
    const before = creditsUsed();
    const callsBefore = mgets;
    const singlesBefore = singles;
    const res = await post({ endpoint: 'epcs', uprns });
    expect(res.status).toBe(200);
    expect(mgets - callsBefore).toBe(1);
    expect(singles - singlesBefore).toBe(0);
    // Read once each, in UPRN order (the index's: neighbours share the store's compressed blocks).
    expect(lastRead).toEqual([SAMPLE_DOC.uprn, RICH.uprn, 999999].sort((a, b) => a - b));
    const text = res.bytes.toString('utf8');
    const parsed = JSON.parse(text) as { results: Record<string, unknown>[] };
    // The error items as the response schema says (the bodies are the fakes' partial documents).
    for (const item of parsed.results.filter((r) => r.status !== 200))
      expect(BatchItemSchema.safeParse(item).success).toBe(true);
    expect(parsed.results.map((r) => [r.uprn, r.status])).toEqual([
      [String(RICH.uprn), 200],
      ['999999', 404],
      ['abc', 400],
      [SAMPLE_DOC.uprn, 200],
      [String(RICH.uprn), 200],
      [' 12x', 400],
    ]);
    for (const [i, asked] of uprns.entries()) {
      const one = await single(`/epcs?uprn=${encodeURIComponent(String(asked))}`);
      const item = parsed.results[i]!;
      expect(item.status).toBe(one.status);
      if (one.status === 200) {
        // Byte for byte: the item's body text is the single answer's text.
        expect(JSON.stringify(item.body)).toBe(one.text);
        expect(text).toContain(`"body":${one.text}}`);
      } else expect(item.error).toEqual(JSON.parse(one.text).error);
    }
    expect((parsed.results[1]!.error as { code: string }).code).toBe('not_found');
    expect((parsed.results[2]!.error as { code: string; details: unknown }).details).toEqual({
      issues: [{ field: 'uprn', message: expect.any(String) }],
    });
    // Three found items (one asked twice) at 10 each; the single calls above cost 3 × 10 more.
    expect(creditsUsed() - before).toBe(30 + 30);
  });

  it('charges only the found UPRNs, settling the reservation once', async () => {
    const before = creditsUsed();
    const res = await post({ endpoint: 'properties', uprns: [RICH.uprn, 1, 2, 'x', SAMPLE_DOC.uprn] });
    expect(res.status).toBe(200);
    expect(creditsUsed() - before).toBe(20);
    const row = accounts.ledger(record.id).at(-1)!;
    // Reserved 4 × 10 (the four well-formed UPRNs), charged the 2 found.
    expect(row).toMatchObject({ endpoint: 'properties', state: 'charged', units: 2, credits: 20 });
    const usage = accounts.usage(record.id);
    expect(usage.endpoints.find((e) => e.name === 'properties')).toMatchObject({ request_count: 2 });
    expect(usage.subscription.credits_remaining).toBe(10_000 - usage.subscription.credits_used);
    const none = await post({ endpoint: 'retrofit', uprns: [5, 6] });
    expect(none.status).toBe(200);
    expect(accounts.ledger(record.id).at(-1)).toMatchObject({ state: 'charged', units: 0, credits: 0 });
  });

  it('each endpoint: the batch equals the single calls', async () => {
    for (const [endpoint, param] of [
      ['properties', 'uprn'],
      ['epcs', 'uprn'],
      ['flood-risk', 'UPRN'],
      ['retrofit', 'uprn'],
    ] as const) {
      const uprns = [String(SAMPLE_DOC.uprn), String(RICH.uprn), '424242', '0'];
      const res = await post({ endpoint, uprns });
      const { results } = JSON.parse(res.bytes.toString()) as { results: Record<string, unknown>[] };
      for (const [i, uprn] of uprns.entries()) {
        const one = await single(`/${endpoint}?${param}=${uprn}`);
        expect([endpoint, results[i]!.status]).toEqual([endpoint, one.status]);
        if (one.status === 200) expect(JSON.stringify(results[i]!.body)).toBe(one.text);
        else expect(results[i]!.error).toEqual(JSON.parse(one.text).error);
      }
    }
  });

  it('refuses with a 429 before any read when the allowance cannot cover every well-formed UPRN', async () => {
    const reads = mgets;
    // 25 credits: three well-formed UPRNs could cost 30, even though only one exists.
    const refused = await post({ endpoint: 'epcs', uprns: [RICH.uprn, 1, 2, 'bad'] }, small.key);
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.bytes.toString()).error.code).toBe('credits_exhausted');
    expect(mgets).toBe(reads);
    expect(accounts.ledger(small.record.id)).toEqual([]);
    // Two could cost 20: admitted, and the one found is charged.
    const ok = await post({ endpoint: 'epcs', uprns: [RICH.uprn, 1, 'bad'] }, small.key);
    expect(ok.status).toBe(200);
    expect(accounts.usage(small.record.id).subscription.credits_used).toBe(10);
  });

  it('rejects more than 1,000 UPRNs, an unknown endpoint and a wrong body with a 400 naming the field', async () => {
    const many = await post({ endpoint: 'epcs', uprns: Array.from({ length: 1_001 }, (_, i) => i + 1) });
    expect(many.status).toBe(400);
    const body = JSON.parse(many.bytes.toString());
    expect(body.error.code).toBe('invalid_parameter');
    expect(body.error.details.issues.map((i: { field: string }) => i.field)).toEqual(['uprns']);
    const wrong = await post({ endpoint: 'location', uprns: [1] });
    expect(JSON.parse(wrong.bytes.toString()).error.details.issues[0].field).toBe('endpoint');
    const extra = await post({ endpoint: 'epcs', uprns: [1], more: true });
    expect(JSON.parse(extra.bytes.toString()).error.details.issues[0].field).toBe('more');
    const item = await post({ endpoint: 'epcs', uprns: [null] });
    expect(JSON.parse(item.bytes.toString()).error.details.issues[0].field).toBe('uprns.0');
    const get = await api.get('/batch', key);
    expect(get.status).toBe(405);
  });

  it('a thousand UPRNs are one read and one answer, in order', async () => {
    const uprns = Array.from({ length: 1_000 }, (_, i) => (i % 2 ? RICH.uprn : 100 + i));
    const reads = mgets;
    const res = await post({ endpoint: 'flood-risk', uprns }, demo.key);
    expect(mgets - reads).toBe(1);
    const { results } = JSON.parse(res.bytes.toString()) as { results: { uprn: number; status: number }[] };
    expect(results.map((r) => r.uprn)).toEqual(uprns);
    expect(results.filter((r) => r.status === 200)).toHaveLength(500);
    expect(accounts.usage(demo.record.id).subscription.credits_used).toBe(500 * 10);
  });
});

describe('POST /batch as Arrow', () => {
  it('the flat fields of each answer, with uprn, status and the error, read back with apache-arrow', async () => {
    const uprns = [String(RICH.uprn), '77', 'nope', String(SAMPLE_DOC.uprn)];
    const res = await post({ endpoint: 'properties', uprns }, key, 'application/vnd.apache.arrow.stream');
    expect(res.status).toBe(200);
    expect(res.type).toContain('application/vnd.apache.arrow.stream');
    const table = tableFromIPC(res.bytes);
    const json = JSON.parse((await post({ endpoint: 'properties', uprns })).bytes.toString()) as {
      results: { status: number; body?: any; error?: { code: string; message: string } }[];
    };
    expect(table.numRows).toBe(4);
    const names = table.schema.fields.map((f) => f.name);
    expect(names.slice(0, 4)).toEqual(['uprn', 'status', 'error_code', 'error_message']);
    expect(names).toEqual(expect.arrayContaining(['location.x_coord', 'location.latitude']));
    const rows = table.toArray().map((r) => r.toJSON() as Record<string, unknown>);
    expect(rows.map((r) => [r.uprn, r.status, r.error_code])).toEqual([
      [String(RICH.uprn), 200, null],
      ['77', 404, 'not_found'],
      ['nope', 400, 'invalid_parameter'],
      [String(SAMPLE_DOC.uprn), 200, null],
    ]);
    for (const [i, row] of rows.entries()) {
      const item = json.results[i]!;
      expect(row.error_message).toBe(item.error?.message ?? null);
      expect(row['location.x_coord']).toBe(item.body?.location.x_coord ?? null);
      expect(row['location.longitude']).toBe(item.body?.location.longitude ?? null);
    }
  });

  it('chooses the scalar top-level and one-level-nested fields of each endpoint from its response schema', () => {
    const props = flatColumns(PropertyResponseSchema).map((c) => c.name);
    expect(props).toEqual(
      expect.arrayContaining([
        'location.x_coord',
        'location.y_coord',
        'location.latitude',
        'location.longitude',
      ]),
    );
    expect(props).not.toContain('uprn'); // the batch's own uprn column
    expect(props.every((n) => n.split('.').length <= 2)).toBe(true);
    const epcs = endpointColumns('epcs').map((c) => [c.name, c.kind]);
    expect(epcs).toEqual(
      expect.arrayContaining([
        ['epc_country', 'utf8'],
        ['epc_in_date', 'bool'],
        ['epc_age', 'float64'],
        ['epc_expiry', 'utf8'],
      ]),
    );
  });

  it('an empty batch is a valid stream with the schema and no rows', async () => {
    const res = await post({ endpoint: 'retrofit', uprns: [] }, key, 'application/vnd.apache.arrow.stream');
    const table = tableFromIPC(res.bytes);
    expect(table.numRows).toBe(0);
    expect(table.schema.fields[0]!.name).toBe('uprn');
  });
});

describe('POST /batch settles once, whatever happens', () => {
  it('a client that goes away mid-batch has the whole reservation released, and one history row', async () => {
    const store = openAccountStore(':memory:');
    const { key: k, record: r } = store.createKey('gone');
    let reading!: () => void;
    const started = new Promise<void>((resolve) => (reading = resolve));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const slow: PropertiesRepository = {
      ...inner,
      async *getStoredMany(uprns) {
        reading();
        await held;
        for (const uprn of uprns) yield [uprn, (await inner.getStored(uprn)) ?? undefined];
      },
    };
    const server = await startApi({ accounts: store, properties: slow });
    const abort = new AbortController();
    const sent = fetch(`${server.url}/batch`, {
      method: 'POST',
      signal: abort.signal,
      headers: { 'x-api-key': k, 'content-type': 'application/json' },
      body: JSON.stringify({ endpoint: 'properties', uprns: [RICH.uprn, SAMPLE_DOC.uprn] }),
    }).catch((e: unknown) => e);
    await started;
    // Admitted (20 credits held) and reading when the client leaves.
    expect(store.usage(r.id).subscription.credits_remaining).toBe(10_000 - 20);
    abort.abort();
    await sent;
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(store.ledger(r.id)).toMatchObject([{ state: 'released', units: 2, credits: 20 }]);
    expect(store.usage(r.id).subscription).toMatchObject({ credits_used: 0, credits_remaining: 10_000 });
    expect(store.listRequests(r.id, 10, 0)).toHaveLength(1);
    await server.close();
    store.close();
  });

  it("a store that fails before anything is sent is the whole batch's 503, uncharged", async () => {
    const store = openAccountStore(':memory:');
    const { key: k, record: r } = store.createKey('failing');
    const failing: PropertiesRepository = {
      ...inner,
      async *getStoredMany(uprns) {
        yield [uprns[0]!, (await inner.getStored(uprns[0]!)) ?? undefined];
        throw storeUnavailable();
      },
    };
    const server = await startApi({ accounts: store, properties: failing });
    const res = await fetch(`${server.url}/batch`, {
      method: 'POST',
      headers: { 'x-api-key': k, 'content-type': 'application/json' },
      body: JSON.stringify({ endpoint: 'properties', uprns: [RICH.uprn, SAMPLE_DOC.uprn] }),
    });
    expect(res.status).toBe(503);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('service_unavailable');
    expect(store.usage(r.id).subscription).toMatchObject({ credits_used: 0, credits_remaining: 10_000 });
    expect(store.ledger(r.id)).toMatchObject([{ state: 'released', units: 2 }]);
    await server.close();
    store.close();
  });

  it('a store that fails after the first bytes cuts the answer short, uncharged', async () => {
    const store = openAccountStore(':memory:');
    store.createPlan({ name: 'wide', creditLimit: 1_000_000 });
    const { key: k, record: r } = store.createKey('cut', { plan: 'wide' });
    // A thousand documents (each RICH's), the store failing at the 900th: ~1.5 MB of answers went out.
    const failing: PropertiesRepository = {
      ...inner,
      async *getStoredMany(uprns) {
        for (const [i, uprn] of uprns.entries()) {
          if (i === 900) throw storeUnavailable();
          yield [uprn, storedPropertyOf({ ...RICH, uprn })];
        }
      },
    };
    const server = await startApi({ accounts: store, properties: failing });
    const uprns = Array.from({ length: 1_000 }, (_, i) => 20_000_000 + i);
    const res = await fetch(`${server.url}/batch`, {
      method: 'POST',
      headers: { 'x-api-key': k, 'content-type': 'application/json' },
      body: JSON.stringify({ endpoint: 'properties', uprns }),
    });
    // The status went out with the first bytes; the body stops before its end.
    expect(res.status).toBe(200);
    await expect(res.text()).rejects.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(store.usage(r.id).subscription).toMatchObject({ credits_used: 0 });
    expect(store.ledger(r.id)).toMatchObject([{ state: 'released', units: 1_000 }]);
    await server.close();
    store.close();
  });

  it('the history row of a batch is a summary of what was sent', async () => {
    await post({ endpoint: 'epcs', uprns: [RICH.uprn, 3] }, demo.key);
    const [row] = accounts.listRequests(demo.record.id, 1, 0);
    expect(row).toMatchObject({
      path: '/batch',
      response_code: 200,
      request_body: { endpoint: 'epcs', uprns: [RICH.uprn, 3] },
      response_body: { streamed: 'application/json', endpoint: 'epcs', items: 2, found: 1 },
    });
  });

  it('without metering the batch answers the same, uncharged', async () => {
    const server = await startApi({ accounts, properties: repo, now: clock.now, metering: false });
    const before = creditsUsed();
    const res = await fetch(`${server.url}/batch`, {
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify({ endpoint: 'retrofit', uprns: [RICH.uprn] }),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { results: { status: number }[] }).results[0]!.status).toBe(200);
    expect(creditsUsed()).toBe(before);
    await server.close();
  });
});

describe('POST /batch in the contract', () => {
  it('is in /openapi.json with its body, its JSON and Arrow answers and how it is charged', async () => {
    const doc = (await api.get('/openapi.json')).body;
    const op = doc.paths['/batch'].post;
    expect(op.operationId).toBe('batch');
    expect(op.requestBody.content['application/json'].schema.properties.uprns.maxItems).toBe(1_000);
    expect(op.requestBody.content['application/json'].schema.properties.endpoint.enum).toEqual([
      'properties',
      'epcs',
      'flood-risk',
      'retrofit',
    ]);
    expect(Object.keys(op.responses['200'].content)).toEqual([
      'application/json',
      'application/vnd.apache.arrow.stream',
    ]);
    expect(op.description).toContain('Each item found (status 200) costs what its single call costs');
    expect(op.responses['429']).toEqual({ $ref: '#/components/responses/E429' });
  });
});
