// A value computed from a file and kept by the process until the file changes (its inode, size or time): a
// national table that every tile of an asset reads the same way is then read once a worker, not once a tile.
import { stat } from 'node:fs/promises';

/** `compute` of a file, computed again only when the file (or the path asked) is another. */
export function fileMemo<T>(compute: (file: string) => Promise<T>): (file: string) => Promise<T> {
  let kept: { key: string; value: Promise<T> } | undefined;
  return async (file) => {
    const { ino, size, mtimeMs } = await stat(file);
    const key = `${file} ${ino} ${size} ${mtimeMs}`;
    if (kept?.key !== key) {
      const value = compute(file);
      kept = { key, value };
      // A failed computation is not kept: the next call computes again.
      value.catch(() => {
        if (kept?.value === value) kept = undefined;
      });
    }
    return kept.value;
  };
}
