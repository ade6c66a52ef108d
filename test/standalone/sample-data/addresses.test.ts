// The address model behind every file: unique UPRNs, real-ish coordinates near each area, several UPRNs per
// postcode, postcodes in the right districts.
import { describe, expect, it } from 'vitest';
import { buildAddressBook } from '../../../pipelines/sample-data/addresses';
import { SAMPLE_AREAS, sampleAreaFor } from '../../../pipelines/sample-data/areas';
import { hashSeed, mix32, Rng } from '../../../pipelines/sample-data/rng';

describe('sample areas', () => {
  it('has a main area per country and the two small documented-UPRN areas, each with its real LA code', () => {
    expect(sampleAreaFor('England').localAuthority).toEqual({
      code: 'E06000022',
      name: 'Bath and North East Somerset',
    });
    expect(sampleAreaFor('Wales').localAuthority.code).toBe('W06000015');
    expect(sampleAreaFor('Scotland').localAuthority.code).toBe('S12000030');
    expect(SAMPLE_AREAS.map((a) => a.districts.map((d) => d.outward))).toEqual([
      ['BA1', 'BA2'],
      ['CF10', 'CF11', 'CF14', 'CF24'],
      ['FK7', 'FK8', 'FK9'],
      ['SW6', 'W6'],
      ['EH5', 'EH6'],
    ]);
    expect(SAMPLE_AREAS.map((a) => [a.id, a.country, a.localAuthority.code, a.regionCode])).toEqual([
      ['bath', 'England', 'E06000022', 'E12000009'],
      ['cardiff', 'Wales', 'W06000015', 'W99999999'],
      ['stirling', 'Scotland', 'S12000030', 'S99999999'],
      ['london', 'England', 'E09000013', 'E12000007'],
      ['edinburgh', 'Scotland', 'S12000036', 'S99999999'],
    ]);
  });
});

describe('address book', () => {
  it('never gives a UPRN twice where its older and newer ranges meet (Fulham at scale 80)', () => {
    const fulham = SAMPLE_AREAS.find((a) => a.id === 'london')!;
    const book = buildAddressBook(fulham, 42, 24_000);
    expect(new Set(book.uprn).size).toBe(24_000);
  });

  for (const area of SAMPLE_AREAS) {
    it(`${area.name}: unique UPRNs within a few km of the centre, several per postcode`, () => {
      const book = buildAddressBook(area, 42, 1500);
      expect(new Set(book.uprn).size).toBe(1500);
      for (let i = 0; i < book.size; i++) {
        const dx = (book.x[i] ?? 0) - area.centre.x;
        const dy = (book.y[i] ?? 0) - area.centre.y;
        expect(Math.hypot(dx, dy)).toBeLessThan(5000);
      }
      const live = book.postcodes.filter((p) => p.addresses > 0);
      const mean = book.size / live.length;
      expect(mean).toBeGreaterThan(5);
      expect(live.filter((p) => p.addresses >= 3).length / live.length).toBeGreaterThan(0.8);
      const outwards = new Set(area.districts.map((d) => d.outward));
      for (const p of book.postcodes) expect(outwards.has(p.outward)).toBe(true);
      expect(new Set(book.postcodes.map((p) => p.pcds)).size).toBe(book.postcodes.length);
    });
  }

  it('copes with large scales (postcode capacity and street names)', () => {
    const book = buildAddressBook(sampleAreaFor('Scotland'), 1, 60_000);
    expect(book.size).toBe(60_000);
    expect(new Set(book.postcodes.map((p) => p.pcds)).size).toBe(book.postcodes.length);
  });
});

describe('rng', () => {
  it('is deterministic and spreads seeds', () => {
    const a = new Rng(hashSeed(1, 'x'));
    const b = new Rng(hashSeed(1, 'x'));
    const xs = Array.from({ length: 5 }, () => a.next());
    expect(Array.from({ length: 5 }, () => b.next())).toEqual(xs);
    expect(hashSeed('ab', 'c')).not.toBe(hashSeed('a', 'bc'));
    const mixed = new Set(Array.from({ length: 10_000 }, (_, i) => mix32(i)));
    expect(mixed.size).toBe(10_000);
  });
});
