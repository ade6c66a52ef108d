// GET /usage and GET /requests as a client sees them: every field of spec 2.4 and 2.5, history newest first
// with secrets hidden, limit/offset, and no caller ever sees another key's requests.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../../schemas/api/endpoints';
import { RequestsResponseSchema } from '../../../schemas/api/requests';
import { UsageResponseSchema } from '../../../schemas/api/usage';
import { openAccountStore } from '../../../serving/accounts/store';
import { manualClock, SAMPLE_DOC, startApi, type TestApi } from '../../helpers/api';

const clock = manualClock('2026-04-10T08:30:00.000Z');
const accounts = openAccountStore(':memory:', clock.now);
accounts.createPlan({ name: 'pro', creditLimit: 1_000, quota: 50, overrides: { epcs: { quota: 20 } } });
const alice = accounts.createKey('alice', { plan: 'pro' }).key;
const bob = accounts.createKey('bob', { plan: 'pro' }).key;
let api: TestApi;

beforeAll(async () => {
  api = await startApi({ accounts, now: clock.now });
  for (let i = 0; i < 3; i++)
    await api.get(`/epcs?uprn=${SAMPLE_DOC.uprn}`, alice, { cookie: 'session=s3cret' });
  await api.get('/epcs?uprn=42', alice);
  await api.get('/epcs?uprn=7', bob, { authorization: 'Bearer t0ken' });
});
afterAll(() => api.close());

describe('GET /usage', () => {
  it('answers the subscription and every endpoint the plan can use, with every field', async () => {
    const { status, body } = await api.get('/usage', alice);
    expect(status).toBe(200);
    expect(UsageResponseSchema.strict().safeParse(body).success).toBe(true);
    expect(body.subscription).toEqual({
      last_renewed: '2026-04-10T08:30:00.000Z',
      request_count: 3,
      quota_period: 'month',
      quota: 50,
      quota_used: 3,
      requests_remaining: 47,
      credit_limit: 1_000,
      credits_used: 30,
      credits_remaining: 970,
      renews_at: '2026-05-10T08:30:00.000Z',
    });
    expect(body.endpoints.map((e: any) => e.name)).toEqual(ENDPOINTS.map((e) => e.name));
    expect(body.endpoints.find((e: any) => e.name === 'epcs')).toEqual({
      name: 'epcs',
      path: '/epcs',
      method: 'GET',
      description: 'Raw and enhanced EPCs for one property (spec 2.10)',
      affects_usage_plan_quota: true,
      can_make_request: true,
      credit_cost: 10,
      credits_used: 30,
      request_count: 3,
      requests_remaining: 17,
    });
    expect(body.endpoints.find((e: any) => e.name === 'usage')).toMatchObject({
      credit_cost: 0,
      affects_usage_plan_quota: false,
      requests_remaining: null,
    });
  });
});

describe('GET /requests', () => {
  it("returns the caller's last 10 requests, newest first, every field, secrets hidden", async () => {
    const { status, body } = await api.get('/requests', alice);
    expect(status).toBe(200);
    expect(RequestsResponseSchema.safeParse(body).success).toBe(true);
    expect(body.limit).toBe(10);
    expect(body.offset).toBe(0);
    expect(body.requests.map((r: any) => `${r.path} ${r.response_code}`)).toEqual([
      '/usage 200',
      '/epcs 404',
      '/epcs 200',
      '/epcs 200',
      '/epcs 200',
    ]);
    const [, notFound, ok] = body.requests;
    expect(Object.keys(ok).sort()).toEqual(
      [
        'path',
        'method',
        'query_params',
        'request_body',
        'request_headers',
        'response_code',
        'response_time',
        'response_body',
        'response_headers',
        'created_at',
      ].sort(),
    );
    expect(ok).toMatchObject({
      method: 'GET',
      query_params: { uprn: String(SAMPLE_DOC.uprn) },
      request_body: null,
      created_at: '2026-04-10T08:30:00.000Z',
    });
    expect(ok.request_headers['x-api-key']).toBe('[redacted]');
    expect(ok.request_headers.cookie).toBe('[redacted]');
    expect(JSON.stringify(body)).not.toContain(alice);
    expect(JSON.stringify(body)).not.toContain('s3cret');
    expect(Number.isInteger(ok.response_time)).toBe(true);
    expect(ok.response_body).toMatchObject({ epc_country: 'England' });
    expect(ok.response_headers['content-type']).toMatch(/application\/json/);
    expect(ok.response_headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(notFound.response_body.error.code).toBe('not_found');
  });

  it("never shows another key's requests", async () => {
    const mine = (await api.get('/requests', bob)).body.requests;
    expect(mine.map((r: any) => `${r.path}?uprn=${r.query_params.uprn}`)).toEqual(['/epcs?uprn=7']);
    expect(mine[0].request_headers.authorization).toBe('[redacted]');
    expect(JSON.stringify(mine)).not.toContain('t0ken');
  });

  it('pages with limit and offset, bounded', async () => {
    const page = (await api.get('/requests?limit=2&offset=1', alice)).body;
    expect(page.limit).toBe(2);
    expect(page.offset).toBe(1);
    expect(page.requests).toHaveLength(2);
    for (const bad of ['limit=0', 'limit=101', 'offset=-1', 'offset=100', 'limit=abc']) {
      const { status, body } = await api.get(`/requests?${bad}`, alice);
      expect(status).toBe(400);
      expect(body.error.details.issues[0].field).toBe(bad.split('=')[0]);
    }
  });
});
