// England & Wales domestic EPC bulk files: certificates.csv (93 UPPERCASE columns in the legacy ODC release;
// lower-case with certificate_number in the 2025+ MHCLG release) and recommendations.csv. Records keep the
// published STRING values under the spec's lower-case raw field names: the API returns raw EPCs as published.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import {
  RAW_EW_CERTIFICATE_FIELDS,
  RAW_EW_COLUMN_ALIASES,
  RAW_EW_RECOMMENDATION_FIELDS,
  type RawEwCertificate,
  type RawEwRecommendation,
} from '../../../schemas/epc';
import type { CsvEncoding, CsvRow } from '../../io/csv-reader';
import { DataError } from '../../io/errors';
import type { SourceRow } from '../../io/quarantine';
import { cleanHeaderCell } from '../common/header';
import { openCsvTable, reject, toSourceRow, type Rejection } from '../common/table';
import { detectEpcFormat, type EpcFormat } from './detect-format';

export const EW_CERTIFICATES_DATASET = 'epc-england-wales-certificates';
export const EW_RECOMMENDATIONS_DATASET = 'epc-england-wales-recommendations';

// Releases differ in their column sets (UPRN added ~2021/22, REPORT_TYPE only in the newest, the 2025+
// release without COUNTY and BUILDING_REFERENCE_NUMBER), so only the columns without which a certificate is
// useless are required; any other absent column reads as blank and is reported through onHeader.
const CORE_CERTIFICATE_FIELDS = ['lmk_key', 'postcode', 'current_energy_rating', 'lodgement_date'];

/** How to build a record from a row: output key → column index, or -1 for a field the file lacks. */
export interface RawRecordPlan {
  entries: [key: string, index: number][];
  missing: string[];
}

/**
 * Plan the record layout for a header: the known fields first, in published order (aliases such as
 * HEAT_LOSS_CORRIDOOR and certificate_number mapped to their spec name), then any other columns under their
 * own lower-case names.
 */
export function planRawRecord(header: readonly string[], known: readonly string[]): RawRecordPlan {
  const byName = new Map<string, number>();
  header.forEach((cell, i) => {
    const name = cleanHeaderCell(cell).toLowerCase();
    const key = RAW_EW_COLUMN_ALIASES[name] ?? name;
    if (!byName.has(key)) byName.set(key, i);
    else if (!byName.has(name)) byName.set(name, i);
  });
  const knownSet = new Set(known);
  const entries: [string, number][] = known.map((f) => [f, byName.get(f) ?? -1]);
  for (const [key, index] of byName) if (!knownSet.has(key) && key !== '') entries.push([key, index]);
  return { entries, missing: known.filter((f) => !byName.has(f)) };
}

/**
 * A raw record builder (absent columns become '', the same as a blank cell), compiled to one object literal
 * per plan: a 93-key object assigned key by key costs more than parsing its row, while a literal gets a fixed
 * shape and is ~4x faster on 25 M rows. Keys come from the file's header, so they enter the generated code
 * only as JSON string literals.
 */
export function compileRawRecordBuilder(
  plan: RawRecordPlan,
): (fields: readonly string[]) => Record<string, string> {
  const props = plan.entries
    .filter(([key]) => key !== '__proto__')
    .map(([key, index]) => `${JSON.stringify(key)}: ${index === -1 ? "''" : `f[${index}] ?? ''`}`);
  return new Function('f', `return { ${props.join(', ')} };`) as (
    fields: readonly string[],
  ) => Record<string, string>;
}

function requireFormat(header: readonly string[], file: string, allowed: EpcFormat[]): EpcFormat {
  const format = detectEpcFormat(header, file);
  if (!allowed.includes(format)) {
    throw new DataError(`${file}: expected an EPC file of format ${allowed.join(' or ')}, found ${format}`);
  }
  return format;
}

function requireFields(plan: RawRecordPlan, required: readonly string[], file: string): void {
  const missing = required.filter((f) => plan.missing.includes(f));
  if (missing.length > 0) {
    throw new DataError(
      `${file}: EPC file is missing column(s) ${missing.map((m) => m.toUpperCase()).join(', ')}`,
    );
  }
}

/**
 * Whether a YYYY-MM-DD[...] text names a day that does not exist (2019-02-30, 2019-13-01). Years like 0012
 * are a known typo for 2012 (fixed by the enhancement), so they are judged as 20xx.
 */
export function isImpossibleDate(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(text.trim());
  if (!m) return false;
  const year = m[1]!.startsWith('00') ? 2000 + Number(m[1]!.slice(2)) : Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  const date = new Date(Date.UTC(year, month - 1, day));
  return month < 1 || month > 12 || day < 1 || date.getUTCDate() !== day;
}

// A row without its certificate id cannot be joined or deduplicated, and one lodged on a day that does not
// exist cannot be dated or ordered: quarantine them.
const withId = <T extends { lmk_key: string }>(record: T): T | Rejection =>
  record.lmk_key.trim() === '' ? reject('LMK_KEY (certificate id) is blank') : record;
const checkCertificate = (record: RawEwCertificate): RawEwCertificate | Rejection =>
  isImpossibleDate(record.lodgement_date)
    ? reject(`impossible LODGEMENT_DATE ${record.lodgement_date}`)
    : withId(record);

export interface EwReadOptions {
  encoding?: CsvEncoding;
  /** Called once with the detected format and the published fields this file lacks (read as ''). */
  onHeader?: (header: { format: EpcFormat; missing: string[] }) => void;
}

export interface EwCertificateRows {
  format: EpcFormat;
  /** The published fields this file lacks (read as ''). */
  missing: string[];
  /** One parsed data row → its raw record, or the row quarantined with its reason. */
  toSourceRow: (row: CsvRow) => SourceRow<RawEwCertificate>;
}

/**
 * The per-row work of the certificates loader, planned once from the file's header (columns by name): shared
 * by the streaming reader below and the columnar engine's staging (transforms/epc/stage-certificates.ts).
 */
export function planEnglandWalesCertificateRows(header: readonly string[], file: string): EwCertificateRows {
  const format = requireFormat(header, file, ['ew-legacy', 'ew-2025']);
  const plan = planRawRecord(header, RAW_EW_CERTIFICATE_FIELDS);
  requireFields(plan, CORE_CERTIFICATE_FIELDS, file);
  const context = { dataset: EW_CERTIFICATES_DATASET, file, width: header.length };
  const build = compileRawRecordBuilder(plan);
  const map = (fields: string[]) => checkCertificate(build(fields) as RawEwCertificate);
  return { format, missing: plan.missing, toSourceRow: (row) => toSourceRow(row, context, map) };
}

/** Stream certificates.csv (legacy or 2025+ layout) as raw records; bad rows are quarantined. */
export async function* readEnglandWalesCertificates(
  file: string,
  options: EwReadOptions = {},
): AsyncGenerator<SourceRow<RawEwCertificate>> {
  const table = await openCsvTable(file, { headerRows: 1, encoding: options.encoding });
  const rows = planEnglandWalesCertificateRows(table.headers[0]!.fields, file);
  options.onHeader?.({ format: rows.format, missing: rows.missing });
  for await (const batch of table.batches) {
    for (const row of batch) yield rows.toSourceRow(row);
  }
}

export interface EwRecommendationRows {
  /** One parsed data row → its raw record, or the row quarantined with its reason. */
  toSourceRow: (row: CsvRow) => SourceRow<RawEwRecommendation>;
}

/**
 * The per-row work of the recommendations loader, planned once from the file's header: shared by the
 * streaming reader below and the raw asset's staging (transforms/epc/stage-certificates.ts).
 */
export function planEnglandWalesRecommendationRows(
  header: readonly string[],
  file: string,
): EwRecommendationRows {
  requireFormat(header, file, ['ew-recommendations']);
  const plan = planRawRecord(header, RAW_EW_RECOMMENDATION_FIELDS);
  requireFields(plan, ['lmk_key', 'improvement_item'], file);
  const context = { dataset: EW_RECOMMENDATIONS_DATASET, file, width: header.length };
  const build = compileRawRecordBuilder(plan);
  const map = (fields: string[]) => withId(build(fields) as RawEwRecommendation);
  return { toSourceRow: (row) => toSourceRow(row, context, map) };
}

/** Stream recommendations.csv (7 legacy columns, or the 2025+ 6-column layout) as raw records. */
export async function* readEnglandWalesRecommendations(
  file: string,
  options: EwReadOptions = {},
): AsyncGenerator<SourceRow<RawEwRecommendation>> {
  const table = await openCsvTable(file, { headerRows: 1, encoding: options.encoding });
  const rows = planEnglandWalesRecommendationRows(table.headers[0]!.fields, file);
  for await (const batch of table.batches) {
    for (const row of batch) yield rows.toSourceRow(row);
  }
}

export interface EpcBulkFile {
  kind: 'certificates' | 'recommendations';
  path: string;
  /** From a `domestic-<LA code>-<name>` folder; null in the single-file layout. */
  localAuthorityCode: string | null;
  /** The folder's name part, as published (spaces are hyphens there, e.g. `South-Hams`). */
  localAuthorityFolderName: string | null;
  /** From `certificates-2024.csv` style names (2025+ release, one file per lodgement year). */
  year: number | null;
}

const LA_FOLDER = /^domestic-([EWSN]\d{8})-(.+)$/;
const BULK_FILE = /^(certificates|recommendations)(?:-(\d{4}))?\.csv$/i;

/** `domestic-E07000044-South-Hams` → its LA code and name part. */
export function parseLocalAuthorityFolder(name: string): { code: string; folderName: string } | null {
  const m = LA_FOLDER.exec(name);
  return m ? { code: m[1]!, folderName: m[2]! } : null;
}

/** Every certificates/recommendations CSV under an unzipped bulk download, sorted by path. */
export async function findEpcBulkFiles(root: string, maxDepth = 4): Promise<EpcBulkFile[]> {
  const found: EpcBulkFile[] = [];
  async function walk(
    dir: string,
    depth: number,
    la: { code: string; folderName: string } | null,
  ): Promise<void> {
    const entries = await readdir(dir, { withFileTypes: true });
    for (const entry of entries) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (depth < maxDepth) await walk(path, depth + 1, parseLocalAuthorityFolder(entry.name) ?? la);
        continue;
      }
      const m = BULK_FILE.exec(entry.name);
      if (!m) continue;
      found.push({
        kind: m[1]!.toLowerCase() as EpcBulkFile['kind'],
        path,
        localAuthorityCode: la?.code ?? null,
        localAuthorityFolderName: la?.folderName ?? null,
        year: m[2] ? Number(m[2]) : null,
      });
    }
  }
  await walk(root, 0, null);
  return found.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
