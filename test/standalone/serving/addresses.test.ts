// GET /addresses (the explorer's postcode look-up) over an in-memory repository: the postcode as people type
// it is asked as the ONS Postcode Directory spells it, a malformed one is a 400 naming postcode, one that holds
// no property a 404 charged nothing, an answer 10 credits; the certificate's address as the real one reads.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressesResponse } from '../../../schemas/api/addresses';
import { openAccountStore } from '../../../serving/accounts/store';
import { certificateAddress } from '../../../serving/repository/addresses';
import { fakeProperties, startApi, type TestApi } from '../../helpers/api';

const accounts = openAccountStore(':memory:');
const { key } = accounts.createKey('addresses');
const SW6: AddressesResponse = {
  postcode: 'SW6 1PN',
  total: 2,
  addresses: [
    {
      uprn: '34076006',
      address: 'Flat 1, 2 Rosebury Road, Sands End',
      location: { x_coord: 525803.18, y_coord: 175919.97, latitude: 51.46827318, longitude: -0.19021679 },
    },
    {
      uprn: '34090033',
      address: null,
      location: { x_coord: 525810, y_coord: 175930, latitude: 51.4683, longitude: -0.1901 },
    },
  ],
};
const asked: string[] = [];
let api: TestApi;
let bare: TestApi;

beforeAll(async () => {
  const inPostcode = (postcode: string): Promise<AddressesResponse> => {
    asked.push(postcode);
    return Promise.resolve(postcode === SW6.postcode ? SW6 : { postcode, total: 0, addresses: [] });
  };
  api = await startApi({ accounts, properties: { ...fakeProperties(), inPostcode } });
  bare = await startApi({ accounts });
});
afterAll(async () => {
  await api.close();
  await bare.close();
});

const credits = async () => (await api.get('/usage', key)).body.subscription.credits_used as number;

describe('GET /addresses', () => {
  it('asks for the postcode as the directory spells it, whatever the case and spacing, and charges 10', async () => {
    for (const typed of ['SW6 1PN', 'sw61pn', 'Sw6%20%201pN']) {
      const before = await credits();
      const { status, body } = await api.get(`/addresses?postcode=${typed}`, key);
      expect(status, typed).toBe(200);
      expect(body).toEqual(SW6);
      expect(await credits()).toBe(before + 10);
    }
    expect(asked).toEqual(['SW6 1PN', 'SW6 1PN', 'SW6 1PN']);
  });

  it('is a 400 naming postcode for anything but one full postcode, asking nothing', async () => {
    asked.length = 0;
    for (const query of [
      '',
      'postcode=SW6',
      'postcode=SW6%201PNX',
      'postcode=12345',
      'postcode=a&postcode=b',
    ]) {
      const { status, body } = await api.get(`/addresses?${query}`, key);
      expect(status, query).toBe(400);
      expect(body.error.details.issues.map((i: { field: string }) => i.field)).toEqual(['postcode']);
    }
    expect(asked).toEqual([]);
  });

  it('is a 404 that costs nothing for a postcode holding no property; a 503 where it is not configured', async () => {
    const before = await credits();
    const { status, body } = await api.get('/addresses?postcode=ZZ9%209ZZ', key);
    expect(status).toBe(404);
    expect(body.error).toEqual({ code: 'not_found', message: 'No property with postcode ZZ9 9ZZ' });
    expect(await credits()).toBe(before);
    expect((await bare.get('/addresses?postcode=SW6%201PN', key)).status).toBe(503);
  });
});

describe("a certificate's address", () => {
  it('is England and Wales’ address as it is, or Scotland’s lines joined; null without one', () => {
    expect(certificateAddress({ address: 'Flat 1, 2 Rosebury Road', address1: 'Flat 1' })).toBe(
      'Flat 1, 2 Rosebury Road',
    );
    expect(
      certificateAddress({ address1: '11 Commercial Street', address2: 'Newhaven', address3: null }),
    ).toBe('11 Commercial Street, Newhaven');
    expect(certificateAddress({ address1: null, address2: ' ' })).toBeNull();
    expect(certificateAddress(undefined)).toBeNull();
  });
});
