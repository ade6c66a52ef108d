// Running checks, blocking against warning, and what `--accept` names.
import { describe, expect, it } from 'vitest';
import {
  blocks,
  ChecksFailedError,
  describeResult,
  isAccepted,
  runChecks,
  type AssetCheck,
} from '../../../../pipelines/orchestration/checks/check';
import { DataError } from '../../../../pipelines/io/errors';
import { ctx } from './fixtures';

const check = (name: string, passed: boolean, extra: Partial<AssetCheck> = {}): AssetCheck => ({
  name,
  severity: 'blocking',
  description: name,
  run: async () => ({ passed, measured: passed ? 'fine' : 'bad', expected: 'fine' }),
  ...extra,
});
const input = { ctx, result: { rows: 1, outputs: [] }, previous: null, sources: [] };

describe('isAccepted', () => {
  it('accepts a check by its name on any asset', () => {
    expect(isAccepted(['row_count'], 'os_open_uprn', 'row_count', '')).toBe(true);
    expect(isAccepted(['row_count'], 'onspd', 'row_count', '')).toBe(true);
    expect(isAccepted(['row_count'], 'onspd', 'not_empty', '')).toBe(false);
  });

  it('accepts asset.check on that asset only', () => {
    expect(isAccepted(['os_open_uprn.row_count'], 'os_open_uprn', 'row_count', '')).toBe(true);
    expect(isAccepted(['os_open_uprn.row_count'], 'onspd', 'row_count', '')).toBe(false);
  });

  it('accepts asset.check@partition in that partition only', () => {
    const accept = ['epc_england_wales_raw.source_columns@W06000015'];
    expect(isAccepted(accept, 'epc_england_wales_raw', 'source_columns', 'W06000015')).toBe(true);
    expect(isAccepted(accept, 'epc_england_wales_raw', 'source_columns', 'E06000022')).toBe(false);
    expect(isAccepted(accept, 'epc_england_wales_raw', 'source_columns', '')).toBe(false);
  });

  it('accepts nothing when nothing is named', () => {
    expect(isAccepted([], 'os_open_uprn', 'row_count', '')).toBe(false);
  });
});

describe('runChecks', () => {
  it('runs the checks of the level asked for, in declaration order', async () => {
    const results = await runChecks(
      [check('a', true), check('rolled', true, { level: 'rollup' }), check('b', false)],
      'build',
      input,
      [],
      'asset',
      '',
    );
    expect(results.map((r) => [r.check, r.passed])).toEqual([
      ['a', true],
      ['b', false],
    ]);
    expect(results.filter(blocks).map((r) => r.check)).toEqual(['b']);
  });

  it('records a check that throws as a failure of its severity, saying why', async () => {
    const broken = (severity: AssetCheck['severity']) =>
      check(`broken_${severity}`, true, { severity, run: () => Promise.reject(new Error('no table')) });
    const [blocking, warning] = await runChecks(
      [broken('blocking'), broken('warning')],
      'build',
      input,
      [],
      'asset',
      '',
    );
    expect(blocking).toMatchObject({
      passed: false,
      severity: 'blocking',
      measured: 'the check could not run: no table',
      expected: 'a check that runs',
    });
    expect(blocks(blocking!)).toBe(true);
    expect(warning).toMatchObject({ passed: false, severity: 'warning' });
    expect(blocks(warning!)).toBe(false);
  });

  it('lets an outcome downgrade its failure to a warning, which does not block', async () => {
    const drift = check('source_columns', false, {
      run: async () => ({ passed: false, severity: 'warning', measured: 'added X', expected: 'none' }),
    });
    const [r] = await runChecks([drift], 'build', input, [], 'asset', '');
    expect(r).toMatchObject({ passed: false, severity: 'warning', accepted: false });
    expect(blocks(r!)).toBe(false);
  });

  it('marks an accepted blocking failure, which then does not block', async () => {
    const [r] = await runChecks(
      [check('row_count', false)],
      'build',
      input,
      ['asset.row_count'],
      'asset',
      '',
    );
    expect(r).toMatchObject({ passed: false, severity: 'blocking', accepted: true });
    expect(blocks(r!)).toBe(false);
  });
});

describe('the report', () => {
  it('names asset, partition, check, measured, expected and where, and how to accept it', async () => {
    const results = await runChecks(
      [
        check('not_empty', true),
        check('row_count', false, {
          run: async () => ({
            passed: false,
            measured: '450 rows (−50.0 % against 900)',
            expected: '882 … 990 rows (−2 % … +10 %)',
            where: '/data/osopenuprn.csv',
          }),
        }),
      ],
      'build',
      input,
      [],
      'os_open_uprn',
      '',
    );
    expect(describeResult('os_open_uprn', '', results[1]!)).toBe(
      'os_open_uprn row_count: FAILED; measured 450 rows (−50.0 % against 900); expected 882 … 990 rows (−2 % … +10 %); at /data/osopenuprn.csv',
    );
    expect(describeResult('os_open_uprn', '', results[0]!)).toBe(
      'os_open_uprn not_empty: passed; measured fine; expected fine',
    );
    const error = new ChecksFailedError('os_open_uprn', '', results);
    // A DataError: final, retrying the activity cannot fix the delivery.
    expect(error).toBeInstanceOf(DataError);
    expect(error.message).toBe(
      'check failed: os_open_uprn row_count: FAILED; measured 450 rows (−50.0 % against 900); expected 882 … 990 rows (−2 % … +10 %); at /data/osopenuprn.csv (publish anyway after a look: pds refresh --accept os_open_uprn.row_count)',
    );
  });

  it('names the partition of a partitioned asset', async () => {
    const [r] = await runChecks([check('source_columns', false)], 'build', input, [], 'epc', 'W06000015');
    expect(describeResult('epc', 'W06000015', r!)).toBe(
      'epc@W06000015 source_columns: FAILED; measured bad; expected fine',
    );
  });
});
