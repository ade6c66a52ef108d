// What a flood writer returns, and the one-layer GeoPackage most flood datasets are published as.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { writeGeoPackage, type GeoPackageLayerInput } from '../../io/spatial/geopackage';
import type { WrittenFile } from '../csv-writer';
import { writtenFile } from '../terrain/write';

export interface FloodFile {
  dataset: string;
  format: string;
  file: WrittenFile;
}

const LAST_CHANGE = '2025-01-28T00:00:00.000Z';

/** One GeoPackage of one layer in a dataset folder (the publishers' last-change time in its metadata). */
export function gpkg(
  outDir: string,
  dataset: string,
  file: string,
  layer: GeoPackageLayerInput,
  format: string,
): FloodFile {
  const dir = join(outDir, dataset);
  mkdirSync(dir, { recursive: true });
  const path = join(dir, file);
  const { features } = writeGeoPackage(path, [layer], LAST_CHANGE);
  return { dataset, format, file: writtenFile(path, features) };
}
