// What an area dataset writer returns, and the helpers the writers share.
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { WrittenFile } from '../csv-writer';

export interface AreaDatasetFile {
  dataset: string;
  format: string;
  file: WrittenFile;
  headerRows: number;
}

/** Writes a whole file (a workbook) and describes it as the CSV writer does. */
export async function writeBytes(path: string, bytes: Uint8Array, rows: number): Promise<WrittenFile> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, bytes);
  return { path, bytes: bytes.length, rows, sha256: createHash('sha256').update(bytes).digest('hex') };
}

export const round = (v: number, dp: number) => Math.round(v * 10 ** dp) / 10 ** dp;
