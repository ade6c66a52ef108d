// OS Open UPRN (osopenuprn_YYYYMM.csv): UPRN,X_COORDINATE,Y_COORDINATE,LATITUDE,LONGITUDE with a UTF-8 BOM.
// Coordinates are kept as published (BNG metres and ETRS89 degrees): OS derived one from the other with
// OSTN15, which is more exact than any transform we could apply.
import { BNG_EXTENT } from '../../geo/bng';
import type { CsvEncoding } from '../../io/csv-reader';
import type { SourceRow } from '../../io/quarantine';
import { headerIndex, requireColumns } from '../common/header';
import { openCsvTable, reject, toSourceRow, type Rejection } from '../common/table';
import { parseDecimalCell } from '../common/values';

export const OS_OPEN_UPRN_DATASET = 'os-open-uprn';
export const OS_OPEN_UPRN_COLUMNS = [
  'UPRN',
  'X_COORDINATE',
  'Y_COORDINATE',
  'LATITUDE',
  'LONGITUDE',
] as const;

export interface OsOpenUprnRecord {
  uprn: number;
  /** BNG easting, metres (EPSG:27700). */
  x: number;
  /** BNG northing, metres. */
  y: number;
  /** ETRS89 latitude, degrees. */
  latitude: number;
  /** ETRS89 longitude, degrees. */
  longitude: number;
}

// Great Britain with a margin (Scilly, St Kilda, Shetland are inside); the product has no NI points.
export const GB_LATITUDE = { min: 49, max: 61.5 } as const;
export const GB_LONGITUDE = { min: -9, max: 2.5 } as const;

const UPRN = /^\s*[0-9]{1,12}\s*$/;

type Columns = Record<(typeof OS_OPEN_UPRN_COLUMNS)[number], number>;

/** Parse one data row (fields in file order, columns located by `columns`). */
export function parseOsOpenUprnFields(
  fields: readonly string[],
  columns: Columns,
): OsOpenUprnRecord | Rejection {
  const uprnText = fields[columns.UPRN] ?? '';
  if (!UPRN.test(uprnText) || Number(uprnText) === 0) {
    return reject(`UPRN is not a positive integer of at most 12 digits: "${uprnText}"`);
  }
  const x = parseDecimalCell(fields[columns.X_COORDINATE] ?? '');
  const y = parseDecimalCell(fields[columns.Y_COORDINATE] ?? '');
  const latitude = parseDecimalCell(fields[columns.LATITUDE] ?? '');
  const longitude = parseDecimalCell(fields[columns.LONGITUDE] ?? '');
  if (x === undefined || y === undefined) return reject('X_COORDINATE/Y_COORDINATE not numeric');
  if (latitude === undefined || longitude === undefined) return reject('LATITUDE/LONGITUDE not numeric');
  if (x < BNG_EXTENT.minX || x > BNG_EXTENT.maxX || y < BNG_EXTENT.minY || y > BNG_EXTENT.maxY) {
    return reject(`X_COORDINATE/Y_COORDINATE outside the British National Grid: ${x}, ${y}`);
  }
  if (latitude < GB_LATITUDE.min || latitude > GB_LATITUDE.max) {
    return reject(`LATITUDE outside Great Britain: ${latitude}`);
  }
  if (longitude < GB_LONGITUDE.min || longitude > GB_LONGITUDE.max) {
    return reject(`LONGITUDE outside Great Britain: ${longitude}`);
  }
  return { uprn: Number(uprnText), x, y, latitude, longitude };
}

/** Stream an OS Open UPRN CSV; bad rows come back quarantined, a wrong header throws a DataError. */
export async function* readOsOpenUprn(
  file: string,
  options: { encoding?: CsvEncoding } = {},
): AsyncGenerator<SourceRow<OsOpenUprnRecord>> {
  const table = await openCsvTable(file, { headerRows: 1, encoding: options.encoding });
  const header = table.headers[0]!.fields;
  const columns = requireColumns(headerIndex(header), OS_OPEN_UPRN_COLUMNS, file, 'OS Open UPRN');
  const context = { dataset: OS_OPEN_UPRN_DATASET, file, width: header.length };
  const map = (fields: string[]) => parseOsOpenUprnFields(fields, columns);
  for await (const batch of table.batches) {
    for (const row of batch) yield toSourceRow(row, context, map);
  }
}
