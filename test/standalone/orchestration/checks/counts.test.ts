// Row counts: not empty, within a band of the last good build, few quarantined rows.
import { describe, expect, it } from 'vitest';
import { notEmpty, quarantineShare, rowCountBand } from '../../../../pipelines/orchestration/checks/counts';
import { ctx, previousBuild } from './fixtures';

const FILE = '/data/os-open-uprn/osopenuprn_202510.csv';
const build = (rows: number, extra: { quarantined?: number; outputs?: string[] } = {}) => ({
  ctx,
  result: {
    rows,
    outputs: extra.outputs ?? [],
    ...(extra.quarantined !== undefined ? { metrics: { quarantined: extra.quarantined } } : {}),
  },
  previous: null,
  sources: [FILE],
});

describe('notEmpty', () => {
  it('passes a build with rows', async () => {
    expect(await notEmpty().run(build(3))).toEqual({
      passed: true,
      measured: '3 rows',
      expected: 'at least 1 row',
    });
  });

  it('blocks a source delivered empty, naming its files', async () => {
    const check = notEmpty();
    expect(check.severity).toBe('blocking');
    expect(await check.run(build(0))).toEqual({
      passed: false,
      measured: '0 rows',
      expected: 'at least 1 row',
      where: FILE,
    });
  });
});

describe('rowCountBand', () => {
  it('passes a first build: there is nothing to compare with', async () => {
    expect(await rowCountBand().run(build(900))).toEqual({
      passed: true,
      measured: '900 rows (first build)',
      expected: 'any',
    });
  });

  it('passes a count within −2 % … +10 % of the last good build', async () => {
    for (const rows of [980, 1000, 1100])
      expect((await rowCountBand().run({ ...build(rows), previous: previousBuild(1000) })).passed).toBe(true);
  });

  it('blocks a file cut to half its rows, naming the file', async () => {
    expect(await rowCountBand().run({ ...build(450), previous: previousBuild(900) })).toEqual({
      passed: false,
      measured: '450 rows (−50.0 % against 900)',
      expected: '882 … 990 rows (−2 % … +10 %)',
      where: FILE,
    });
  });

  it('blocks a rise beyond the band (a delivery counted twice)', async () => {
    expect(await rowCountBand().run({ ...build(2000), previous: previousBuild(1000) })).toMatchObject({
      passed: false,
      measured: '2,000 rows (+100.0 % against 1,000)',
      expected: '980 … 1,100 rows (−2 % … +10 %)',
    });
  });

  it('takes its own band, with no upper bound for a file that only grows', async () => {
    const growing = rowCountBand({ below: 0.02, above: Infinity });
    expect(await growing.run({ ...build(5000), previous: previousBuild(1000) })).toMatchObject({
      passed: true,
      expected: 'at least 980 rows (−2 %; no upper bound)',
    });
    expect((await growing.run({ ...build(979), previous: previousBuild(1000) })).passed).toBe(false);
    const loose = rowCountBand({ below: 0.5, above: 0.5 });
    expect((await loose.run({ ...build(600), previous: previousBuild(1000) })).passed).toBe(true);
  });
});

describe('quarantineShare', () => {
  const QUARANTINE = '/data/parquet/quarantine/os_open_uprn.parquet';

  it('passes up to 1 % of the rows quarantined', async () => {
    expect(await quarantineShare().run(build(990, { quarantined: 10 }))).toEqual({
      passed: true,
      measured: '10 of 1,000 rows (1.00 %)',
      expected: '≤ 1 % or ≤ 10 rows',
    });
  });

  it('passes a handful of quarantined rows in a small layer, whatever their share', async () => {
    expect((await quarantineShare().run(build(20, { quarantined: 10 }))).passed).toBe(true);
    expect((await quarantineShare().run(build(20, { quarantined: 11 }))).passed).toBe(false);
  });

  it('blocks a broken delivery, pointing at the quarantine table', async () => {
    expect(
      await quarantineShare().run(
        build(950, { quarantined: 50, outputs: ['/data/parquet/staged/x.parquet', QUARANTINE] }),
      ),
    ).toEqual({
      passed: false,
      measured: '50 of 1,000 rows (5.00 %)',
      expected: '≤ 1 % or ≤ 10 rows',
      where: `${QUARANTINE} (each row with its file, line and reason)`,
    });
  });

  it('takes a share and an allowance of its own (a layer’s maxQuarantined)', async () => {
    expect((await quarantineShare(0.05).run(build(950, { quarantined: 50 }))).passed).toBe(true);
    expect((await quarantineShare(0.01, 100).run(build(950, { quarantined: 50 }))).passed).toBe(true);
    expect((await quarantineShare(0.01, 0).run(build(100, { quarantined: 2 }))).passed).toBe(false);
  });

  it('passes a build that reports no quarantine', async () => {
    expect(await quarantineShare().run(build(0))).toMatchObject({
      passed: true,
      measured: '0 of 0 rows (0.00 %)',
    });
  });
});
