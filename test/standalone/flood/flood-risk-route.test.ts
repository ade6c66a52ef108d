// GET /flood-risk against in-memory repositories: which parameter group answers, the 400s that name what
// is wrong, and the credit charge. The live path runs the real enrichment over hand-made pieces.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FloodRiskBlockSchema } from '../../../schemas/api/flood-risk';
import type { PropertyDocument } from '../../../schemas/index/properties';
import { bngToWgs84 } from '../../../pipelines/geo/bng';
import { floodRiskBlock } from '../../../pipelines/transforms/flood/block';
import type { ZoneAttrs } from '../../../pipelines/transforms/flood/candidates';
import { openAccountStore } from '../../../serving/accounts/store';
import type { FeaturesRepository } from '../../../serving/repository/features';
import { fakeProperties, SAMPLE_DOC, startApi, type TestApi } from '../../helpers/api';
import { listProvider, records, square, X0, Y0 } from './fixtures';

const provider = listProvider({
  zones: records<ZoneAttrs>(
    'england.rivers_and_seas',
    'z',
    { label: 'Medium', band: 'Medium' },
    square(X0, Y0, 100),
  ),
});
const asked: [number, number][] = [];
const features: FeaturesRepository = {
  floodRiskAt: async (p) => {
    asked.push([p[0], p[1]]);
    return floodRiskBlock(provider, p);
  },
};
const stored = floodRiskBlock(provider, [X0, Y0]);
const doc: PropertyDocument = {
  ...SAMPLE_DOC,
  x_coord: X0,
  y_coord: Y0,
  blocks: { ...SAMPLE_DOC.blocks, flood_risk: stored },
};

const accounts = openAccountStore(':memory:');
const { key } = accounts.createKey('flood');
let api: TestApi;
beforeAll(async () => {
  api = await startApi({ accounts, properties: fakeProperties([doc]), features });
});
afterAll(() => api.close());

const get = (query: string) => api.get(`/flood-risk${query}`, key);
const fields = (body: any): string[] => body.error.details.issues.map((i: { field: string }) => i.field);

describe('GET /flood-risk', () => {
  it('UPRN: the precomputed block from the properties document', async () => {
    const before = asked.length;
    const { status, body } = await get(`?UPRN=${doc.uprn}`);
    expect(status).toBe(200);
    expect(body).toEqual(stored);
    expect(asked.length).toBe(before);
    expect(body.england.rivers_and_seas).toMatchObject({ in_flood_risk_zone: true, annual_flood_risk: 0.01 });
  });

  it('accepts uprn in lower case, as the other endpoints spell it; not both spellings at once', async () => {
    const lower = await get(`?uprn=${doc.uprn}`);
    expect(lower.status).toBe(200);
    expect(lower.body).toEqual(stored);
    const both = await get(`?UPRN=${doc.uprn}&uprn=${doc.uprn}`);
    expect(both.status).toBe(400);
    expect(fields(both.body)).toEqual(['UPRN', 'uprn']);
  });

  it('an unknown UPRN is a 404', async () => {
    expect((await get('?UPRN=8')).status).toBe(404);
  });

  it('coordinates: computed live, equal to the stored block at the same point', async () => {
    const { status, body } = await get(`?x_coord=${X0}&y_coord=${Y0}`);
    expect(status).toBe(200);
    expect(body).toEqual(stored);
    expect(FloodRiskBlockSchema.parse(body)).toEqual(body);
  });

  it('latitude and longitude are converted to BNG', async () => {
    const { latitude, longitude } = bngToWgs84(X0 + 20, Y0 - 30);
    const { status } = await get(`?latitude=${latitude}&longitude=${longitude}`);
    expect(status).toBe(200);
    const [x, y] = asked.at(-1)!;
    expect(x).toBeCloseTo(X0 + 20, 2);
    expect(y).toBeCloseTo(Y0 - 30, 2);
  });

  it('none, several or half a group is a 400 that says which', async () => {
    const none = await get('');
    expect(none.status).toBe(400);
    expect(none.body.error.message).toMatch(/none was given/);
    const several = await get(`?UPRN=${doc.uprn}&x_coord=1&y_coord=2`);
    expect(several.status).toBe(400);
    expect(several.body.error.message).toMatch(/got UPRN and x_coord and y_coord/);
    expect(fields(several.body)).toEqual(['UPRN', 'x_coord', 'y_coord']);
    const half = await get('?x_coord=375000');
    expect(half.status).toBe(400);
    expect(half.body.error.message).toBe('y_coord is required with x_coord');
    expect(fields(half.body)).toEqual(['y_coord']);
    expect(fields((await get('?longitude=-2')).body)).toEqual(['latitude']);
  });

  it('non-numbers and points outside the grid name the parameter', async () => {
    expect(fields((await get('?x_coord=abc&y_coord=165000')).body)).toEqual(['x_coord']);
    expect(fields((await get('?x_coord=375000&y_coord=1e9')).body)).toEqual(['y_coord']);
    expect(fields((await get('?x_coord=-1&y_coord=-5')).body)).toEqual(['x_coord', 'y_coord']);
    // New York is south and west of the grid; 15°W at 55°N (the Atlantic) only west of it.
    expect(fields((await get('?latitude=40.7&longitude=-74')).body)).toEqual(['latitude', 'longitude']);
    expect(fields((await get('?latitude=55&longitude=-15')).body)).toEqual(['longitude']);
    expect(fields((await get('?latitude=91&longitude=0')).body)).toEqual(['latitude']);
    expect(fields((await get('?UPRN=abc')).body)).toEqual(['UPRN']);
  });

  it('costs 10 credits per successful answer, nothing for a 400 or a 404', async () => {
    // A key of its own, so the counts are this test's alone.
    const own = accounts.createKey('flood-credits').key;
    const { latitude, longitude } = bngToWgs84(X0, Y0);
    for (const query of [
      `?UPRN=${doc.uprn}`,
      `?x_coord=${X0}&y_coord=${Y0}`,
      `?latitude=${latitude}&longitude=${longitude}`,
    ])
      expect((await api.get(`/flood-risk${query}`, own)).status).toBe(200);
    expect((await api.get('/flood-risk?UPRN=8', own)).status).toBe(404);
    expect((await api.get('/flood-risk?UPRN=abc', own)).status).toBe(400);
    const usage = await api.get('/usage', own);
    const flood = usage.body.endpoints.find((e: { path: string }) => e.path === '/flood-risk');
    expect(flood).toMatchObject({ credit_cost: 10, request_count: 3, credits_used: 30 });
  });
});
