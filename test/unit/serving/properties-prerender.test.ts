// GET /properties sends the answer rendered at index time (prerenderProperty), with only the EPC's in-date
// flag and age written in per request. It must be byte for byte the answer presentProperty gives that day,
// whatever the day, for documents with and without certificates; and the route must send it unchanged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAccountStore } from '../../../serving/accounts/store';
import type { PropertiesRepository } from '../../../serving/repository/properties';
import { prerenderProperty, presentProperty, renderProperty } from '../../../serving/routes/properties';
import type { PropertyDocument } from '../../../schemas/index/properties';
import { manualClock, SAMPLE_DOC, startApi, type TestApi } from '../../helpers/api';

const certified: PropertyDocument = {
  ...SAMPLE_DOC,
  blocks: {
    epcs: {
      ...SAMPLE_DOC.blocks.epcs,
      latest_lodgement_date: '2016-03-14T00:00:00.000Z',
      epcs_enhanced: [{ current_energy_rating: 'C', total_floor_area: 74.5, address: 'Flat "2", 1 Gay St' }],
    },
    area: {
      admin_boundaries: { postcode: 'BA1 2PH', country_name: 'England' },
      area_attributes: { retrofit_grants: [{ name: 'Boiler Upgrade Scheme' }] },
    },
    flood_risk: { england: { rivers_and_seas: null }, scotland: null, wales: null, elevation: null },
  },
};
const uncertified: PropertyDocument = { ...SAMPLE_DOC, uprn: 2, epc_count: 0, blocks: { epcs: null } };
// Enhanced certificates but no lodgement date stored: validity is null, as /epcs answers it.
const undated: PropertyDocument = {
  ...certified,
  uprn: 3,
  blocks: { ...certified.blocks, epcs: { ...certified.blocks.epcs, latest_lodgement_date: null } },
};

const DAYS = [
  '2020-01-01T00:00:00.000Z',
  '2026-03-13T23:59:59.999Z',
  '2026-03-14T00:00:00.000Z',
  '2040-07-01T12:00:00.000Z',
];

describe('prerenderProperty + renderProperty', () => {
  it.each(DAYS)('equals presentProperty serialised on %s', (day) => {
    const now = new Date(day);
    for (const doc of [certified, uncertified, undated])
      expect(renderProperty(prerenderProperty(doc), now)).toBe(JSON.stringify(presentProperty(doc, now)));
  });

  it('writes in the day-dependent fields: in date until ten years after lodgement', () => {
    const stored = prerenderProperty(certified);
    const before = JSON.parse(renderProperty(stored, new Date('2026-03-13T00:00:00.000Z')));
    const after = JSON.parse(renderProperty(stored, new Date('2026-03-15T00:00:00.000Z')));
    expect(before.energy.epcs).toMatchObject({
      epc_in_date: true,
      epc_age: 10,
      epc_expiry: '2026-03-14T00:00:00.000Z',
    });
    expect(after.energy.epcs).toMatchObject({ epc_in_date: false, epc_age: 10 });
  });
});

describe('GET /properties from a prerendered answer', () => {
  const clock = manualClock('2025-06-01T00:00:00.000Z');
  const accounts = openAccountStore(':memory:');
  const { key } = accounts.createKey('test');
  const stored = new Map([[certified.uprn, prerenderProperty(certified)]]);
  const repo: PropertiesRepository = {
    getByUprn: async () => {
      throw new Error('a prerendered answer needs no document');
    },
    getPrerendered: async (uprn) => stored.get(uprn) ?? null,
  };
  let api: TestApi;
  beforeAll(async () => {
    api = await startApi({ accounts, properties: repo, now: clock.now });
  });
  afterAll(async () => {
    await api.close();
    accounts.close();
  });

  it('sends it as JSON with validity for today', async () => {
    const res = await fetch(`${api.url}/properties?uprn=${certified.uprn}`, {
      headers: { 'x-api-key': key },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await res.text()).toBe(JSON.stringify(presentProperty(certified, clock.now())));
  });

  it('answers 404 for a UPRN with no document', async () => {
    const { status, body } = await api.get('/properties?uprn=999', key);
    expect(status).toBe(404);
    expect(body.error.code).toBe('not_found');
  });
});
