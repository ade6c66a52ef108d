// GET /properties is assembled from the document's prebuilt blocks: each block lands in its spec section,
// and a block that was never built answers null (or its empty shape), never a made-up value.
import { describe, expect, it } from 'vitest';
import { presentProperty } from '../../../serving/routes/properties';
import { SAMPLE_DOC, testDocument } from '../../helpers/api';

const now = new Date('2025-06-01T00:00:00.000Z');

describe('presentProperty', () => {
  it('answers nulls and empty lists for blocks the document does not carry', () => {
    const body = presentProperty({ ...SAMPLE_DOC, blocks: {} }, now);
    expect(body.location).toEqual({
      x_coord: 375000,
      y_coord: 165000,
      latitude: 51.38,
      longitude: -2.36,
      admin_boundaries: null,
    });
    expect(body).toMatchObject({
      uprn: String(SAMPLE_DOC.uprn),
      admin_boundaries: null,
      elevation: null,
      planning: null,
      environment: null,
      transportation: null,
      flood_risk: null,
      climate: null,
      social: { house_price_index: null, fuel_poverty: null, nhs_locations: null, defibrillators: [] },
      energy: { average_energy_usage_stats: null, retrofit_grants: [], epcs: null },
    });
  });

  it('puts each stored block in its section and the latest enhanced EPC with validity computed now', () => {
    const elevation = { elevation_estimate: 21.5 };
    const england = { rivers_and_seas: { in_flood_risk_zone: true } };
    const doc = testDocument({
      ...SAMPLE_DOC,
      blocks: {
        epcs: {
          ...SAMPLE_DOC.blocks.epcs,
          epcs_enhanced: [
            { current_energy_rating: 'D', total_floor_area: 80 },
            { current_energy_rating: 'E' },
          ],
        },
        area: {
          admin_boundaries: { postcode: 'BA1 1AA' },
          area_attributes: {
            house_price_index: { region_name: 'Bath' },
            retrofit_grants: [{ name: 'ECO4' }],
          },
        },
        flood_risk: { england, scotland: null, wales: null, elevation, nearest_coastal_point: null },
        location_layers: { planning: { national_parks: {} }, transportation: { nearest_airport: null } },
        environment_layers: {
          environment: { radon: {} },
          social: { defibrillators: [{ distance: 5 }] },
        },
        climate: { historical: {} },
      },
    });
    const body = presentProperty(doc, now);
    expect(body.admin_boundaries).toEqual({ postcode: 'BA1 1AA' });
    expect(body.location.admin_boundaries).toEqual({ postcode: 'BA1 1AA' });
    expect(body.elevation).toBe(elevation);
    expect(body.flood_risk).toEqual({ england, scotland: null, wales: null });
    expect(body.planning).toEqual({ national_parks: {} });
    expect(body.transportation).toEqual({ nearest_airport: null });
    expect(body.environment).toEqual({ radon: {} });
    expect(body.climate).toEqual({ historical: {} });
    expect(body.social).toMatchObject({
      house_price_index: { region_name: 'Bath' },
      defibrillators: [{ distance: 5 }],
    });
    expect(body.energy.retrofit_grants).toEqual([{ name: 'ECO4' }]);
    expect(body.energy.epcs).toEqual({
      epc_country: 'England',
      epc_in_date: true,
      epc_age: 5,
      epc_expiry: '2030-06-01T00:00:00.000Z',
      epc: { current_energy_rating: 'D', total_floor_area: 80 },
    });
  });
});
