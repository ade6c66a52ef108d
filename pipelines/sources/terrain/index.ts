// OS Terrain 50 contours and the Boundary-Line mean high water line.
//
// Terrain 50 (ESRI Shape flavour) ships `terr50_cesh_gb.zip` → `data/<sq>/<tile>_OST50CONT_<date>.zip` →
// `<TILE>_line.shp` (contours and tide lines) and `<TILE>_point.shp` (spot heights). The folder may hold
// the outer zip, the inner zips (the outer one extracted, as the download step does), or loose shapefiles;
// all three are read, inner zips one at a time. A line's type is its FEAT_TYPE-like second attribute:
// `ContourLine` is a contour; anything else is a tide line, mean low water when its type says "low", mean
// high water when it says "high", else told by height (MHW lies above Ordnance Datum, MLW below).
// Boundary-Line's `high_water_polyline.shp` is the coastline; only its geometry is used.
import { readFileSync } from 'node:fs';
import type { SourceRow } from '../../io/quarantine';
import {
  bytesSource,
  openShapefile,
  openShapefileParts,
  type ShapefileReader,
} from '../../io/spatial/shapefile';
import { walkZip } from '../../io/zip';
import type { CoastlineRecord, ContourKind, TerrainContourRecord } from '../../../schemas/features';
import {
  attribute,
  baseName,
  filesUnder,
  geometryColumns,
  spatialRows,
  type GeometryColumns,
} from '../flood/spatial-rows';

export const TERRAIN_DATASET = 'os-terrain-50';
export const BOUNDARY_LINE_DATASET = 'os-boundary-line';

/** A contour row; `entry` is the path inside a zip (appended to the source file with '!'). */
export type TerrainContourRow = Omit<TerrainContourRecord, 'source_file' | 'geometry'> &
  GeometryColumns & { entry: string | null };
export type CoastlineRow = Omit<CoastlineRecord, 'source_file' | 'geometry'> & GeometryColumns;

const LINE_FILE = /([A-Z]{2}\d{2})_line\.shp$/i;

export const tileOfLineFile = (path: string): string | null =>
  LINE_FILE.exec(path)?.[1]?.toUpperCase() ?? null;

/** Contour and tide line files: zips (outer or inner) and loose `<TILE>_line.shp`, sorted. */
export async function findTerrainFiles(dir: string): Promise<string[]> {
  return (await filesUnder(dir, ['.zip', '_line.shp'])).filter(
    (p) => p.toLowerCase().endsWith('.zip') || LINE_FILE.test(p),
  );
}

export function lineKind(type: string | null, height: number): ContourKind {
  const t = (type ?? '').toLowerCase();
  if (t.includes('contour')) return 'contour';
  if (t.includes('low')) return 'mean_low_water';
  if (t.includes('high')) return 'mean_high_water';
  return height < 0 ? 'mean_low_water' : 'mean_high_water';
}

function* contourRows(
  file: string,
  entry: string | null,
  tile: string,
  reader: ShapefileReader,
): Generator<SourceRow<TerrainContourRow>> {
  // The type column: FEAT_TYPE when present, else the second attribute (the first is the feature id).
  const typeField = reader.fields.find((f) => /type/i.test(f.name))?.name ?? reader.fields[1]?.name ?? null;
  try {
    const rows = spatialRows(TERRAIN_DATASET, file, reader.crs ?? 27700, 'line', reader.features(), (f) => {
      const height = Number(attribute(f.properties, 'PROP_VALUE'));
      if (attribute(f.properties, 'PROP_VALUE') === null || !Number.isFinite(height))
        return 'no PROP_VALUE height';
      const type = typeField ? f.properties[typeField] : null;
      return {
        tile,
        kind: lineKind(typeof type === 'string' ? type : null, height),
        height,
        entry,
        ...geometryColumns(f.geometry),
      };
    });
    for (const row of rows) {
      // Quarantined features of a zipped shapefile name the entry too.
      if (!row.ok && entry) row.row.file = `${row.row.file}!${entry}`;
      yield row;
    }
  } finally {
    reader.close();
  }
}

/** Rows of one Terrain 50 file: a zip (nested zips descended) or a loose line shapefile. */
export function* readTerrainContours(path: string): Generator<SourceRow<TerrainContourRow>> {
  if (!path.toLowerCase().endsWith('.zip')) {
    const tile = tileOfLineFile(path);
    if (tile) yield* contourRows(path, null, tile, openShapefile(path));
    return;
  }
  const parts = new Map<string, Record<string, Uint8Array>>();
  const flush = function* (base: string): Generator<SourceRow<TerrainContourRow>> {
    const p = parts.get(base);
    parts.delete(base);
    const shp = p?.shp;
    const tile = tileOfLineFile(`${base}.shp`);
    if (!p || !shp || !tile) return;
    const text = (b: Uint8Array | undefined): string | null => (b ? Buffer.from(b).toString('latin1') : null);
    const reader = openShapefileParts({
      shp: bytesSource(shp),
      dbf: p.dbf ? bytesSource(p.dbf) : null,
      prj: text(p.prj),
      cpg: text(p.cpg),
    });
    yield* contourRows(path, `${base}.shp`, tile, reader);
  };
  // Entries come sorted, so a shapefile's parts are adjacent: read each set as soon as the next begins.
  let current: string | null = null;
  for (const entry of walkZip(new Uint8Array(readFileSync(path)), (p) =>
    /_line\.(shp|dbf|prj|cpg)$/i.test(p),
  )) {
    const base = entry.path.replace(/\.[^.]+$/, '');
    if (current !== null && base !== current) yield* flush(current);
    current = base;
    const ext = entry.path.slice(base.length + 1).toLowerCase();
    parts.set(base, { ...(parts.get(base) ?? {}), [ext]: entry.bytes });
  }
  if (current !== null) yield* flush(current);
}

export async function findCoastlineFiles(dir: string): Promise<string[]> {
  return (await filesUnder(dir, ['.shp'])).filter((p) => /high_water_polyline\.shp$/i.test(p));
}

export function* readCoastline(path: string): Generator<SourceRow<CoastlineRow>> {
  const reader = openShapefile(path);
  const fileBase = baseName(path);
  try {
    yield* spatialRows(BOUNDARY_LINE_DATASET, path, reader.crs ?? 27700, 'line', reader.features(), (f) => ({
      feature_id: `${fileBase}#${f.index + 1}`,
      ...geometryColumns(f.geometry),
    }));
  } finally {
    reader.close();
  }
}
