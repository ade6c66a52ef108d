// Query parameters as the contract publishes and checks them: the UPRN parameter of /epcs, /properties and
// /retrofit (described in OpenAPI; a repeated parameter named as such, not as missing), and a parameter
// whose schema names its logical type.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { UprnParam } from '../../../schemas/api/common';
import { openAccountStore } from '../../../serving/accounts/store';
import { buildOpenApi } from '../../../serving/openapi';
import { SAMPLE_DOC, startApi, type TestApi } from '../../helpers/api';

const accounts = openAccountStore(':memory:');
const { key } = accounts.createKey('params');
let api: TestApi;

beforeAll(async () => {
  api = await startApi({ accounts });
});
afterAll(() => api.close());

describe('the uprn query parameter', () => {
  it.each(['/epcs', '/properties', '/retrofit'])(
    '%s?uprn=…&uprn=… is a 400 saying it was given twice',
    async (path) => {
      const { status, body } = await api.get(`${path}?uprn=${SAMPLE_DOC.uprn}&uprn=2`, key);
      expect(status).toBe(400);
      expect(body.error.code).toBe('invalid_parameter');
      expect(body.error.details.issues).toEqual([{ field: 'uprn', message: 'must be given once' }]);
    },
  );

  it('missing is still "is required"; digits only, as written: no spaces, sign or leading zero (#17 item 9)', () => {
    const missing = UprnParam.safeParse(undefined);
    expect(missing.success).toBe(false);
    expect(missing.error!.issues[0]!.message).toBe('is required');
    expect(UprnParam.parse('10001104067')).toBe(10001104067);
    for (const bad of [' 10001104067 ', '\u300010001104067', '010001104067', '+1', '0', '1e3'])
      expect(UprnParam.safeParse(bad).success, bad).toBe(false);
  });

  it('is described in the OpenAPI document of every endpoint that takes it', () => {
    const doc = buildOpenApi();
    for (const path of ['/epcs', '/properties', '/retrofit']) {
      const [param] = doc.paths[path]!.get!.parameters;
      expect(param).toMatchObject({
        name: 'uprn',
        in: 'query',
        required: true,
        description: expect.stringContaining('Unique Property Reference Number'),
        schema: { type: 'string', pattern: '^[1-9][0-9]{0,11}$' },
      });
    }
  });
});

describe('OpenAPI query parameters with a logical type', () => {
  it('a numeric parameter read from a string keeps its type and drops the string pattern', () => {
    const coordinate = z
      .string()
      .regex(/^[-+]?\d+(\.\d+)?$/)
      .transform(Number)
      .meta({ type: 'number' })
      .describe('BNG easting');
    const doc = buildOpenApi([
      {
        name: 'point',
        method: 'GET',
        path: '/point',
        description: 'A point',
        creditCost: 0,
        affectsUsagePlanQuota: false,
        query: z.object({ x_coord: coordinate, label: z.string().regex(/^[a-z]+$/) }),
        response: z.object({}),
      },
    ]);
    expect(doc.paths['/point']!.get!.parameters).toEqual([
      {
        name: 'x_coord',
        in: 'query',
        required: true,
        description: 'BNG easting',
        schema: { type: 'number' },
      },
      { name: 'label', in: 'query', required: true, schema: { type: 'string', pattern: '^[a-z]+$' } },
    ]);
  });
});
