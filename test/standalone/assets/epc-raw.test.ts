// epc_england_wales_raw: each partition staged by the byte scan and DuckDB's CSV reader writes the tables the
// loaders' records would (the oracle: the loaders streamed through ingestToParquet, as the asset did before),
// row for row, value for value and schema alike, and the same quarantine: on the sample generator's files
// (legacy folders with broken rows, the older release without UPRN columns, the 2025+ register export) and
// on hand-written messy ones (BOM, CRLF, rows spanning lines, short and long rows, blank ids).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  RAW_EW_CERTIFICATE_FIELDS,
  RAW_EW_RECOMMENDATION_FIELDS,
  type RawEwCertificateColumn,
} from '../../../schemas/epc';
import type { AssetContext } from '../../../pipelines/orchestration/definition';
import {
  EW_CERTIFICATE_TABLE,
  EW_RECOMMENDATION_TABLE,
  epcEnglandWalesRaw,
  ewPartitionOf,
} from '../../../pipelines/assets/epc/epc-raw';
import { ingestToParquet, quarantinePath, stagedPath } from '../../../pipelines/orchestration/ingest';
import { partitionKeys } from '../../../pipelines/orchestration/materialize';
import { sourceDir, sourceRelativePath } from '../../../pipelines/orchestration/sources';
import { loadConfig } from '../../../pipelines/config';
import { type ColumnSpec } from '../../../pipelines/io/parquet';
import { buildAddressBook } from '../../../pipelines/sample-data/addresses';
import { SAMPLE_AREAS } from '../../../pipelines/sample-data/areas';
import { writeEpcEnglandWales } from '../../../pipelines/sample-data/epc-england-wales';
import {
  findEpcBulkFiles,
  readEnglandWalesCertificates,
  readEnglandWalesRecommendations,
} from '../../../pipelines/sources/epc/england-wales';
import { LEGACY_HEADER, SOUTH_HAMS_FLAT, legacyRow } from '../sources/epc-fixtures';
import { rows } from '../../helpers/parquet-rows';

const dir = mkdtempSync(join(tmpdir(), 'pds-epc-raw-'));
const sources = join(dir, 'sources');
const ctx = (partition?: string): AssetContext => ({
  config: loadConfig({ PDS_DATA_DIR: join(dir, 'data'), PDS_SOURCES_DIR: sources }),
  runId: 'test',
  partition,
  log: () => {},
  heartbeat: () => {},
});

const LEGACY_RECOMMENDATIONS =
  'LMK_KEY,IMPROVEMENT_ITEM,IMPROVEMENT_SUMMARY_TEXT,IMPROVEMENT_DESCR_TEXT,IMPROVEMENT_ID,IMPROVEMENT_ID_TEXT,INDICATIVE_COST';

/** Hand-written messy files in a South Hams folder (two releases: one partition of two files). */
function writeMessyFolder(): void {
  const ew = join(sources, 'epc-england-wales');
  const current = join(ew, 'messy', 'domestic-E07000044-South-Hams');
  const older = join(ew, 'messy-older', 'domestic-E07000044-South-Hams');
  const register = join(ew, 'messy-register');
  for (const d of [current, older, register]) mkdirSync(d, { recursive: true });

  const certs = [`\uFEFF${LEGACY_HEADER}`];
  for (let i = 0; i < 60; i++) {
    const row = legacyRow({
      ...SOUTH_HAMS_FLAT,
      LMK_KEY: `lmk${i}`,
      ADDRESS1: i % 7 === 0 ? `Flat ${i},\nThe "Old" Mill\r\nSecond line` : `${i} Fore Street`,
      ADDRESS2: i % 11 === 0 ? 'Cr\u00e8me \u2013 Caf\u00e9' : '',
      LODGEMENT_DATE: `20${10 + (i % 14)}-0${1 + (i % 9)}-1${i % 10}`,
    });
    if (i % 13 === 5)
      certs.push(row.replace('Fore Street', 'Fore "Street')); // broken quoting
    else if (i % 17 === 6)
      certs.push(row.split(',').slice(0, 40).join(',')); // short row
    else if (i % 19 === 7)
      certs.push(row.replace(`lmk${i}`, '')); // blank id
    else if (i % 23 === 8)
      certs.push(row.replace(/20\d\d-0\d-1\d/, '2019-02-30')); // impossible date
    else if (i % 29 === 9)
      certs.push(row.replace('Fore Street', 'Fore\rStreet'), ''); // bare CR, blank line
    else certs.push(i % 3 === 0 ? `${row}\r` : row); // some CRLF
  }
  writeFileSync(join(current, 'certificates.csv'), certs.join('\n'));

  const recs = [`\uFEFF${LEGACY_RECOMMENDATIONS}\r`];
  for (let i = 0; i < 80; i++) {
    const cost = i % 5 === 0 ? '"\u00a34,000 - \u00a314,000"' : '\u00a3100 - \u00a3350';
    const text = i % 6 === 0 ? '"Solid wall insulation,\r\nsee ""notes"""' : 'Increase loft insulation';
    const row = `lmk${i % 60},${1 + (i % 3)},Loft insulation,${text},5,,${cost}`;
    if (i % 11 === 3)
      recs.push(`,1,x,y,5,,${cost}`); // blank id
    else if (i % 13 === 4)
      recs.push(`"  ",1,x,y,5,,${cost}`); // blank id, quoted
    else if (i % 17 === 5)
      recs.push(`lmk${i},1,x,y`); // short row
    else if (i % 19 === 6)
      recs.push(`lmk${i},1,x,"y,5,,z`); // unterminated quote
    else recs.push(i % 2 ? `${row}\r` : row);
  }
  writeFileSync(join(current, 'recommendations.csv'), `${recs.join('\n')}\n`);

  // The older release: HEAT_LOSS_CORRIDOOR, no UPRN, UPRN_SOURCE, REPORT_TYPE.
  const olderColumns = LEGACY_HEADER.split(',').filter(
    (c) => !['UPRN', 'UPRN_SOURCE', 'REPORT_TYPE'].includes(c),
  ) as RawEwCertificateColumn[];
  const olderRows = [olderColumns.join(',').replace('HEAT_LOSS_CORRIDOR', 'HEAT_LOSS_CORRIDOOR')];
  for (let i = 0; i < 20; i++)
    olderRows.push(
      legacyRow({ ...SOUTH_HAMS_FLAT, LMK_KEY: `old${i}`, HEAT_LOSS_CORRIDOR: 'no' }, olderColumns),
    );
  olderRows.push(legacyRow({ ...SOUTH_HAMS_FLAT, LMK_KEY: '' }, olderColumns));
  writeFileSync(join(older, 'certificates.csv'), `${olderRows.join('\r\n')}\r\n`);

  // The 2025+ register export: lower-case names, certificate_number, region and country added.
  const registerHeader = [
    ...LEGACY_HEADER.toLowerCase()
      .split(',')
      .filter((c) => c !== 'county' && c !== 'building_reference_number')
      .map((c) => (c === 'lmk_key' ? 'certificate_number' : c)),
    'region',
    'country',
  ];
  const registerRows = [registerHeader.join(',')];
  for (let i = 0; i < 15; i++) {
    const values = registerHeader.map((c) =>
      c === 'certificate_number'
        ? `0000-${i}`
        : c === 'lodgement_date'
          ? i === 4
            ? '2025-02-29'
            : '2025-03-01'
          : c === 'address'
            ? '"1 High St,\nTotnes"'
            : c === 'region'
              ? 'South West'
              : c === 'postcode'
                ? 'TQ9 5RP'
                : '',
    );
    registerRows.push(values.join(','));
  }
  writeFileSync(join(register, 'certificates-2026.csv'), `${registerRows.join('\n')}\n`);
  writeFileSync(
    join(register, 'recommendations-2026.csv'),
    'certificate_number,improvement_item,improvement_id,improvement_summary_text,improvement_descr_text,indicative_cost\n' +
      '0000-1,1,7,Wall insulation,"Solid wall insulation, inside or out","\u00a34,000 - \u00a314,000"\n' +
      ',2,8,x,y,z\n0000-2,1,7\n',
  );
}

beforeAll(async () => {
  const wales = SAMPLE_AREAS.findIndex((a) => a.country === 'Wales');
  await writeEpcEnglandWales(buildAddressBook(SAMPLE_AREAS[wales]!, 5, 40), wales, sources, 5);
  writeMessyFolder();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const varchar = (name: string): ColumnSpec => ({ name, type: 'VARCHAR' });
const PROVENANCE: ColumnSpec[] = [varchar('source_file'), { name: 'source_line', type: 'BIGINT' }];

/** The oracle: a partition's files through the loaders and ingestToParquet, as the asset did before. */
async function oracle(key: string): Promise<void> {
  const c = ctx(key);
  const files = (await findEpcBulkFiles(sourceDir(c, 'epc-england-wales'))).filter(
    (f) => ewPartitionOf(f) === key,
  );
  const laOf = new Map(files.map((f) => [sourceRelativePath(c, f.path), f.localAuthorityCode]));
  await ingestToParquet(
    c,
    `oracle_certificates/${key}`,
    [...RAW_EW_CERTIFICATE_FIELDS.map(varchar), varchar('folder_local_authority'), ...PROVENANCE],
    files.filter((f) => f.kind === 'certificates').map((f) => readEnglandWalesCertificates(f.path)),
    (r, file, line) => ({
      ...r,
      folder_local_authority: laOf.get(file) ?? null,
      source_file: file,
      source_line: line,
    }),
  );
  await ingestToParquet(
    c,
    `oracle_recommendations/${key}`,
    [...RAW_EW_RECOMMENDATION_FIELDS.map(varchar), ...PROVENANCE],
    files.filter((f) => f.kind === 'recommendations').map((f) => readEnglandWalesRecommendations(f.path)),
    (r, file, line) => ({ ...r, source_file: file, source_line: line }),
  );
}

/** A Parquet file's schema and its rows in file order. */
const table = async (path: string) => ({
  schema: await rows(`SELECT column_name, column_type FROM (DESCRIBE SELECT * FROM read_parquet('${path}'))`),
  rows: await rows(`SELECT * FROM read_parquet('${path}', file_row_number = true) ORDER BY file_row_number`),
});

describe('epc_england_wales_raw', () => {
  it('stages every partition as the loaders would: rows, values, order, schema and quarantine', async () => {
    const keys = await partitionKeys(epcEnglandWalesRaw, ctx());
    expect(keys).toEqual(expect.arrayContaining(['E07000044', '2026', '2025']));
    let quarantined = 0;
    let recommendations = 0;
    for (const key of keys) {
      const result = await epcEnglandWalesRaw.materialize(ctx(key));
      await oracle(key);
      for (const [got, want] of [
        [EW_CERTIFICATE_TABLE, 'oracle_certificates'],
        [EW_RECOMMENDATION_TABLE, 'oracle_recommendations'],
      ] as const) {
        const c = ctx(key);
        for (const path of [stagedPath, quarantinePath]) {
          const a = await table(path(c, `${got}/${key}`));
          const b = await table(path(c, `${want}/${key}`));
          expect(a.schema, `${path.name} ${got}/${key}`).toEqual(b.schema);
          expect(a.rows, `${path.name} ${got}/${key}`).toEqual(b.rows);
          if (path === quarantinePath) quarantined += a.rows.length;
          else if (got === EW_RECOMMENDATION_TABLE) recommendations += a.rows.length;
        }
      }
      expect(result.metrics).toMatchObject({ quarantined: expect.any(Number) });
    }
    // Every kind of bad row was met, in both kinds of file.
    const reasons = await rows(
      `SELECT DISTINCT dataset, reason FROM read_parquet('${join(dir, 'data')}/**/quarantine/epc_england_wales_*/*.parquet') ORDER BY ALL`,
    );
    expect(reasons.length).toBeGreaterThanOrEqual(6);
    expect(new Set(reasons.map((r) => r.dataset)).size).toBe(2);
    expect(quarantined).toBeGreaterThan(10);
    expect(recommendations).toBeGreaterThan(100);
  }, 120_000);
});
