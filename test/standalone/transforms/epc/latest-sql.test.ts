import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { epcLatest } from '../../../../pipelines/assets/epc/epc-stats';
import { writeEpcLatest, type LatestMonth } from '../../../../pipelines/assets/epc/epc-latest-sql';
import { copyQueryToParquet, queryParquet } from '../../../../pipelines/io/parquet';

const dataDir = mkdtempSync(join(tmpdir(), 'pds-epc-latest-'));
const contextOf = (dir: string) =>
  ({ config: { dataDir: dir }, runId: 't', log: () => undefined, heartbeat: () => undefined }) as never;
const ctx = contextOf(dataDir);
const parquetIn = (dir: string) => (layer: string, table: string) =>
  join(dir, 'parquet', layer, `${table}.parquet`);

/** epc_latest's rows as its build writes them, into a file of their own. */
async function latestRows(context: never, month?: LatestMonth): Promise<Record<string, unknown>[]> {
  const file = join(mkdtempSync(join(tmpdir(), 'pds-epc-latest-out-')), 'epc_latest.parquet');
  await writeEpcLatest(context, file, month);
  const rows: Record<string, unknown>[] = [];
  for await (const row of queryParquet(`SELECT * FROM read_parquet('${file}')`)) rows.push(row);
  return rows;
}

const COMMON = `NULL::VARCHAR AS built_form, NULL::VARCHAR AS construction_age_band, NULL::VARCHAR AS main_fuel,
  80.0::DOUBLE AS total_floor_area, true AS has_mains_gas, 3.0::DOUBLE AS co2_emissions_current, 1.0::DOUBLE AS co2_emissions_potential,
  80 AS energy_efficiency_potential, 'C' AS energy_rating_potential`;

async function setUp(parquet = parquetIn(dataDir)): Promise<void> {
  // UPRN 1: two English certificates (the later one wins); a certificate without a UPRN (counted by its
  // building reference); UPRN 3: a Scottish one. ONSPD knows the English and Scottish postcodes.
  await copyQueryToParquet(
    `SELECT * FROM (VALUES
       (1, 'brn1', 'BA1 1AA', 'House', 55, 'D', 'E06000022', 'England', 'old', TIMESTAMP '2012-01-01', 250.0::DOUBLE, 100.0::DOUBLE),
       (1, 'brn1', 'BA1 1AA', 'House', 66, 'D', 'E06000022', 'England', 'new', TIMESTAMP '2020-01-01', 200.0::DOUBLE, 90.0::DOUBLE),
       (NULL, 'brn2', 'CF10 1AA', 'Flat', 70, 'C', 'W06000015', 'Wales', 'w', TIMESTAMP '2019-01-01', 150.0::DOUBLE, 80.0::DOUBLE))
     AS t(uprn, building_reference_number, postcode, property_type, energy_efficiency_current,
          energy_rating_current, local_authority, country, lmk_key, lodgement_date,
          energy_consumption_per_floor_area_m2_current, energy_consumption_per_floor_area_m2_potential),
     (SELECT ${COMMON}, NULL::TIMESTAMP AS lodgement_datetime)`,
    // One file per partition of epc_enhanced (here a single one).
    parquet('derived', 'epc_enhanced_england_wales/E06000022'),
  );
  await copyQueryToParquet(
    `SELECT 3 AS uprn, 'brn3' AS building_reference_number, 'FK9 4AA' AS postcode, 'Flat' AS property_type,
       60 AS energy_efficiency_current, 'D' AS energy_rating_current, TIMESTAMP '2018-01-01' AS lodgement_date,
       180.0::DOUBLE AS energy_consumption_current, 120.0::DOUBLE AS energy_consumption_potential, ${COMMON}`,
    parquet('derived', 'epc_enhanced_scotland'),
  );
  await copyQueryToParquet(
    `SELECT * FROM (VALUES ('BA1 1AA', 'E06000022', 'E12000009', 'E92000001', 'England'),
                           ('FK9 4AA', 'S12000030', 'S99999999', 'S92000003', 'Scotland'))
     AS t(postcode, local_authority_district_code, region_code, country_code, country_name)`,
    parquet('staged', 'onspd'),
  );
  await copyQueryToParquet(
    `SELECT * FROM (VALUES (1, 375000.0::DOUBLE, 165000.0::DOUBLE), (3, 280000.0::DOUBLE, 695000.0::DOUBLE)) AS t(uprn, x_coord, y_coord)`,
    parquet('staged', 'os_open_uprn'),
  );
}

describe('writeEpcLatest', async () => {
  await setUp();
  const rows = await latestRows(ctx);

  it('keeps the latest certificate per property, a certificate without a UPRN as its own property', () => {
    expect(rows.map((r) => [r.uprn, r.certificate_id])).toEqual([
      [1, 'new'],
      [3, 'brn3'],
      [null, 'w'],
    ]);
  });

  it('takes the geography from ONSPD, with the country code as the region outside England', () => {
    const [england, scotland, wales] = rows;
    expect(england).toMatchObject({
      outcode: 'BA1',
      local_authority_district_code: 'E06000022',
      region_code: 'E12000009',
      country: 'England',
      x_coord: 375000,
      energy_consumption_per_floor_area_m2_current: 200,
    });
    expect(scotland).toMatchObject({
      country: 'Scotland',
      local_authority_district_code: 'S12000030',
      region_code: 'S92000003',
      energy_consumption_per_floor_area_m2_current: 180,
    });
    // Not in ONSPD: the certificate's own LA code, Wales's country code as its region, no point.
    expect(wales).toMatchObject({
      local_authority_district_code: 'W06000015',
      region_code: 'W92000004',
      country: 'Wales',
      x_coord: null,
    });
  });

  it('reads no England and Wales certificates while epc_enhanced has written no partition of them', async () => {
    rmSync(join(dataDir, 'parquet', 'derived', 'epc_enhanced_england_wales'), { recursive: true });
    expect((await latestRows(ctx)).map((r) => r.certificate_id)).toEqual(['brn3']);
  });
});

describe('writeEpcLatest for a month', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'pds-epc-latest-month-'));
  const at = parquetIn(dir);
  const monthCtx = contextOf(dir);
  await setUp(at);
  const previous = join(dir, 'last-build.parquet');
  await writeEpcLatest(monthCtx, previous);
  // A new year's file: a later certificate for UPRN 1, one for a new UPRN 4, an older one for the property
  // without a UPRN (brn2: the last build's row stays), and a later English one for Scotland's UPRN 3.
  const added = at('derived', 'epc_enhanced_england_wales/2026');
  await copyQueryToParquet(
    `SELECT * FROM (VALUES
       (1, 'brn1', 'BA1 1AA', 'House', 71, 'C', 'E06000022', 'England', 'newer', TIMESTAMP '2026-01-05', 190.0::DOUBLE, 85.0::DOUBLE),
       (4, 'brn4', 'BA1 1AA', 'Flat', 75, 'C', 'E06000022', 'England', 'four', TIMESTAMP '2026-01-06', 120.0::DOUBLE, 70.0::DOUBLE),
       (NULL, 'brn2', 'CF10 1AA', 'Flat', 50, 'E', 'W06000015', 'Wales', 'w-old', TIMESTAMP '2010-01-01', 300.0::DOUBLE, 90.0::DOUBLE),
       (3, 'brn3', 'FK9 4AA', 'Flat', 65, 'D', 'E06000022', 'England', 'three', TIMESTAMP '2026-01-07', 170.0::DOUBLE, 110.0::DOUBLE))
     AS t(uprn, building_reference_number, postcode, property_type, energy_efficiency_current,
          energy_rating_current, local_authority, country, lmk_key, lodgement_date,
          energy_consumption_per_floor_area_m2_current, energy_consumption_per_floor_area_m2_potential),
     (SELECT ${COMMON}, NULL::TIMESTAMP AS lodgement_datetime)`,
    added,
  );
  const rowsOf = async (sql: string) => {
    const rows: Record<string, unknown>[] = [];
    for await (const row of queryParquet(sql)) rows.push(row);
    return rows;
  };
  const whole = await latestRows(monthCtx);
  const month = await latestRows(monthCtx, { previous, added: [added] });

  it('chooses again only the properties the new file names, and gives what a whole build gives', () => {
    expect(whole.map((r) => [r.uprn, r.certificate_id])).toEqual([
      [1, 'newer'],
      [3, 'three'],
      [4, 'four'],
      [null, 'w'],
    ]);
    expect(month).toEqual(whole);
  });

  it("keeps the last build's row of a property the new file names with an older certificate", async () => {
    const [last] = (await rowsOf(`SELECT * FROM read_parquet('${previous}') WHERE certificate_id = 'w'`)) as [
      Record<string, unknown>,
    ];
    expect(month.find((r) => r.certificate_id === 'w')).toEqual(last);
  });
});

describe('epc_latest: when a month is built from the last build', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'pds-epc-latest-asset-'));
  const at = parquetIn(dir);
  await setUp(at);
  const upstream = { epc_enhanced: 'e1', onspd: 'o1', os_open_uprn: 'u1' };
  const build = async (next: Record<string, string>, last?: Record<string, string>) => {
    const context = {
      config: { dataDir: dir },
      runId: 't',
      log: () => undefined,
      heartbeat: () => undefined,
      upstream: next,
      ...(last
        ? { previousBuild: { upstream: last, codeVersion: epcLatest.codeVersion, startedAt: '' } }
        : {}),
    } as never;
    const result = await epcLatest.materialize(context);
    const rows: unknown[] = [];
    for await (const row of queryParquet(`SELECT * FROM read_parquet('${at('derived', 'epc_latest')}')`))
      rows.push(row);
    return { added: result.metrics?.added_files, rows };
  };
  const year = (lmk: string, date: string, uprn = 1) =>
    copyQueryToParquet(
      `SELECT ${uprn} AS uprn, 'brn${uprn}' AS building_reference_number, 'BA1 1AA' AS postcode, 'House' AS property_type,
         70 AS energy_efficiency_current, 'C' AS energy_rating_current, 'E06000022' AS local_authority,
         'England' AS country, '${lmk}' AS lmk_key, TIMESTAMP '${date}' AS lodgement_date,
         190.0::DOUBLE AS energy_consumption_per_floor_area_m2_current,
         85.0::DOUBLE AS energy_consumption_per_floor_area_m2_potential, ${COMMON},
         NULL::TIMESTAMP AS lodgement_datetime`,
      at('derived', `epc_enhanced_england_wales/${date.slice(0, 4)}`),
    );
  const first = await build(upstream);
  await year('y2026', '2026-01-05');
  const month = await build({ ...upstream, epc_enhanced: 'e2' }, { ...upstream });
  const whole = await build({ ...upstream, epc_enhanced: 'e2' });
  await year('y2027', '2027-01-05');
  const withNewOnspd = await build({ ...upstream, epc_enhanced: 'e3', onspd: 'o2' }, { ...upstream });

  it('builds a whole table the first time, and a month when only a new England and Wales file came', () => {
    expect(first.added).toBe(0);
    expect(month.added).toBe(1);
    expect(month.rows).toEqual(whole.rows);
    expect(month.rows.find((r) => (r as { uprn: number }).uprn === 1)).toMatchObject({
      certificate_id: 'y2026',
    });
  });

  it('builds whole when anything else moved: another upstream, or a file it read before', async () => {
    expect(withNewOnspd.added).toBe(0);
    // The 2027 file published again with another property's certificate, and a new 2028 file: a file read
    // before changed, so whole (a month would keep the last build's rows of properties 2028 does not name).
    await year('y2027b', '2027-02-01', 5);
    await year('y2028', '2028-01-05');
    const again = await build({ ...upstream, epc_enhanced: 'e4' }, { ...upstream, epc_enhanced: 'e3' });
    expect(again.added).toBe(0);
    expect(again.rows.map((r) => (r as { certificate_id: string }).certificate_id)).toContain('y2027b');
    expect(again.rows.find((r) => (r as { uprn: number }).uprn === 1)).toMatchObject({
      certificate_id: 'y2028',
    });
  });
});

describe('writeEpcLatest in runs of the chosen rows', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'pds-epc-latest-runs-'));
  const at = parquetIn(dir);
  const runsCtx = contextOf(dir);
  await setUp(at);
  // 120 English certificates of 80 properties (every tenth without a UPRN), over a 3 × 3 grid of 10 km tiles.
  const ew = (name: string, from: number, count: number, year: number) =>
    copyQueryToParquet(
      `SELECT CASE WHEN i % 10 = 0 THEN NULL ELSE 100 + i % 80 END AS uprn, 'brn' || (i % 80) AS building_reference_number,
         'BA1 1AA' AS postcode, 'House' AS property_type, (i % 50)::INTEGER AS energy_efficiency_current,
         'D' AS energy_rating_current, 'E06000022' AS local_authority, 'England' AS country,
         'lmk' || i AS lmk_key, TIMESTAMP '${year}-01-01' + INTERVAL (i) DAY AS lodgement_date,
         200.0::DOUBLE AS energy_consumption_per_floor_area_m2_current,
         90.0::DOUBLE AS energy_consumption_per_floor_area_m2_potential, ${COMMON},
         NULL::TIMESTAMP AS lodgement_datetime
       FROM range(${from}, ${from + count}) t(i)`,
      at('derived', `epc_enhanced_england_wales/${name}`),
    );
  await ew('E06000023', 0, 120, 2015);
  await copyQueryToParquet(
    `SELECT 100 + i AS uprn, 350000.0 + (i % 3) * 10000 AS x_coord, 150000.0 + (i // 3 % 3) * 10000 AS y_coord
     FROM range(0, 80) t(i) UNION ALL SELECT 3, 280000.0, 695000.0`,
    at('staged', 'os_open_uprn'),
  );
  const inRunsOf = async <T>(rows: string, fn: () => Promise<T>): Promise<T> => {
    process.env.PDS_RUN_ROWS = rows;
    try {
      return await fn();
    } finally {
      delete process.env.PDS_RUN_ROWS;
    }
  };
  const whole = await latestRows(runsCtx);
  // Runs of 16 chosen rows (16 × PDS_RUN_ROWS): six of them.
  const inRuns = await inRunsOf('1', () => latestRows(runsCtx));
  const previous = join(dir, 'last-build.parquet');
  await writeEpcLatest(runsCtx, previous);
  await ew('2026', 1000, 30, 2026);
  const month = await inRunsOf('1', () =>
    latestRows(runsCtx, { previous, added: [at('derived', 'epc_enhanced_england_wales/2026')] }),
  );
  const wholeAfter = await latestRows(runsCtx);

  it('writes the rows of a build in one run, in the same order', () => {
    expect(whole.length).toBeGreaterThan(64);
    expect(inRuns).toEqual(whole);
  });

  it("writes a month in runs as a whole build writes it, the last build's kept rows read by their range", () => {
    expect(month.filter((r) => String(r.certificate_id).startsWith('lmk10'))).not.toHaveLength(0);
    expect(month).toEqual(wholeAfter);
  });
});
