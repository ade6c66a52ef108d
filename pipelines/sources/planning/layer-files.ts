// What the planning, transport and boundary loaders share: reading every spatial file of a dataset folder
// (GeoPackage layers, shapefiles, GeoJSON) through the flood loaders' checks (pipelines/sources/flood/
// spatial-rows.ts: decoded, closed rings, finite, on the British National Grid, quarantined otherwise), the
// same checks for point layers, and date parsing that also takes NHLE's epoch milliseconds.
import { isInsideBngExtent, wgs84ToBng } from '../../geo/bng';
import type { Position } from '../../geo/geometry';
import { accepted, quarantined, type SourceRow } from '../../io/quarantine';
import { listGeoPackageLayers } from '../../io/spatial/geopackage';
import { readFeatures, type FeatureSource } from '../../io/spatial/read-features';
import type { Crs } from '../../io/spatial/types';
import { readZippedShapefile, shapefileEntries } from '../../io/spatial/zipped-shapefile';
import {
  attribute,
  filesUnder,
  isoTimestamp,
  spatialRows,
  type CleanFeature,
  type GeometryFamily,
} from '../flood/spatial-rows';

export const SPATIAL_EXTENSIONS = ['.gpkg', '.shp', '.geojson', '.json'] as const;

/** One layer of one file of a dataset folder. */
export interface LayerFile {
  path: string;
  /** GeoPackage table, when the file is a GeoPackage. */
  table?: string;
  /** The `.shp` entry, when the file is a zip of shapefiles (as Historic Environment Scotland publishes). */
  entry?: string;
}

export interface LayerFileOptions {
  /** Also read the shapefiles inside `.zip` files (the publisher's download left unextracted). */
  zips?: boolean;
  /** Keeps only the layers whose name (table, or file name without extension) it accepts. */
  accept?: (layer: string) => boolean;
}

const layerName = (f: LayerFile): string =>
  f.table ??
  (f.entry ?? f.path)
    .split(/[\\/!]/)
    .pop()!
    .replace(/\.[^.]+$/, '');

export async function layerFilesUnder(dir: string, options: LayerFileOptions = {}): Promise<LayerFile[]> {
  const out: LayerFile[] = [];
  const extensions = options.zips ? [...SPATIAL_EXTENSIONS, '.zip'] : SPATIAL_EXTENSIONS;
  for (const path of await filesUnder(dir, extensions)) {
    const lower = path.toLowerCase();
    if (lower.endsWith('.gpkg'))
      for (const layer of listGeoPackageLayers(path)) out.push({ path, table: layer.table });
    else if (lower.endsWith('.zip')) for (const entry of shapefileEntries(path)) out.push({ path, entry });
    else out.push({ path });
  }
  return options.accept ? out.filter((f) => options.accept!(layerName(f))) : out;
}

/** The features of one layer file, whatever holds it. */
export function openLayer(file: LayerFile): FeatureSource {
  if (file.entry) return readZippedShapefile(file.path, file.entry);
  return readFeatures(file.path, file.table ? { layer: file.table } : {});
}

/** The file name quarantined rows give: the zip and its entry for a zipped shapefile. */
const layerPath = (file: LayerFile): string => (file.entry ? `${file.path}!${file.entry}` : file.path);

/** Polygon (or line) features of one layer file, checked and on BNG; `map` returns a record or a reason. */
export function* polygonRows<T>(
  dataset: string,
  file: LayerFile,
  map: (feature: CleanFeature, layer: string) => T | string,
  family: GeometryFamily = 'polygon',
): Generator<SourceRow<T>> {
  const source = openLayer(file);
  try {
    yield* spatialRows(dataset, layerPath(file), source.crs, family, source.features, (f) =>
      map(f, source.layer),
    );
  } finally {
    source.close();
  }
}

/** A point feature that passed the checks: BNG position plus attributes. */
export interface CleanPoint {
  index: number;
  position: Position;
  properties: Record<string, unknown>;
}

/**
 * Point features of one layer file. A feature without geometry falls back to its `Easting`/`Northing`
 * (or `X`/`Y`) attributes (NHLE, Cadw and HES downloads carry both); anything else that is not a point, or lies off the grid, is
 * quarantined.
 */
export function* pointRows<T>(
  dataset: string,
  file: LayerFile,
  map: (point: CleanPoint) => T | string,
): Generator<SourceRow<T>> {
  const source = openLayer(file);
  const path = layerPath(file);
  try {
    for (const f of source.features) {
      const line = f.index + 1;
      const reject = (reason: string): SourceRow<T> =>
        quarantined({ dataset, file: path, line, reason, raw: JSON.stringify(f.properties) });
      let position: Position | null = null;
      if (f.error) {
        yield reject(`geometry could not be decoded: ${f.error}`);
        continue;
      }
      if (f.geometry?.type === 'Point') position = toBngPosition(f.geometry.coordinates, source.crs);
      else if (f.geometry?.type === 'MultiPoint' && f.geometry.coordinates.length === 1)
        position = toBngPosition(f.geometry.coordinates[0]!, source.crs);
      else if (f.geometry) {
        yield reject(`expected a point, found a ${f.geometry.type}`);
        continue;
      } else {
        // NHLE and Cadw carry Easting/Northing (Cadw's other layers in lower case), HES X/Y.
        const e = Number(attribute(f.properties, 'Easting', 'BNG_E', 'X'));
        const n = Number(attribute(f.properties, 'Northing', 'BNG_N', 'Y'));
        if (Number.isFinite(e) && Number.isFinite(n) && (e !== 0 || n !== 0)) position = [e, n];
      }
      if (position === null) {
        yield reject(source.crs === null ? 'unknown coordinate reference system' : 'no geometry');
        continue;
      }
      if (!Number.isFinite(position[0]) || !Number.isFinite(position[1])) {
        yield reject('non-numeric coordinate');
        continue;
      }
      if (!isInsideBngExtent(position[0], position[1])) {
        yield reject('outside the British National Grid');
        continue;
      }
      const record = map({ index: f.index, position, properties: f.properties });
      yield typeof record === 'string' ? reject(record) : accepted(path, line, record);
    }
  } finally {
    source.close();
  }
}

function toBngPosition(p: Position, crs: Crs): Position | null {
  if (crs === 27700) return [p[0], p[1]];
  if (crs === 4326) {
    const { x, y } = wgs84ToBng(p[0], p[1]);
    return [x, y];
  }
  return null;
}

/**
 * Source date → ISO timestamp (UTC): what isoTimestamp takes (YYYY-MM-DD, DD/MM/YYYY, a number of epoch ms)
 * plus epoch milliseconds as text (ArcGIS JSON exports, often negative: -374025600000 is 1958-02-24) and
 * dBase dates (YYYYMMDD). undefined = present but unreadable.
 */
export function sourceDate(value: unknown): string | null | undefined {
  if (typeof value === 'string') {
    const s = value.trim();
    if (/^-?\d{9,}$/.test(s)) return isoTimestamp(Number(s));
    if (/^\d{8}$/.test(s)) return isoTimestamp(`${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}`);
  }
  return isoTimestamp(value);
}

/** WGS84 degrees → BNG metres. */
export function lonLatToBng(longitude: number, latitude: number): Position {
  const { x, y } = wgs84ToBng(longitude, latitude);
  return [x, y];
}

/** A staged record as a loader yields it: no `source_file` (ingest adds it), WKB of any buffer kind. */
export type LoaderRow<T> = T extends { geometry: unknown }
  ? Omit<T, 'source_file' | 'geometry'> & { geometry: Uint8Array }
  : Omit<T, 'source_file'>;
