// The lean path answers POST /energy-model and the per-UPRN GETs exactly as Express does: the same raw
// requests, sent to an app with it and to one without, give the same status, headers and body, the same
// history rows for GET /requests, the same charges and the same log lines (request ids, times and ports
// aside).
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openAccountStore, type AccountStore } from '../../../serving/accounts/store';
import type * as LeanPath from '../../../serving/lean-path';
import { manualClock, SAMPLE_DOC, startApi, type TestApi } from '../../helpers/api';

// Counts the requests the lean path takes, so each case also shows which path answered it.
const taken = vi.hoisted(() => ({ n: 0 }));
vi.mock('../../../serving/lean-path', async (importOriginal) => {
  const actual = await importOriginal<typeof LeanPath>();
  return {
    ...actual,
    leanPath: (...args: Parameters<typeof LeanPath.leanPath>) => {
      const handle = actual.leanPath(...args);
      return (...req: Parameters<typeof handle>) => (handle(...req) ? (taken.n++, true) : false);
    },
  };
});

interface Side {
  api: TestApi;
  accounts: AccountStore;
  key: string;
  keyId: number;
  poorKey: string;
  logs: Record<string, unknown>[];
}

const clock = manualClock('2026-05-01T09:00:00.000Z');
let lean: Side;
let express: Side;

async function side(leanPath: boolean): Promise<Side> {
  const accounts = openAccountStore(':memory:', clock.now);
  accounts.createPlan({ name: 'poor', creditLimit: 10 });
  const { key, record } = accounts.createKey('caller');
  const poor = accounts.createKey('poor', { plan: 'poor' });
  const logs: Record<string, unknown>[] = [];
  const api = await startApi({
    accounts,
    now: clock.now,
    leanPath,
    rateLimit: { perSecond: 0.001, burst: 60 },
    log: (msg, fields) => logs.push({ msg, ...fields }),
  });
  return { api, accounts, key, keyId: record.id, poorKey: poor.key, logs };
}

beforeAll(async () => {
  [lean, express] = [await side(true), await side(false)];
});
afterAll(async () => {
  for (const s of [lean, express]) {
    await s.api.close();
    s.accounts.close();
  }
});

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Sends `head` (with the key substituted for KEY) and `body` on a fresh socket; reads the whole answer. */
function raw(s: Side, head: string, body: string | Buffer = ''): Promise<RawAnswer> {
  const { port } = new URL(s.api.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', reject);
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      const [status, ...lines] = text.slice(0, split).split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const i = line.indexOf(':');
        headers[line.slice(0, i).toLowerCase()] = line.slice(i + 1).trim();
      }
      resolve({ status: Number(status!.split(' ')[1]), headers, body: text.slice(split + 4) });
    });
    const key = head.includes('POOR') ? s.poorKey : s.key;
    socket.write(
      head.replace(/KEY|POOR/, key).replace(/\n/g, '\r\n') + 'connection: close\r\nhost: x\r\n\r\n',
    );
    // Not half-closed: node would drop an answer still being prepared when the client's FIN arrives.
    socket.write(body);
  });
}

const post = (extra: string, body: string) =>
  `POST /energy-model HTTP/1.1\ncontent-length: ${Buffer.byteLength(body)}\n${extra}`;
const JSON_KEY = 'content-type: application/json\nx-api-key: KEY\n';
const valid = JSON.stringify({ location: 'BA1 1AA', building_type: 'Flat', construction_year: 1975 });
const typo = JSON.stringify({ ...JSON.parse(valid), options: { total_floor_aera: 80 } });
const clash = JSON.stringify({ ...JSON.parse(valid), building_age_band: '2012 onwards' });
// The vendor's sample form: everything inside `parameters`, options flat.
const wrapped = JSON.stringify({
  parameters: { location: 'PL26 6BJ', building_type: 'Flat', construction_year: 1999, total_floor_area: 60 },
});
const wrappedTypo = JSON.stringify({
  parameters: { ...JSON.parse(wrapped).parameters, building_type: 'Hut' },
});

const get = (target: string, extra = 'x-api-key: KEY\n') => `GET ${target} HTTP/1.1\n${extra}`;
const UPRN = SAMPLE_DOC.uprn;

const CASES: [name: string, head: string, body?: string | Buffer][] = [
  ['GET /properties', get(`/properties?uprn=${UPRN}`)],
  ['GET /epcs', get(`/epcs?uprn=${UPRN}`)],
  ['GET /retrofit', get(`/retrofit?uprn=${UPRN}`)],
  // The sample document has no flood block: answered null.
  ['GET /flood-risk?UPRN=', get(`/flood-risk?UPRN=${UPRN}`)],
  ['GET /flood-risk?uprn=', get(`/flood-risk?uprn=${UPRN}`)],
  ['GET an unknown UPRN', get('/properties?uprn=1')],
  ['GET without a key', get(`/epcs?uprn=${UPRN}`, '')],
  ['GET with an unknown key', get(`/epcs?uprn=${UPRN}`, 'x-api-key: pds_nope\n')],
  ['GET on a plan with credits for one', get(`/retrofit?uprn=${UPRN}`, 'x-api-key: POOR\n')],
  ['GET again once they are spent', get(`/retrofit?uprn=${UPRN}`, 'x-api-key: POOR\n')],
  ['GET a leading zero (Express serves it)', get(`/properties?uprn=0${UPRN}`)],
  ['GET a second parameter (Express serves it)', get(`/properties?uprn=${UPRN}&x=1`)],
  ['GET the path form (Express serves it)', get(`/properties/${UPRN}`)],
  ['GET with a trailing slash (Express serves it)', get(`/epcs/?uprn=${UPRN}`)],
  [
    'GET with a body (Express serves it)',
    get(`/epcs?uprn=${UPRN}`, 'x-api-key: KEY\ncontent-length: 2\n'),
    '{}',
  ],

  ['valid', post(JSON_KEY, valid), valid],
  [
    'valid, charset=UTF-8',
    post('content-type: application/json; charset=UTF-8\nx-api-key: KEY\n', valid),
    valid,
  ],
  ['valid after a BOM', post(JSON_KEY, '\ufeff' + valid), '\ufeff' + valid],
  [
    'valid, chunked',
    `POST /energy-model HTTP/1.1\ntransfer-encoding: chunked\n${JSON_KEY}`,
    `${Buffer.byteLength(valid).toString(16)}\r\n${valid}\r\n0\r\n\r\n`,
  ],
  [
    'a field out of range',
    post(JSON_KEY, '{"location":"Wales","building_type":"Flat"}'),
    '{"location":"Wales","building_type":"Flat"}',
  ],
  [
    'an unknown postcode area',
    post(JSON_KEY, '{"location":"QQ1 1AA","building_type":"Flat","construction_year":1990}'),
    '{"location":"QQ1 1AA","building_type":"Flat","construction_year":1990}',
  ],
  ['an unknown option', post(JSON_KEY, typo), typo],
  ['a year outside the band sent', post(JSON_KEY, clash), clash],
  ['the vendor form, everything in "parameters"', post(JSON_KEY, wrapped), wrapped],
  ['the vendor form with a bad field', post(JSON_KEY, wrappedTypo), wrappedTypo],
  ['malformed JSON', post(JSON_KEY, '{"location":'), '{"location":'],
  ['a JSON string, not an object', post(JSON_KEY, '"Flat"'), '"Flat"'],
  ['whitespace only', post(JSON_KEY, ' \n '), ' \n '],
  ['an empty body', post(JSON_KEY, ''), ''],
  ['no body at all', `POST /energy-model HTTP/1.1\n${JSON_KEY}`],
  ['over 100 KiB', post(JSON_KEY, `{"x":"${'a'.repeat(110_000)}"}`), `{"x":"${'a'.repeat(110_000)}"}`],
  ['no key', post('content-type: application/json\n', valid), valid],
  ['an unknown key', post('content-type: application/json\nx-api-key: pds_nope\n', valid), valid],
  ['a plan without the credits', post('content-type: application/json\nx-api-key: POOR\n', valid), valid],
  ['text/plain (Express serves it)', post('content-type: text/plain\nx-api-key: KEY\n', valid), valid],
  ['no content-type (Express serves it)', post('x-api-key: KEY\n', valid), valid],
  [
    'a query string (Express serves it)',
    `POST /energy-model?x=1 HTTP/1.1\ncontent-length: ${valid.length}\n${JSON_KEY}`,
    valid,
  ],
];

/** What may differ between two servers: the request id, the date, and Retry-After's rounding of time. */
function comparable(a: RawAnswer): RawAnswer {
  const { date: _d, 'x-request-id': id, 'retry-after': retry, ...headers } = a.headers;
  if (a.status === 429) expect(Number(retry)).toBeGreaterThan(0);
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  return { ...a, headers };
}

describe('the lean path and Express give the same answers', () => {
  for (const [name, head, body] of CASES)
    it(name, async () => {
      const before = taken.n;
      const [a, b] = [await raw(lean, head, body), await raw(express, head, body)];
      expect(taken.n - before).toBe(name.includes('Express serves it') ? 0 : 1);
      expect(comparable(a)).toEqual(comparable(b));
    });

  it('and record the same history rows, charges and log lines', async () => {
    const history = (s: Side) =>
      s.accounts.listRequests(s.keyId, 100, 0).map((r) => {
        const { 'x-request-id': _id, ...responseHeaders } = r.response_headers;
        return { ...r, response_time: 0, response_headers: responseHeaders };
      });
    const rows = history(lean);
    expect(rows.length).toBeGreaterThan(10);
    expect(rows).toEqual(history(express));
    expect(lean.accounts.usage(lean.keyId)).toEqual(express.accounts.usage(express.keyId));
    const lines = (s: Side) => s.logs.map(({ request_id: _r, ms: _m, ...rest }) => rest);
    expect(lines(lean)).toEqual(lines(express));
  });

  it("answers the vendor's wrapped form as the spec's form, on the lean path", async () => {
    const p = JSON.parse(wrapped).parameters;
    const { total_floor_area, ...top } = p;
    const spec = JSON.stringify({ ...top, options: { total_floor_area } });
    const before = taken.n;
    const [a, b] = [
      await raw(lean, post(JSON_KEY, wrapped), wrapped),
      await raw(lean, post(JSON_KEY, spec), spec),
    ];
    expect(taken.n - before).toBe(2);
    expect(a.status).toBe(200);
    expect(JSON.parse(a.body)).toEqual(JSON.parse(b.body));
    const bad = await raw(lean, post(JSON_KEY, wrappedTypo), wrappedTypo);
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body).error.details.issues.map((i: { field: string }) => i.field)).toEqual([
      'parameters.building_type',
    ]);
  });

  it('and the same 429 once the rate limit is spent', async () => {
    const many = (s: Side) =>
      Promise.all(Array.from({ length: 80 }, () => raw(s, post(JSON_KEY, valid), valid)));
    const [a, b] = [await many(lean), await many(express)];
    const refused = (xs: RawAnswer[]) => xs.filter((x) => x.status === 429).map(comparable);
    expect(refused(a).length).toBeGreaterThan(0);
    expect(refused(a)[0]).toEqual(refused(b)[0]);
  }, 60_000);
});
