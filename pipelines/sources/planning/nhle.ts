// Historic England's National Heritage List for England (reference terrain-coast-heritage.md section 3):
// listed building points and World Heritage Site polygons, from the shapefile / GeoJSON / GeoPackage
// downloads (EPSG:27700; ArcGIS exports in 4326 are converted). Attribute names are matched
// case-insensitively and by their 10-character shapefile truncation (`CaptureScale` → `CaptureSca`).
// `ListDate`/`InscrDate` come as YYYY-MM-DD, DD/MM/YYYY, dBase dates or epoch milliseconds (ArcGIS JSON,
// often negative). The link is `Hyperlink`; when a file lacks it, the list entry page is built from
// `ListEntry` (the pattern of every published Hyperlink value).
import type { SourceRow } from '../../io/quarantine';
import type { ListedBuildingRecord, WorldHeritageSiteRecord } from '../../../schemas/planning-features';
import { attribute, geometryColumns, textAttribute } from '../flood/spatial-rows';
import { layerFilesUnder, pointRows, polygonRows, sourceDate, type LoaderRow } from './layer-files';

export const LISTED_BUILDINGS_DATASET = 'nhle-listed-buildings';
export const WORLD_HERITAGE_SITES_DATASET = 'nhle-world-heritage-sites';

export type ListedBuildingRow = LoaderRow<ListedBuildingRecord>;
export type WorldHeritageSiteRow = LoaderRow<WorldHeritageSiteRecord>;

const LIST_ENTRY_URL = 'https://historicengland.org.uk/listing/the-list/list-entry/';

/** `I`, `II*`, `II` (also `Grade II*`, `2*`, `ii` as seen in derived copies) → the grade, else null. */
export function normaliseGrade(value: unknown): ListedBuildingRecord['grade'] | null {
  if (value === null || value === undefined) return null;
  const s = String(value)
    .trim()
    .toUpperCase()
    .replace(/^GRADE\s+/, '')
    .replace(/\s+/g, '');
  const roman = s.replace(/^1$/, 'I').replace(/^2\*$/, 'II*').replace(/^2$/, 'II');
  return roman === 'I' || roman === 'II*' || roman === 'II' ? roman : null;
}

const listEntryOf = (props: Record<string, unknown>): string | null => {
  const v = attribute(props, 'ListEntry', 'List_Entry', 'ListEntryNumber');
  if (v === null) return null;
  const s = String(v).trim().replace(/\.0+$/, '');
  return /^\d+$/.test(s) ? s : null;
};

export async function* readListedBuildings(dir: string): AsyncGenerator<SourceRow<ListedBuildingRow>> {
  for (const file of await layerFilesUnder(dir))
    yield* pointRows<ListedBuildingRow>(LISTED_BUILDINGS_DATASET, file, ({ position, properties }) => {
      const entry = listEntryOf(properties);
      if (!entry) return 'ListEntry missing or not a number';
      const grade = normaliseGrade(attribute(properties, 'Grade'));
      if (!grade) return `unknown Grade "${String(attribute(properties, 'Grade') ?? '')}"`;
      const listed = sourceDate(attribute(properties, 'ListDate'));
      if (listed === undefined) return `ListDate not a date: "${String(attribute(properties, 'ListDate'))}"`;
      return {
        feature_id: entry,
        name: textAttribute(properties, 'Name'),
        grade,
        date_listed: listed,
        url: textAttribute(properties, 'Hyperlink') ?? `${LIST_ENTRY_URL}${entry}`,
        x_coord: position[0],
        y_coord: position[1],
      };
    });
}

export async function* readWorldHeritageSites(dir: string): AsyncGenerator<SourceRow<WorldHeritageSiteRow>> {
  for (const file of await layerFilesUnder(dir))
    yield* polygonRows<WorldHeritageSiteRow>(
      WORLD_HERITAGE_SITES_DATASET,
      file,
      ({ geometry, properties }) => {
        const entry = listEntryOf(properties);
        if (!entry) return 'ListEntry missing or not a number';
        const inscribed = sourceDate(attribute(properties, 'InscrDate'));
        if (inscribed === undefined)
          return `InscrDate not a date: "${String(attribute(properties, 'InscrDate'))}"`;
        return {
          feature_id: entry,
          name: textAttribute(properties, 'Name'),
          inscription_date: inscribed,
          notes: textAttribute(properties, 'Notes'),
          url: textAttribute(properties, 'Hyperlink') ?? `${LIST_ENTRY_URL}${entry}`,
          ...geometryColumns(geometry),
        };
      },
    );
}
