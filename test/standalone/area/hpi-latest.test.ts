// The house price index block takes each figure from the newest month that publishes it: the UK HPI full
// file leaves sales volumes and the new/existing split blank in its newest months, and answering the newest
// row whole made those 13 fields null everywhere.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { HOUSE_PRICE_INDEX_NUMBER_FIELDS, HousePriceIndexSchema } from '../../../schemas/api/area';
import { parquetPath, queryParquet, writeParquet } from '../../../pipelines/io/parquet';
import { housePriceIndex } from '../../../pipelines/transforms/area/area-block';
import { latestHpiPerAreaSql } from '../../../pipelines/transforms/area/hpi-latest';

type Row = Record<string, unknown>;

/** A month of one area: every figure `base + k` (k its field's index), with the fields in `blank` null. */
function month(date: string, area: string, name: string, base: number, blank: readonly string[] = []): Row {
  const row: Row = { date, area_code: area, region_name: name };
  HOUSE_PRICE_INDEX_NUMBER_FIELDS.forEach((f, k) => (row[f] = blank.includes(f) ? null : base + k));
  return row;
}

const VOLUMES = ['sales_volume', 'sales_volume_cash', 'sales_volume_mortgage'];
const NEW_EXISTING = HOUSE_PRICE_INDEX_NUMBER_FIELDS.filter((f) => /_(new|existing)$/.test(f));

const rows: Row[] = [
  month('2025-06-01', 'E06000022', 'Bath and North East Somerset', 1000),
  month('2025-07-01', 'E06000022', 'Bath and North East Somerset', 2000, NEW_EXISTING),
  month('2025-08-01', 'E06000022', 'Bath and NE Somerset', 3000, [...VOLUMES, ...NEW_EXISTING]),
  month('2025-08-01', 'W06000015', 'Cardiff', 5000),
];

const byArea = new Map<string, Row>();

beforeAll(async () => {
  const dir = await mkdtemp(join(tmpdir(), 'pds-hpi-latest-'));
  const file = join(dir, 'hpi.parquet');
  await writeParquet(
    file,
    [
      { name: 'date', type: 'VARCHAR' },
      { name: 'region_name', type: 'VARCHAR' },
      { name: 'area_code', type: 'VARCHAR' },
      ...HOUSE_PRICE_INDEX_NUMBER_FIELDS.map((name) => ({ name, type: 'DOUBLE' as const })),
    ],
    rows,
  );
  for await (const r of queryParquet(
    `SELECT to_json(h) AS j FROM (${latestHpiPerAreaSql(parquetPath(file))}) h`,
  )) {
    const row = (typeof r.j === 'string' ? JSON.parse(r.j) : r.j) as Row;
    byArea.set(String(row.area_code), row);
  }
});

describe('house price index: each figure from the newest month that has it', () => {
  it('answers the newest month, and the blank figures from the months that publish them, naming those months', () => {
    const hpi = housePriceIndex({ localAuthority: byArea.get('E06000022')!, region: null, country: null })!;
    const figures = hpi as unknown as Record<string, number>;
    expect(hpi.date).toBe('2025-08-01');
    expect(hpi.region_name).toBe('Bath and NE Somerset'); // as the newest month names it
    const k = (f: string) => HOUSE_PRICE_INDEX_NUMBER_FIELDS.indexOf(f);
    expect(figures.average_price).toBe(3000 + k('average_price'));
    expect(figures.sales_volume).toBe(2000 + k('sales_volume')); // July: blank in August
    expect(figures.average_price_new).toBe(1000 + k('average_price_new')); // June: blank since
    expect(figures.sales_volume_existing).toBe(1000 + k('sales_volume_existing'));
    const expected: Record<string, string> = {};
    for (const f of VOLUMES) expected[f] = '2025-07-01';
    for (const f of NEW_EXISTING) expected[f] = '2025-06-01';
    expect(hpi.field_dates).toEqual(expected);
    expect(Object.keys(hpi.field_dates)).toHaveLength(13); // the 13 fields the newest month leaves blank
    expect(HousePriceIndexSchema.parse(hpi)).toEqual(hpi);
  });

  it('names no month when every figure is of the newest one', () => {
    const hpi = housePriceIndex({ localAuthority: byArea.get('W06000015')!, region: null, country: null })!;
    expect(hpi.date).toBe('2025-08-01');
    expect(hpi.field_dates).toEqual({});
    expect((hpi as unknown as Record<string, number>).sales_volume).toBe(
      5000 + HOUSE_PRICE_INDEX_NUMBER_FIELDS.indexOf('sales_volume'),
    );
  });
});
