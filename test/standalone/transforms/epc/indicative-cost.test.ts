import { describe, expect, it } from 'vitest';
import { parseIndicativeCost } from '../../../../pipelines/transforms/epc/indicative-cost';

describe('parseIndicativeCost', () => {
  it.each([
    ['£100 - £350', 100, 350],
    ['£4,000 - £14,000', 4000, 14000],
    ['£15', 15, 15],
    ['2000', 2000, 2000],
    ['£1,500-£2,500', 1500, 2500],
  ])('%s → %d..%d', (text, min, max) => {
    expect(parseIndicativeCost(text)).toEqual({ min, max });
  });

  it.each(['', '   ', null, undefined, 'n/a'])('no figure (%s) → nulls', (text) => {
    expect(parseIndicativeCost(text)).toEqual({ min: null, max: null });
  });
});
