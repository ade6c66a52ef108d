// Small file-system helpers shared by the installers.
import fs from 'node:fs/promises';
import path from 'node:path';

export const exists = (p: string): Promise<boolean> =>
  fs.access(p).then(
    () => true,
    () => false,
  );

/**
 * Remove leftovers (`prefix*`) of interrupted downloads/unpacks. Only ones older than `minAgeMs`: the cache is
 * shared by every clone on the machine, so a young one may be another process's download in progress.
 */
export async function removeStale(dir: string, prefix: string, minAgeMs: number): Promise<void> {
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  for (const name of names) {
    if (!name.startsWith(prefix)) continue;
    const full = path.join(dir, name);
    const stat = await fs.stat(full).catch(() => null);
    if (stat !== null && Date.now() - stat.mtimeMs >= minAgeMs)
      await fs.rm(full, { recursive: true, force: true });
  }
}
