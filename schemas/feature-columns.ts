// Column fragments every staged spatial table shares (flood, planning, transport, environment): geometry as
// WKB in British National Grid metres, its bounding box, point coordinates and the source file.
import { z } from 'zod';

export const wkbGeometry = (what: string) =>
  z.instanceof(Uint8Array).meta({
    format: 'binary',
    description: `${what}: ISO WKB, 2D, British National Grid metres (EPSG:27700)`,
  });

export const bboxColumns = {
  minx: z.number().describe('Bounding box: minimum easting (m, BNG)'),
  miny: z.number().describe('Bounding box: minimum northing (m, BNG)'),
  maxx: z.number().describe('Bounding box: maximum easting (m, BNG)'),
  maxy: z.number().describe('Bounding box: maximum northing (m, BNG)'),
};

// `pointAxis` marks a point table's coordinates: its Parquet file also gets a WKB point `geometry` column and
// GeoParquet metadata (pipelines/io/geoparquet.ts), so GeoPandas and QGIS read it as points.
export const pointColumns = {
  x_coord: z.number().meta({ description: 'BNG easting (EPSG:27700), metres', pointAxis: 'x' }),
  y_coord: z.number().meta({ description: 'BNG northing (EPSG:27700), metres', pointAxis: 'y' }),
};

export const sourceFile = z
  .string()
  .describe('Source file as `<dataset folder>/<path inside it>` (and `!layer` for a GeoPackage layer)');
