// The manifest of a sample-data run: every file written (dataset, path relative to the output dir, format,
// data rows, bytes, sha256) plus a few known UPRNs per area for tests. Deterministic (no timestamps), so two
// runs with the same seed and scale give identical manifest.json files too.
import { writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { SampleCountry } from './areas';
import type { WrittenFile } from './csv-writer';

export interface SampleFile {
  dataset: string;
  /** Relative to the output directory, '/'-separated. */
  path: string;
  format: string;
  /** Data rows (header rows excluded). */
  rows: number;
  headerRows: number;
  bytes: number;
  sha256: string;
}

export interface SampleUprnRef {
  areaId: string;
  country: SampleCountry;
  uprn: string;
  postcode: string;
  /** Number of EPC certificates lodged for it (0 = none). */
  certificates: number;
}

export interface SampleManifest {
  generator: 'pds-sample-data';
  version: 1;
  seed: number;
  scale: number;
  areas: {
    id: string;
    name: string;
    country: SampleCountry;
    localAuthorityCode: string;
    localAuthorityName: string;
    uprns: number;
    postcodes: number;
  }[];
  files: SampleFile[];
  samples: SampleUprnRef[];
}

export const MANIFEST_FILE = 'manifest.json';

export function sampleFile(
  outDir: string,
  dataset: string,
  format: string,
  file: WrittenFile,
  headerRows = 1,
): SampleFile {
  return {
    dataset,
    path: relative(outDir, file.path).split(sep).join('/'),
    format,
    rows: file.rows,
    headerRows,
    bytes: file.bytes,
    sha256: file.sha256,
  };
}

export function emptyManifest(seed: number, scale: number): SampleManifest {
  return { generator: 'pds-sample-data', version: 1, seed, scale, areas: [], files: [], samples: [] };
}

export async function writeManifest(outDir: string, manifest: SampleManifest): Promise<string> {
  const path = join(outDir, MANIFEST_FILE);
  await writeFile(path, `${JSON.stringify(manifest, null, 2)}\n`, 'utf8');
  return path;
}
