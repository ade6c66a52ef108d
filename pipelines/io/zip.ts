// Zip containers of published datasets, with fflate. OS Terrain 50 nests them: `terr50_cesh_gb.zip` holds
// `data/su/su67_OST50CONT_20190530.zip`, which holds `SU67_line.shp`; `walkZip` descends into inner zips
// and names their entries `outer/path.zip!inner/path`. Entries are inflated one at a time (fflate's filter),
// so listing never inflates everything.
import { writeFileSync } from 'node:fs';
import { unzipSync, zipSync, type Zippable } from 'fflate';

export interface ZipEntry {
  /** Path inside the zip; entries of inner zips are `inner.zip!path`. */
  path: string;
  bytes: Uint8Array;
}

/** Names of the file entries (not folders) of a zip. */
export function listZip(zip: Uint8Array): string[] {
  const names: string[] = [];
  unzipSync(zip, {
    filter: (f) => {
      if (!f.name.endsWith('/')) names.push(f.name);
      return false;
    },
  });
  return names;
}

/** One entry's bytes, or null when the zip has no such entry. */
export function readZipEntry(zip: Uint8Array, path: string): Uint8Array | null {
  const out = unzipSync(zip, { filter: (f) => f.name === path });
  return out[path] ?? null;
}

/**
 * Every file entry matching `accept` (by its full nested path), descending into inner `.zip` entries. Inner
 * zips are inflated to scan them, one at a time.
 */
export function* walkZip(
  zip: Uint8Array,
  accept: (path: string) => boolean = () => true,
  prefix = '',
): Generator<ZipEntry> {
  for (const name of listZip(zip).sort()) {
    const path = prefix + name;
    const isZip = name.toLowerCase().endsWith('.zip');
    if (!isZip && !accept(path)) continue;
    const bytes = readZipEntry(zip, name);
    if (!bytes) continue;
    if (isZip) yield* walkZip(bytes, accept, `${path}!`);
    else yield { path, bytes };
  }
}

/**
 * A zip of the given entries (path → bytes). Entries get a fixed modification time so the same input gives
 * the same bytes (the sample manifest records checksums).
 */
export function zipBytes(
  entries: Record<string, Uint8Array>,
  mtime = new Date(Date.UTC(2025, 0, 1)),
): Uint8Array {
  const tree: Zippable = {};
  for (const [path, bytes] of Object.entries(entries).sort(([a], [b]) => a.localeCompare(b)))
    tree[path] = [bytes, { mtime, level: 6 }];
  return zipSync(tree);
}

export function writeZip(path: string, entries: Record<string, Uint8Array>): void {
  writeFileSync(path, zipBytes(entries));
}
