import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataError } from '../../../pipelines/io/errors';
import type { SourceRow } from '../../../pipelines/io/quarantine';
import { readOsOpenUprn, type OsOpenUprnRecord } from '../../../pipelines/sources/os-open-uprn';

async function load(text: string): Promise<SourceRow<OsOpenUprnRecord>[]> {
  const dir = await mkdtemp(join(tmpdir(), 'uprn-'));
  const file = join(dir, 'osopenuprn_202507.csv');
  await writeFile(file, text, 'utf8');
  const rows: SourceRow<OsOpenUprnRecord>[] = [];
  for await (const row of readOsOpenUprn(file)) rows.push(row);
  return rows;
}

describe('readOsOpenUprn', () => {
  it('reads the published layout (BOM, CRLF) into numbers', async () => {
    const rows = await load(
      '\uFEFFUPRN,X_COORDINATE,Y_COORDINATE,LATITUDE,LONGITUDE\r\n' +
        '100023336956,530047.00,180422.00,51.5077,-0.1282\r\n' +
        '10093118463,326812.19,673467.61,55.9486,-3.1999\r\n',
    );
    expect(rows).toEqual([
      {
        ok: true,
        file: expect.stringMatching(/osopenuprn_202507\.csv$/),
        line: 2,
        record: { uprn: 100023336956, x: 530047, y: 180422, latitude: 51.5077, longitude: -0.1282 },
      },
      expect.objectContaining({ ok: true, line: 3, record: expect.objectContaining({ uprn: 10093118463 }) }),
    ]);
  });

  it('maps columns by name, in any order and case', async () => {
    const rows = await load(
      'longitude,latitude,uprn,y_coordinate,x_coordinate\n-0.97,51.45,1,173000,470000\n',
    );
    expect(rows[0]).toMatchObject({ ok: true, record: { uprn: 1, x: 470000, y: 173000, latitude: 51.45 } });
  });

  it('quarantines bad rows with their reason and keeps going', async () => {
    const rows = await load(
      'UPRN,X_COORDINATE,Y_COORDINATE,LATITUDE,LONGITUDE\n' +
        'abc,470000,173000,51.45,-0.97\n' +
        '2,470000,173000,51.45\n' +
        '3,,173000,51.45,-0.97\n' +
        '4,800000,173000,51.45,-0.97\n' +
        '5,470000,173000,40.1,-0.97\n' +
        '6,470000,173000,51.45,"-0.97\n' +
        '7,470000,173000,51.45,-0.97\n',
    );
    const reasons = rows.map((r) => (r.ok ? `ok ${r.record.uprn}` : `${r.row.line}: ${r.row.reason}`));
    expect(reasons).toEqual([
      '2: UPRN is not a positive integer of at most 12 digits: "abc"',
      '3: expected 5 columns, found 4',
      '4: X_COORDINATE/Y_COORDINATE not numeric',
      '5: X_COORDINATE/Y_COORDINATE outside the British National Grid: 800000, 173000',
      '6: LATITUDE outside Great Britain: 40.1',
      '7: unterminated quoted field',
      'ok 7',
    ]);
    const bad = rows[1]!;
    expect(bad.ok ? null : bad.row).toEqual({
      dataset: 'os-open-uprn',
      file: expect.any(String),
      line: 3,
      reason: 'expected 5 columns, found 4',
      raw: '2,470000,173000,51.45',
    });
  });

  it('rejects a file that is not OS Open UPRN', async () => {
    await expect(load('pcd,lat,long\n"AB1 0AA",57.1,-2.2\n')).rejects.toThrow(DataError);
    await expect(load('pcd,lat,long\n')).rejects.toThrow(/missing column\(s\) UPRN, X_COORDINATE/);
  });
});
