// GeoParquet 1.1 (https://geoparquet.org/releases/v1.1.0/) for the spatial tables: the `geo` key-value
// metadata that makes GeoPandas, QGIS, GDAL and DuckDB's spatial readers see a WKB column as geometry in
// EPSG:27700. Decided from a table's columns, so every writer (io/parquet.ts) applies it the same way:
//   - a BLOB column (`geometry`; schemas/feature-columns.ts wkbGeometry) is the geometry; its bounding box
//     columns minx/miny/maxx/maxy are repeated as the `bbox` struct GeoParquet's covering must be (the spec
//     wants a struct column, so flat columns cannot be the covering), and `covering.bbox` points at it;
//   - a point table (x_coord/y_coord declared by schemas/feature-columns.ts pointColumns) gets a WKB point
//     `geometry` column built from them, and keeps its x/y columns.
// Other tables are untouched. SQL text and JSON only; the writer runs them.
import { randomUUID } from 'node:crypto';
import type { ColumnSpec } from './parquet';
import { EPSG_27700_PROJJSON } from './epsg-27700';

export const GEOPARQUET_VERSION = '1.1.0';

const BBOX_COLUMNS = ['minx', 'miny', 'maxx', 'maxy'] as const;

const ident = (name: string): string => `"${name.replaceAll('"', '""')}"`;

export interface GeoParquetPlan {
  /** The geometry column GeoParquet's `primary_column` names. */
  column: string;
  /** Expressions appended to the written select list (a point table's geometry, the bbox covering struct). */
  extraSelect: string[];
  /** The columns those expressions add, for the data dictionary. */
  extraColumns: { name: string; type: string; description: string }[];
  /** One row over the written relation: the WKB headers present and the extent. */
  statsSql(relation: string): string;
}

/** The GeoParquet plan for a table with these columns, or undefined when it has no geometry. */
export function geoParquetPlan(columns: readonly ColumnSpec[]): GeoParquetPlan | undefined {
  const names = new Set(columns.map((c) => c.name));
  const blob = columns.find((c) => c.type === 'BLOB');
  const x = columns.find((c) => c.point === 'x');
  const y = columns.find((c) => c.point === 'y');
  const extent = (minx: string, miny: string, maxx: string, maxy: string): string =>
    `min(${minx}) AS xmin, min(${miny}) AS ymin, max(${maxx}) AS xmax, max(${maxy}) AS ymax`;
  if (blob) {
    const geometry = ident(blob.name);
    const hasBbox = BBOX_COLUMNS.every((n) => names.has(n)) && !names.has('bbox');
    return {
      column: blob.name,
      extraSelect: hasBbox ? ["{'xmin': minx, 'ymin': miny, 'xmax': maxx, 'ymax': maxy} AS bbox"] : [],
      extraColumns: hasBbox
        ? [
            {
              name: 'bbox',
              type: 'STRUCT(xmin DOUBLE, ymin DOUBLE, xmax DOUBLE, ymax DOUBLE)',
              description: `GeoParquet 1.1 bbox covering of \`${blob.name}\`: minx, miny, maxx, maxy as one struct (m, BNG)`,
            },
          ]
        : [],
      statsSql: (relation) =>
        `SELECT list(DISTINCT hex(${geometry}[1:5])) FILTER (WHERE ${geometry} IS NOT NULL) AS headers, ` +
        `${hasBbox ? extent('minx', 'miny', 'maxx', 'maxy') : 'NULL AS xmin'} FROM ${relation}`,
    };
  }
  if (x && y && !names.has('geometry')) {
    const [xs, ys] = [ident(x.name), ident(y.name)];
    return {
      column: 'geometry',
      extraSelect: [
        `CASE WHEN ${xs} IS NULL OR ${ys} IS NULL THEN NULL ELSE ` +
          `ST_AsWKB(('POINT(' || ${xs}::DOUBLE || ' ' || ${ys}::DOUBLE || ')')::GEOMETRY) END AS geometry`,
      ],
      extraColumns: [
        {
          name: 'geometry',
          type: 'BLOB',
          description: `The point (${x.name}, ${y.name}) as ISO WKB, 2D, British National Grid metres (EPSG:27700); GeoParquet's geometry column`,
        },
      ],
      statsSql: (relation) =>
        `SELECT list(DISTINCT hex(geometry[1:5])) FILTER (WHERE geometry IS NOT NULL) AS headers, ` +
        `${extent(xs, ys, xs, ys)} FROM ${relation}`,
    };
  }
  return undefined;
}

const WKB_TYPES = [
  '',
  'Point',
  'LineString',
  'Polygon',
  'MultiPoint',
  'MultiLineString',
  'MultiPolygon',
  'GeometryCollection',
];

/**
 * The GeoParquet geometry type of a WKB header (byte order and type, as hex): ISO codes (1–7, +1000 for Z)
 * and EWKB's Z flag; M is not a GeoParquet type, so an M geometry is left out (geometry_types may be partial).
 */
export function wkbGeometryType(headerHex: string): string | undefined {
  if (headerHex.length < 10) return undefined;
  const bytes = Buffer.from(headerHex.slice(0, 10), 'hex');
  const code = bytes[0] === 1 ? bytes.readUInt32LE(1) : bytes.readUInt32BE(1);
  const ewkbZ = (code & 0x80000000) !== 0;
  const ewkbM = (code & 0x40000000) !== 0;
  const iso = code & 0x0fffffff;
  const base = iso % 1000;
  const dims = Math.floor(iso / 1000);
  if (ewkbM || dims === 2 || dims === 3 || !WKB_TYPES[base]) return undefined;
  return `${WKB_TYPES[base]}${ewkbZ || dims === 1 ? ' Z' : ''}`;
}

export interface GeoStats {
  headers: readonly string[] | null;
  xmin: number | null;
  ymin: number | null;
  xmax: number | null;
  ymax: number | null;
}

/** The `geo` metadata JSON of a table written with `plan`, given its stats row. */
export function geoMetadata(plan: GeoParquetPlan, stats: GeoStats): string {
  const types = [
    ...new Set((stats.headers ?? []).map(wkbGeometryType).filter((t): t is string => !!t)),
  ].sort();
  const box = [stats.xmin, stats.ymin, stats.xmax, stats.ymax];
  const covered = plan.extraColumns.some((c) => c.name === 'bbox');
  return JSON.stringify({
    version: GEOPARQUET_VERSION,
    primary_column: plan.column,
    columns: {
      [plan.column]: {
        encoding: 'WKB',
        geometry_types: types,
        crs: EPSG_27700_PROJJSON,
        edges: 'planar',
        ...(box.every((v) => typeof v === 'number' && Number.isFinite(v)) ? { bbox: box } : {}),
        ...(covered
          ? {
              covering: {
                bbox: {
                  xmin: ['bbox', 'xmin'],
                  ymin: ['bbox', 'ymin'],
                  xmax: ['bbox', 'xmax'],
                  ymax: ['bbox', 'ymax'],
                },
              },
            }
          : {}),
      },
    },
  });
}

// Every GeoParquet type's WKB header (little-endian ISO code, 2D and Z), for the longest metadata possible.
const ALL_HEADERS = WKB_TYPES.slice(1).flatMap((_, i) =>
  [i + 1, i + 1001].map((code) => {
    const header = Buffer.alloc(5);
    header[0] = 1;
    header.writeUInt32LE(code, 1);
    return header.toString('hex');
  }),
);

/**
 * The `geo` metadata of a table whose stats are known only once it is written: a placeholder of fixed byte
 * length goes into the footer with the rows, and `fill` gives the metadata for the stats, padded with JSON
 * whitespace to that length, to write over it (io/parquet-footer.ts). The length holds the longest metadata
 * the plan can give: every geometry type, and coordinates longer than any JSON number (24 bytes) allows.
 */
export function reservedGeoMetadata(plan: GeoParquetPlan): {
  placeholder: string;
  fill(stats: GeoStats): string;
} {
  const worst = geoMetadata(plan, {
    headers: ALL_HEADERS,
    xmin: -Number.MAX_VALUE,
    ymin: -Number.MAX_VALUE,
    xmax: -Number.MAX_VALUE,
    ymax: -Number.MAX_VALUE,
  });
  const bytes = Buffer.byteLength(worst) + 16;
  const pad = (json: string): string => json + ' '.repeat(bytes - Buffer.byteLength(json));
  const placeholder = pad(JSON.stringify({ pending: randomUUID() }));
  return {
    placeholder,
    fill(stats) {
      const json = geoMetadata(plan, stats);
      if (Buffer.byteLength(json) > bytes) throw new Error('geo metadata longer than its reserved space');
      return pad(json);
    },
  };
}
