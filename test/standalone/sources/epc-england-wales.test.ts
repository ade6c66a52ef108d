import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SourceRow } from '../../../pipelines/io/quarantine';
import {
  findEpcBulkFiles,
  parseLocalAuthorityFolder,
  readEnglandWalesCertificates,
  readEnglandWalesRecommendations,
} from '../../../pipelines/sources/epc/england-wales';
import { RAW_EW_CERTIFICATE_COLUMNS, RAW_EW_CERTIFICATE_FIELDS } from '../../../schemas/epc';
import { LEGACY_HEADER, SOUTH_HAMS_FLAT, legacyRow } from './epc-fixtures';

async function tempFile(name: string, text: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'epc-'));
  const file = join(dir, name);
  await writeFile(file, text, 'utf8');
  return file;
}

async function all<T>(rows: AsyncIterable<SourceRow<T>>): Promise<SourceRow<T>[]> {
  const out: SourceRow<T>[] = [];
  for await (const row of rows) out.push(row);
  return out;
}

const records = <T>(rows: SourceRow<T>[]): T[] => rows.flatMap((r) => (r.ok ? [r.record] : []));

describe('readEnglandWalesCertificates', () => {
  it('keeps the published string values under lower-case raw field names, in published order', async () => {
    const file = await tempFile('certificates.csv', `${LEGACY_HEADER}\r\n${legacyRow(SOUTH_HAMS_FLAT)}\r\n`);
    const [row] = await all(readEnglandWalesCertificates(file));
    expect(row).toMatchObject({ ok: true, line: 2 });
    const record = row!.ok ? row!.record : {};
    expect(Object.keys(record)).toEqual(RAW_EW_CERTIFICATE_FIELDS);
    expect(record).toMatchObject({
      lmk_key: '89931970062019053113040836250130',
      address1: 'Flat 2, 10 Fore Street',
      current_energy_efficiency: '61', // a string, exactly as in the file
      floor_level: 'ground floor',
      heat_loss_corridor: 'NO DATA!',
      construction_age_band: 'England and Wales: 1930-1949',
      uprn: '100040209834',
      county: '',
    });
  });

  it('accepts the HEAT_LOSS_CORRIDOOR spelling and releases without UPRN, UPRN_SOURCE, REPORT_TYPE', async () => {
    const columns = RAW_EW_CERTIFICATE_COLUMNS.slice(0, -3);
    const header = columns.join(',').replace('HEAT_LOSS_CORRIDOR', 'HEAT_LOSS_CORRIDOOR');
    const row = legacyRow({ ...SOUTH_HAMS_FLAT, HEAT_LOSS_CORRIDOR: 'unheated corridor' }, columns);
    const file = await tempFile('certificates.csv', `${header}\n${row}\n`);
    let missing: string[] = [];
    const rows = await all(readEnglandWalesCertificates(file, { onHeader: (h) => (missing = h.missing) }));
    const [record] = records(rows);
    expect(record).toMatchObject({
      heat_loss_corridor: 'unheated corridor',
      uprn: '',
      uprn_source: '',
      report_type: '',
    });
    expect(record).not.toHaveProperty('heat_loss_corridoor');
    expect(missing).toEqual(['uprn', 'uprn_source', 'report_type']);
  });

  it('maps columns by name whatever their order or case', async () => {
    const columns = [...RAW_EW_CERTIFICATE_COLUMNS].reverse();
    const header = columns.map((c) => c.toLowerCase()).join(',');
    const file = await tempFile('certificates.csv', `${header}\n${legacyRow(SOUTH_HAMS_FLAT, columns)}\n`);
    const [record] = records(await all(readEnglandWalesCertificates(file)));
    expect(record).toMatchObject({ lmk_key: SOUTH_HAMS_FLAT.LMK_KEY, tenure: 'rental (social)' });
  });

  it('reads the 2025+ lower-case layout: certificate_number as lmk_key, new columns kept', async () => {
    const header =
      'certificate_number,address1,postcode,current_energy_rating,lodgement_date,tenure,' +
      'low_energy_fixed_lighting_outlets_count,region,country,uprn';
    const file = await tempFile(
      'certificates-2024.csv',
      `${header}\n0000-0000-0000-0000-0006,"1, High St",CA8 7JG,C,2024-02-01,rented (social),6,North East,England,12\n`,
    );
    const [record] = records(await all(readEnglandWalesCertificates(file)));
    expect(record).toMatchObject({
      lmk_key: '0000-0000-0000-0000-0006',
      low_energy_fixed_light_count: '6',
      building_reference_number: '',
      region: 'North East',
      country: 'England',
    });
  });

  it('quarantines rows with the wrong column count or broken quoting and carries on', async () => {
    const good = legacyRow(SOUTH_HAMS_FLAT);
    const noId = legacyRow({ ...SOUTH_HAMS_FLAT, LMK_KEY: '' });
    const text = `${LEGACY_HEADER}\n${good}\nshort,row\n${good.replace('"Flat 2, 10 Fore Street"', '"Flat 2" 10')}\n${noId}\n${good}\n`;
    const rows = await all(readEnglandWalesCertificates(await tempFile('certificates.csv', text)));
    expect(rows.map((r) => (r.ok ? `ok ${r.line}` : `${r.row.line}: ${r.row.reason}`))).toEqual([
      'ok 2',
      '3: expected 93 columns, found 2',
      '4: unexpected character after closing quote',
      '5: LMK_KEY (certificate id) is blank',
      'ok 6',
    ]);
    expect(rows[1]).toMatchObject({
      ok: false,
      row: { dataset: 'epc-england-wales-certificates', raw: 'short,row' },
    });
  });

  it('quarantines a row lodged on a day that does not exist, but not the 0012 year typo', async () => {
    const rowOn = (date: string) => legacyRow({ ...SOUTH_HAMS_FLAT, LODGEMENT_DATE: date });
    const text = `${LEGACY_HEADER}\n${rowOn('2019-02-30')}\n${rowOn('2019-13-01')}\n${rowOn('0012-05-01')}\n${rowOn('2020-02-29')}\n`;
    const rows = await all(readEnglandWalesCertificates(await tempFile('certificates.csv', text)));
    expect(rows.map((r) => (r.ok ? `ok ${r.line}` : `${r.row.line}: ${r.row.reason}`))).toEqual([
      '2: impossible LODGEMENT_DATE 2019-02-30',
      '3: impossible LODGEMENT_DATE 2019-13-01',
      'ok 4',
      'ok 5',
    ]);
  });

  it('refuses a file that is not E&W certificates, or lacks published columns', async () => {
    const scottish = await tempFile('x.csv', 'OSG_REFERENCE_NUMBER,POSTCODE\n1,EH1 1AA\n');
    await expect(all(readEnglandWalesCertificates(scottish))).rejects.toThrow(
      /format ew-legacy or ew-2025, found scotland/,
    );
    const partial = await tempFile(
      'certificates.csv',
      'LMK_KEY,CURRENT_ENERGY_RATING,POSTCODE\n1,D,TQ9 5RP\n',
    );
    await expect(all(readEnglandWalesCertificates(partial))).rejects.toThrow(
      /missing column\(s\) LODGEMENT_DATE/,
    );
  });
});

describe('readEnglandWalesRecommendations', () => {
  it('reads the legacy 7-column file', async () => {
    const text =
      'LMK_KEY,IMPROVEMENT_ITEM,IMPROVEMENT_SUMMARY_TEXT,IMPROVEMENT_DESCR_TEXT,IMPROVEMENT_ID,IMPROVEMENT_ID_TEXT,INDICATIVE_COST\n' +
      '89931970062019053113040836250130,1,Increase loft insulation to 270 mm,"Loft insulation laid in the loft space, ideally 270 mm.",5,,"£100 - £350"\n';
    const [record] = records(
      await all(readEnglandWalesRecommendations(await tempFile('recommendations.csv', text))),
    );
    expect(record).toEqual({
      lmk_key: '89931970062019053113040836250130',
      improvement_item: '1',
      improvement_summary_text: 'Increase loft insulation to 270 mm',
      improvement_descr_text: 'Loft insulation laid in the loft space, ideally 270 mm.',
      improvement_id: '5',
      improvement_id_text: '',
      indicative_cost: '£100 - £350',
    });
  });

  it('reads the 2025+ layout (certificate_number, no improvement_id_text)', async () => {
    const text =
      'certificate_number,improvement_item,improvement_id,improvement_summary_text,improvement_descr_text,indicative_cost\n' +
      '0000-0000-0000-0000-0006,1,5,Increase loft insulation to 270 mm,Long text,£100 - £350\n';
    const [record] = records(
      await all(readEnglandWalesRecommendations(await tempFile('recommendations-2024.csv', text))),
    );
    expect(record).toMatchObject({
      lmk_key: '0000-0000-0000-0000-0006',
      improvement_id: '5',
      improvement_id_text: '',
    });
  });
});

describe('findEpcBulkFiles', () => {
  it('finds per-LA files with their LA code, and the single-file layout', async () => {
    const root = await mkdtemp(join(tmpdir(), 'epc-bulk-'));
    for (const la of ['domestic-E07000044-South-Hams', 'domestic-W06000001-Isle-of-Anglesey']) {
      await mkdir(join(root, 'all-domestic-certificates', la), { recursive: true });
      await writeFile(join(root, 'all-domestic-certificates', la, 'certificates.csv'), '');
      await writeFile(join(root, 'all-domestic-certificates', la, 'recommendations.csv'), '');
    }
    await mkdir(join(root, 'single'), { recursive: true });
    await writeFile(join(root, 'single', 'certificates.csv'), '');
    await writeFile(join(root, 'single', 'columns.csv'), '');
    const files = await findEpcBulkFiles(root);
    expect(files.map((f) => [f.kind, f.localAuthorityCode, f.path.slice(root.length)])).toEqual([
      [
        'certificates',
        'E07000044',
        '/all-domestic-certificates/domestic-E07000044-South-Hams/certificates.csv',
      ],
      [
        'recommendations',
        'E07000044',
        '/all-domestic-certificates/domestic-E07000044-South-Hams/recommendations.csv',
      ],
      [
        'certificates',
        'W06000001',
        '/all-domestic-certificates/domestic-W06000001-Isle-of-Anglesey/certificates.csv',
      ],
      [
        'recommendations',
        'W06000001',
        '/all-domestic-certificates/domestic-W06000001-Isle-of-Anglesey/recommendations.csv',
      ],
      ['certificates', null, '/single/certificates.csv'],
    ]);
  });

  it('parses LA folder names', () => {
    expect(parseLocalAuthorityFolder('domestic-E07000044-South-Hams')).toEqual({
      code: 'E07000044',
      folderName: 'South-Hams',
    });
    expect(parseLocalAuthorityFolder('all-domestic-certificates')).toBeNull();
  });
});
