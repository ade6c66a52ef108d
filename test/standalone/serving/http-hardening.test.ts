// The HTTP edge: one error shape for every non-2xx, 404/405/400/413, request ids in a header and in the
// logs, security headers, nothing internal leaking, keys never logged, and a graceful shutdown.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '../../../schemas/errors';
import { openAccountStore } from '../../../serving/accounts/store';
import { SECURITY_HEADERS } from '../../../serving/http';
import type { PropertiesRepository } from '../../../serving/repository/properties';
import { fakeProperties, SAMPLE_DOC, startApi, type TestApi } from '../../helpers/api';

const accounts = openAccountStore(':memory:');
const { key, record } = accounts.createKey('edge');
const logs: Record<string, any>[] = [];
const exploding: PropertiesRepository = {
  async getStored(uprn) {
    if (uprn === 666) throw new Error('connect ECONNREFUSED 10.0.0.7:9200 at /srv/internal/secret.ts:42');
    return fakeProperties().getStored(uprn);
  },
  getShared: (ids) => fakeProperties().getShared(ids),
};
let api: TestApi;

beforeAll(async () => {
  api = await startApi({
    accounts,
    properties: exploding,
    log: (msg, fields) => logs.push({ msg, ...fields }),
  });
});
afterAll(() => api.close());

const expectError = (body: unknown, code: string) => {
  expect(ErrorBodySchema.strict().safeParse(body).success).toBe(true);
  expect((body as any).error.code).toBe(code);
};

describe('one error model', () => {
  it('unknown routes are 404, with or without a key', async () => {
    for (const k of [key, undefined]) {
      const { status, body } = await api.get('/nope', k);
      expect(status).toBe(404);
      expectError(body, 'not_found');
    }
  });

  it('a known path with the wrong method is a 405 naming the allowed methods', async () => {
    const { status, headers, body } = await api.request('DELETE', '/epcs', { key });
    expect(status).toBe(405);
    expect(headers.get('allow')).toBe('GET');
    expectError(body, 'method_not_allowed');
  });

  it('malformed JSON is a 400 and a body over 100 KiB is a 413', async () => {
    const json = { 'content-type': 'application/json' };
    const bad = await api.request('GET', `/usage`, { key, headers: json, body: '{"a":' });
    expect(bad.status).toBe(400);
    expectError(bad.body, 'invalid_json');
    const big = await api.request('GET', '/usage', {
      key,
      headers: json,
      body: JSON.stringify({ a: 'x'.repeat(200_000) }),
    });
    expect(big.status).toBe(413);
    expectError(big.body, 'payload_too_large');
  });

  it('a missing, unknown or revoked key is a 403', async () => {
    expectError((await api.get('/usage')).body, 'missing_api_key');
    expectError((await api.get('/usage', 'pds_unknown')).body, 'invalid_api_key');
    const temp = accounts.createKey('temp');
    accounts.revokeKey(temp.record.id);
    const revoked = await api.get('/usage', temp.key);
    expect(revoked.status).toBe(403);
    expectError(revoked.body, 'invalid_api_key');
  });

  it('an unexpected failure is a 500 without internals; the request id finds it in the log', async () => {
    const { status, headers, body } = await api.get('/epcs?uprn=666', key);
    expect(status).toBe(500);
    expect(body).toEqual({ error: { code: 'internal_error', message: 'Internal server error' } });
    const id = headers.get('x-request-id');
    const line = logs.find((l) => l.msg === 'unhandled error' && l.request_id === id);
    expect(line?.error).toContain('ECONNREFUSED');
  });
});

describe('headers and logs', () => {
  it('every answer carries a request id and the security headers', async () => {
    const ok = await api.get(`/epcs?uprn=${SAMPLE_DOC.uprn}`, key);
    const denied = await api.get('/usage');
    for (const res of [ok, denied]) {
      expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(res.headers.get(name)).toBe(value);
      expect(res.headers.get('x-powered-by')).toBeNull();
    }
    expect(ok.headers.get('x-request-id')).not.toBe(denied.headers.get('x-request-id'));
  });

  it('one structured line per request, with the request id and key id, never the key', async () => {
    const res = await api.get('/usage', key, { authorization: 'Bearer zzz' });
    const id = res.headers.get('x-request-id');
    await new Promise((r) => setTimeout(r, 20));
    expect(logs.find((l) => l.msg === 'request' && l.request_id === id)).toMatchObject({
      method: 'GET',
      path: '/usage',
      status: 200,
      key_id: record.id,
    });
    const denied = logs.find((l) => l.msg === 'request' && l.status === 403);
    expect(denied?.error_code).toBeDefined();
    expect(JSON.stringify(logs)).not.toContain(key);
    expect(JSON.stringify(logs)).not.toContain('zzz');
  });
});

describe('graceful shutdown', () => {
  it('close() lets an in-flight request finish, records it, then stops accepting connections', async () => {
    const store = openAccountStore(':memory:');
    const k = store.createKey('slow');
    const slow = await startApi({ accounts: store, properties: fakeProperties([SAMPLE_DOC], 300) });
    const inFlight = slow.get(`/epcs?uprn=${SAMPLE_DOC.uprn}`, k.key);
    await new Promise((r) => setTimeout(r, 50));
    const closed = slow.close();
    const answer = await inFlight;
    await closed;
    expect(answer.status).toBe(200);
    expect(store.usage(k.record.id).subscription.credits_used).toBe(10);
    expect(store.listRequests(k.record.id, 10, 0)).toHaveLength(1);
    await expect(fetch(`${slow.url}/usage`)).rejects.toThrow();
  });
});
