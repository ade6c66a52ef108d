// Defibrillators from The Circuit (BHF national defibrillator network; reference amenities-transport.md
// section 4): file format, CRS and field names are not published. Documented choice (docs/environment-
// climate-social.md): a CSV export with a header row, one AED per row, columns by name, case-insensitively:
// `id` / `guid` (32-hex UUID), `location_name` / `name`, `availability`, `access_type`, and WGS84 `latitude` +
// `longitude` (or BNG `easting` + `northing`). A blank availability or access type becomes "Unknown" (the
// spec makes both text, not nullable); a row without a position, or outside GB, is quarantined.
import { isInsideBngExtent } from '../../geo/bng';
import { DataError } from '../../io/errors';
import type { SourceRow } from '../../io/quarantine';
import type { DefibrillatorRecord } from '../../../schemas/environment-features';
import { headerIndex } from '../common/header';
import { openCsvTable, reject, toSourceRow, type Rejection } from '../common/table';
import { lonLatToBng } from '../planning/layer-files';

export const DEFIBRILLATORS_DATASET = 'the-circuit-defibrillators';
export type DefibrillatorRow = Omit<DefibrillatorRecord, 'source_file'>;

const first = (index: Map<string, number>, names: readonly string[]): number | undefined =>
  names.map((n) => index.get(n)).find((i) => i !== undefined);

export function defibrillatorRowParser(
  header: readonly string[],
  file: string,
  seen: Set<string>,
): (f: string[]) => DefibrillatorRow | Rejection {
  const index = headerIndex(header);
  const idCol = first(index, ['id', 'guid', 'defib_id']);
  const nameCol = first(index, ['location_name', 'name', 'location']);
  const availCol = first(index, ['availability', 'available']);
  const accessCol = first(index, ['access_type', 'access']);
  const lat = first(index, ['latitude', 'lat']);
  const lon = first(index, ['longitude', 'lon', 'lng']);
  const east = first(index, ['easting', 'x']);
  const north = first(index, ['northing', 'y']);
  if (
    idCol === undefined ||
    ((lat === undefined || lon === undefined) && (east === undefined || north === undefined))
  )
    throw new DataError(
      `${file}: not a defibrillator file: needs id and latitude/longitude (or easting/northing)`,
    );
  const text = (f: string[], i: number | undefined): string | null => {
    const t = i === undefined ? '' : (f[i] ?? '').trim();
    return t === '' ? null : t;
  };
  return (f) => {
    const id = text(f, idCol);
    if (!id) return reject('no id');
    if (seen.has(id)) return reject(`duplicate id ${id}`);
    let x = NaN;
    let y = NaN;
    if (lat !== undefined && lon !== undefined && text(f, lat) !== null) {
      const la = Number(text(f, lat));
      const lo = Number(text(f, lon));
      if (!Number.isFinite(la) || !Number.isFinite(lo)) return reject('latitude or longitude not a number');
      if (la < 49 || la > 61 || lo < -9 || lo > 2) return reject(`outside Great Britain (${la}, ${lo})`);
      [x, y] = lonLatToBng(lo, la);
    } else if (east !== undefined && north !== undefined) {
      x = Number(text(f, east) ?? NaN);
      y = Number(text(f, north) ?? NaN);
    }
    if (!Number.isFinite(x) || !Number.isFinite(y)) return reject('no position');
    if (!isInsideBngExtent(x, y)) return reject('outside the British National Grid');
    seen.add(id);
    return {
      feature_id: id,
      location_name: text(f, nameCol),
      availability: text(f, availCol) ?? 'Unknown',
      access_type: text(f, accessCol) ?? 'Unknown',
      x_coord: x,
      y_coord: y,
    };
  };
}

export async function* readDefibrillators(
  file: string,
  seen: Set<string> = new Set(),
): AsyncGenerator<SourceRow<DefibrillatorRow>> {
  const table = await openCsvTable(file, { headerRows: 1 });
  const header = table.headers[0]!.fields;
  const parse = defibrillatorRowParser(header, file, seen);
  const context = { dataset: DEFIBRILLATORS_DATASET, file, width: header.length };
  for await (const batch of table.batches) for (const row of batch) yield toSourceRow(row, context, parse);
}
