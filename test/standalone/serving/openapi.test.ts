// The contract: /openapi.json (OpenAPI 3.1, generated from ENDPOINTS and the zod schemas) describes every
// endpoint, parameter, response and error; real answers validate against it; /docs renders it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../../schemas/api/endpoints';
import { ERROR_CODES } from '../../../schemas/errors';
import { openAccountStore } from '../../../serving/accounts/store';
import { SAMPLE_DOC, startApi, type TestApi } from '../../helpers/api';
import { validate } from '../../helpers/json-schema';

const accounts = openAccountStore(':memory:');
const { key } = accounts.createKey('contract');
let api: TestApi;
let doc: Record<string, any>;

beforeAll(async () => {
  api = await startApi({ accounts });
  const res = await api.get('/openapi.json');
  expect(res.status).toBe(200);
  doc = res.body;
});
afterAll(() => api.close());

/** Validates an answer against the document's schema for that operation and status. */
function check(path: string, method: string, status: number, body: unknown): string[] {
  let response = doc.paths[path][method].responses[String(status)];
  if (response.$ref) response = doc.components.responses[response.$ref.split('/').pop()];
  return validate(response.content['application/json'].schema, body, doc);
}

describe('/openapi.json', () => {
  it('is public OpenAPI 3.1 with every endpoint of the table, its parameters, costs and errors', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components.securitySchemes.ApiKey).toEqual({
      type: 'apiKey',
      in: 'header',
      name: 'x-api-key',
    });
    for (const e of ENDPOINTS) {
      const op = doc.paths[e.path]?.[e.method.toLowerCase()];
      expect(op, e.path).toBeDefined();
      expect(op['x-credit-cost']).toBe(e.creditCost);
      expect(op.security).toEqual([{ ApiKey: [] }]);
      expect(
        Object.keys(op.parameters.length ? op.parameters[0] : { name: 1, in: 1, required: 1, schema: 1 }),
      ).toEqual(expect.arrayContaining(['name', 'in', 'required', 'schema']));
      expect(Object.keys(op.responses)).toEqual(
        expect.arrayContaining(['200', '400', '403', '404', '429', '500']),
      );
    }
    expect(doc.paths['/epcs'].get.parameters).toEqual([
      expect.objectContaining({ name: 'uprn', in: 'query', required: true }),
    ]);
    expect(doc.paths['/requests'].get.parameters.map((p: any) => [p.name, p.required])).toEqual([
      ['limit', false],
      ['offset', false],
    ]);
    const described = JSON.stringify(doc.components.responses);
    for (const code of Object.keys(ERROR_CODES)) expect(described).toContain(code);
  });

  it('real answers validate against it: success bodies and error bodies', async () => {
    const calls = [
      ['/epcs', `/epcs?uprn=${SAMPLE_DOC.uprn}`, key],
      ['/epcs', '/epcs?uprn=42', key],
      ['/epcs', '/epcs?uprn=x', key],
      ['/epcs', '/epcs', undefined],
      ['/usage', '/usage', key],
      ['/requests', '/requests', key],
    ] as const;
    const statuses: number[] = [];
    for (const [path, url, k] of calls) {
      const { status, body } = await api.get(url, k);
      statuses.push(status);
      expect(check(path, 'get', status, body), `${url} ${status}`).toEqual([]);
    }
    expect(statuses).toEqual([200, 404, 400, 403, 200, 200]);
  });

  it('POST /energy-model: the example requests validate as request bodies and their answers as responses', async () => {
    const examples = readFileSync(
      join(import.meta.dirname, '../../../serving/energy-model/examples/requests.jsonl'),
      'utf8',
    )
      .split('\n')
      .filter(Boolean);
    const op = doc.paths['/energy-model'].post;
    expect(op['x-credit-cost']).toBe(15);
    // The examples include deliberately invalid requests: the document and the server agree on which.
    let answered = 0;
    for (const line of examples) {
      const valid =
        validate(op.requestBody.content['application/json'].schema, JSON.parse(line), doc).length === 0;
      const { status, body } = await api.request('POST', '/energy-model', {
        key,
        headers: { 'content-type': 'application/json' },
        body: line,
      });
      if (valid) expect(status, line).toBe(200);
      expect(check('/energy-model', 'post', status, body), line).toEqual([]);
      if (status === 200) answered++;
    }
    expect(answered).toBeGreaterThan(2);
    const bad = await api.request('POST', '/energy-model', {
      key,
      headers: { 'content-type': 'application/json' },
      body: '{"location": "SW1A 1AA"}',
    });
    expect(bad.status).toBe(400);
    expect(check('/energy-model', 'post', 400, bad.body)).toEqual([]);
  });

  it('the validator does reject an answer that breaks the contract', () => {
    expect(check('/usage', 'get', 200, { subscription: {}, endpoints: [] }).length).toBeGreaterThan(0);
    expect(check('/epcs', 'get', 404, { error: { code: 'nope', message: 'x' } })).not.toEqual([]);
  });
});

describe('/docs', () => {
  it('is a self-contained HTML page listing every endpoint and error code, no key needed', async () => {
    const { status, headers, body } = await api.get('/docs');
    expect(status).toBe(200);
    expect(headers.get('content-type')).toMatch(/text\/html/);
    expect(body).not.toMatch(/<script|https?:\/\/(?!127)/);
    for (const e of ENDPOINTS) expect(body).toContain(`<code>${e.path}</code>`);
    for (const code of Object.keys(ERROR_CODES)) expect(body).toContain(`<code>${code}</code>`);
  });
});
