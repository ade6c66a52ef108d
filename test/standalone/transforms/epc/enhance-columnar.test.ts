import { readdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { describe, expect, it } from 'vitest';
import { ParquetTableWriter, parquetPath, queryParquet } from '../../../../pipelines/io/parquet';
import type { QuarantinedRow } from '../../../../pipelines/io/quarantine';
import { buildAddressBook } from '../../../../pipelines/sample-data/addresses';
import { SAMPLE_AREAS } from '../../../../pipelines/sample-data/areas';
import { writeEpcEnglandWales } from '../../../../pipelines/sample-data/epc-england-wales';
import { writeEpcScotland } from '../../../../pipelines/sample-data/epc-scotland';
import { enhanceFilesToParquet } from '../../../../pipelines/transforms/epc/enhance-to-parquet';
import { applyCostRatios, applyCostRatiosSql } from '../../../../pipelines/transforms/epc/adjusted-costs';
import {
  enhanceEnglandWalesFileColumnar,
  enhanceStagedScotlandColumnar,
} from '../../../../pipelines/transforms/epc/enhance-columnar';
import { ENGLAND_WALES_FIELD_RULES } from '../../../../pipelines/transforms/epc/enhance/england-wales';
import {
  cleanText,
  co2ReductionPotential,
  enhanceScotland,
  normalisePostcode,
  toTimestamp,
  toUprn,
  totalEnergyConsumption,
} from '../../../../pipelines/transforms/epc/enhance';
import type { SqlFastPath } from '../../../../pipelines/transforms/epc/enhance/field-rules';
import { POSTCODE_SQL } from '../../../../pipelines/transforms/epc/enhance/values/codes';
import { PLAIN_TEXT_SQL } from '../../../../pipelines/transforms/epc/enhance/values/text';
import {
  co2ReductionPotentialSql,
  totalEnergyConsumptionSql,
} from '../../../../pipelines/transforms/epc/enhance/derived/totals';
import {
  enhanceEpcFile,
  enhancedFileColumns,
  folderCountryOf,
} from '../../../../pipelines/transforms/epc/enhance-files';
import { LEGACY_HEADER, SOUTH_HAMS_FLAT, legacyRow } from '../../sources/epc-fixtures';
import { rows } from '../../../helpers/parquet-rows';
import { SCOTLAND_STAGED_COLUMNS } from '../../../../pipelines/assets/epc/epc-raw';
import { SCOTLAND_ENHANCED_COLUMNS } from '../../../../pipelines/assets/epc/epc-enhanced';
import { readScottishEpc } from '../../../../pipelines/sources/epc/scotland';
import type { EnhancedScottishEpc } from '../../../../schemas/epc';

const dir = mkdtempSync(join(tmpdir(), 'pds-epc-columnar-'));

async function rowsOf(path: string): Promise<Record<string, unknown>[]> {
  const rows: Record<string, unknown>[] = [];
  for await (const row of queryParquet(`SELECT * FROM ${parquetPath(path)}`)) rows.push(row);
  return rows;
}

/** The per-record enhancer's Parquet file and quarantine for a file: what the columnar one must equal. */
async function perRecord(file: string, out: string) {
  const writer = await ParquetTableWriter.open(out, enhancedFileColumns(), { staging: 'csv' });
  const quarantine: QuarantinedRow[] = [];
  for await (const e of enhanceEpcFile(file)) {
    if (e.ok) writer.append(e.record);
    else quarantine.push(e.row);
  }
  await writer.close();
  return { rows: await rowsOf(out), quarantine };
}

async function columnar(file: string, out: string) {
  const quarantine: QuarantinedRow[] = [];
  const result = await enhanceEnglandWalesFileColumnar(file, out, {
    workers: 0,
    folderCountry: folderCountryOf(file),
    onQuarantine: (row) => quarantine.push(row),
  });
  return { result, rows: await rowsOf(out), quarantine };
}

async function expectSameAsPerRecord(file: string, name: string) {
  const expected = await perRecord(file, join(dir, `${name}-expected.parquet`));
  const actual = await columnar(file, join(dir, `${name}-columnar.parquet`));
  expect(actual.result).toEqual({ rows: expected.rows.length, quarantined: expected.quarantine.length });
  expect(actual.quarantine).toEqual(expected.quarantine);
  expect(actual.rows.length).toBe(expected.rows.length);
  // Row by row, in file order; adjusted_costs is JSON text, compared as the value it holds.
  for (let i = 0; i < expected.rows.length; i++) expect(actual.rows[i]).toEqual(expected.rows[i]);
  return expected;
}

describe('enhanceEnglandWalesFileColumnar', () => {
  it('writes the per-record enhancer’s rows for every sample England and Wales file', async () => {
    // The sample generator's files: both layouts (legacy folders and 2025+ per-year files), every messy case.
    const out = join(dir, 'sample');
    for (const [a, area] of SAMPLE_AREAS.entries()) {
      if (area.country === 'Scotland') continue;
      await writeEpcEnglandWales(buildAddressBook(area, 7, 40), a, out, 7);
    }
    const files: string[] = [];
    const walk = (d: string): void => {
      for (const e of readdirSync(d, { withFileTypes: true })) {
        if (e.isDirectory()) walk(join(d, e.name));
        else if (/^certificates(-\d{4})?\.csv$/.test(e.name)) files.push(join(d, e.name));
      }
    };
    walk(out);
    expect(files.length).toBeGreaterThan(2);
    let rows = 0;
    for (const [i, file] of files.entries())
      rows += (await expectSameAsPerRecord(file, `sample${i}`)).rows.length;
    expect(rows).toBeGreaterThan(100);
  }, 120_000);

  it('keeps the loader’s quarantine and lines on a messy file, and fills the columns a release lacks', async () => {
    // No UPRN, UPRN_SOURCE or REPORT_TYPE (older releases); rows spanning lines, CRLF, broken rows.
    const columns = LEGACY_HEADER.split(',').filter(
      (c) => !['UPRN', 'UPRN_SOURCE', 'REPORT_TYPE'].includes(c),
    ) as Parameters<typeof legacyRow>[1];
    const lines = [`\uFEFF${columns!.join(',')}`];
    for (let i = 0; i < 60; i++) {
      const row = legacyRow(
        {
          ...SOUTH_HAMS_FLAT,
          LMK_KEY: `lmk${i}`,
          ADDRESS1: i % 7 === 0 ? `Flat ${i},\nThe "Old" Mill` : `${i} Fore Street,`,
          HEATING_COST_CURRENT: String(100 + i * 7.25),
          LIGHTING_COST_CURRENT: i % 5 === 0 ? '' : '£1,204.50',
          LODGEMENT_DATE: i % 11 === 0 ? '2019-02-30' : `20${10 + (i % 14)}-0${1 + (i % 9)}-1${i % 10}`,
        },
        columns,
      );
      lines.push(i % 13 === 4 ? `${row},extra` : i % 3 === 0 ? `${row}\r` : row);
    }
    const file = join(dir, 'certificates.csv');
    writeFileSync(file, `${lines.join('\n')}\n`);
    const expected = await expectSameAsPerRecord(file, 'messy');
    expect(expected.quarantine.length).toBeGreaterThanOrEqual(8);
    expect(expected.rows.every((r) => r.uprn === null && r.report_type === null)).toBe(true);
  });
});

describe('enhanceFilesToParquet (pds epc enhance --format parquet)', () => {
  it('joins England and Wales (columnar) and Scottish (per record) files, in the order given', async () => {
    const out = join(dir, 'mixed-sources');
    const wales = SAMPLE_AREAS.findIndex((a) => a.country === 'Wales');
    const scotland = SAMPLE_AREAS.findIndex((a) => a.country === 'Scotland');
    const ew = await writeEpcEnglandWales(buildAddressBook(SAMPLE_AREAS[wales]!, 3, 30), wales, out, 3);
    const sc = await writeEpcScotland(buildAddressBook(SAMPLE_AREAS[scotland]!, 3, 30), scotland, out, 3);
    // The Scottish extract, then the Welsh area's legacy certificates.csv.
    const files = [sc.files, ew.files].map((fs) =>
      fs.map((f) => f.file.path).find((f) => /\/certificates\.csv$|D_EPC_data/.test(f))!,
    );
    const expected: Record<string, unknown>[] = [];
    const expectedQuarantine: QuarantinedRow[] = [];
    for (const [i, file] of files.entries()) {
      const { rows, quarantine } = await perRecord(file, join(dir, `mixed-expected-${i}.parquet`));
      expected.push(...rows);
      expectedQuarantine.push(...quarantine);
    }
    const quarantine: QuarantinedRow[] = [];
    const target = join(dir, 'mixed.parquet');
    const rows = await enhanceFilesToParquet(files, target, (row) => quarantine.push(row));
    expect(rows).toBe(expected.length);
    expect(quarantine).toEqual(expectedQuarantine);
    expect(await rowsOf(target)).toEqual(expected);
    expect(new Set(expected.map((r) => r.country))).toEqual(new Set(['Scotland', 'Wales']));
  }, 60_000);
});

describe('enhanceStagedScotlandColumnar (the refresh’s Scottish partition)', () => {
  /** Spellings and values Scottish extracts differ in: each record given some of them. */
  function variant(record: Record<string, string>, i: number): Record<string, string> {
    const v = { ...record };
    const rename = (from: string, to: string) => {
      v[to] = v[from]!;
      delete v[from];
    };
    if (i % 3 === 1) {
      // Older extracts: WALLS_*, POSTTOWN, 3_YR_ENERGY_SAVING_POTENTIAL, and a UPRN column.
      rename('wall_description', 'walls_description');
      rename('wall_energy_eff', 'walls_energy_eff');
      rename('post_town', 'posttown');
      rename('3_yr_energy_savings_potential', '3_yr_energy_saving_potential');
      // Its own UPRN column stands in where the OSG reference is blank.
      v.uprn = i % 2 === 0 ? '906700000001' : '0123';
      if (i % 2 === 0) v.osg_reference_number = '';
    }
    if (i % 5 === 2) {
      // Values the rules rewrite, beside the plain ones the SQL fast paths take.
      v.osg_reference_number = ' 906423511 ';
      v.building_reference_number = 'NULL';
      v.address1 = '12  High Street,';
      v.improvements = `${v.improvements ?? ''} | (null)`;
      delete v.data_zone;
    }
    // A plain reference that is no UPRN: one fast path takes it, the other must not.
    if (i % 5 === 4) v.osg_reference_number = 'OSG-12';
    if (i % 7 === 3) for (const key of ['air_tightness_description', 'lzc_energy_sources']) delete v[key];
    return v;
  }

  it('writes the per-record enhancer’s analyst rows and certificate texts, spelling by spelling', async () => {
    const out = join(dir, 'scotland-staged');
    const area = SAMPLE_AREAS.findIndex((a) => a.country === 'Scotland');
    const written = await writeEpcScotland(buildAddressBook(SAMPLE_AREAS[area]!, 3, 30), area, out, 3);
    const file = written.files.map((f) => f.file.path).find((f) => /D_EPC_data/.test(f))!;
    const records: Record<string, string>[] = [];
    for await (const row of readScottishEpc(file))
      if (row.ok) records.push(variant(row.record, records.length));
    expect(records.length).toBeGreaterThan(20);

    // The staged table as epc_scotland_raw writes it.
    const staged = join(out, 'staged.parquet');
    const writer = await ParquetTableWriter.open(staged, SCOTLAND_STAGED_COLUMNS, { staging: 'csv' });
    for (const [i, raw] of records.entries())
      writer.append({ ...raw, raw, source_file: file, source_line: i + 3 });
    await writer.close();

    // The oracle: each record through the per-record enhancer, written as the per-record path wrote them.
    const expected = await ParquetTableWriter.open(join(out, 'expected.parquet'), SCOTLAND_ENHANCED_COLUMNS, {
      staging: 'csv',
    });
    const enhanced = records.map((raw) => enhanceScotland(raw));
    for (const record of enhanced) expected.append({ ...record, country: 'Scotland' });
    await expected.close();

    const result = await enhanceStagedScotlandColumnar(
      staged,
      {
        enhanced: { path: join(out, 'enhanced.parquet'), columns: SCOTLAND_ENHANCED_COLUMNS },
        certificates: join(out, 'certificates.parquet'),
      },
      { threads: 1, runRows: 10 },
    );
    expect(result.rows).toBe(records.length);
    expect(result.files.enhanced.length).toBe(Math.ceil(records.length / 10));
    const actual = (await Promise.all(result.files.enhanced.map(rowsOf))).flat();
    expect(actual).toEqual(await rowsOf(join(out, 'expected.parquet')));
    expect(new Set(actual.map((r) => r.uprn))).toContain(906700000001);

    // Each certificate's texts exactly as the blocks store them: the staged record, and JSON.stringify's record.
    const certificates = await rows(
      `SELECT uprn, country, certificate_id, raw::VARCHAR AS raw, enhanced::VARCHAR AS enhanced ` +
        `FROM read_parquet([${result.files.certificates.map((f) => `'${f}'`).join(', ')}])`,
    );
    expect(certificates.map((c) => [c.raw, c.enhanced]).sort()).toEqual(
      records.map((raw, i) => [JSON.stringify(raw), JSON.stringify(enhanced[i])]).sort(),
    );
    for (const c of certificates) {
      const record = JSON.parse(c.enhanced as string) as EnhancedScottishEpc;
      expect([c.uprn, c.country, c.certificate_id]).toEqual([
        record.uprn,
        'Scotland',
        record.building_reference_number,
      ]);
    }
  }, 60_000);
});

describe('the SQL twins of the rules', () => {
  async function sql(query: string): Promise<Record<string, unknown>[]> {
    const instance = await DuckDBInstance.create(':memory:');
    const connection = await instance.connect();
    try {
      return (await connection.runAndReadAll(query)).getRowObjectsJS();
    } finally {
      connection.closeSync();
      instance.closeSync();
    }
  }
  const quote = (v: string) => `'${v.replaceAll("'", "''")}'`;

  /** Where the fast path takes a value, it gives the rule's answer. */
  async function checkFastPath(
    fast: SqlFastPath,
    rule: (v: string) => unknown,
    values: string[],
    taken: string[],
  ) {
    const rows = await sql(
      `SELECT v, ${fast.when('v')} AS fast, CASE WHEN ${fast.when('v')} THEN ${fast.then('v')} END AS answer ` +
        `FROM (VALUES ${values.map((v) => `(${quote(v)})`).join(', ')}) t(v)`,
    );
    for (const row of rows) {
      if (!row.fast) continue;
      const expected = rule(row.v as string);
      const answer = row.answer instanceof Date ? row.answer.toISOString() : row.answer;
      expect([row.v, typeof answer === 'bigint' ? Number(answer) : answer]).toEqual([row.v, expected]);
    }
    expect(rows.filter((r) => r.fast).map((r) => r.v)).toEqual(taken);
  }

  it('plain text: only text cleanText leaves as it is', async () => {
    await checkFastPath(
      PLAIN_TEXT_SQL,
      cleanText,
      [
        '2, Widcombe Hill',
        'Flat 1,',
        ' Flat 1',
        'a  b',
        'N/A',
        'not recorded',
        'NODATA!',
        'Room heaters, (null)',
        'W/m?K',
        'SAP05:Main-Heating',
        '%%MAIN%%',
        'x *** y',
        'English|Cymraeg',
        'Café',
        'Null',
        'O’Brien',
        "O'Brien",
        'B',
        // Scottish improvements: parts joined by ` | `, amounts in pounds.
        'Description: Floor insulation; Indicative Cost: £800 - £1,200 | Description: Hot water cylinder thermostat',
        '£',
        'a | b',
        'a|b',
        'a |b',
        'a  | b',
        'a | ',
        '| a',
        'a | | b',
        'a |',
        'N/A | NULL',
        'N/A | x',
        'SAP05:Main-Heating | %%MAIN%%',
        'a | (null)',
        'Cost: Â£800',
        'Cost: &pound;800',
        'a | b,',
      ],
      [
        '2, Widcombe Hill',
        "O'Brien",
        'B',
        'Description: Floor insulation; Indicative Cost: £800 - £1,200 | Description: Hot water cylinder thermostat',
        '£',
        'a | b',
        'N/A | x',
      ],
    );
  });

  it('plain text: every sample Scottish free text the fast path takes is cleanText’s answer', async () => {
    const out = join(dir, 'scotland-text');
    const area = SAMPLE_AREAS.findIndex((a) => a.country === 'Scotland');
    const written = await writeEpcScotland(buildAddressBook(SAMPLE_AREAS[area]!, 3, 30), area, out, 3);
    const file = written.files.map((f) => f.file.path).find((f) => /D_EPC_data/.test(f))!;
    const values = new Set<string>();
    for await (const row of readScottishEpc(file))
      if (row.ok)
        for (const key of ['improvements', 'alternative_improvements', 'addendum_text', 'address1'])
          values.add(row.record[key as keyof typeof row.record] ?? '');
    const rows = await sql(
      `SELECT v, ${PLAIN_TEXT_SQL.when('v')} AS fast FROM (VALUES ${[...values].map((v) => `(${quote(v)})`).join(', ')}) t(v)`,
    );
    for (const row of rows) if (row.fast) expect(cleanText(row.v as string)).toBe(row.v);
    // Most of them: the improvements are why the path takes ` | ` and `£`.
    expect(rows.filter((r) => r.fast).length).toBeGreaterThan(values.size / 2);
  });

  it('postcodes, UPRNs and lodgement times', async () => {
    await checkFastPath(
      POSTCODE_SQL,
      normalisePostcode,
      ['BA2 6JY', 'ba2 6jy', 'BA26JY', 'BA2  6JY', 'EC1A 1BB'],
      ['BA2 6JY', 'EC1A 1BB'],
    );
    const uprn = ENGLAND_WALES_FIELD_RULES.find((r) => r.name === 'uprn')!;
    await checkFastPath(
      (uprn as { fast: SqlFastPath }).fast,
      toUprn,
      ['100120002796', '0123', '1e3', '999999999999', '1000000000000', '12.0'],
      ['100120002796', '999999999999'],
    );
    const datetime = ENGLAND_WALES_FIELD_RULES.find((r) => r.name === 'lodgement_datetime')!;
    await checkFastPath(
      (datetime as { fast: SqlFastPath }).fast,
      toTimestamp,
      [
        '2023-10-06 17:15:40',
        '2019-02-30 10:00:00',
        '2023-10-06 24:00:00',
        '0012-05-01 10:00:00',
        '2100-01-01 00:00:00',
        '2019-05-31T13:04:08',
      ],
      ['2023-10-06 17:15:40', '2019-02-30 10:00:00'],
    );
  });

  it('totals and adjusted costs compute the same doubles as their rules', async () => {
    const pairs: [number | null, number | null][] = [
      [2.1, 0.5],
      [4.5, 1.4],
      [10.2, 4.2],
      [0.3, 0.1],
      [-1.25, 2.5],
      [null, 3],
      [767, 79.35],
      [123.45, 67.891],
    ];
    // (String(v) is the shortest text that reads back as the same double.)
    const lit = (v: number | null) => (v === null ? 'NULL::DOUBLE' : `${v}::DOUBLE`);
    const rows = await sql(
      `SELECT ${pairs
        .map(
          ([a, b], i) =>
            `${co2ReductionPotentialSql(lit(a), lit(b))} AS c${i}, ${totalEnergyConsumptionSql(lit(a), lit(b))} AS t${i}`,
        )
        .join(', ')}`,
    );
    pairs.forEach(([a, b], i) => {
      expect(rows[0]![`c${i}`]).toBe(co2ReductionPotential(a, b));
      expect(rows[0]![`t${i}`]).toBe(totalEnergyConsumption(a, b));
    });

    const ratios = {
      heating: 3.64 / 3.1,
      hot_water: 16.49 / 11.46,
      lighting: 1.2502,
      standing_charges: 160,
    };
    const costs = {
      heating_cost_current: 598,
      heating_cost_potential: 249.33,
      hot_water_cost_current: 122,
      hot_water_cost_potential: null,
      lighting_cost_current: 57.1,
      lighting_cost_potential: 42,
    };
    const sqlCosts = Object.fromEntries(Object.entries(costs).map(([k, v]) => [k, lit(v)])) as Record<
      keyof typeof costs,
      string
    >;
    const sqlRatios = Object.fromEntries(Object.entries(ratios).map(([k, v]) => [k, lit(v)])) as Record<
      keyof typeof ratios,
      string
    >;
    const [row] = await sql(`SELECT ${applyCostRatiosSql(sqlRatios, sqlCosts)}::VARCHAR AS j`);
    // The text JSON.stringify writes: whole amounts without a fraction (160, not 160.0).
    expect(row!.j).toBe(JSON.stringify(applyCostRatios(ratios, costs)));
    const none = {
      heating: 'NULL::DOUBLE',
      hot_water: 'NULL::DOUBLE',
      lighting: 'NULL::DOUBLE',
      standing_charges: 'NULL::DOUBLE',
    };
    const [empty] = await sql(`SELECT ${applyCostRatiosSql(none, sqlCosts)} AS j`);
    expect(empty!.j).toBeNull();
  });
});
