// What the planning, transport and boundary sample writers share (as pipelines/sources/planning/layer-files.ts
// is what their loaders share): the written file's record, BNG -> WGS84 to 7 decimals, squares and polygons,
// a CSV in a publisher's line endings, and a dataset's folder.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { bngToWgs84 } from '../../geo/bng';
import type { Geometry, Ring } from '../../geo/geometry';
import { mapPositions } from '../../io/spatial/read-features';
import { csvRow, type WrittenFile } from '../csv-writer';
import { writtenFile } from '../terrain/write';

export interface PlanningSampleFile {
  dataset: string;
  format: string;
  file: WrittenFile;
}

export const toWgs84 = (g: Geometry): Geometry =>
  mapPositions(g, ([x, y]) => {
    const { longitude, latitude } = bngToWgs84(x, y);
    return [Math.round(longitude * 1e7) / 1e7, Math.round(latitude * 1e7) / 1e7];
  });

export const squareRing = (cx: number, cy: number, half: number): Ring => [
  [cx - half, cy - half],
  [cx + half, cy - half],
  [cx + half, cy + half],
  [cx - half, cy + half],
  [cx - half, cy - half],
];

export const poly = (...rings: Ring[]): Geometry => ({ type: 'Polygon', coordinates: rings });

export function writeCsv(
  path: string,
  header: readonly string[],
  rows: readonly (readonly string[])[],
  eol = '\r\n',
): WrittenFile {
  writeFileSync(path, [header, ...rows].map((r) => csvRow(r)).join(eol) + eol);
  return writtenFile(path, rows.length);
}

export function dirOf(outDir: string, dataset: string): string {
  const dir = join(outDir, dataset);
  mkdirSync(dir, { recursive: true });
  return dir;
}
