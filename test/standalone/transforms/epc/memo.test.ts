import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { detach, memoise } from '../../../../pipelines/transforms/epc/enhance/values/memo';

describe('memoise', () => {
  it('asks the rule once per distinct value, passes null through, and starts over when full', () => {
    const asked: (string | null | undefined)[] = [];
    const rule = memoise((v) => {
      asked.push(v);
      return v ? v.trim().toUpperCase() : null;
    }, 2);
    expect([rule(' gas '), rule(' gas '), rule(null), rule('oil'), rule(' gas ')]).toEqual([
      'GAS',
      'GAS',
      null,
      'OIL',
      'GAS',
    ]);
    expect(rule('lpg')).toBe('LPG'); // full (2 entries): cleared, then cached
    expect(rule(' gas ')).toBe('GAS');
    expect(asked).toEqual([' gas ', null, 'oil', 'lpg', ' gas ']);
  });

  it('keeps no slice of the text a cell came from (a cache of rare values must not pin the chunks)', () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const describeWalls = memoise((v) => v?.trim() ?? null);
    gc();
    const before = process.memoryUsage().heapUsed;
    // 200 decoded "chunks" of 1 MB, each with one rare wall description met nowhere else.
    for (let i = 0; i < 200; i++) {
      const chunk = `Cavity wall, as built, type ${i} `.padEnd(1 << 20, ',');
      const cell = chunk.slice(0, 40);
      expect(describeWalls(cell)).toBe(cell.trim());
    }
    gc();
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(20 * 2 ** 20);
  });

  it('detach gives the same text', () => {
    const parent = 'x'.repeat(100) + 'Solid brick, as built, no insulation (assumed)';
    expect(detach(parent.slice(100))).toBe('Solid brick, as built, no insulation (assumed)');
    expect(detach('')).toBe('');
  });
});
