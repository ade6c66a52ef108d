// Postcode → SAP climate region, and region names → numbers.
import { describe, expect, it } from 'vitest';
import { REGION_NAMES, type RegionName } from '../../../schemas/api/energy-model';
import { regionForPostcode } from '../../../serving/energy-model/climate/postcode';
import { REGION_NAME_OF, REGION_NUMBERS } from '../../../serving/energy-model/climate/regions';
import { PRICE_REGION_OF_CLIMATE_REGION } from '../../../pipelines/transforms/energy-prices/regions';
import { resolveLocation, UnknownLocationError } from '../../../serving/energy-model/location';

describe('postcode → region', () => {
  it.each([
    ['SW1A 1AA', 1, 'Thames', 'SW1A 1AA'],
    ['sw1a1aa', 1, 'Thames', 'SW1A 1AA'],
    ['W1A 0AX', 1, 'Thames', 'W1A 0AX'],
    ['EC1A 1BB', 1, 'Thames', 'EC1A 1BB'],
    ['B1 1AA', 6, 'Midlands', 'B1 1AA'],
    ['BD23 1AA', 10, 'NE England', 'BD23 1AA'],
    ['BD1 1AA', 11, 'East Pennines', 'BD1 1AA'],
    ['EH44 1AA', 9, 'Borders', 'EH44 1AA'],
    ['EH1 1YZ', 15, 'East Scotland', 'EH1 1YZ'],
    ['GU14 6AA', 3, 'South England', 'GU14 6AA'],
    ['GU1 1AA', 1, 'Thames', 'GU1 1AA'],
    ['PH49 4HQ', 14, 'West Scotland', 'PH49 4HQ'],
    ['PH33 6SY', 17, 'Highlands', 'PH33 6SY'],
    ['KW15 1AA', 19, 'Orkney', 'KW15 1AA'],
    ['LL30 1AA', 13, 'Wales', 'LL30 1AA'],
    ['S18 1AA', 6, 'Midlands', 'S18 1AA'],
    ['ZE1 0AA', 20, 'Shetland', 'ZE1 0AA'],
    ['BT1 1AA', 21, 'N Ireland', 'BT1 1AA'],
    ['HS1 2AA', 18, 'Western Isles', 'HS1 2AA'],
    ['CF10', 5, 'Severn', 'CF10'],
    // SAP region 8 is one region under two of the spec's names: the Scottish area DG is SW Scotland.
    ['CA1 1AA', 8, 'NW England', 'CA1 1AA'],
    ['LA9 4AA', 8, 'NW England', 'LA9 4AA'],
    ['DG1 1AA', 8, 'SW Scotland', 'DG1 1AA'],
  ])('%s → region %i, %s', (text, region, name, postcode) => {
    expect(regionForPostcode(text)).toEqual({ region, name, postcode });
    expect(REGION_NUMBERS[name as RegionName]).toBe(region);
  });

  it('a district not listed takes its area’s region; crown dependencies take the UK average', () => {
    expect(regionForPostcode('BD99 9ZZ')?.region).toBe(11);
    expect(regionForPostcode('YO99 1AA')?.region).toBe(10);
    expect(regionForPostcode('IM1 1AA')).toEqual({ region: 0, name: null, postcode: 'IM1 1AA' });
    expect(regionForPostcode('JE2 3AB')).toEqual({ region: 0, name: null, postcode: 'JE2 3AB' });
  });

  it('malformed text and unknown areas are not postcodes', () => {
    expect(regionForPostcode('QQ1 1AA')).toBeNull();
    expect(regionForPostcode('12345')).toBeNull();
    expect(regionForPostcode('SW1A 1A')).toBeNull();
    expect(() => resolveLocation('QQ1 1AA')).toThrow(UnknownLocationError);
  });

  it('every API region name maps to a SAP region 1..21; NW England and SW Scotland share 8', () => {
    for (const name of REGION_NAMES)
      expect(resolveLocation(name)).toEqual({
        location: name,
        region: REGION_NUMBERS[name],
        name,
        priceRegion: PRICE_REGION_OF_CLIMATE_REGION[name],
      });
    expect(new Set(Object.values(REGION_NUMBERS)).size).toBe(21);
    expect(REGION_NUMBERS['NW England']).toBe(8);
    expect(REGION_NUMBERS['SW Scotland']).toBe(8);
    for (let region = 1; region <= 21; region++) expect(REGION_NUMBERS[REGION_NAME_OF[region]!]).toBe(region);
    expect(REGION_NAME_OF[8]).toBe('NW England');
  });
});
