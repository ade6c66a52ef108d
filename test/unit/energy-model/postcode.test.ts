// Postcode → SAP climate region, and region names → numbers.
import { describe, expect, it } from 'vitest';
import { REGION_NAMES } from '../../../schemas/api/energy-model';
import { regionForPostcode } from '../../../serving/energy-model/climate/postcode';
import { REGION_NUMBERS } from '../../../serving/energy-model/climate/regions';
import { resolveLocation, UnknownLocationError } from '../../../serving/energy-model/location';

describe('postcode → region', () => {
  it.each([
    ['SW1A 1AA', 1, 'SW1A 1AA'],
    ['sw1a1aa', 1, 'SW1A 1AA'],
    ['W1A 0AX', 1, 'W1A 0AX'],
    ['EC1A 1BB', 1, 'EC1A 1BB'],
    ['B1 1AA', 6, 'B1 1AA'],
    ['BD23 1AA', 10, 'BD23 1AA'],
    ['BD1 1AA', 11, 'BD1 1AA'],
    ['EH44 1AA', 9, 'EH44 1AA'],
    ['EH1 1YZ', 15, 'EH1 1YZ'],
    ['GU14 6AA', 3, 'GU14 6AA'],
    ['GU1 1AA', 1, 'GU1 1AA'],
    ['PH49 4HQ', 14, 'PH49 4HQ'],
    ['PH33 6SY', 17, 'PH33 6SY'],
    ['KW15 1AA', 19, 'KW15 1AA'],
    ['LL30 1AA', 13, 'LL30 1AA'],
    ['S18 1AA', 6, 'S18 1AA'],
    ['ZE1 0AA', 20, 'ZE1 0AA'],
    ['BT1 1AA', 21, 'BT1 1AA'],
    ['HS1 2AA', 18, 'HS1 2AA'],
    ['CF10', 5, 'CF10'],
  ])('%s → region %i', (text, region, postcode) => {
    expect(regionForPostcode(text)).toEqual({ region, postcode });
  });

  it('a district not listed takes its area’s region; crown dependencies take the UK average', () => {
    expect(regionForPostcode('BD99 9ZZ')?.region).toBe(11);
    expect(regionForPostcode('YO99 1AA')?.region).toBe(10);
    expect(regionForPostcode('IM1 1AA')?.region).toBe(0);
    expect(regionForPostcode('JE2 3AB')?.region).toBe(0);
  });

  it('malformed text and unknown areas are not postcodes', () => {
    expect(regionForPostcode('QQ1 1AA')).toBeNull();
    expect(regionForPostcode('12345')).toBeNull();
    expect(regionForPostcode('SW1A 1A')).toBeNull();
    expect(() => resolveLocation('QQ1 1AA')).toThrow(UnknownLocationError);
  });

  it('every API region name maps to a SAP region 1..21; NW England and SW Scotland share 8', () => {
    for (const name of REGION_NAMES) expect(resolveLocation(name).region).toBe(REGION_NUMBERS[name]);
    expect(new Set(Object.values(REGION_NUMBERS)).size).toBe(21);
    expect(REGION_NUMBERS['NW England']).toBe(8);
    expect(REGION_NUMBERS['SW Scotland']).toBe(8);
  });
});
