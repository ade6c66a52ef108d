import { describe, expect, it } from 'vitest';
import { epcAgeYears, epcExpiry, epcInDate } from '../../../../pipelines/transforms/epc/validity';

describe('EPC validity', () => {
  const lodged = '2016-03-01T00:00:00.000Z';

  it('expires ten years after lodgement', () => {
    expect(epcExpiry(lodged)).toBe('2026-03-01T00:00:00.000Z');
  });

  it('is in date until the expiry instant, not after', () => {
    expect(epcInDate(lodged, new Date('2026-02-28T23:59:59.999Z'))).toBe(true);
    expect(epcInDate(lodged, new Date('2026-03-01T00:00:00.000Z'))).toBe(false);
  });

  it('gives the age in years with two decimals', () => {
    expect(epcAgeYears(lodged, new Date('2021-03-01T00:00:00.000Z'))).toBe(5);
    expect(epcAgeYears(lodged, new Date('2016-09-01T00:00:00.000Z'))).toBe(0.5);
  });

  it('never gives a negative age for a date in the future', () => {
    expect(epcAgeYears('2030-01-01T00:00:00.000Z', new Date('2026-01-01T00:00:00.000Z'))).toBe(0);
  });
});
