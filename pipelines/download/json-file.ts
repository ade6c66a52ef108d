// Small JSON state files (download sidecars, assembly records): read leniently, written atomically, so a
// crash never leaves a half-written record that would make the next run trust a partial download.
import { randomUUID } from 'node:crypto';
import { readFile, rename, writeFile } from 'node:fs/promises';

/** The parsed file, or null when it is missing or unreadable (the caller then starts afresh). */
export async function readJsonFile<T>(path: string): Promise<T | null> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as T;
  } catch {
    return null;
  }
}

export async function writeJsonFile(path: string, value: unknown): Promise<void> {
  const tmp = `${path}.tmp-${randomUUID().slice(0, 8)}`;
  await writeFile(tmp, `${JSON.stringify(value, null, 2)}\n`);
  await rename(tmp, path);
}
