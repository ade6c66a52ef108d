import { mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type * as Api from '@duckdb/node-api';
import { queryRows } from '../../../pipelines/io/parquet';
import { profileStatements, statementShape } from '../../../pipelines/io/sql-profile';

const duckdb = createRequire(import.meta.url)('@duckdb/node-api') as typeof Api;
const dir = mkdtempSync(join(tmpdir(), 'pds-sql-profile-'));

describe('statementShape', () => {
  it('counts the same query over other files, tiles and ranges as one', () => {
    const a = `SELECT uprn FROM read_parquet('/data/ST17.parquet')
      WHERE uprn BETWEEN 10002903321 AND 100100585660 AND x >= 310000.5`;
    const b =
      "SELECT uprn FROM read_parquet('/data/it''s/TQ27.parquet') WHERE uprn BETWEEN 1 AND 2 AND x >= 7";
    expect(statementShape(a)).toBe(
      "SELECT uprn FROM read_parquet('…') WHERE uprn BETWEEN # AND # AND x >= #",
    );
    expect(statementShape(b)).toBe(statementShape(a));
  });

  it('keeps names with digits whole', () => {
    expect(statementShape('SELECT d.d_uprn, s.column82 FROM t2')).toBe('SELECT d.d_uprn, s.column82 FROM t2');
  });
});

describe('profileStatements', () => {
  const profile = profileStatements(duckdb);
  afterAll(() => profile.stop());

  it('counts each statement once, streams with their fetches, and writes the table most CPU first', async () => {
    for (const n of [1000, 2000]) await queryRows(`SELECT sum(i) AS s FROM range(${n}) t(i)`);
    await queryRows('SELECT 42 AS answer');
    const costs = profile.costs();
    const summed = costs.find((c) => c.shape === 'SELECT sum(i) AS s FROM range(#) t(i)');
    expect(summed?.calls).toBe(2);
    expect(costs.find((c) => c.shape === 'SELECT # AS answer')?.calls).toBe(1);
    expect(costs.every((c) => c.cpuMs >= 0)).toBe(true);
    expect(costs.map((c) => c.cpuMs)).toEqual([...costs.map((c) => c.cpuMs)].sort((x, y) => y - x));

    const file = join(dir, 'profile.tsv');
    profile.write(file);
    const [header, ...lines] = readFileSync(file, 'utf8').trim().split('\n');
    expect(header).toBe('calls\tcpu_ms\tstatement');
    expect(lines).toContain(`2\t${Math.round(summed!.cpuMs)}\t${summed!.shape}`);
  });

  it('stops counting when stopped', async () => {
    const other = profileStatements(duckdb);
    other.stop();
    await queryRows('SELECT 7 AS seven');
    expect(other.costs()).toEqual([]);
    expect(profile.costs().some((c) => c.shape === 'SELECT # AS seven')).toBe(true);
  });
});
