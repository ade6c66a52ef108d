// Hostile input (issue 17 items 5, 6, 7, 9, 10): whatever a client sends, the answer is the documented error
// shape, every reservation is settled exactly once (charged for a 2xx, released otherwise) and the request
// is in the history; on the Express path and the lean node:http path alike.
import { connect } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '../../../schemas/errors';
import { openAccountStore, type AccountStore } from '../../../serving/accounts/store';
import { SECURITY_HEADERS } from '../../../serving/http';
import { MAX_JSON_DEPTH, nestedDeeperThan } from '../../../serving/json-body';
import { SAMPLE_DOC, startApi, type TestApi } from '../../helpers/api';

const accounts = openAccountStore(':memory:');
const { key, record } = accounts.createKey('hostile');
const logs: Record<string, any>[] = [];
let api: TestApi;

beforeAll(async () => {
  api = await startApi({ accounts, log: (msg, fields) => logs.push({ msg, ...fields }) });
});
afterAll(() => api.close());

const JSON_TYPE = { 'content-type': 'application/json' };
const nested = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);
const ENERGY_BODY = { location: 'SW1A 1AA', building_type: 'Terraced', construction_year: 1990 };

const expectError = (body: unknown, code: string) => {
  expect(ErrorBodySchema.strict().parse(body).error.code).toBe(code);
};

/** The ledger rows and subscription once this turn's completions are committed. */
async function account(store: AccountStore = accounts, keyId = record.id) {
  await new Promise((r) => setTimeout(r, 20));
  return { ledger: store.ledger(keyId), subscription: store.usage(keyId).subscription };
}

describe('a body nested too deep (item 5)', () => {
  it('the byte scan counts brackets outside strings only', () => {
    const bytes = (text: string) => Buffer.from(text);
    expect(nestedDeeperThan(bytes(nested(MAX_JSON_DEPTH)))).toBe(false);
    expect(nestedDeeperThan(bytes(nested(MAX_JSON_DEPTH + 1)))).toBe(true);
    expect(nestedDeeperThan(bytes(JSON.stringify({ a: '['.repeat(1000), b: '\\"[[[' })))).toBe(false);
    expect(nestedDeeperThan(bytes(`{"a":"\\"",${'['.repeat(70)}`))).toBe(true);
  });

  it('GET /epcs with 5,000 levels is a 400 on body, released, and recorded with a truncated body', async () => {
    const before = await account();
    const deep = nested(5_000);
    const res = await api.request('GET', `/epcs?uprn=${SAMPLE_DOC.uprn}`, {
      key,
      headers: JSON_TYPE,
      body: deep,
    });
    expect(res.status).toBe(400);
    expectError(res.body, 'invalid_parameter');
    expect(res.body.error.details.issues).toEqual([
      { field: 'body', message: `must not nest arrays and objects deeper than ${MAX_JSON_DEPTH} levels` },
    ]);
    const after = await account();
    expect(after.ledger.filter((l) => l.state === 'reserved')).toEqual([]);
    expect(after.ledger.at(-1)).toMatchObject({ endpoint: 'epcs', state: 'released' });
    expect(after.subscription.credits_remaining).toBe(before.subscription.credits_remaining);
    const [row] = accounts.listRequests(record.id, 1, 0);
    expect(row).toMatchObject({
      path: '/epcs',
      response_code: 400,
      request_body: { truncated: true, bytes: deep.length },
    });
  });

  it('POST /energy-model (the lean path) with 5,000 levels: the same 400, nothing held', async () => {
    const res = await api.request('POST', '/energy-model', {
      key,
      headers: JSON_TYPE,
      body: nested(5_000),
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details.issues[0].field).toBe('body');
    const { ledger } = await account();
    expect(ledger.filter((l) => l.state === 'reserved')).toEqual([]);
    expect(ledger.at(-1)).toMatchObject({ endpoint: 'energy-model', state: 'released' });
  });

  it('the same body through Express (a charset the lean path leaves to it) answers the same', async () => {
    const lean = await api.request('POST', '/energy-model', { key, headers: JSON_TYPE, body: nested(100) });
    const express = await api.request('POST', '/energy-model', {
      key,
      headers: { 'content-type': 'application/json; charset=UTF-8' },
      body: nested(100),
    });
    expect(express.status).toBe(400);
    expect(express.body).toEqual(lean.body);
  });

  it('64 levels is still read (and refused by the schema, not the reader)', async () => {
    const res = await api.request('POST', '/energy-model', {
      key,
      headers: JSON_TYPE,
      body: JSON.stringify({ ...ENERGY_BODY, options: JSON.parse(nested(MAX_JSON_DEPTH - 1)) }),
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details.issues[0].field).toBe('options');
  });
});

describe('a corrupt compressed body (item 6)', () => {
  it.each([
    ['gzip', 'GET', '/usage'],
    ['deflate', 'GET', `/epcs?uprn=${SAMPLE_DOC.uprn}`],
    ['br', 'POST', '/energy-model'],
    ['gzip', 'POST', '/batch'],
  ])('content-encoding %s on %s %s is a 400 on content-encoding', async (encoding, method, path) => {
    const res = await api.request(method, path, {
      key,
      headers: { ...JSON_TYPE, 'content-encoding': encoding },
      body: '{"not": "compressed"}',
    });
    expect(res.status).toBe(400);
    expectError(res.body, 'invalid_parameter');
    expect(res.body.error.details.issues).toEqual([
      { field: 'content-encoding', message: `the body is not valid ${encoding} data` },
    ]);
    expect(res.headers.get('x-request-id')).toBeTruthy();
  });

  it('a truncated gzip stream too; a whole one is read', async () => {
    const gz = gzipSync(JSON.stringify(ENERGY_BODY));
    const send = (bytes: Buffer) =>
      api.request('POST', '/energy-model', {
        key,
        headers: { ...JSON_TYPE, 'content-encoding': 'gzip' },
        body: bytes.toString('latin1'),
      });
    // The helper sends a string: latin1 keeps each byte as it is.
    expect((await send(gz.subarray(0, gz.length - 6))).status).toBe(400);
    expect(logs.filter((l) => l.msg === 'unhandled error')).toEqual([]);
  });
});

describe('an oversized URL or headers (item 7)', () => {
  /** A raw request on a socket (node's client would refuse to send these headers). */
  function raw(text: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const { port } = new URL(api.url);
      const socket = connect(Number(port), '127.0.0.1', () => socket.end(text));
      let out = '';
      socket.on('data', (c: Buffer) => (out += c.toString('latin1')));
      socket.on('close', () => resolve(out));
      socket.on('error', reject);
    });
  }

  const parse = (answer: string) => {
    const [head, body] = answer.split('\r\n\r\n');
    const [status, ...lines] = head!.split('\r\n');
    const headers = Object.fromEntries(
      lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
    );
    return { status: status!, headers, body: JSON.parse(body!) };
  };

  it('a 20 KB URL is a 431 in the error shape, with a request id and the security headers', async () => {
    const answer = parse(await raw(`GET /epcs?uprn=${'1'.repeat(20_000)} HTTP/1.1\r\nhost: x\r\n\r\n`));
    expect(answer.status).toBe('HTTP/1.1 431 Request Header Fields Too Large');
    expectError(answer.body, 'headers_too_large');
    expect(answer.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(answer.headers[name]).toBe(value);
    expect(logs).toContainEqual(
      expect.objectContaining({ msg: 'request', status: 431, request_id: answer.headers['x-request-id'] }),
    );
  });

  it('so are 20 KB of headers; bytes that are not HTTP are a 400 in the same shape', async () => {
    const big = parse(await raw(`GET /usage HTTP/1.1\r\nhost: x\r\nx-pad: ${'a'.repeat(20_000)}\r\n\r\n`));
    expect(big.status).toContain(' 431 ');
    expectError(big.body, 'headers_too_large');
    const junk = parse(await raw('NOT HTTP AT ALL\r\n\r\n'));
    expect(junk.status).toContain(' 400 ');
    expectError(junk.body, 'malformed_request');
  });
});

describe('strict numbers in the query (item 9)', () => {
  it.each(['%20123%20', '0123', '%E3%80%80123', '123%E3%80%80', '+123', '0', '1e3', '0x1F'])(
    'uprn=%s is a 400 naming uprn',
    async (value) => {
      const res = await api.get(`/epcs?uprn=${value}`, key);
      expect(res.status).toBe(400);
      expect(res.body.error.details.issues.map((i: { field: string }) => i.field)).toEqual(['uprn']);
    },
  );

  it.each(['0x1F', '0b11', '0o7', '1e1', '%201', '01', '-1', '1.0', ''])(
    '/requests?limit=%s is a 400 naming limit',
    async (value) => {
      const res = await api.get(`/requests?limit=${value}`, key);
      expect(res.status).toBe(400);
      expect(res.body.error.details.issues).toEqual([
        { field: 'limit', message: 'limit must be an integer from 1 to 100' },
      ]);
    },
  );

  it('plain decimals still work', async () => {
    expect((await api.get(`/requests?limit=31&offset=0`, key)).body).toMatchObject({ limit: 31, offset: 0 });
    expect((await api.get(`/epcs?uprn=${SAMPLE_DOC.uprn}`, key)).status).toBe(200);
    const coordinate = await api.get('/flood-risk?x_coord=%20375000&y_coord=165000', key);
    expect(coordinate.body.error.details.issues.map((i: { field: string }) => i.field)).toEqual(['x_coord']);
  });
});

describe('bounded errors (item 10)', () => {
  it('a 59 KB body of unknown keys gets a 400 of a few KB that lists the allowed fields once', async () => {
    const body: Record<string, unknown> = { ...ENERGY_BODY };
    for (let i = 0; body && JSON.stringify(body).length < 59_000; i++) body[`unknown_field_${i}`] = i;
    const res = await api.request('POST', '/energy-model', {
      key,
      headers: JSON_TYPE,
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(400);
    const text = JSON.stringify(res.body);
    expect(text.length).toBeLessThan(4_096);
    expect(text.split('building_age_band').length - 1).toBe(1);
    const unknown = Object.keys(body).length - Object.keys(ENERGY_BODY).length;
    expect(res.body.error.details.issues).toHaveLength(10);
    expect(res.body.error.details.more_issues).toBe(unknown - 10);
    expect(res.body.error.message).toMatch(new RegExp(`and ${unknown - 10} more$`));
  });

  it('a 50 KB key is cut in the answer', async () => {
    const res = await api.request('POST', '/energy-model', {
      key,
      headers: JSON_TYPE,
      body: JSON.stringify({ ...ENERGY_BODY, ['k'.repeat(50_000)]: 1 }),
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body).length).toBeLessThan(2_048);
  });
});

describe('found by the fuzz step (item 11)', () => {
  it('an efficiency of 5e-324 is a 400, not a 200 whose fuel figures are null (Infinity)', async () => {
    const res = await api.request('POST', '/energy-model', {
      key,
      headers: JSON_TYPE,
      body: JSON.stringify({ ...ENERGY_BODY, options: { main_heating_efficiency: 5e-324 } }),
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details.issues).toEqual([
      { field: 'options.main_heating_efficiency', message: 'must be at least 0.01' },
    ]);
  });
});
