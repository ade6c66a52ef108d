// UK House Price Index full file (UK-HPI-full-file-YYYY-MM.csv, HM Land Registry with ONS): one row per month
// and area (UK, countries, regions, counties, local authorities), 54 columns whose names carry `%`; mapped
// by name, never position (socioeconomic.md 1). `Date` is dd/mm/yyyy in current files and ISO in older
// copies; both are accepted and stored as YYYY-MM-DD. Blank cells (recent SalesVolume, New/Old columns) are
// null, not zero.
import type { SourceRow } from '../../io/quarantine';
import { headerIndex, requireColumns } from '../common/header';
import { openCsvTable, reject, toSourceRow, type Rejection } from '../common/table';
import { parseOptionalDecimalCell } from '../common/values';

export const HPI_DATASET = 'hpi';

/** The segments of spec 2.8, with the column-name stem the full file uses for each. */
export const HPI_SEGMENTS = [
  ['detached', 'Detached'],
  ['semi_detached', 'SemiDetached'],
  ['terraced', 'Terraced'],
  ['flat', 'Flat'],
  ['cash', 'Cash'],
  ['mortgage', 'Mortgage'],
  ['first_time_buyer', 'FTB'],
  ['former_owner_occupier', 'FOO'],
  ['new', 'New'],
  ['existing', 'Old'],
] as const;
/** Segments that also publish a sales volume. */
const WITH_SALES_VOLUME = new Set(['cash', 'mortgage', 'new', 'existing']);

/** Output field → column name in the full file, for every numeric field of the house_price_index block. */
export const HPI_NUMERIC_COLUMNS: Readonly<Record<string, string>> = Object.fromEntries([
  ['average_price', 'AveragePrice'],
  ['average_price_seasonally_adjusted', 'AveragePriceSA'],
  ['house_price_index', 'Index'],
  ['house_price_index_seasonally_adjusted', 'IndexSA'],
  ['percentage_change_1_month', '1m%Change'],
  ['percentage_change_12_months', '12m%Change'],
  ['sales_volume', 'SalesVolume'],
  ...HPI_SEGMENTS.flatMap(([segment, stem]) => [
    [`average_price_${segment}`, `${stem}Price`],
    [`house_price_index_${segment}`, `${stem}Index`],
    [`percentage_change_1_month_${segment}`, `${stem}1m%Change`],
    [`percentage_change_12_months_${segment}`, `${stem}12m%Change`],
    ...(WITH_SALES_VOLUME.has(segment) ? [[`sales_volume_${segment}`, `${stem}SalesVolume`]] : []),
  ]),
]);

export type HpiRecord = {
  /** First of the month, YYYY-MM-DD. */
  date: string;
  region_name: string;
  area_code: string;
} & Record<string, number | null | string>;

const GSS_CODE = /^[EWSNKLM][0-9]{8}$/;

/** `01/11/2025` or `2025-11-01` → `2025-11-01`; null when neither or not a real date. */
export function parseHpiDate(text: string): string | null {
  const t = text.trim();
  let m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(t);
  let iso: string | null = null;
  if (m) iso = `${m[3]}-${m[2]}-${m[1]}`;
  m ??= /^(\d{4})-(\d{2})-(\d{2})$/.exec(t);
  if (!iso && m) iso = t;
  if (!iso) return null;
  const d = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== iso ? null : iso;
}

export function hpiRowParser(
  header: readonly string[],
  file: string,
): (fields: string[]) => HpiRecord | Rejection {
  const index = headerIndex(header);
  const base = requireColumns(
    index,
    ['Date', 'RegionName', 'AreaCode', 'AveragePrice', 'Index'],
    file,
    'UK HPI full',
  );
  // Every segment column is optional: older full files lack some (e.g. FOO before 2019 editions).
  const numeric = Object.entries(HPI_NUMERIC_COLUMNS).map(
    ([field, column]) => [field, index.get(column.toLowerCase())] as const,
  );
  return (fields) => {
    const date = parseHpiDate(fields[base.Date] ?? '');
    if (!date) return reject(`Date is not dd/mm/yyyy or yyyy-mm-dd: "${fields[base.Date] ?? ''}"`);
    const areaCode = (fields[base.AreaCode] ?? '').trim();
    if (!GSS_CODE.test(areaCode)) return reject(`AreaCode is not a GSS code: "${areaCode}"`);
    const record: HpiRecord = {
      date,
      region_name: (fields[base.RegionName] ?? '').trim(),
      area_code: areaCode,
    };
    for (const [field, i] of numeric) {
      const value = i === undefined ? null : parseOptionalDecimalCell(fields[i] ?? '');
      if (value === undefined)
        return reject(`${HPI_NUMERIC_COLUMNS[field]} is not a number: "${fields[i!]}"`);
      record[field] = value;
    }
    return record;
  };
}

/** Stream a UK HPI full file; bad rows are quarantined. */
export async function* readHpi(file: string): AsyncGenerator<SourceRow<HpiRecord>> {
  const table = await openCsvTable(file, { headerRows: 1 });
  const header = table.headers[0]!.fields;
  const map = hpiRowParser(header, file);
  const context = { dataset: HPI_DATASET, file, width: header.length };
  for await (const batch of table.batches) for (const row of batch) yield toSourceRow(row, context, map);
}
