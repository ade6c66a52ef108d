import { describe, expect, it } from 'vitest';
import { ASSETS } from '../../../pipelines/assets/graph';
import { refreshSchedules } from '../../../workflows/schedules';

describe('refresh schedules', () => {
  const schedules = refreshSchedules(ASSETS, { indexPrefix: 'pds' });

  it('has one schedule per source cadence, each selecting its sources and their downstream', () => {
    const sourceCadences = new Set(ASSETS.filter((a) => a.upstream.length === 0).map((a) => a.cadence));
    expect(schedules.map((s) => s.cadence).sort()).toEqual([...sourceCadences].sort());
    for (const s of schedules) {
      const sources = ASSETS.filter((a) => a.upstream.length === 0 && a.cadence === s.cadence).map(
        (a) => `${a.name}+`,
      );
      expect(s.select).toEqual(sources);
      expect(s.id).toBe(`pds-refresh-${s.cadence}`);
    }
  });

  it('puts the monthly EPC source on the monthly schedule', () => {
    expect(schedules.find((s) => s.cadence === 'monthly')?.select).toContain('epc_england_wales_raw+');
  });
});
