// The point-based social blocks on hand data: the nearest hospital, dentist and GP practice with their
// addresses and a TRUE-north azimuth; defibrillators within 1 km only, nearest first; nulls and an empty
// array when nothing is loaded.
import { describe, expect, it } from 'vitest';
import type { Position } from '../../../pipelines/geo/geometry';
import { trueAzimuth } from '../../../pipelines/geo/azimuth';
import type { NhsAttrs } from '../../../pipelines/transforms/environment/candidates';
import { MemoryEnvironment } from '../../../pipelines/transforms/environment/memory';
import { socialPointsBlock } from '../../../pipelines/transforms/social/block';
import { SocialPointsBlockSchema } from '../../../schemas/api/social';

const P: Position = [375_400, 164_700];
const nhs = (name: string, postcode: string): NhsAttrs => ({
  name,
  address1: '1 High Street',
  address2: 'Bath',
  address3: null,
  postcode,
  url: `https://directory.spineservices.nhs.uk/ORD/2-0-0/organisations/${name}`,
});

describe('socialPointsBlock', () => {
  const layers = new MemoryEnvironment({
    points: {
      hospital: [
        { id: 'RD130', position: [P[0] - 3000, P[1] - 4000], attrs: nhs('RD130', 'BA1 3NG') },
        { id: 'RD999', position: [P[0] + 30_000, P[1]], attrs: nhs('RD999', 'BS1 1AA') },
      ],
      dentist: [{ id: 'V1', position: [P[0], P[1] + 800], attrs: nhs('V1', 'BA1 1AA') }],
      gp_practice: [{ id: 'L81001', position: [P[0] + 120, P[1] - 50], attrs: nhs('L81001', 'BA2 3HT') }],
      defibrillators: [
        {
          id: 'D2',
          position: [P[0] + 999, P[1]],
          attrs: { location_name: null, availability: '24/7', access_type: 'Public' },
        },
        {
          id: 'D1',
          position: [P[0], P[1] + 10],
          attrs: { location_name: 'Pharmacy', availability: 'Unknown', access_type: 'Restricted' },
        },
        {
          id: 'D3',
          position: [P[0] + 1001, P[1]],
          attrs: { location_name: 'Too far', availability: '24/7', access_type: 'Public' },
        },
      ],
    },
  });
  const block = socialPointsBlock(layers, P);

  it('is schema-valid', () => {
    SocialPointsBlockSchema.parse(block);
  });

  it('nearest NHS sites with distance, true azimuth and address; GP practices have no url', () => {
    const h = block.nhs_locations.nearest_hospital!;
    expect(h).toMatchObject({ name: 'RD130', distance: 5000, postcode: 'BA1 3NG', address3: null });
    expect(h.azimuth_degrees).toBeCloseTo(trueAzimuth(P, [P[0] - 3000, P[1] - 4000]), 2);
    // South-west, a little more south than west: between 180 and 225 degrees.
    expect(h.azimuth_degrees).toBeGreaterThan(180);
    expect(h.azimuth_degrees).toBeLessThan(225);
    expect(block.nhs_locations.nearest_dentist).toMatchObject({ name: 'V1', distance: 800 });
    const gp = block.nhs_locations.nearest_gp_practice!;
    expect(gp).toMatchObject({ name: 'L81001', distance: 130 });
    expect('url' in gp).toBe(false);
  });

  it('defibrillators within 1 km, nearest first', () => {
    expect(block.defibrillators.map((d) => [d.location_name, d.distance, d.access_type])).toEqual([
      ['Pharmacy', 10, 'Restricted'],
      [null, 999, 'Public'],
    ]);
  });

  it('nothing loaded: nulls and an empty array', () => {
    expect(socialPointsBlock(new MemoryEnvironment({}), P)).toEqual({
      nhs_locations: { nearest_hospital: null, nearest_dentist: null, nearest_gp_practice: null },
      defibrillators: [],
    });
  });
});
