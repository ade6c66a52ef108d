// Zip archives: recognised by their magic bytes (publishers' URLs often do not end in .zip, e.g. the OS
// Downloads API) and extracted with the system `unzip` (no dependency; it streams, handles Zip64 and refuses
// entries that would land outside the target folder).
import { execFile } from 'node:child_process';
import { open } from 'node:fs/promises';
import { promisify } from 'node:util';
import { DataError } from '../io/errors';

const run = promisify(execFile);

/** Whether a file starts with a zip signature (local file header, or the end record of an empty zip). */
export async function isZipFile(path: string): Promise<boolean> {
  const handle = await open(path, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(4), 0, 4, 0);
    if (bytesRead < 4) return false;
    const magic = buffer.readUInt32LE(0);
    return magic === 0x04034b50 || magic === 0x06054b50;
  } finally {
    await handle.close();
  }
}

/**
 * Extracts `zip` into `dir` (created by unzip if needed). `-DD` leaves every extracted file with the current
 * time instead of the archive's: a re-extracted file then never matches a stale size+mtime checksum entry.
 */
export async function extractZip(zip: string, dir: string): Promise<void> {
  try {
    await run('unzip', ['-qq', '-o', '-DD', zip, '-d', dir], { maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const e = error as Error & { code?: string | number; stderr?: string };
    if (e.code === 'ENOENT') throw new Error('the `unzip` command is not installed (apt-get install unzip)');
    // unzip exits 1 for warnings only (the files were extracted); anything else is a broken archive.
    if (e.code === 1) return;
    throw new DataError(`cannot extract ${zip}: ${(e.stderr ?? e.message).trim()}`);
  }
}
