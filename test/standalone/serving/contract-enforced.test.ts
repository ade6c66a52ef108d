// The OpenAPI document says what the server enforces (issue 17 item 8): for each request below, the
// document's schema and the server agree on whether it is well formed: uprn=0, one group of parameters of
// /flood-risk and /location (oneOf), the energy-model location's enum and pattern and its cross-field rules.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSTCODE_AREAS } from '../../../schemas/api/energy-model';
import { GRID_EXTENT } from '../../../schemas/api/flood-risk';
import { GRID } from '../../../pipelines/geo/tiles';
import { openAccountStore } from '../../../serving/accounts/store';
import { regionForPostcode } from '../../../serving/energy-model/climate/postcode';
import { buildOpenApi } from '../../../serving/openapi';
import { SAMPLE_DOC, startApi, type TestApi } from '../../helpers/api';
import { validate } from '../../helpers/json-schema';

const doc = buildOpenApi() as unknown as Record<string, any>;
const accounts = openAccountStore(':memory:');
const { key } = accounts.createKey('contract');
let api: TestApi;

beforeAll(async () => {
  api = await startApi({ accounts });
});
afterAll(() => api.close());

/** Whether the document allows this query: its parameters, an object one (form, exploded) taking the rest. */
function queryAllowed(path: string, query: Record<string, string | number>): boolean {
  const params: any[] = doc.paths[path].get.parameters;
  const left = { ...query };
  for (const p of params.filter((p) => p.schema.type !== 'object')) {
    const value = left[p.name];
    delete left[p.name];
    if (value === undefined) {
      if (p.required) return false;
      continue;
    }
    if (validate(p.schema, p.schema.type === 'string' ? String(value) : Number(value), doc).length)
      return false;
  }
  const object = params.find((p) => p.schema.type === 'object');
  if (!object) return Object.keys(left).length === 0;
  const typed = Object.fromEntries(
    Object.entries(left).map(([k, v]) => [k, /^(UPRN|uprn)$/.test(k) ? String(v) : Number(v)]),
  );
  return validate(object.schema, typed, doc).length === 0;
}

async function serverAllows(path: string, query: Record<string, string | number>): Promise<boolean> {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
  const { status } = await api.get(`${path}?${qs}`, key);
  return status !== 400;
}

describe('query parameters', () => {
  it.each([
    ['/epcs', { uprn: 0 }],
    ['/epcs', { uprn: '0123' }],
    ['/epcs', { uprn: SAMPLE_DOC.uprn }],
    ['/flood-risk', {}],
    ['/flood-risk', { UPRN: SAMPLE_DOC.uprn }],
    ['/flood-risk', { uprn: 0 }],
    ['/flood-risk', { UPRN: 1, uprn: 1 }],
    ['/flood-risk', { UPRN: 1, x_coord: 375000, y_coord: 165000 }],
    ['/flood-risk', { x_coord: 375000 }],
    ['/flood-risk', { x_coord: 375000, y_coord: 165000 }],
    ['/flood-risk', { x_coord: -1, y_coord: 165000 }],
    ['/flood-risk', { x_coord: 375000, y_coord: 1300000 }],
    ['/flood-risk', { latitude: 95, longitude: 0 }],
    ['/flood-risk', { latitude: 51.47, longitude: -0.19, x_coord: 1, y_coord: 1 }],
    ['/location', { UPRN: 1 }],
    ['/location', { latitude: 51.47 }],
    ['/location', { latitude: 51.47, longitude: -0.19 }],
    ['/requests', { limit: 0 }],
    ['/requests', { limit: 100, offset: 99 }],
    ['/requests', { offset: 100 }],
  ] as [string, Record<string, string | number>][])(
    '%s %j: the document and the server agree',
    async (path, query) => {
      expect(queryAllowed(path, query)).toBe(await serverAllows(path, query));
    },
  );

  it("the grid's extent in the contract is the grid the route checks", () => {
    expect(GRID_EXTENT).toEqual(GRID);
  });

  it('/flood-risk and /location state their groups with oneOf', () => {
    const [param] = doc.paths['/flood-risk'].get.parameters;
    expect(param).toMatchObject({ in: 'query', required: true, style: 'form', explode: true });
    expect(param.schema.oneOf.map((g: any) => g.required)).toEqual([
      ['UPRN'],
      ['uprn'],
      ['x_coord', 'y_coord'],
      ['latitude', 'longitude'],
    ]);
    const location = doc.paths['/location'].get.parameters[0].schema.oneOf;
    expect(location.map((g: any) => g.title)).toEqual(['x_coord and y_coord', 'latitude and longitude']);
  });
});

describe('POST /energy-model body', () => {
  const schema = doc.paths['/energy-model'].post.requestBody.content['application/json'].schema;
  const base = { location: 'BA1 1AA', building_type: 'Semi-detached', construction_year: 1935 };

  it.each([
    ['a postcode', base],
    ['a region name', { ...base, location: 'Thames' }],
    ['a postcode with spaces around', { ...base, location: ' ba1 1aa ' }],
    ['no location', { building_type: 'Flat', construction_year: 1990 }],
    ['a place that is neither', { ...base, location: 'not a place' }],
    ['a region name in lower case', { ...base, location: 'thames' }],
    ['a postcode of no UK area', { ...base, location: 'QQ1 1AA' }],
    ['an outward code alone', { ...base, location: 'BD99' }],
    ['neither year nor band', { location: 'Thames', building_type: 'Flat' }],
    ['a band alone', { location: 'Thames', building_type: 'Flat', building_age_band: '1983-1990' }],
    ['a band that holds the year', { ...base, building_age_band: '1930-1949' }],
    ['a band that does not', { ...base, building_age_band: '1983-1990' }],
    [
      'a year after 2011 with "2012 onwards"',
      { ...base, construction_year: 2015, building_age_band: '2012 onwards' },
    ],
    [
      'the wrapped form with a band that does not hold the year',
      { parameters: { ...base, building_age_band: '2022 onwards' } },
    ],
    ['the wrapped form', { parameters: { ...base, total_floor_area: 80 } }],
  ])('%s: the document and the server agree', async (_, body) => {
    const res = await api.request('POST', '/energy-model', {
      key,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(validate(schema, body, doc).length === 0).toBe(res.status !== 400);
  });
});

describe('POSTCODE_AREAS', () => {
  it("is the energy model's table: every one- and two-letter area is known there exactly when listed", () => {
    const letters = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'];
    const areas = [...letters, ...letters.flatMap((a) => letters.map((b) => a + b))];
    const known = areas.filter((area) => regionForPostcode(`${area}1 1AA`) !== null);
    expect(known).toEqual([...POSTCODE_AREAS]);
  });
});

describe('the document as fuzzers read it', () => {
  it('a tuple of one schema is an array of that schema with a fixed length, not prefixItems', () => {
    // schemathesis 4.32 rewrites prefixItems into draft 4's `items: [...]` and then refuses the document.
    expect(JSON.stringify(doc)).not.toContain('prefixItems');
    const position = { type: 'array', items: { type: 'number' }, minItems: 2, maxItems: 2 };
    expect(JSON.stringify(doc.paths['/features'].get.responses['200'])).toContain(
      JSON.stringify(position).slice(1, -1),
    );
    expect(validate(position, [-0.19, 51.47], doc)).toEqual([]);
    expect(validate(position, [-0.19], doc)).not.toEqual([]);
  });
});
