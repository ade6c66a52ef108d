// National Chargepoint Registry bulk CSV (reference amenities-transport.md section 1): one row per charge
// device, ~160 columns mapped by name (`chargeDeviceID`, `name`, `latitude`, `longitude`, `postcode`,
// `chargeDeviceStatus`), WGS84 degrees. Known messy values, fixed or quarantined here:
// - duplicate `chargeDeviceID`: the first row wins, later ones are quarantined as duplicates;
// - latitude and longitude swapped (latitude in -9..2 and longitude in 49..61): swapped back;
// - ChargePlace Scotland rows with a positive longitude north of 54.6°: negated (no part of GB north of
//   54.6° lies east of 0°);
// - latitude or longitude 0, blank or outside GB: quarantined;
// - a postcode cell holding a time ("20:00"): cleared.
import { isInsideBngExtent } from '../../geo/bng';
import type { SourceRow } from '../../io/quarantine';
import type { EvChargePointRecord } from '../../../schemas/planning-features';
import { headerIndex, requireColumns } from '../common/header';
import { openCsvTable, reject, toSourceRow, type Rejection } from '../common/table';
import { lonLatToBng } from '../planning/layer-files';

export const EV_CHARGE_POINTS_DATASET = 'ncr-charge-points';
export type EvChargePointRow = Omit<EvChargePointRecord, 'source_file'>;

const POSTCODE = /^[A-Z]{1,2}[0-9][A-Z0-9]? ?[0-9][A-Z]{2}$/i;

/** Degrees as published → corrected (longitude, latitude), or a reason. */
export function correctLonLat(latitude: number, longitude: number): [number, number] | string {
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return 'latitude or longitude not a number';
  if (latitude === 0 || longitude === 0) return 'latitude or longitude is 0';
  let lat = latitude;
  let lon = longitude;
  if (lat >= -9 && lat <= 2 && lon >= 49 && lon <= 61) [lat, lon] = [lon, lat];
  if (lat >= 54.6 && lon > 0) lon = -lon;
  if (lat < 49 || lat > 61 || lon < -9 || lon > 2) return `outside Great Britain (${latitude}, ${longitude})`;
  return [lon, lat];
}

export function evRowParser(
  header: readonly string[],
  file: string,
  seen: Set<string>,
): (fields: string[]) => EvChargePointRow | Rejection {
  const index = headerIndex(header);
  const col = requireColumns(
    index,
    ['chargedeviceid', 'latitude', 'longitude'],
    file,
    'National Chargepoint Registry',
  );
  const nameCol = index.get('name');
  const postcodeCol = index.get('postcode');
  const statusCol = index.get('chargedevicestatus');
  const text = (fields: string[], i: number | undefined): string | null => {
    const t = i === undefined ? '' : (fields[i] ?? '').trim();
    return t === '' ? null : t;
  };
  return (fields) => {
    const id = text(fields, col.chargedeviceid);
    if (!id) return reject('no chargeDeviceID');
    if (seen.has(id)) return reject(`duplicate chargeDeviceID ${id}`);
    const corrected = correctLonLat(
      Number(text(fields, col.latitude) ?? NaN),
      Number(text(fields, col.longitude) ?? NaN),
    );
    if (typeof corrected === 'string') return reject(corrected);
    const [x, y] = lonLatToBng(corrected[0], corrected[1]);
    if (!isInsideBngExtent(x, y)) return reject('outside the British National Grid');
    seen.add(id);
    const postcode = text(fields, postcodeCol);
    return {
      feature_id: id,
      name: text(fields, nameCol),
      postcode: postcode && POSTCODE.test(postcode) ? postcode.toUpperCase() : null,
      status: text(fields, statusCol),
      x_coord: x,
      y_coord: y,
    };
  };
}

/** `seen` is shared by every file of one ingest, so a device listed in two files is kept once. */
export async function* readEvChargePoints(
  file: string,
  seen: Set<string> = new Set(),
): AsyncGenerator<SourceRow<EvChargePointRow>> {
  const table = await openCsvTable(file, { headerRows: 1 });
  const header = table.headers[0]!.fields;
  const parse = evRowParser(header, file, seen);
  const context = { dataset: EV_CHARGE_POINTS_DATASET, file, width: header.length };
  for await (const batch of table.batches) for (const row of batch) yield toSourceRow(row, context, parse);
}
