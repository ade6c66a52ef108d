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

export const pointColumns = {
  x_coord: z.number().describe('BNG easting (EPSG:27700), metres'),
  y_coord: z.number().describe('BNG northing (EPSG:27700), metres'),
};

export const sourceFile = z
  .string()
  .describe('Source file as `<dataset folder>/<path inside it>` (and `!layer` for a GeoPackage layer)');
