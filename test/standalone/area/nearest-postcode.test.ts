// The UPRN → postcode rule: the EPC's postcode when ONSPD knows it, else the nearest live centroid.
import { describe, expect, it } from 'vitest';
import { normalisePostcode, PostcodeFinder } from '../../../pipelines/transforms/area/nearest-postcode';

const centroids = [
  { postcode: 'BA1 1AA', x: 375000, y: 165000 },
  { postcode: 'BA1 1AB', x: 375060, y: 165000 },
  { postcode: 'BA2 3XY', x: 377000, y: 163000 },
];
const finder = new PostcodeFinder(centroids, new Set(['BA1 1AA', 'BA1 1AB', 'BA2 3XY', 'BA1 9ZZ']));

describe('UPRN postcode', () => {
  it('normalises postcodes to the ONSPD pcds form', () => {
    expect(normalisePostcode('ba11aa')).toBe('BA1 1AA');
    expect(normalisePostcode(' CF10  1AA ')).toBe('CF10 1AA');
    expect(normalisePostcode('not a postcode')).toBeNull();
    expect(normalisePostcode(null)).toBeNull();
  });

  it('takes the EPC postcode when ONSPD lists it, even a terminated one without a centroid', () => {
    expect(finder.assign(377000, 163000, 'ba1 9zz')).toEqual({
      postcode: 'BA1 9ZZ',
      source: 'epc',
      distance: null,
    });
  });

  it('falls back to the nearest centroid for no EPC or an unknown EPC postcode', () => {
    expect(finder.assign(375040, 165010, null)).toEqual({
      postcode: 'BA1 1AB',
      source: 'nearest_postcode',
      distance: 22.4,
    });
    expect(finder.assign(376900, 163000, 'ZZ9 9ZZ')).toMatchObject({ postcode: 'BA2 3XY', distance: 100 });
  });

  it('searches wider rings, breaks ties alphabetically, and gives up beyond 5 km', () => {
    expect(finder.nearest(375030, 166000)).toMatchObject({ postcode: 'BA1 1AA' }); // equidistant, 1 km away
    expect(finder.nearest(390000, 165000)).toBeNull();
    expect(new PostcodeFinder([], new Set()).assign(375000, 165000, null)).toEqual({
      postcode: null,
      source: null,
      distance: null,
    });
  });
});
