// GET /retrofit against an in-memory repository: the response shape (validated by its schema), EPC validity
// computed at request time as in /epcs, the area block as stored, and the error shapes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAccountStore } from '../../../serving/accounts/store';
import { RetrofitResponseSchema } from '../../../schemas/api/retrofit';
import type { StoredAreaBlock } from '../../../schemas/api/area';
import { ADMIN_BOUNDARY_FIELDS } from '../../../schemas/api/area';
import type { PropertyDocument } from '../../../schemas/index/properties';
import { fakeProperties, SAMPLE_DOC, startApi, testDocument, type TestApi } from '../../helpers/api';

const area: StoredAreaBlock = {
  admin_boundaries: {
    ...(Object.fromEntries(
      ADMIN_BOUNDARY_FIELDS.map((f) => [f, null]),
    ) as StoredAreaBlock['admin_boundaries'] & object),
    postcode: 'BA1 1AA',
    local_authority_district_code: 'E06000022',
    local_authority_district_name: 'Bath and North East Somerset',
    country_code: 'E92000001',
    country_name: 'England',
  },
  area_attributes: {
    house_price_index: null,
    fuel_poverty: { lower_layer_super_output_area: null, local_authority: null, region: null },
    average_energy_usage_stats: null,
    retrofit_grants: [
      {
        name: 'Boiler Upgrade Scheme',
        description: 'GBP 7,500 towards a heat pump',
        grant_value: 7500,
        url: 'https://www.gov.uk/apply-boiler-upgrade-scheme',
      },
    ],
    urban_rural_classification: {
      output_area_code: 'E00072700',
      rural_urban_classification_code: 'C1',
      rural_urban_classification_10_fold: 'Urban city and town',
      rural_urban_classification_2_fold: 'Urban',
      scottish_urban_rural_classification: null,
    },
    indices_of_deprivation: { lower_layer_super_output_area: null },
  },
  postcode_source: 'epc',
  postcode_distance: null,
};

const recommendation = {
  improvement_summary_text: 'Cavity wall insulation',
  improvement_description_text: 'Cavity wall insulation',
  improvement_id: 6,
  indicative_cost_min: 500,
  indicative_cost_max: 1500,
};
const withArea = testDocument({
  ...SAMPLE_DOC,
  blocks: {
    epcs: { ...SAMPLE_DOC.blocks.epcs, epc_retrofit_recommendations: [recommendation] },
    area,
  },
});
const noArea: PropertyDocument = { ...SAMPLE_DOC, uprn: 42, blocks: { epcs: null } };

const accounts = openAccountStore(':memory:');
const { key } = accounts.createKey('test');
let api: TestApi;

beforeAll(async () => {
  api = await startApi({
    accounts,
    properties: fakeProperties([withArea, noArea]),
    now: () => new Date('2025-06-01T00:00:00.000Z'),
  });
});
afterAll(() => api.close());

describe('GET /retrofit', () => {
  it('answers spec 2.11: location with uprn, stored area blocks, EPC validity computed now, recommendations', async () => {
    const { status, body } = await api.get(`/retrofit?uprn=${withArea.uprn}`, key);
    expect(status).toBe(200);
    expect(Object.keys(body)).toEqual([
      'location',
      'admin_boundaries',
      'planning',
      'area_attributes',
      'epcs',
      'epc_retrofit_recommendations',
    ]);
    expect(() => RetrofitResponseSchema.parse(body)).not.toThrow();
    expect(body.location).toEqual({
      uprn: withArea.uprn,
      x_coord: 375000,
      y_coord: 165000,
      latitude: 51.38,
      longitude: -2.36,
    });
    expect(body.admin_boundaries.local_authority_district_name).toBe('Bath and North East Somerset');
    expect(body.planning).toBeNull();
    expect(body.area_attributes.retrofit_grants[0].grant_value).toBe(7500);
    expect(body.epcs).toEqual({
      epc_in_date: true,
      epc_age: 5,
      epc_expiry: '2030-06-01T00:00:00.000Z',
      enhanced_epcs: [],
    });
    expect(body.epc_retrofit_recommendations).toEqual([recommendation]);
  });

  it('a document without area or EPC blocks answers null blocks, no grants, and no EPC dates', async () => {
    const { status, body } = await api.get('/retrofit?uprn=42', key);
    expect(status).toBe(200);
    expect(() => RetrofitResponseSchema.parse(body)).not.toThrow();
    expect(body.admin_boundaries).toBeNull();
    expect(body.area_attributes).toEqual({
      house_price_index: null,
      fuel_poverty: null,
      average_energy_usage_stats: null,
      retrofit_grants: [],
      urban_rural_classification: null,
      indices_of_deprivation: null,
    });
    expect(body.epcs).toEqual({ epc_in_date: null, epc_age: null, epc_expiry: null, enhanced_epcs: [] });
  });

  it('404 for an unknown UPRN and 400 naming the field for a bad one, in the error shape', async () => {
    const missing = await api.get('/retrofit?uprn=7', key);
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('not_found');
    const bad = await api.get('/retrofit?uprn=abc', key);
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('invalid_parameter');
    expect(bad.body.error.details.issues[0].field).toBe('uprn');
    const noKey = await api.get('/retrofit?uprn=1');
    expect(noKey.status).toBe(403);
  });
});
