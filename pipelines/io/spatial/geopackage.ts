// OGC GeoPackage (SQLite) feature layers: the format EA (Recorded Flood Outlines, NaFRA2 extracts) and NRW
// (FRAW, one GeoPackage per layer) publish in.
//
// Reading: feature layers come from gpkg_contents (data_type 'features') joined to gpkg_geometry_columns,
// whose column_name varies by publisher (`geom`, `fme_geometry`, `SHAPE`...). Each geometry blob is a GPKG
// header — magic 'GP', version, flags (bit 0 byte order of the header, bits 1-3 envelope size code, bit 4
// empty, bit 5 extended) and srs_id — followed by standard WKB. Rows are read lazily (better-sqlite3
// `iterate`), so a national layer is never held in memory.
//
// Writing: a minimal valid GeoPackage 1.3 (application_id 'GPKG', user_version 10300, the three required
// gpkg_spatial_ref_sys rows plus 27700 and 4326, gpkg_contents, gpkg_geometry_columns, one table per layer
// with an INTEGER PRIMARY KEY fid) — what GDAL's GPKG driver expects. No spatial index (optional in the spec).
import { rmSync } from 'node:fs';
import Database from 'better-sqlite3';
import { bboxOf, type Feature, type Geometry } from '../../geo/geometry';
import { parseWkbWithSrid, writeWkb } from './wkb';
import type { ReadFeature } from './types';

export class GeoPackageError extends Error {
  override name = 'GeoPackageError';
}

export interface GeoPackageLayer {
  table: string;
  geometryColumn: string;
  geometryType: string;
  srsId: number;
  /** Organisation's code for the srs (EPSG code) when gpkg_spatial_ref_sys says so. */
  epsg: number | null;
  features: number;
}

const quoteIdent = (name: string): string => `"${name.replaceAll('"', '""')}"`;

export function listGeoPackageLayers(path: string): GeoPackageLayer[] {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    return listLayers(db);
  } finally {
    db.close();
  }
}

function listLayers(db: Database.Database): GeoPackageLayer[] {
  let rows: {
    table_name: string;
    column_name: string;
    geometry_type_name: string;
    srs_id: number;
    org: string | null;
    code: number | null;
  }[];
  try {
    rows = db
      .prepare(
        `SELECT c.table_name, g.column_name, g.geometry_type_name, g.srs_id,
                s.organization AS org, s.organization_coordsys_id AS code
           FROM gpkg_contents c
           JOIN gpkg_geometry_columns g ON g.table_name = c.table_name
           LEFT JOIN gpkg_spatial_ref_sys s ON s.srs_id = g.srs_id
          WHERE lower(c.data_type) = 'features'
          ORDER BY c.table_name`,
      )
      .all() as typeof rows;
  } catch (error) {
    throw new GeoPackageError(
      `not a GeoPackage (no gpkg_contents/gpkg_geometry_columns): ${(error as Error).message}`,
    );
  }
  return rows.map((r) => ({
    table: r.table_name,
    geometryColumn: r.column_name,
    geometryType: r.geometry_type_name,
    srsId: r.srs_id,
    epsg:
      r.org && r.org.toUpperCase() === 'EPSG'
        ? Number(r.code)
        : r.srs_id === 27700 || r.srs_id === 4326
          ? r.srs_id
          : null,
    features: (db.prepare(`SELECT count(*) AS n FROM ${quoteIdent(r.table_name)}`).get() as { n: number }).n,
  }));
}

export interface GpkgGeometry {
  geometry: Geometry | null;
  srsId: number;
  empty: boolean;
}

const ENVELOPE_BYTES = [0, 32, 48, 48, 64];

/** Decodes a GeoPackage geometry blob (header + WKB). */
export function parseGpkgGeometry(blob: Uint8Array): GpkgGeometry {
  if (blob.byteLength < 8 || blob[0] !== 0x47 || blob[1] !== 0x50)
    throw new GeoPackageError("geometry blob does not start with the GeoPackage magic 'GP'");
  const flags = blob[3] as number;
  const le = (flags & 1) === 1;
  const envelopeCode = (flags >> 1) & 7;
  const empty = (flags & 0x10) !== 0;
  const envelope = ENVELOPE_BYTES[envelopeCode];
  if (envelope === undefined) throw new GeoPackageError(`invalid envelope code ${envelopeCode}`);
  const view = new DataView(blob.buffer, blob.byteOffset, blob.byteLength);
  const srsId = view.getInt32(4, le);
  const wkbStart = 8 + envelope;
  if (empty) return { geometry: null, srsId, empty };
  const { geometry } = parseWkbWithSrid(blob.subarray(wkbStart));
  return { geometry, srsId, empty: geometry === null };
}

/** Encodes a geometry as a GeoPackage blob: little-endian header with an XY envelope, then ISO WKB. */
export function gpkgGeometryBlob(geometry: Geometry, srsId: number): Uint8Array {
  const wkb = writeWkb(geometry);
  const out = new Uint8Array(8 + 32 + wkb.byteLength);
  const view = new DataView(out.buffer);
  out[0] = 0x47;
  out[1] = 0x50;
  out[2] = 0; // version 1
  out[3] = 0b0000_0011; // little endian, envelope [minx, maxx, miny, maxy]
  view.setInt32(4, srsId, true);
  const b = bboxOf(geometry);
  view.setFloat64(8, b.minX, true);
  view.setFloat64(16, b.maxX, true);
  view.setFloat64(24, b.minY, true);
  view.setFloat64(32, b.maxY, true);
  out.set(wkb, 40);
  return out;
}

export interface GeoPackageReadOptions {
  /** Table name (case-insensitive); default: the only feature layer (an error if there are several). */
  layer?: string;
}

export interface GeoPackageReader {
  layer: GeoPackageLayer;
  features(): Generator<ReadFeature>;
  close(): void;
}

/** Opens one feature layer for lazy reading. Attributes keep their column names; the geometry column is dropped. */
export function openGeoPackage(path: string, options: GeoPackageReadOptions = {}): GeoPackageReader {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    const layers = listLayers(db);
    const layer = options.layer
      ? layers.find((l) => l.table.toLowerCase() === options.layer!.toLowerCase())
      : layers.length === 1
        ? layers[0]
        : undefined;
    if (!layer) {
      throw new GeoPackageError(
        options.layer
          ? `no feature layer ${options.layer} in ${path} (layers: ${layers.map((l) => l.table).join(', ') || 'none'})`
          : `${path} has ${layers.length} feature layers (${layers.map((l) => l.table).join(', ')}): name one`,
      );
    }
    const geomKey = layer.geometryColumn;
    function* features(): Generator<ReadFeature> {
      const stmt = db.prepare(`SELECT * FROM ${quoteIdent(layer!.table)}`);
      let index = 0;
      for (const row of stmt.iterate() as Iterable<Record<string, unknown>>) {
        const properties: Record<string, unknown> = {};
        let blob: unknown = null;
        for (const [k, v] of Object.entries(row)) {
          if (k === geomKey) blob = v;
          else properties[k] = v;
        }
        const feature: ReadFeature = { index: index++, geometry: null, properties };
        if (blob instanceof Uint8Array) {
          try {
            feature.geometry = parseGpkgGeometry(blob).geometry;
          } catch (error) {
            feature.error = (error as Error).message;
          }
        }
        yield feature;
      }
    }
    return { layer, features, close: () => db.close() };
  } catch (error) {
    db.close();
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------------------
// Writer
// ---------------------------------------------------------------------------------------------------------

export type GpkgFieldType = 'TEXT' | 'INTEGER' | 'REAL' | 'DATE' | 'DATETIME';

export interface GeoPackageLayerInput {
  name: string;
  /** Geometry column name (publishers use `geom`, `fme_geometry`, `SHAPE`...). */
  geometryColumn?: string;
  geometryType:
    'POINT' | 'LINESTRING' | 'POLYGON' | 'MULTIPOINT' | 'MULTILINESTRING' | 'MULTIPOLYGON' | 'GEOMETRY';
  srsId: 27700 | 4326;
  fields: { name: string; type: GpkgFieldType }[];
  features: Iterable<Feature>;
}

const SRS_ROWS = [
  [-1, 'Undefined cartesian SRS', 'NONE', -1, 'undefined', 'undefined cartesian coordinate reference system'],
  [0, 'Undefined geographic SRS', 'NONE', 0, 'undefined', 'undefined geographic coordinate reference system'],
  [
    4326,
    'WGS 84 geodetic',
    'EPSG',
    4326,
    'GEOGCS["WGS 84",DATUM["WGS_1984",SPHEROID["WGS 84",6378137,298.257223563,AUTHORITY["EPSG","7030"]],AUTHORITY["EPSG","6326"]],PRIMEM["Greenwich",0,AUTHORITY["EPSG","8901"]],UNIT["degree",0.0174532925199433,AUTHORITY["EPSG","9122"]],AXIS["Latitude",NORTH],AXIS["Longitude",EAST],AUTHORITY["EPSG","4326"]]',
    'longitude/latitude coordinates in decimal degrees on the WGS 84 spheroid',
  ],
  [
    27700,
    'OSGB36 / British National Grid',
    'EPSG',
    27700,
    'PROJCS["OSGB36 / British National Grid",GEOGCS["OSGB36",DATUM["Ordnance_Survey_of_Great_Britain_1936",SPHEROID["Airy 1830",6377563.396,299.3249646,AUTHORITY["EPSG","7001"]],AUTHORITY["EPSG","6277"]],PRIMEM["Greenwich",0,AUTHORITY["EPSG","8901"]],UNIT["degree",0.0174532925199433,AUTHORITY["EPSG","9122"]],AUTHORITY["EPSG","4277"]],PROJECTION["Transverse_Mercator"],PARAMETER["latitude_of_origin",49],PARAMETER["central_meridian",-2],PARAMETER["scale_factor",0.9996012717],PARAMETER["false_easting",400000],PARAMETER["false_northing",-100000],UNIT["metre",1,AUTHORITY["EPSG","9001"]],AXIS["Easting",EAST],AXIS["Northing",NORTH],AUTHORITY["EPSG","27700"]]',
    'British National Grid',
  ],
] as const;

/**
 * Writes a new GeoPackage with the given layers. `lastChange` (ISO) is stamped in gpkg_contents; pass a fixed
 * value for byte-identical output.
 */
export function writeGeoPackage(
  path: string,
  layers: GeoPackageLayerInput[],
  lastChange = '2025-01-01T00:00:00.000Z',
): { features: number } {
  rmSync(path, { force: true }); // a new file: writing over an old one would meet its tables
  const db = new Database(path);
  let total = 0;
  try {
    db.pragma('journal_mode = DELETE');
    // A new file nobody else reads yet: no fsync per statement (a crash leaves a file we rewrite anyway).
    db.pragma('synchronous = OFF');
    db.pragma(`application_id = ${0x47504b47}`);
    db.pragma('user_version = 10300');
    db.exec(`
      CREATE TABLE gpkg_spatial_ref_sys (srs_name TEXT NOT NULL, srs_id INTEGER PRIMARY KEY, organization TEXT NOT NULL,
        organization_coordsys_id INTEGER NOT NULL, definition TEXT NOT NULL, description TEXT);
      CREATE TABLE gpkg_contents (table_name TEXT NOT NULL PRIMARY KEY, data_type TEXT NOT NULL, identifier TEXT UNIQUE,
        description TEXT DEFAULT '', last_change DATETIME NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
        min_x DOUBLE, min_y DOUBLE, max_x DOUBLE, max_y DOUBLE, srs_id INTEGER,
        CONSTRAINT fk_gc_r_srs_id FOREIGN KEY (srs_id) REFERENCES gpkg_spatial_ref_sys(srs_id));
      CREATE TABLE gpkg_geometry_columns (table_name TEXT NOT NULL, column_name TEXT NOT NULL, geometry_type_name TEXT NOT NULL,
        srs_id INTEGER NOT NULL, z TINYINT NOT NULL, m TINYINT NOT NULL,
        CONSTRAINT pk_geom_cols PRIMARY KEY (table_name, column_name),
        CONSTRAINT fk_gc_tn FOREIGN KEY (table_name) REFERENCES gpkg_contents(table_name),
        CONSTRAINT fk_gc_srs FOREIGN KEY (srs_id) REFERENCES gpkg_spatial_ref_sys (srs_id));
    `);
    const srs = db.prepare(
      'INSERT INTO gpkg_spatial_ref_sys (srs_id, srs_name, organization, organization_coordsys_id, definition, description) VALUES (?, ?, ?, ?, ?, ?)',
    );
    for (const [id, name, org, code, def, desc] of SRS_ROWS) srs.run(id, name, org, code, def, desc);
    for (const layer of layers) {
      const geomCol = layer.geometryColumn ?? 'geom';
      const cols = layer.fields.map((f) => `${quoteIdent(f.name)} ${f.type}`);
      db.exec(
        `CREATE TABLE ${quoteIdent(layer.name)} (fid INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, ${quoteIdent(geomCol)} ${layer.geometryType}${cols.length ? ', ' + cols.join(', ') : ''})`,
      );
      const insert = db.prepare(
        `INSERT INTO ${quoteIdent(layer.name)} (${[geomCol, ...layer.fields.map((f) => f.name)].map(quoteIdent).join(', ')}) VALUES (${['?', ...layer.fields.map(() => '?')].join(', ')})`,
      );
      const extent = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
      db.transaction(() => {
        for (const f of layer.features) {
          if (f.geometry) {
            const b = bboxOf(f.geometry);
            extent.minX = Math.min(extent.minX, b.minX);
            extent.minY = Math.min(extent.minY, b.minY);
            extent.maxX = Math.max(extent.maxX, b.maxX);
            extent.maxY = Math.max(extent.maxY, b.maxY);
          }
          insert.run(
            f.geometry ? gpkgGeometryBlob(f.geometry, layer.srsId) : null,
            ...layer.fields.map((field) => toSqlValue(f.properties[field.name])),
          );
          total++;
        }
      })();
      const finite = Number.isFinite(extent.minX);
      db.prepare(
        `INSERT INTO gpkg_contents (table_name, data_type, identifier, description, last_change, min_x, min_y, max_x, max_y, srs_id)
         VALUES (?, 'features', ?, '', ?, ?, ?, ?, ?, ?)`,
      ).run(
        layer.name,
        layer.name,
        lastChange,
        finite ? extent.minX : null,
        finite ? extent.minY : null,
        finite ? extent.maxX : null,
        finite ? extent.maxY : null,
        layer.srsId,
      );
      db.prepare(
        'INSERT INTO gpkg_geometry_columns (table_name, column_name, geometry_type_name, srs_id, z, m) VALUES (?, ?, ?, ?, 0, 0)',
      ).run(layer.name, geomCol, layer.geometryType, layer.srsId);
    }
  } finally {
    db.close();
  }
  return { features: total };
}

function toSqlValue(v: unknown): string | number | bigint | null {
  if (v === undefined || v === null) return null;
  if (typeof v === 'number' || typeof v === 'bigint' || typeof v === 'string') return v;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (v instanceof Date) return v.toISOString();
  return String(v);
}
