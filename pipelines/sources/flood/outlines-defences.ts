// Loaders of the other flood layers (schemas/features.ts):
//   recorded flood outlines — EA Recorded Flood Outlines (GeoPackage layer Recorded_Flood_Outlines or the
//     shapefile: rec_out_id, name, start_date, end_date, flood_src, flood_caus) and NRW's historic flood map
//     (same vocabulary looked up by name; its exact columns are not published in our references);
//   flood defences — EA AIMS Spatial Flood Defences (lines; asset_id, asset_type, asset_sub_type,
//     primary_purpose, protection_type, current_condition, truncated to 10 characters in the shapefile) and
//     NRW's equivalent;
//   areas benefiting from defences — EA ABD and NRW_AREA_BENEFITING_FROM_FLOOD_DEFENCE polygons.
import { listGeoPackageLayers } from '../../io/spatial/geopackage';
import { readFeatures } from '../../io/spatial/read-features';
import type { SourceRow } from '../../io/quarantine';
import type {
  FloodDefenceAreaRecord,
  FloodDefenceRecord,
  FloodRecordedOutlineRecord,
} from '../../../schemas/features';
import {
  attribute,
  baseName,
  filesUnder,
  geometryColumns,
  isoTimestamp,
  spatialRows,
  textAttribute,
  type CleanFeature,
  type GeometryColumns,
  type GeometryFamily,
} from './spatial-rows';

type Row<R> = Omit<R, 'source_file' | 'geometry'> & GeometryColumns;
export type FloodRecordedOutlineRow = Row<FloodRecordedOutlineRecord>;
export type FloodDefenceRow = Row<FloodDefenceRecord>;
export type FloodDefenceAreaRow = Row<FloodDefenceAreaRecord>;
type Country = 'England' | 'Wales';

export const RECORDED_OUTLINE_DATASETS = {
  'ea-recorded-flood-outlines': 'England',
  'nrw-historic-flood-map': 'Wales',
} as const;
export const DEFENCE_DATASETS = {
  'ea-spatial-flood-defences': 'England',
  'nrw-flood-defences': 'Wales',
} as const;
export const DEFENCE_AREA_DATASETS = {
  'ea-areas-benefiting-from-defences': 'England',
  'nrw-flood-defences': 'Wales',
} as const;

export interface LayerSource {
  dataset: string;
  country: Country;
  path: string;
  table?: string;
}

const EXTENSIONS = ['.gpkg', '.shp', '.geojson', '.json'];

/** Layers of a folder whose name passes `accept` (GeoPackage table or file name), sorted by file. */
export async function findLayers(
  dataset: string,
  country: Country,
  dir: string,
  accept: (name: string) => boolean = () => true,
): Promise<LayerSource[]> {
  const out: LayerSource[] = [];
  for (const path of await filesUnder(dir, EXTENSIONS)) {
    if (path.toLowerCase().endsWith('.gpkg')) {
      for (const l of listGeoPackageLayers(path))
        if (accept(l.table)) out.push({ dataset, country, path, table: l.table });
    } else if (accept(baseName(path))) out.push({ dataset, country, path });
  }
  return out;
}

/** NRW's defences folder holds both the lines and the areas benefiting: told apart by layer name. */
export const isAreaBenefiting = (name: string): boolean => /benefit/i.test(name);

function* layerRows<T>(
  source: LayerSource,
  family: GeometryFamily,
  map: (f: CleanFeature, fileBase: string) => T | string,
): Generator<SourceRow<T>> {
  const reader = readFeatures(source.path, source.table ? { layer: source.table } : {});
  const fileBase = baseName(source.path);
  try {
    yield* spatialRows(source.dataset, source.path, reader.crs, family, reader.features, (f) =>
      map(f, fileBase),
    );
  } finally {
    reader.close();
  }
}

const idOf = (f: CleanFeature, fileBase: string, ...columns: string[]): string => {
  const id = attribute(f.properties, ...columns);
  return id === null ? `${fileBase}#${f.index + 1}` : String(id);
};

export function readRecordedOutlines(source: LayerSource): Generator<SourceRow<FloodRecordedOutlineRow>> {
  return layerRows(source, 'polygon', (f, fileBase) => {
    const start = isoTimestamp(attribute(f.properties, 'start_date', 'startdate', 'date_from'));
    const end = isoTimestamp(attribute(f.properties, 'end_date', 'enddate', 'date_to'));
    if (start === undefined)
      return `start_date is not a date: ${String(attribute(f.properties, 'start_date'))}`;
    if (end === undefined) return `end_date is not a date: ${String(attribute(f.properties, 'end_date'))}`;
    return {
      country: source.country,
      feature_id: idOf(f, fileBase, 'rec_out_id', 'objectid', 'fid'),
      name: textAttribute(f.properties, 'name', 'event_name', 'event'),
      start_date: start,
      end_date: end,
      flood_source: textAttribute(f.properties, 'flood_src', 'flood_source'),
      flood_cause: textAttribute(f.properties, 'flood_caus', 'flood_cause'),
      ...geometryColumns(f.geometry),
    };
  });
}

export function readDefences(source: LayerSource): Generator<SourceRow<FloodDefenceRow>> {
  return layerRows(source, 'line', (f, fileBase) => ({
    country: source.country,
    feature_id: idOf(f, fileBase, 'asset_id', 'objectid', 'fid'),
    asset_type: textAttribute(f.properties, 'asset_type'),
    asset_sub_type: textAttribute(f.properties, 'asset_sub_type'),
    primary_purpose: textAttribute(f.properties, 'primary_purpose'),
    protection_type: textAttribute(f.properties, 'protection_type'),
    current_condition: textAttribute(f.properties, 'current_condition'),
    ...geometryColumns(f.geometry),
  }));
}

export function readDefenceAreas(source: LayerSource): Generator<SourceRow<FloodDefenceAreaRow>> {
  return layerRows(source, 'polygon', (f, fileBase) => ({
    country: source.country,
    feature_id: idOf(f, fileBase, 'abd_id', 'objectid', 'fid'),
    ...geometryColumns(f.geometry),
  }));
}
