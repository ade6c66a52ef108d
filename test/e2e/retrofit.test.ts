// End to end on the real stack: generate the sample region, refresh it through the real Temporal server, then
// ask the real API (backed by the real Elasticsearch) for GET /retrofit of a sample property in each country.
import { describe, expect, it } from 'vitest';
import { ADMIN_BOUNDARY_FIELDS } from '../../schemas/api/area';
import { RetrofitResponseSchema } from '../../schemas/api/retrofit';
import { refreshedStack } from '../helpers/refreshed-stack';

const stack = refreshedStack('e2e-retrofit', { scale: 0.2 });
const { get } = stack;
const sample = (country: string) =>
  stack.manifest.samples.find((s) => s.country === country && s.certificates > 0)!;

describe('refresh then GET /retrofit', () => {
  it('materialises the area datasets and uprn_area_blocks before the properties index', () => {
    const order = stack.progress.waves.flat();
    for (const name of ['hpi', 'fuel_poverty', 'energy_usage', 'deprivation', 'rural_urban'])
      expect(order.indexOf(name)).toBeLessThan(order.indexOf('uprn_area_blocks'));
    expect(order.indexOf('uprn_area_blocks')).toBeLessThan(order.indexOf('properties_index'));
    const blocks = stack.progress.assets.find((a) => a.name === 'uprn_area_blocks')!;
    expect(blocks.state).toBe('done');
    expect(blocks.rows).toBe(stack.progress.assets.find((a) => a.name === 'os_open_uprn')!.rows);
  });

  it.each([
    ['England', 'E06000022'],
    ['Wales', 'W06000015'],
    ['Scotland', 'S12000030'],
  ])('answers every block of spec 2.11 for a property in %s', async (country, la) => {
    const s = sample(country);
    const { status, body } = await get(`/retrofit?uprn=${s.uprn}`);
    expect(status).toBe(200);
    expect(() => RetrofitResponseSchema.parse(body)).not.toThrow();
    expect(body.location.uprn).toBe(Number(s.uprn));
    expect(Object.keys(body.admin_boundaries)).toEqual([...ADMIN_BOUNDARY_FIELDS]);
    expect(body.admin_boundaries).toMatchObject({ local_authority_district_code: la, country_name: country });
    const a = body.area_attributes;
    expect(a.house_price_index.area_code).toBe(la);
    expect(
      a.average_energy_usage_stats.lower_layer_super_output_area.lower_layer_super_output_area_code,
    ).toBe(body.admin_boundaries.census_lower_layer_super_output_area_code);
    expect(a.retrofit_grants.length).toBeGreaterThan(0);
    // Fuel poverty is England-only (spec); deprivation and rurality answer each nation's own (docs/nations.md).
    expect(a.fuel_poverty === null).toBe(country !== 'England');
    expect(a.indices_of_deprivation.lower_layer_super_output_area === null).toBe(country !== 'England');
    expect(a.indices_of_deprivation.national_index.index).toBe(
      { England: 'IoD2019', Wales: 'WIMD2019', Scotland: 'SIMD2020v2' }[country],
    );
    expect(a.urban_rural_classification).not.toBeNull();
    expect(a.urban_rural_classification.scottish_urban_rural_classification === null).toBe(
      country !== 'Scotland',
    );
    expect(body.admin_boundaries.built_up_area_code).not.toBeNull();
    expect(body.epcs.enhanced_epcs.length).toBeGreaterThan(0);
    expect(typeof body.epcs.epc_in_date).toBe('boolean');
    // Filled by the spatial layers (uprn_location_blocks); here only its four keys are checked.
    expect(Object.keys(body.planning).sort()).toEqual([
      'conservation_areas',
      'listed_buildings',
      'national_parks',
      'world_heritage_sites',
    ]);
  });

  it('matches /epcs for the EPC fields, and 404s an unknown UPRN', async () => {
    const s = sample('England');
    const retrofit = (await get(`/retrofit?uprn=${s.uprn}`)).body;
    const epcs = (await get(`/epcs?uprn=${s.uprn}`)).body;
    expect(retrofit.epcs.epc_expiry).toBe(epcs.epc_expiry);
    expect(retrofit.epcs.enhanced_epcs).toEqual(epcs.epcs_enhanced);
    expect(retrofit.epc_retrofit_recommendations).toEqual(epcs.epc_retrofit_recommendations);
    expect((await get('/retrofit?uprn=999999999999')).status).toBe(404);
  });
});
