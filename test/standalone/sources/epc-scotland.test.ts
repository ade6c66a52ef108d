import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SourceRow } from '../../../pipelines/io/quarantine';
import {
  classifyScottishHeader,
  findScottishEpcFiles,
  readScottishEpc,
  type ScottishHeader,
} from '../../../pipelines/sources/epc/scotland';
import type { RawScottishEpc } from '../../../schemas/epc';

// A slice of a Scottish extract: machine names, then friendly names (epc.md 3), then data.
const MACHINE =
  'ï»¿OSG_REFERENCE_NUMBER,BUILDING_REFERENCE_NUMBER,POSTCODE,LODGEMENT_DATE,TOTAL_FLOOR_AREA,' +
  'CURRENT_ENERGY_EFFICIENCY,WALL_DESCRIPTION,TENURE,CONSTRUCTION_AGE_BAND,WIND_TURBINE_COUNT';
const FRIENDLY =
  'OSG_UPRN,Property_UPRN,Postcode,Date of Certificate,Total floor area (mÂ²),' +
  'Current energy efficiency rating,WALL_DESCRIPTION,Tenure,Part 1 Construction Age Band,Wind Turbines Count';
const DATA =
  '906423511,1234567890,EH1 1YZ,2021-03-04,72,68,' +
  '"Sandstone or limestone, as built, no insulation (assumed) | Timber frame, as built, insulated (assumed)",' +
  'rented (social),1950-1964,NULL';

async function load(
  content: string | Buffer,
  options = {},
): Promise<{ rows: SourceRow<RawScottishEpc>[]; header?: ScottishHeader }> {
  const file = join(await mkdtemp(join(tmpdir(), 'scot-')), 'D_EPC_data_2021Q4.csv');
  await writeFile(file, content);
  const rows: SourceRow<RawScottishEpc>[] = [];
  let header: ScottishHeader | undefined;
  for await (const row of readScottishEpc(file, { ...options, onHeader: (h) => (header = h) }))
    rows.push(row);
  return { rows, header };
}

describe('readScottishEpc', () => {
  it('reads machine names as keys, skips the friendly row and cleans BOM mojibake', async () => {
    const { rows, header } = await load(`${MACHINE}\r\n${FRIENDLY}\r\n${DATA}\r\n`);
    expect(header?.friendly?.[4]).toBe('Total floor area (m²)');
    expect(header?.machine[0]).toBe('OSG_REFERENCE_NUMBER');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      ok: true,
      line: 3,
      record: {
        osg_reference_number: '906423511',
        postcode: 'EH1 1YZ',
        wall_description:
          'Sandstone or limestone, as built, no insulation (assumed) | Timber frame, as built, insulated (assumed)',
        tenure: 'rented (social)',
        wind_turbine_count: 'NULL', // raw values stay as published
      },
    });
  });

  it('detects the friendly row first (older extracts) and a file with machine names only', async () => {
    const reversed = await load(`${FRIENDLY}\n${MACHINE}\n${DATA}\n`);
    expect(reversed.header?.machine[0]).toBe('OSG_REFERENCE_NUMBER');
    expect(reversed.rows[0]).toMatchObject({ ok: true, line: 3, record: { postcode: 'EH1 1YZ' } });
    const single = await load(`${MACHINE}\n${DATA}\n`);
    expect(single.header).toMatchObject({ friendly: null, headerRows: 1 });
    expect(single.rows[0]).toMatchObject({
      ok: true,
      line: 2,
      record: { osg_reference_number: '906423511' },
    });
  });

  it('reads a Windows-1252 file (auto-detected) with the BOM bytes read as Latin-1', async () => {
    const latin1 = Buffer.from(
      `${MACHINE.replace('ï»¿', '\u00ef\u00bb\u00bf')}\n${FRIENDLY.replace('Â²', '²')}\n${DATA}\n`,
      'latin1',
    );
    const { rows, header } = await load(latin1);
    expect(header?.friendly?.[4]).toBe('Total floor area (m²)');
    expect(rows[0]).toMatchObject({ ok: true, record: { osg_reference_number: '906423511' } });
  });

  it('quarantines rows with the wrong column count', async () => {
    const { rows } = await load(`${MACHINE}\n${FRIENDLY}\n906423511,EH1 1YZ\n${DATA}\n`);
    expect(rows.map((r) => (r.ok ? 'ok' : r.row.reason))).toEqual(['expected 10 columns, found 2', 'ok']);
  });

  it('refuses a file with no machine-name header', async () => {
    await expect(load('Postcode,Date of Assessment\nEH1 1YZ,2021-03-04\n')).rejects.toThrow(
      /no machine-name header/,
    );
  });
});

describe('classifyScottishHeader', () => {
  it('prefers the row with more UPPER_SNAKE_CASE names as machine names', () => {
    expect(
      classifyScottishHeader(
        ['OSG_UPRN', 'Postcode', 'WALL_DESCRIPTION'],
        ['OSG_REFERENCE_NUMBER', 'POSTCODE', 'WALL_DESCRIPTION'],
      ),
    ).toMatchObject({ machine: ['OSG_REFERENCE_NUMBER', 'POSTCODE', 'WALL_DESCRIPTION'], headerRows: 2 });
  });
});

describe('findScottishEpcFiles', () => {
  it('lists the data CSVs and skips Header.csv', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'scot-dir-'));
    for (const f of ['Header.csv', 'D_EPC_data_2021Q4.csv', 'D_EPC_data_2022Q1.csv', 'readme.txt'])
      await writeFile(join(dir, f), '');
    expect((await findScottishEpcFiles(dir)).map((f) => f.slice(dir.length + 1))).toEqual([
      'D_EPC_data_2021Q4.csv',
      'D_EPC_data_2022Q1.csv',
    ]);
  });
});
