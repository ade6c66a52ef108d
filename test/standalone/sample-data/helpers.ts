// Test helpers for the sample-data tests: a tiny RFC 4180 reader (csv-parse is not a dependency) and one shared
// generated sample per test file.
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateSampleData, type SampleManifest } from '../../../pipelines/sample-data';

/** Parse CSV text (RFC 4180: quoted fields, doubled quotes, CRLF or LF). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** Rows as objects keyed by the header row (`headerRows` lines skipped, names from the first). */
export function records(text: string, headerRows = 1): Record<string, string>[] {
  const rows = parseCsv(text.replace(/^\uFEFF/, ''));
  const header = rows[0] ?? [];
  return rows.slice(headerRows).map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? ''])));
}

export interface Generated {
  dir: string;
  manifest: SampleManifest;
  text: (path: string) => Promise<string>;
  bytes: (path: string) => Promise<Buffer>;
}

export async function generate(scale: number, seed = 42): Promise<Generated> {
  const dir = await mkdtemp(join(tmpdir(), 'pds-sample-'));
  const manifest = await generateSampleData({ outDir: dir, scale, seed });
  return {
    dir,
    manifest,
    text: (path) => readFile(join(dir, path), 'utf8'),
    bytes: (path) => readFile(join(dir, path)),
  };
}

export const PATHS = {
  uprn: 'os-open-uprn/osopenuprn_202510.csv',
  onspd: 'onspd/Data/ONSPD_NOV_2025_UK.csv',
  bathCerts:
    'epc-england-wales/all-domestic-certificates/domestic-E06000022-Bath-and-North-East-Somerset/certificates.csv',
  bathRecs:
    'epc-england-wales/all-domestic-certificates/domestic-E06000022-Bath-and-North-East-Somerset/recommendations.csv',
  cardiffCerts: 'epc-england-wales/all-domestic-certificates/domestic-W06000015-Cardiff/certificates.csv',
  cardiffRecs: 'epc-england-wales/all-domestic-certificates/domestic-W06000015-Cardiff/recommendations.csv',
  scotland: 'epc-scotland/D_EPC_data_2025Q3.csv',
} as const;
