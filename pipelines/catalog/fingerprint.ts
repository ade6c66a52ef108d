// Input fingerprints: what an asset was built from. Source files are identified by content (sha256, cached
// by size and mtime so unchanged files are not re-read), upstream assets by their materialisation ids (or
// the data version of what a partition reads of them).
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Catalog, InputFingerprint } from './catalog';

export async function fileSha256(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export async function sourceChecksums(
  catalog: Catalog,
  paths: readonly string[],
): Promise<InputFingerprint['sources']> {
  const out: InputFingerprint['sources'] = [];
  for (const path of [...paths].sort()) {
    const { size, mtimeMs } = await stat(path);
    let sha256 = catalog.cachedChecksum(path, size, mtimeMs);
    if (!sha256) {
      sha256 = await fileSha256(path);
      catalog.rememberChecksum({ path, size, mtimeMs, sha256 });
    }
    out.push({ path, sha256 });
  }
  return out;
}

export function fingerprintHash(inputs: InputFingerprint, codeVersion: string): string {
  // An upstream read by data version is identified by it, not by the build that holds it.
  const identified = {
    ...inputs,
    upstream: inputs.upstream.map((u) => {
      if (u.version === undefined) return u;
      const { materialization: _build, ...rest } = u;
      return rest;
    }),
  };
  return createHash('sha256')
    .update(JSON.stringify({ inputs: identified, codeVersion }))
    .digest('hex');
}
