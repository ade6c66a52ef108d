// ONS Postcode Directory (Data/ONSPD_<MON>_<YYYY>_UK.csv), legacy or 2025+ header, to records keyed by the
// target field names of the property response's admin_boundaries block.
import type { CsvEncoding } from '../../io/csv-reader';
import { DataError } from '../../io/errors';
import type { SourceRow } from '../../io/quarantine';
import { openCsvTable, reject, toSourceRow, type Rejection } from '../common/table';
import { parseOptionalDecimalCell } from '../common/values';
import { ONSPD_CODE_FIELDS, resolveOnspdColumns, type OnspdCodeField, type OnspdField } from './columns';

export { resolveOnspdColumns, type OnspdCodeField } from './columns';
export * from './names';

export const ONSPD_DATASET = 'onspd';

export type OnspdRecord = Record<OnspdCodeField, string | null> & {
  /** Postcode in its usual form, one space (`pcds`), e.g. `CA8 7JG`. */
  postcode: string;
  /** 7-character form (`pcd`/`pcd7`), e.g. `CA8 7JG`, `SW1A1AA`. */
  postcode_7: string | null;
  /** 8-character form (`pcd2`/`pcd8`), inward code right-aligned, e.g. `CA8  7JG`. */
  postcode_8: string | null;
  /** `YYYYMM`. */
  date_of_introduction: string | null;
  /** `YYYYMM`; null while the postcode is live. */
  date_of_termination: string | null;
  /** 0 small user, 1 large user. */
  user_type: number | null;
  /** BNG metres (EPSG:27700); null in Northern Ireland (published on the Irish Grid) or without a grid reference. */
  x: number | null;
  y: number | null;
  /** ONSPD grid reference quality, 1 (building) to 9 (none). */
  grid_quality: number | null;
  /** WGS84 degrees; null without a grid reference. */
  latitude: number | null;
  longitude: number | null;
  /** 2011 LSOA, where the edition still carries it (`lsoa11`, legacy layout); else null. */
  lsoa_2011_code: string | null;
};

const POSTCODE = /^[A-Z]{1,2}[0-9][A-Z0-9]? ?[0-9][A-Z]{2}$/i;
// ONS pseudo codes mean "no such area here" (e.g. no county for a unitary authority).
const PSEUDO_CODE = /^[ENSWLM]99999999$/;
// The national park column also spells "not in a park" with real-looking codes: E65000001 "England
// (non-National Park)", W31000001 "Wales (non-National Park)" (the ONSPD npark name lookup).
const NOT_IN_A_NATIONAL_PARK = new Set(['E65000001', 'W31000001']);
const NORTHERN_IRELAND = 'N92000002';

function textCell(fields: readonly string[], index: number | undefined): string | null {
  if (index === undefined) return null;
  const value = (fields[index] ?? '').trim();
  return value === '' ? null : value;
}

function codeCell(
  fields: readonly string[],
  index: number | undefined,
  keepPseudo: boolean,
  field?: string,
): string | null {
  const value = textCell(fields, index);
  if (value === null || keepPseudo) return value;
  if (PSEUDO_CODE.test(value)) return null;
  return field === 'national_park_code' && NOT_IN_A_NATIONAL_PARK.has(value) ? null : value;
}

export interface OnspdOptions {
  encoding?: CsvEncoding;
  /** Keep pseudo codes such as E99999999 instead of turning them into null. */
  keepPseudoCodes?: boolean;
}

/** Build the row parser for a header; throws if the header has no `pcds` column. */
export function onspdRowParser(
  header: readonly string[],
  file: string,
  options: Pick<OnspdOptions, 'keepPseudoCodes'> = {},
): (fields: string[]) => OnspdRecord | Rejection {
  const columns = resolveOnspdColumns(header);
  if (columns.postcode === undefined) {
    throw new DataError(
      `${file}: not an ONSPD file: no pcds column; header starts ${header.slice(0, 8).join(',')}`,
    );
  }
  const keepPseudo = options.keepPseudoCodes ?? false;
  const number = (fields: string[], field: OnspdField): number | null | undefined => {
    const index = columns[field];
    return index === undefined ? null : parseOptionalDecimalCell(fields[index] ?? '');
  };

  return (fields) => {
    const postcode = textCell(fields, columns.postcode);
    if (postcode === null || !POSTCODE.test(postcode))
      return reject(`pcds is not a postcode: "${postcode ?? ''}"`);
    const easting = number(fields, 'easting');
    const northing = number(fields, 'northing');
    const latitude = number(fields, 'latitude');
    const longitude = number(fields, 'longitude');
    const gridQuality = number(fields, 'grid_quality');
    const userType = number(fields, 'user_type');
    if (easting === undefined || northing === undefined) return reject('grid reference not numeric');
    if (latitude === undefined || longitude === undefined) return reject('lat/long not numeric');
    if (gridQuality === undefined || userType === undefined)
      return reject('grid quality or user type not numeric');

    const record = { postcode: postcode.toUpperCase() } as OnspdRecord;
    for (const field of ONSPD_CODE_FIELDS)
      record[field] = codeCell(fields, columns[field], keepPseudo, field);
    const country = textCell(fields, columns.country_code);
    // Quality 9 = no grid reference: the published coordinates are placeholders.
    const located = gridQuality !== 9;
    const onBng = located && country !== NORTHERN_IRELAND;
    record.postcode_7 = textCell(fields, columns.postcode_7);
    record.postcode_8 = textCell(fields, columns.postcode_8);
    record.date_of_introduction = textCell(fields, columns.date_of_introduction);
    record.date_of_termination = textCell(fields, columns.date_of_termination);
    record.user_type = userType;
    record.x = onBng ? easting : null;
    record.y = onBng ? northing : null;
    record.grid_quality = gridQuality;
    record.latitude = located ? latitude : null;
    record.longitude = located ? longitude : null;
    record.lsoa_2011_code = codeCell(fields, columns.lsoa_2011_code, keepPseudo);
    return record;
  };
}

/** Stream an ONSPD CSV (either header generation); bad rows are quarantined. */
export async function* readOnspd(
  file: string,
  options: OnspdOptions = {},
): AsyncGenerator<SourceRow<OnspdRecord>> {
  const table = await openCsvTable(file, { headerRows: 1, encoding: options.encoding });
  const header = table.headers[0]!.fields;
  const map = onspdRowParser(header, file, options);
  const context = { dataset: ONSPD_DATASET, file, width: header.length };
  for await (const batch of table.batches) {
    for (const row of batch) yield toSourceRow(row, context, map);
  }
}
