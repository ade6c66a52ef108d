// OurAirports `airports.csv` (reference amenities-transport.md section 3): worldwide, WGS84, columns mapped
// by name (older files order them differently and lack `icao_code`). We keep the UK's (`iso_country` GB)
// large and medium airports: the ones with scheduled passenger services worth a "nearest airport"; small
// airfields, heliports, seaplane bases and closed sites are left out by design (not quarantined: they are
// valid rows outside the selection). Rows of the selection with unreadable coordinates are quarantined.
import { isInsideBngExtent } from '../../geo/bng';
import type { SourceRow } from '../../io/quarantine';
import type { AirportRecord } from '../../../schemas/planning-features';
import { headerIndex, requireColumns } from '../common/header';
import { openCsvTable, reject, toSourceRow, type Rejection } from '../common/table';
import { lonLatToBng } from '../planning/layer-files';

export const AIRPORTS_DATASET = 'ourairports';
export const AIRPORT_TYPES = ['large_airport', 'medium_airport'] as const;
export type AirportRow = Omit<AirportRecord, 'source_file'>;

const SKIP = Symbol('outside the selection');

export function airportRowParser(
  header: readonly string[],
  file: string,
): (fields: string[]) => AirportRow | Rejection | typeof SKIP {
  const index = headerIndex(header);
  const col = requireColumns(
    index,
    ['ident', 'type', 'name', 'latitude_deg', 'longitude_deg', 'iso_country'],
    file,
    'OurAirports airports',
  );
  const iata = index.get('iata_code');
  const region = index.get('iso_region');
  const text = (fields: string[], i: number | undefined): string | null => {
    const t = i === undefined ? '' : (fields[i] ?? '').trim();
    return t === '' ? null : t;
  };
  return (fields) => {
    const type = text(fields, col.type) ?? '';
    if (text(fields, col.iso_country) !== 'GB' || !(AIRPORT_TYPES as readonly string[]).includes(type))
      return SKIP;
    const lat = Number(text(fields, col.latitude_deg) ?? NaN);
    const lon = Number(text(fields, col.longitude_deg) ?? NaN);
    if (!Number.isFinite(lat) || !Number.isFinite(lon))
      return reject('latitude_deg or longitude_deg not a number');
    const [x, y] = lonLatToBng(lon, lat);
    // Northern Ireland lies outside the British National Grid's area of use: such rows are left out too.
    if (!isInsideBngExtent(x, y) || text(fields, region) === 'GB-NIR') return SKIP;
    const ident = text(fields, col.ident);
    const name = text(fields, col.name);
    if (!ident || !name) return reject('ident or name missing');
    return {
      feature_id: ident,
      name,
      type,
      iata_code: text(fields, iata),
      iso_region: text(fields, region),
      x_coord: x,
      y_coord: y,
    };
  };
}

export async function* readAirports(file: string): AsyncGenerator<SourceRow<AirportRow>> {
  const table = await openCsvTable(file, { headerRows: 1 });
  const header = table.headers[0]!.fields;
  const parse = airportRowParser(header, file);
  const context = { dataset: AIRPORTS_DATASET, file, width: header.length };
  for await (const batch of table.batches)
    for (const row of batch) {
      if (row.ok && row.fields.length === header.length && parse(row.fields) === SKIP) continue;
      yield toSourceRow(row, context, (fields) => parse(fields) as AirportRow | Rejection);
    }
}
