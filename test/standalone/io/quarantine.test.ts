import { describe, expect, it } from 'vitest';
import { accepted, countByReason, quarantined, type QuarantinedRow } from '../../../pipelines/io/quarantine';

describe('quarantine', () => {
  const bad: QuarantinedRow = {
    dataset: 'os-open-uprn',
    file: 'osopenuprn_202507.csv',
    line: 7,
    reason: 'expected 5 columns, found 4',
    raw: '1,2,3,4',
  };

  it('wraps accepted records and quarantined rows in one union', () => {
    expect(accepted('f.csv', 2, { uprn: 1 })).toEqual({
      ok: true,
      file: 'f.csv',
      line: 2,
      record: { uprn: 1 },
    });
    expect(quarantined(bad)).toEqual({ ok: false, row: bad });
  });

  it('counts quarantined rows by reason', () => {
    const counts = countByReason([bad, bad, { ...bad, reason: 'UPRN is not a positive integer' }]);
    expect([...counts]).toEqual([
      ['expected 5 columns, found 4', 2],
      ['UPRN is not a positive integer', 1],
    ]);
  });
});
