// Schema drift of a source file: its header against the published layouts the loader reads, by name.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  columnDrift,
  readCsvHeader,
  sourceColumns,
} from '../../../../pipelines/orchestration/checks/columns';
import type { AssetContext } from '../../../../pipelines/orchestration/definition';
import { loadConfig } from '../../../../pipelines/config';
import {
  EW_REGISTER_2025_CERTIFICATE_COLUMNS,
  OPTIONAL_RAW_EW_CERTIFICATE_COLUMNS,
  RAW_EW_CERTIFICATE_COLUMNS,
  RAW_EW_COLUMN_ALIASES,
} from '../../../../schemas/epc';

const KNOWN = ['UPRN', 'X_COORDINATE', 'Y_COORDINATE', 'LATITUDE', 'LONGITUDE'];

describe('columnDrift', () => {
  it('finds nothing in the published header, whatever its case, BOM or padding', () => {
    expect(
      columnDrift(KNOWN, ['\uFEFFuprn', ' x_coordinate', 'Y_Coordinate ', 'LATITUDE', 'LONGITUDE']),
    ).toEqual({
      missing: [],
      added: [],
      renamed: [],
      reordered: false,
    });
  });

  it('reports a column that is gone as missing, by its published name', () => {
    expect(columnDrift(KNOWN, ['UPRN', 'X_COORDINATE', 'Y_COORDINATE', 'LONGITUDE'])).toMatchObject({
      missing: ['LATITUDE'],
      added: [],
      renamed: [],
    });
  });

  it('reports a new column as added, as the header spells it', () => {
    expect(columnDrift(KNOWN, [...KNOWN, 'Classification_Code'])).toMatchObject({
      missing: [],
      added: ['Classification_Code'],
      renamed: [],
      reordered: false,
    });
  });

  it('reads an unknown column where a known one was as a rename, not as one missing and one added', () => {
    expect(columnDrift(KNOWN, ['UPRN', 'EASTING', 'Y_COORDINATE', 'LATITUDE', 'LONGITUDE'])).toEqual({
      missing: [],
      added: [],
      renamed: [{ from: 'X_COORDINATE', to: 'EASTING' }],
      reordered: false,
    });
  });

  it('notices known columns in another order (every one still present)', () => {
    expect(columnDrift(KNOWN, ['UPRN', 'LATITUDE', 'LONGITUDE', 'X_COORDINATE', 'Y_COORDINATE'])).toEqual({
      missing: [],
      added: [],
      renamed: [],
      reordered: true,
    });
  });

  it('accepts another published spelling through the aliases', () => {
    const known = ['LMK_KEY', 'HEAT_LOSS_CORRIDOR', 'MAIN_FUEL'];
    expect(
      columnDrift(known, ['LMK_KEY', 'HEAT_LOSS_CORRIDOOR', 'MAIN_FUEL'], {
        heat_loss_corridoor: 'heat_loss_corridor',
      }),
    ).toEqual({ missing: [], added: [], renamed: [], reordered: false });
    // Without the alias the old spelling is a rename.
    expect(columnDrift(known, ['LMK_KEY', 'HEAT_LOSS_CORRIDOOR', 'MAIN_FUEL']).renamed).toEqual([
      { from: 'HEAT_LOSS_CORRIDOR', to: 'HEAT_LOSS_CORRIDOOR' },
    ]);
  });
});

describe('sourceColumns against the EPC register layouts (schemas/epc.ts)', () => {
  let dir: string;
  const ctx: AssetContext = { config: loadConfig({}), runId: 'run-1', log: () => {}, heartbeat: () => {} };
  const check = sourceColumns(
    [
      {
        columns: RAW_EW_CERTIFICATE_COLUMNS,
        optional: OPTIONAL_RAW_EW_CERTIFICATE_COLUMNS,
        aliases: RAW_EW_COLUMN_ALIASES,
      },
      { columns: EW_REGISTER_2025_CERTIFICATE_COLUMNS },
    ],
    { filesOf: (sources) => sources.filter((f) => /certificates[^/]*\.csv$/i.test(f)) },
  );
  const csv = (name: string, header: readonly string[]): string => {
    const path = join(dir, name);
    writeFileSync(path, `${header.join(',')}\r\n${header.map(() => 'x').join(',')}\r\n`);
    return path;
  };
  const run = (sources: string[]) =>
    check.run({ ctx, result: { rows: 1, outputs: [] }, previous: null, sources });

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'pds-columns-'));
  });

  it('reads the header row of a CSV file, quoted cells and a BOM included', async () => {
    const path = join(dir, 'certificates.csv');
    writeFileSync(path, '\uFEFFA,"B, with a comma",C\r\n1,2,3\r\n');
    expect(await readCsvHeader(path)).toEqual(['A', 'B, with a comma', 'C']);
  });

  it('passes the legacy bulk layout, its older spelling and its older releases without UPRN', async () => {
    const legacy = RAW_EW_CERTIFICATE_COLUMNS.map((c) =>
      c === 'HEAT_LOSS_CORRIDOR' ? 'HEAT_LOSS_CORRIDOOR' : c,
    );
    const older = RAW_EW_CERTIFICATE_COLUMNS.filter(
      (c) => !(OPTIONAL_RAW_EW_CERTIFICATE_COLUMNS as readonly string[]).includes(c),
    );
    expect(RAW_EW_CERTIFICATE_COLUMNS).toContain('HEAT_LOSS_CORRIDOR');
    expect(await run([csv('certificates.csv', legacy)])).toEqual({
      passed: true,
      measured: '1 file(s), no drift',
      expected: 'the published columns',
    });
    expect((await run([csv('certificates-older.csv', older)])).passed).toBe(true);
  });

  it('passes the 2025 register export, judged against its own layout', async () => {
    const outcome = await run([csv('certificates-2025.csv', EW_REGISTER_2025_CERTIFICATE_COLUMNS)]);
    expect(outcome.passed).toBe(true);
  });

  it('blocks a legacy file with a renamed and a missing column, naming both and the file', async () => {
    const header = RAW_EW_CERTIFICATE_COLUMNS.filter((c) => c !== 'MAIN_FUEL').map((c) =>
      c === 'CURRENT_ENERGY_RATING' ? 'CURRENT_ENERGY_BAND' : c,
    );
    const path = csv('certificates.csv', header);
    const outcome = await run([path]);
    expect(outcome).toEqual({
      passed: false,
      measured: `${dir.split('/').at(-1)}/certificates.csv: renamed CURRENT_ENERGY_RATING → CURRENT_ENERGY_BAND; missing MAIN_FUEL`,
      expected: `every published column (${RAW_EW_CERTIFICATE_COLUMNS.length}) by name`,
      where: `${path} line 1`,
    });
  });

  it('only warns about an added column: the loader maps columns by name', async () => {
    const outcome = await run([csv('certificates.csv', [...RAW_EW_CERTIFICATE_COLUMNS, 'SOLAR_PV_KW'])]);
    expect(outcome).toMatchObject({
      passed: false,
      severity: 'warning',
      measured: expect.stringContaining('added SOLAR_PV_KW'),
    });
  });

  it('judges only the files `filesOf` picks, and blocks on the one that drifted', async () => {
    const good = csv('certificates-2024.csv', EW_REGISTER_2025_CERTIFICATE_COLUMNS);
    const bad = csv(
      'certificates-2025.csv',
      EW_REGISTER_2025_CERTIFICATE_COLUMNS.filter((c) => c !== 'postcode'),
    );
    const recommendations = csv('recommendations.csv', ['LMK_KEY', 'IMPROVEMENT_ITEM']);
    const outcome = await run([good, recommendations, bad]);
    expect(outcome).toMatchObject({
      passed: false,
      measured: expect.stringContaining('missing postcode'),
      where: `${bad} line 1`,
    });
    expect((await run([good, recommendations])).passed).toBe(true);
  });

  it('takes a single list of columns with optional ones', async () => {
    const uprn = sourceColumns(KNOWN, { optional: ['LATITUDE', 'LONGITUDE'] });
    const sources = [csv('osopenuprn.csv', ['UPRN', 'X_COORDINATE', 'Y_COORDINATE'])];
    expect(await uprn.run({ ctx, result: { rows: 1, outputs: [] }, previous: null, sources })).toMatchObject({
      passed: true,
    });
    const cut = [csv('osopenuprn-cut.csv', ['UPRN', 'X_COORDINATE'])];
    expect(
      await uprn.run({ ctx, result: { rows: 1, outputs: [] }, previous: null, sources: cut }),
    ).toMatchObject({
      passed: false,
      measured: expect.stringContaining('missing Y_COORDINATE'),
    });
  });
});
