// Checks that read the table a build wrote: null keys, repeated keys, points outside Great Britain.
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  distinctKeys,
  insideGreatBritain,
  nullShare,
  NULL_ALLOWANCE,
} from '../../../../pipelines/orchestration/checks/table';
import { QUARANTINE_COLUMNS } from '../../../../pipelines/orchestration/ingest';
import { writeParquet, type ColumnSpec } from '../../../../pipelines/io/parquet';
import { ctx } from './fixtures';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'pds-table-checks-'));
});

const CERTIFICATES: ColumnSpec[] = [
  { name: 'lmk_key', type: 'VARCHAR' },
  { name: 'postcode', type: 'VARCHAR' },
  { name: 'source_file', type: 'VARCHAR' },
  { name: 'source_line', type: 'BIGINT' },
];
/** `n` certificates from certificates.csv, one a line from line 2; `edit` changes some. */
async function certificates(
  n: number,
  edit: (row: Record<string, unknown>, i: number) => void = () => {},
  name = 'certificates.parquet',
): Promise<string> {
  const rows = Array.from({ length: n }, (_, i) => {
    const row: Record<string, unknown> = {
      lmk_key: `cert-${i}`,
      postcode: 'BA1 1AA',
      source_file: 'epc/certificates.csv',
      source_line: i + 2,
    };
    edit(row, i);
    return row;
  });
  const path = join(dir, name);
  await writeParquet(path, CERTIFICATES, rows);
  return path;
}
const built = (outputs: string[], rows = 0) => ({
  ctx,
  result: { rows, outputs },
  previous: null,
  sources: [],
});

describe('nullShare', () => {
  const check = nullShare({ lmk_key: 0, postcode: 0.01 });

  it('passes a table with its keys filled', async () => {
    expect(await check.run(built([await certificates(20)]))).toEqual({
      passed: true,
      measured: 'no nulls',
      expected: `lmk_key ≤ 0 %, postcode ≤ 1 % (or ≤ ${NULL_ALLOWANCE} rows)`,
    });
  });

  it('passes blanks within the share a column is allowed', async () => {
    const table = await certificates(2000, (r, i) => void (i < 20 && (r.postcode = '  ')));
    expect(await check.run(built([table]))).toMatchObject({
      passed: true,
      measured: 'postcode 20 of 2,000 (1.00 %)',
    });
  });

  it(`passes up to ${NULL_ALLOWANCE} blanks in a small table, whatever their share`, async () => {
    const table = await certificates(40, (r, i) => void (i < NULL_ALLOWANCE && (r.postcode = null)));
    expect((await check.run(built([table]))).passed).toBe(true);
  });

  it('blocks more blanks than that, naming the first blank row’s file and line', async () => {
    const table = await certificates(2000, (r, i) => void (i >= 100 && i < 130 && (r.postcode = '')));
    expect(await check.run(built([table]))).toEqual({
      passed: false,
      measured: 'postcode 30 of 2,000 (1.50 %)',
      expected: `lmk_key ≤ 0 %, postcode ≤ 1 % (or ≤ ${NULL_ALLOWANCE} rows)`,
      where: 'epc/certificates.csv line 102',
    });
  });

  it('blocks a single null in a column allowed none (the allowance does not apply)', async () => {
    const table = await certificates(2000, (r, i) => void (i === 7 && (r.lmk_key = null)));
    expect(await check.run(built([table]))).toMatchObject({
      passed: false,
      measured: 'lmk_key 1 of 2,000 (0.05 %)',
      where: 'epc/certificates.csv line 9',
    });
  });

  it('passes a build that wrote no table', async () => {
    expect((await check.run(built([]))).passed).toBe(true);
  });
});

describe('distinctKeys', () => {
  it('passes unique keys', async () => {
    expect(await distinctKeys(['lmk_key']).run(built([await certificates(5)]))).toEqual({
      passed: true,
      measured: '0 repeated of 5 rows',
      expected: 'no repeated lmk_key',
    });
  });

  it('reports repeated keys with the first repeated row’s file and line', async () => {
    // Rows 3 and 4 (lines 5 and 6) repeat rows 0 and 1.
    const table = await certificates(5, (r, i) => void (i >= 3 && (r.lmk_key = `cert-${i - 3}`)));
    const check = distinctKeys(['lmk_key']);
    expect(check.severity).toBe('blocking');
    expect(await check.run(built([table]))).toEqual({
      passed: false,
      measured: '2 repeated of 5 rows',
      expected: 'no repeated lmk_key',
      where: 'epc/certificates.csv line 2',
    });
  });

  it('can be a warning where the pipeline de-duplicates the keys itself', () => {
    const check = distinctKeys(['lmk_key'], { severity: 'warning' });
    expect(check.severity).toBe('warning');
    expect(check.description).toBe('lmk_key is unique (repeats are de-duplicated downstream)');
  });

  it('over a roll-up, finds a key repeated in two partitions’ files', async () => {
    const a = await certificates(4, () => {}, 'part-2024.parquet');
    const b = await certificates(3, (r, i) => void (r.lmk_key = `cert-${i + 2}`), 'part-2025.parquet');
    const check = distinctKeys(['lmk_key'], {
      level: 'rollup',
      severity: 'warning',
      name: 'distinct_keys_across_files',
    });
    expect(check.level).toBe('rollup');
    expect(await check.run(built([a, b]))).toMatchObject({ passed: false, measured: '2 repeated of 7 rows' });
    // Each file alone has no repeats.
    expect((await check.run(built([b]))).passed).toBe(true);
  });
});

describe('insideGreatBritain', () => {
  const POINTS: ColumnSpec[] = [
    { name: 'uprn', type: 'BIGINT' },
    { name: 'x_coord', type: 'DOUBLE' },
    { name: 'y_coord', type: 'DOUBLE' },
  ];
  const points = async (xy: [number, number][]): Promise<string> => {
    const path = join(dir, 'points.parquet');
    await writeParquet(
      path,
      POINTS,
      xy.map(([x, y], i) => ({ uprn: i + 1, x_coord: x, y_coord: y })),
    );
    return path;
  };
  const check = insideGreatBritain({ minx: 'x_coord', miny: 'y_coord', maxx: 'x_coord', maxy: 'y_coord' });

  it('passes points in metres inside the grid (Bath, Cardiff, Stirling)', async () => {
    const table = await points([
      [375000, 165000],
      [318000, 176000],
      [279000, 693000],
    ]);
    expect(await check.run(built([table]))).toEqual({
      passed: true,
      measured: '0 of 3 rows outside',
      expected: 'every row inside, in metres',
    });
  });

  it('blocks points outside the grid', async () => {
    const table = await points([
      [375000, 165000],
      [-2.36, 51.38],
      [3_500_000, 6_600_000],
    ]);
    expect(await check.run(built([table]))).toMatchObject({ passed: false, measured: '2 of 3 rows outside' });
  });

  it('blocks degrees read as metres even where they fall inside the extent (east of Greenwich)', async () => {
    // Cambridge and Norwich in degrees: positive, so inside 0 … 700 km numerically, but all near the origin.
    const table = await points([
      [0.12, 52.2],
      [1.29, 52.63],
    ]);
    expect(await check.run(built([table]))).toEqual({
      passed: false,
      measured: 'every coordinate within 52.630 of the origin (degrees read as metres?)',
      expected: 'every row inside, in metres',
    });
  });

  it('reads a layer’s bounding boxes, and names the file of the first feature outside', async () => {
    const BOXES: ColumnSpec[] = ['minx', 'miny', 'maxx', 'maxy'].map((name) => ({ name, type: 'DOUBLE' }));
    const path = join(dir, 'layer.parquet');
    await writeParquet(
      path,
      [...BOXES, { name: 'source_file', type: 'VARCHAR' }],
      [
        { minx: 374000, miny: 164000, maxx: 376000, maxy: 166000, source_file: 'lez/scotland.shp' },
        { minx: -2.37, miny: 51.37, maxx: -2.35, maxy: 51.39, source_file: 'lez/Clean_air_zone.geojson' },
      ],
    );
    const boxes = insideGreatBritain({ minx: 'minx', miny: 'miny', maxx: 'maxx', maxy: 'maxy' });
    expect(await boxes.run(built([path]))).toEqual({
      passed: false,
      measured: '1 of 2 rows outside',
      expected: 'every row inside, in metres',
      where: 'lez/Clean_air_zone.geojson',
    });
  });
  describe('with the rows the loader quarantined as outside the grid', () => {
    const BOXES: ColumnSpec[] = [
      ...['minx', 'miny', 'maxx', 'maxy'].map((name): ColumnSpec => ({ name, type: 'DOUBLE' })),
      { name: 'source_file', type: 'VARCHAR' },
    ];
    const boxes = insideGreatBritain({ minx: 'minx', miny: 'miny', maxx: 'maxx', maxy: 'maxy' });
    const bath = { minx: 374000, miny: 164000, maxx: 376000, maxy: 166000 };
    /** The layer's table (features from `staged` files) and its quarantine (`outside` rows per file). */
    async function layer(staged: string[], outside: Record<string, number>): Promise<string[]> {
      const table = join(dir, 'staged', 'low_emission_zones.parquet');
      const quarantine = join(dir, 'quarantine', 'low_emission_zones.parquet');
      mkdirSync(join(dir, 'staged'), { recursive: true });
      mkdirSync(join(dir, 'quarantine'), { recursive: true });
      await writeParquet(
        table,
        BOXES,
        staged.map((source_file) => ({ ...bath, source_file })),
      );
      await writeParquet(
        quarantine,
        QUARANTINE_COLUMNS,
        Object.entries(outside).flatMap(([file, count]) =>
          Array.from({ length: count }, (_, i) => ({
            dataset: 'low-emission-zones',
            file,
            line: i + 1,
            reason: 'outside the British National Grid',
            raw: '{}',
          })),
        ),
      );
      return [table, quarantine];
    }

    it('blocks a file all of whose features were quarantined as outside: a file in another CRS', async () => {
      const outputs = await layer(['lez/scotland.shp'], { 'lez/Clean_air_zone.geojson': 3 });
      expect(await boxes.run(built(outputs))).toEqual({
        passed: false,
        measured:
          '3 of 4 rows outside (3 quarantined as outside the British National Grid; every row of lez/Clean_air_zone.geojson)',
        expected: 'every row inside, in metres',
        where: 'lez/Clean_air_zone.geojson',
      });
    });

    it('passes a stray feature outside in a file whose other features are inside', async () => {
      const outputs = await layer(['lez/scotland.shp', 'lez/scotland.shp'], { 'lez/scotland.shp': 1 });
      expect(await boxes.run(built(outputs))).toMatchObject({
        passed: true,
        measured: '1 of 3 rows outside (1 quarantined as outside the British National Grid)',
      });
    });

    it('blocks more than 1 % (and more than 10 rows) quarantined as outside', async () => {
      const inside = Array.from({ length: 500 }, () => 'lez/big.shp');
      expect((await boxes.run(built(await layer(inside, { 'lez/big.shp': 11 })))).passed).toBe(false);
      expect((await boxes.run(built(await layer(inside, { 'lez/big.shp': 5 })))).passed).toBe(true);
    });
  });
});
