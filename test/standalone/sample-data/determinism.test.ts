// Same seed -> byte-identical files; a different seed -> different data.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generate } from './helpers';

describe('sample-data determinism', () => {
  it('writes byte-identical files for the same seed and different ones for another seed', async () => {
    const [a, b, c] = await Promise.all([generate(0.1, 7), generate(0.1, 7), generate(0.1, 8)]);
    expect(a.manifest.files.length).toBeGreaterThan(0);
    expect(b.manifest).toEqual(a.manifest);
    for (const f of a.manifest.files) {
      const [x, y] = await Promise.all([readFile(join(a.dir, f.path)), readFile(join(b.dir, f.path))]);
      expect(x.equals(y), f.path).toBe(true);
    }
    const [ma, mb] = await Promise.all([
      readFile(join(a.dir, 'manifest.json')),
      readFile(join(b.dir, 'manifest.json')),
    ]);
    expect(ma.equals(mb)).toBe(true);
    const certs = (m: typeof a.manifest): string | undefined =>
      m.files.find((f) => f.path.endsWith('Cardiff/certificates.csv'))?.sha256;
    expect(certs(c.manifest)).not.toBe(certs(a.manifest));
  }, 60_000);

  it('rejects bad options', async () => {
    await expect(generate(0)).rejects.toThrow(/scale/);
    await expect(generate(1, -1)).rejects.toThrow(/seed/);
  });
});
