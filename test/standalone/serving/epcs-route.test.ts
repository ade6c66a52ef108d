// The /epcs route against an in-memory repository: auth, validation and error shapes, no servers.
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAccountStore } from '../../../serving/accounts/store';
import { createApp } from '../../../serving/app';
import { ApiError } from '../../../serving/errors';
import { silentLogger } from '../../../serving/log';
import type { PropertiesRepository } from '../../../serving/repository/properties';
import { fakeProperties, SAMPLE_DOC } from '../../helpers/api';

const doc = SAMPLE_DOC;

let down = false;
const stored = fakeProperties([doc]);
const repo: PropertiesRepository = {
  async getStored(uprn) {
    if (down) throw new ApiError('service_unavailable', 'The data store is unavailable; try again shortly');
    return stored.getStored(uprn);
  },
  getShared: (ids) => stored.getShared(ids),
};

const accounts = openAccountStore(':memory:');
const { key } = accounts.createKey('test');
let server: Server;
let base: string;

beforeAll(async () => {
  const app = createApp({
    accounts,
    properties: repo,
    log: silentLogger,
    now: () => new Date('2025-06-01T00:00:00.000Z'),
  });
  server = await new Promise((resolve) => {
    const s = createServer(app).listen(0, '127.0.0.1', () => resolve(s));
  });
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(() => server.close());

const get = async (path: string, headers: Record<string, string> = { 'x-api-key': key }) => {
  const res = await fetch(base + path, { headers });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
};

describe('GET /epcs', () => {
  it('answers the stored block with age and validity computed for now', async () => {
    const { status, body } = await get(`/epcs?uprn=${doc.uprn}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      epc_country: 'England',
      epc_in_date: true,
      epc_age: 5,
      epc_expiry: '2030-06-01T00:00:00.000Z',
      epcs: [{ lmk_key: 'abc', current_energy_rating: 'D' }],
      epc_estimate: null,
    });
  });

  it('needs an API key: missing or unknown is a 403 with the error shape', async () => {
    expect(await get(`/epcs?uprn=${doc.uprn}`, {})).toEqual({
      status: 403,
      body: { error: { code: 'missing_api_key', message: 'The x-api-key header is required' } },
    });
    expect((await get(`/epcs?uprn=${doc.uprn}`, { 'x-api-key': 'pds_nope' })).body.error.code).toBe(
      'invalid_api_key',
    );
  });

  it.each(['/epcs', '/epcs?uprn=', '/epcs?uprn=12ab', '/epcs?uprn=-5', '/epcs?uprn=1234567890123'])(
    '%s is a 400 naming uprn',
    async (path) => {
      const { status, body } = await get(path);
      expect(status).toBe(400);
      expect(body.error.code).toBe('invalid_parameter');
      expect(body.error.details.issues[0].field).toBe('uprn');
    },
  );

  it('an unknown UPRN is a 404', async () => {
    const { status, body } = await get('/epcs?uprn=42');
    expect(status).toBe(404);
    expect(body.error.code).toBe('not_found');
  });

  it('a data store outage is a 503 with the error shape', async () => {
    down = true;
    const { status, body } = await get(`/epcs?uprn=${doc.uprn}`);
    down = false;
    expect(status).toBe(503);
    expect(body.error.code).toBe('service_unavailable');
  });

  it('unknown routes are a 404 with the error shape', async () => {
    const { status, body } = await get('/nope');
    expect(status).toBe(404);
    expect(body.error.code).toBe('not_found');
  });
});
