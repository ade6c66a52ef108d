// BGS National Landslide Database (reference environment-hazards.md section 5): point records of GB
// landslides whose published field names are unknown to us. Documented choice (docs/environment-climate-
// social.md): a CSV export with a header row, columns matched by name, case-insensitively, among the
// spellings BGS exports and GIS tools use: id `ID` / `LANDSLIDE_ID` / `LS_ID`; name `NAME` / `LOCATION` /
// `LANDSLIDE_NAME`; position `EASTING` + `NORTHING` (or `X` + `Y`, BNG metres), else `LATITUDE` +
// `LONGITUDE` (WGS84). Spatial copies (shapefile, GeoPackage, GeoJSON points) are read too.
import { isInsideBngExtent } from '../../geo/bng';
import type { SourceRow } from '../../io/quarantine';
import type { LandslideRecord } from '../../../schemas/environment-features';
import { headerIndex } from '../common/header';
import { openCsvTable, reject, toSourceRow, type Rejection } from '../common/table';
import { DataError } from '../../io/errors';
import { textAttribute } from '../flood/spatial-rows';
import { layerFilesUnder, lonLatToBng, pointRows } from '../planning/layer-files';

export const LANDSLIDES_DATASET = 'bgs-landslides';
export type LandslideRow = Omit<LandslideRecord, 'source_file'>;

const ID = ['id', 'landslide_id', 'ls_id'];
const NAME = ['name', 'location', 'landslide_name'];

const first = (index: Map<string, number>, names: readonly string[]): number | undefined =>
  names.map((n) => index.get(n)).find((i) => i !== undefined);

export function landslideRowParser(
  header: readonly string[],
  file: string,
): (f: string[]) => LandslideRow | Rejection {
  const index = headerIndex(header);
  const idCol = first(index, ID);
  const nameCol = first(index, NAME);
  const east = first(index, ['easting', 'x']);
  const north = first(index, ['northing', 'y']);
  const lat = first(index, ['latitude', 'lat']);
  const lon = first(index, ['longitude', 'lon', 'long']);
  if (
    idCol === undefined ||
    ((east === undefined || north === undefined) && (lat === undefined || lon === undefined))
  )
    throw new DataError(`${file}: not a landslide file: needs ID and EASTING/NORTHING or LATITUDE/LONGITUDE`);
  const text = (f: string[], i: number | undefined): string | null => {
    const t = i === undefined ? '' : (f[i] ?? '').trim();
    return t === '' ? null : t;
  };
  return (f) => {
    const id = text(f, idCol);
    if (!id) return reject('no ID');
    let x = NaN;
    let y = NaN;
    if (east !== undefined && north !== undefined && text(f, east) !== null) {
      x = Number(text(f, east));
      y = Number(text(f, north));
    } else if (lat !== undefined && lon !== undefined) {
      const la = Number(text(f, lat) ?? NaN);
      const lo = Number(text(f, lon) ?? NaN);
      if (Number.isFinite(la) && Number.isFinite(lo)) [x, y] = lonLatToBng(lo, la);
    }
    if (!Number.isFinite(x) || !Number.isFinite(y)) return reject('no position');
    if (!isInsideBngExtent(x, y) || (x === 0 && y === 0)) return reject('outside the British National Grid');
    return { feature_id: id, name: text(f, nameCol), x_coord: x, y_coord: y };
  };
}

export async function* readLandslidesCsv(file: string): AsyncGenerator<SourceRow<LandslideRow>> {
  const table = await openCsvTable(file, { headerRows: 1 });
  const header = table.headers[0]!.fields;
  const parse = landslideRowParser(header, file);
  const context = { dataset: LANDSLIDES_DATASET, file, width: header.length };
  for await (const batch of table.batches) for (const row of batch) yield toSourceRow(row, context, parse);
}

export async function* readLandslideLayers(dir: string): AsyncGenerator<SourceRow<LandslideRow>> {
  for (const file of await layerFilesUnder(dir))
    yield* pointRows<LandslideRow>(LANDSLIDES_DATASET, file, ({ index, position, properties }) => ({
      feature_id: textAttribute(properties, ...ID) ?? `${file.path}#${index}`,
      name: textAttribute(properties, ...NAME),
      x_coord: position[0],
      y_coord: position[1],
    }));
}
