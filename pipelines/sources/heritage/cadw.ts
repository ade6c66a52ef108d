// Wales, from DataMapWales (reference wales-scotland.md section 1): Cadw's listed buildings
// (`inspire-wg:Cadw_ListedBuildings`, points), the local planning authorities' conservation areas
// (`geonode:conservation_areas_wales`, polygons) and Cadw's World Heritage Sites
// (`inspire-wg:vGeoServer_WorldHeritageSites_Public`, polygons). Each layer is read as GeoServer exports it:
// GeoJSON (WFS `outputFormat=application/json`, `srsName=EPSG:27700`; a WGS84 export is converted), a
// zipped or loose shapefile (10-character names: `RecordNumb`, `UnitaryAut`, `Designatio`) or, for listed
// buildings, the CSV export (`Cadw_ListedBuildings.csv`, with `Easting`/`Northing`). Pitfalls handled:
// names with trailing spaces, grades with stray whitespace, `DesignationDate` as ISO-Zulu text or a bare
// year, eastings in `Easting` or `easting`, record numbers as text or `2222.0`.
import type { SourceRow } from '../../io/quarantine';
import type {
  CadwListedBuildingRecord,
  CadwWorldHeritageSiteRecord,
  WalesConservationAreaRecord,
} from '../../../schemas/heritage-features';
import { isInsideBngExtent } from '../../geo/bng';
import { headerIndex } from '../common/header';
import { openCsvTable, reject, toSourceRow } from '../common/table';
import { attribute, geometryColumns, textAttribute } from '../flood/spatial-rows';
import { layerFilesUnder, pointRows, polygonRows, type LoaderRow } from '../planning/layer-files';
import { normaliseGrade } from '../planning/nhle';
import { designationDate, featureIdOf } from './ids';

export const CADW_LISTED_BUILDINGS_DATASET = 'cadw-listed-buildings';
export const WALES_CONSERVATION_AREAS_DATASET = 'wales-conservation-areas';
export const CADW_WORLD_HERITAGE_SITES_DATASET = 'cadw-world-heritage-sites';

export type CadwListedBuildingRow = LoaderRow<CadwListedBuildingRecord>;
export type WalesConservationAreaRow = LoaderRow<WalesConservationAreaRecord>;
export type CadwWorldHeritageSiteRow = LoaderRow<CadwWorldHeritageSiteRecord>;

const REPORT_URL = 'https://cadwpublic-api.azurewebsites.net/reports/listedbuilding/FullReport?lang=en&id=';

/** One Cadw listed building from its attributes and BNG position, or the reason to quarantine it. */
export function cadwListedBuilding(
  props: Record<string, unknown>,
  position: readonly [number, number],
): CadwListedBuildingRow | string {
  const raw = attribute(props, 'RecordNumber');
  const record = raw === null ? '' : String(raw).trim().replace(/\.0+$/, '');
  if (!/^\d+$/.test(record)) return `RecordNumber missing or not a number: "${record}"`;
  const gradeText = attribute(props, 'Grade');
  const grade = normaliseGrade(gradeText);
  if (!grade) return `unknown Grade "${String(gradeText ?? '')}"`;
  const dateValue = attribute(props, 'DesignationDate');
  const listed = designationDate(dateValue);
  if (listed === undefined) return `DesignationDate not a date: "${String(dateValue)}"`;
  return {
    feature_id: record,
    name: textAttribute(props, 'Name'),
    name_welsh: textAttribute(props, 'Name_cy'),
    grade,
    broad_class: textAttribute(props, 'BroadClass'),
    community: textAttribute(props, 'Community'),
    unitary_authority: textAttribute(props, 'UnitaryAuthority'),
    date_listed: listed,
    url: textAttribute(props, 'Report') ?? `${REPORT_URL}${record}`,
    x_coord: position[0],
    y_coord: position[1],
  };
}

/** The CSV export: one row per building, its position in `Easting`/`Northing` (BNG metres). */
async function* readCadwCsv(file: string): AsyncGenerator<SourceRow<CadwListedBuildingRow>> {
  const table = await openCsvTable(file, { headerRows: 1 });
  const header = table.headers[0]!.fields;
  const names = [...headerIndex(header).entries()];
  const context = { dataset: CADW_LISTED_BUILDINGS_DATASET, file, width: header.length };
  const map = (fields: string[]) => {
    const props: Record<string, unknown> = {};
    for (const [name, i] of names) props[name] = fields[i];
    const e = Number(attribute(props, 'Easting'));
    const n = Number(attribute(props, 'Northing'));
    if (!Number.isFinite(e) || !Number.isFinite(n) || (e === 0 && n === 0))
      return reject('no Easting/Northing');
    if (!isInsideBngExtent(e, n)) return reject('outside the British National Grid');
    const row = cadwListedBuilding(props, [e, n]);
    return typeof row === 'string' ? reject(row) : row;
  };
  for await (const batch of table.batches) for (const row of batch) yield toSourceRow(row, context, map);
}

export async function* readCadwListedBuildings(
  dir: string,
  csvFiles: readonly string[] = [],
): AsyncGenerator<SourceRow<CadwListedBuildingRow>> {
  for (const file of await layerFilesUnder(dir, { zips: true }))
    yield* pointRows<CadwListedBuildingRow>(CADW_LISTED_BUILDINGS_DATASET, file, ({ position, properties }) =>
      cadwListedBuilding(properties, [position[0], position[1]]),
    );
  for (const file of csvFiles) yield* readCadwCsv(file);
}

export async function* readWalesConservationAreas(
  dir: string,
): AsyncGenerator<SourceRow<WalesConservationAreaRow>> {
  for (const file of await layerFilesUnder(dir, { zips: true }))
    yield* polygonRows<WalesConservationAreaRow>(
      WALES_CONSERVATION_AREAS_DATASET,
      file,
      ({ index, geometry, properties }) => ({
        // Only `sitename` is known of this layer's attributes (reference 1.3): the rest are not relied on.
        feature_id: featureIdOf(properties, file.entry ?? file.path, index),
        name: textAttribute(properties, 'sitename'),
        ...geometryColumns(geometry),
      }),
    );
}

export async function* readCadwWorldHeritageSites(
  dir: string,
): AsyncGenerator<SourceRow<CadwWorldHeritageSiteRow>> {
  for (const file of await layerFilesUnder(dir, { zips: true }))
    yield* polygonRows<CadwWorldHeritageSiteRow>(
      CADW_WORLD_HERITAGE_SITES_DATASET,
      file,
      ({ index, geometry, properties }) => ({
        feature_id: featureIdOf(properties, file.entry ?? file.path, index),
        name: textAttribute(properties, 'Name'),
        ...geometryColumns(geometry),
      }),
    );
}
