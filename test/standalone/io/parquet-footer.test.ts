// A footer value filled in after the rows are written: the file stays a valid Parquet file that any reader
// opens, with the new value, and nothing else changes.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { geoParquetPlan, reservedGeoMetadata } from '../../../pipelines/io/geoparquet';
import { fillFooterValue } from '../../../pipelines/io/parquet-footer';
import { rows } from '../../helpers/parquet-rows';

const dir = mkdtempSync(join(tmpdir(), 'pds-footer-'));

const written = async (name: string, value: string): Promise<string> => {
  const file = join(dir, name);
  await rows(
    `COPY (SELECT range AS id, 'row ' || range AS label FROM range(5000)) TO '${file}' (FORMAT parquet, KV_METADATA {note: '${value}'})`,
  );
  return file;
};

describe('fillFooterValue', () => {
  it('replaces the placeholder in place: the rows and the other metadata are as written', async () => {
    const file = await written('filled.parquet', 'pending-0001      ');
    await fillFooterValue(file, 'pending-0001      ', '{"done": [1, 2]}  ');
    const [kv] = await rows(
      `SELECT decode(value) AS v FROM parquet_kv_metadata('${file}') WHERE decode(key) = 'note'`,
    );
    expect(JSON.parse(String(kv!.v))).toEqual({ done: [1, 2] });
    const [read] = await rows(
      `SELECT count(*)::INTEGER AS n, sum(id)::BIGINT AS s, max(label) AS m FROM '${file}'`,
    );
    expect(read).toEqual({ n: 5000, s: 12497500, m: 'row 999' });
  });

  it('refuses a value of another length, or a footer without the placeholder, and leaves the file alone', async () => {
    const file = await written('refused.parquet', 'pending-0002');
    const before = readFileSync(file);
    await expect(fillFooterValue(file, 'pending-0002', 'longer value')).resolves.toBeUndefined();
    await expect(fillFooterValue(file, 'pending-0002', 'short')).rejects.toThrow(/keep its length/);
    await expect(fillFooterValue(file, 'pending-0002', 'other-value!')).rejects.toThrow(/placeholder/);
    expect(readFileSync(file).length).toBe(before.length);
  });
});

describe('reservedGeoMetadata', () => {
  it('reserves room for any extent and every geometry type, as JSON padded to the same length', () => {
    const plan = geoParquetPlan([
      { name: 'geometry', type: 'BLOB' },
      ...['minx', 'miny', 'maxx', 'maxy'].map((name) => ({ name, type: 'DOUBLE' as const })),
    ])!;
    const reserved = reservedGeoMetadata(plan);
    const headers = ['0101000000', '0106000000', '01EE030000', '01EF030000', '01EB030000', '01E9030000'];
    const long = -0.0000012345678901234567;
    const filled = reserved.fill({ headers, xmin: long, ymin: long, xmax: -Number.MAX_VALUE, ymax: 1e21 });
    expect(Buffer.byteLength(filled)).toBe(Buffer.byteLength(reserved.placeholder));
    const geo = JSON.parse(filled);
    expect(geo.columns.geometry.bbox).toEqual([long, long, -Number.MAX_VALUE, 1e21]);
    expect(geo.columns.geometry.geometry_types).toEqual([
      'GeometryCollection Z',
      'MultiPolygon',
      'MultiPolygon Z',
      'Point',
      'Point Z',
      'Polygon Z',
    ]);
    expect(reservedGeoMetadata(plan).placeholder).not.toBe(reserved.placeholder);
  });
});
