// The real service's paths: GET /properties/{uprn} answers as GET /properties?uprn= and GET /usage/requests
// as GET /requests: the same bodies, the same errors, the same credits; the history records the path as sent.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../../schemas/api/endpoints';
import { openAccountStore } from '../../../serving/accounts/store';
import { leanPath } from '../../../serving/lean-path';
import { manualClock, SAMPLE_DOC, startApi, type Answer, type TestApi } from '../../helpers/api';

const clock = manualClock('2026-04-10T08:30:00.000Z');
const accounts = openAccountStore(':memory:', clock.now);
let api: TestApi;
const uprn = SAMPLE_DOC.uprn;

beforeAll(async () => {
  api = await startApi({ accounts, now: clock.now });
});
afterAll(() => api.close());

/** An answer without what differs on every request (its id). */
const same = (a: Answer) => ({
  status: a.status,
  body: a.body,
  headers: Object.fromEntries([...a.headers].filter(([k]) => !['x-request-id', 'date'].includes(k))),
});

const credits = async (key: string) => {
  const { body } = await api.get('/usage', key);
  const properties = body.endpoints.find((e: { name: string }) => e.name === 'properties');
  return { used: body.subscription.credits_used, properties: properties.request_count };
};

describe('GET /properties/{uprn}', () => {
  const { key } = accounts.createKey('paths');

  it('answers byte for byte as GET /properties?uprn=, headers included', async () => {
    const byQuery = await api.get(`/properties?uprn=${uprn}`, key);
    const byPath = await api.get(`/properties/${uprn}`, key);
    expect(byQuery.status).toBe(200);
    expect(same(byPath)).toEqual(same(byQuery));
    // A trailing slash, as on the query form.
    expect(same(await api.get(`/properties/${uprn}/`, key))).toEqual(same(byQuery));
  });

  it.each([
    ['an unknown UPRN', '999', 404, 'not_found'],
    ['a UPRN that is not a number', 'abc', 400, 'invalid_parameter'],
    ['a UPRN too long', '1234567890123', 400, 'invalid_parameter'],
    ['bad percent-encoding', '%zz', 400, 'invalid_parameter'],
  ])('gives the same error for %s', async (_, value, status, code) => {
    const byQuery = await api.get(`/properties?uprn=${value}`, key);
    const byPath = await api.get(`/properties/${value}`, key);
    expect(byPath.status).toBe(status);
    expect(byPath.body.error.code).toBe(code);
    expect(byPath.body).toEqual(byQuery.body);
    if (status === 400) expect(byPath.body.error.details.issues[0].field).toBe('uprn');
  });

  it('refuses the same way without a key, and another method with Allow: GET', async () => {
    expect(same(await api.get(`/properties/${uprn}`))).toEqual(
      same(await api.get(`/properties?uprn=${uprn}`)),
    );
    const post = await api.request('POST', `/properties/${uprn}`, { key });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET');
    expect((await api.get(`/properties/${uprn}/more`, key)).status).toBe(404);
  });

  it('takes the UPRN from the path over one in the query', async () => {
    const answer = await api.get(`/properties/${uprn}?uprn=999`, key);
    expect(answer.status).toBe(200);
  });

  it('costs the same credits as the query form, counted for the same endpoint; failures cost nothing', async () => {
    const { key: fresh } = accounts.createKey('credits');
    const before = await credits(fresh);
    await api.get(`/properties?uprn=${uprn}`, fresh);
    const afterQuery = await credits(fresh);
    await api.get(`/properties/${uprn}`, fresh);
    const afterPath = await credits(fresh);
    await api.get('/properties/999', fresh);
    expect(afterQuery.used - before.used).toBe(10);
    expect(afterPath.used - afterQuery.used).toBe(10);
    expect(afterPath.properties - afterQuery.properties).toBe(1);
    expect(await credits(fresh)).toEqual(afterPath);
  });

  it('is recorded in the history as sent: its path, no query parameters, the same answer', async () => {
    const { key: fresh } = accounts.createKey('history');
    await api.get(`/properties?uprn=${uprn}`, fresh);
    await api.get(`/properties/${uprn}`, fresh);
    const [byPath, byQuery] = (await api.get('/requests', fresh)).body.requests;
    expect(byPath).toMatchObject({ path: `/properties/${uprn}`, method: 'GET', query_params: {} });
    expect(byQuery).toMatchObject({ path: '/properties', query_params: { uprn: String(uprn) } });
    expect(byPath.response_code).toBe(200);
    expect(byPath.response_body).toEqual(byQuery.response_body);
  });
});

describe('GET /usage/requests', () => {
  const { key } = accounts.createKey('history-paths');

  it('answers as GET /requests, with the same limit and offset rules', async () => {
    await api.get(`/epcs?uprn=${uprn}`, key);
    await api.get('/epcs?uprn=42', key);
    for (const query of ['', '?limit=1', '?limit=1&offset=1']) {
      const byOld = await api.get(`/requests${query}`, key);
      const byNew = await api.get(`/usage/requests${query}`, key);
      expect(byNew.status).toBe(200);
      // Each call lists the calls before it: strip those this comparison made itself.
      const own = (a: Answer) => a.body.requests.filter((r: { path: string }) => r.path === '/epcs');
      expect(own(byNew)).toEqual(own(byOld));
      expect(byNew.body.limit).toBe(byOld.body.limit);
    }
    const bad = await api.get('/usage/requests?limit=0', key);
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual((await api.get('/requests?limit=0', key)).body);
    expect(bad.body.error.details.issues[0].field).toBe('limit');
  });

  it('is free, like /requests', async () => {
    const { key: fresh } = accounts.createKey('free');
    await api.get('/usage/requests', fresh);
    expect((await credits(fresh)).used).toBe(0);
  });
});

describe('the contract', () => {
  it('lists both forms in /openapi.json, the UPRN as a path parameter of the alias', async () => {
    const doc = (await api.get('/openapi.json')).body;
    const byPath = doc.paths['/properties/{uprn}'].get;
    expect(byPath.parameters).toEqual([
      expect.objectContaining({ name: 'uprn', in: 'path', required: true }),
    ]);
    expect(byPath['x-credit-cost']).toBe(doc.paths['/properties'].get['x-credit-cost']);
    expect(byPath.responses['200']).toEqual(doc.paths['/properties'].get.responses['200']);
    expect(doc.paths['/usage/requests'].get.parameters).toEqual(doc.paths['/requests'].get.parameters);
    const ids = Object.values(doc.paths).flatMap((ops: any) =>
      Object.values(ops).map((o: any) => o.operationId),
    );
    expect(new Set(ids).size).toBe(ids.length);
    const html = (await api.get('/docs')).body as string;
    expect(html).toContain('<code>/properties/{uprn}</code>');
    expect(html).toContain('<code>/usage/requests</code>');
  });
});

describe('the lean path', () => {
  it('serves an alias without path parameters as the route itself, recorded and logged as sent', async () => {
    const { key, record } = accounts.createKey('lean');
    const logs: Record<string, unknown>[] = [];
    const log = (msg: string, fields?: object) => logs.push({ msg, ...fields });
    const endpoint = { ...ENDPOINTS.find((e) => e.name === 'energy-model')!, aliases: ['/v1/energy-model'] };
    const lean = leanPath(
      { accounts, log, now: clock.now, metering: { accounts, log, now: clock.now, rateLimiter: null } },
      [{ endpoint, answer: (body) => ({ echo: body }) }],
    );
    const server = createServer((req, res) => {
      if (!lean(req, res)) res.writeHead(599).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const post = (path: string) =>
      fetch(url + path, {
        method: 'POST',
        headers: { 'x-api-key': key, 'content-type': 'application/json' },
        body: '{"a":1}',
      });
    try {
      const [byPath, byAlias] = [await post('/energy-model'), await post('/v1/energy-model')];
      expect([byPath.status, byAlias.status]).toEqual([200, 200]);
      expect(await byAlias.json()).toEqual(await byPath.json());
      expect((await post('/v1/energy-model/')).status).toBe(599);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    const paths = accounts.listRequests(record.id, 10, 0).map((r) => r.path);
    expect(paths).toEqual(['/v1/energy-model', '/energy-model']);
    expect(logs.filter((l) => l.msg === 'request').map((l) => l.path)).toEqual([
      '/energy-model',
      '/v1/energy-model',
    ]);
  });
});
