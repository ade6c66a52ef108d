// British National Grid 10 km tiles, named as OS names its grid squares: two letters for the 100 km square
// and one digit each for the 10 km easting and northing within it ('ST76' has its south-west corner at
// 370000,160000). OS Terrain 50 ships its contours per tile under these names, so a tile of ours is a tile
// of theirs. A tile is the unit of work and of parallelism (DESIGN.md decision 2).
import type { BBox } from './geometry';

export const TILE_SIZE = 10_000;
/** Features are pre-tiled with this much overlap (metres), the largest search radius a tile must answer. */
export const TILE_OVERLAP = 1000;
/** The grid's extent: 0 ≤ x < 700 km, 0 ≤ y < 1300 km (squares SV to HP). */
export const GRID = { maxX: 700_000, maxY: 1_300_000 } as const;

// The 25 letters of a 5×5 letter grid, row by row from the top left ('I' is not used).
const LETTERS = 'ABCDEFGHJKLMNOPQRSTUVWXYZ';

export class OutsideGridError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OutsideGridError';
  }
}

/** The name of the 10 km tile holding (x, y); squares are half-open ([x0, x0 + 10 km)). */
export function tileOf(x: number, y: number): string {
  if (!(x >= 0 && x < GRID.maxX && y >= 0 && y < GRID.maxY)) {
    throw new OutsideGridError(
      `(${x}, ${y}) is outside the British National Grid (0 <= x < ${GRID.maxX}, 0 <= y < ${GRID.maxY})`,
    );
  }
  return tileName(Math.floor(x / TILE_SIZE), Math.floor(y / TILE_SIZE));
}

/** Name of the tile at column i, row j (10 km units from the false origin). */
export function tileName(i: number, j: number): string {
  const e = Math.floor(i / 10); // 100 km column
  const n = Math.floor(j / 10); // 100 km row
  // First letter: the 500 km square, with the false origin at the SW corner of 'S'.
  const first = LETTERS[(3 - Math.floor(n / 5)) * 5 + 2 + Math.floor(e / 5)]!;
  // Second letter: the 100 km square within it.
  const second = LETTERS[(4 - (n % 5)) * 5 + (e % 5)]!;
  return `${first}${second}${i % 10}${j % 10}`;
}

/** The 10 km square of a tile name (case-insensitive), e.g. 'ST76' → 370000,160000 to 380000,170000. */
export function tileBBox(name: string): BBox {
  const m = /^([A-HJ-Z])([A-HJ-Z])(\d)(\d)$/i.exec(name);
  if (m === null)
    throw new OutsideGridError(`'${name}' is not a 10 km grid square name (two letters, two digits)`);
  const l1 = LETTERS.indexOf(m[1]!.toUpperCase());
  const l2 = LETTERS.indexOf(m[2]!.toUpperCase());
  const e500 = (l1 % 5) - 2;
  const n500 = 3 - Math.floor(l1 / 5);
  const minX = (e500 * 5 + (l2 % 5)) * 100_000 + Number(m[3]) * TILE_SIZE;
  const minY = (n500 * 5 + (4 - Math.floor(l2 / 5))) * 100_000 + Number(m[4]) * TILE_SIZE;
  if (minX < 0 || minY < 0 || minX >= GRID.maxX || minY >= GRID.maxY) {
    throw new OutsideGridError(`'${name}' is outside the British National Grid`);
  }
  return { minX, minY, maxX: minX + TILE_SIZE, maxY: minY + TILE_SIZE };
}

/**
 * A SQL condition: the point in columns `x`, `y` lies in the tile, half-open as tileOf assigns it (the per-tile
 * assets select their UPRNs so).
 */
export function inTileSql(name: string, x = 'x_coord', y = 'y_coord'): string {
  const b = tileBBox(name);
  return `${x} >= ${b.minX} AND ${x} < ${b.maxX} AND ${y} >= ${b.minY} AND ${y} < ${b.maxY}`;
}

/** A SQL condition: the point in columns `x`, `y` lies on the grid, i.e. in some tile. */
export const onGridSql = (x = 'x_coord', y = 'y_coord'): string =>
  `${x} >= 0 AND ${x} < ${GRID.maxX} AND ${y} >= 0 AND ${y} < ${GRID.maxY}`;

/** The tile's square grown by `overlap` metres on every side. */
export function tileBBoxWithOverlap(name: string, overlap: number = TILE_OVERLAP): BBox {
  const b = tileBBox(name);
  return { minX: b.minX - overlap, minY: b.minY - overlap, maxX: b.maxX + overlap, maxY: b.maxY + overlap };
}

/**
 * Names of the tiles whose squares meet a box (a box edge on a tile line also takes the tile beyond it),
 * south-west first, row by row. The part of the box outside the grid has no tiles; [] when all of it is.
 */
export function tilesIntersecting(bbox: BBox): string[] {
  const i0 = Math.max(0, Math.floor(bbox.minX / TILE_SIZE));
  const j0 = Math.max(0, Math.floor(bbox.minY / TILE_SIZE));
  const i1 = Math.min(GRID.maxX / TILE_SIZE - 1, Math.floor(bbox.maxX / TILE_SIZE));
  const j1 = Math.min(GRID.maxY / TILE_SIZE - 1, Math.floor(bbox.maxY / TILE_SIZE));
  const names: string[] = [];
  for (let j = j0; j <= j1; j++) for (let i = i0; i <= i1; i++) names.push(tileName(i, j));
  return names;
}

/**
 * The tiles whose overlap-grown squares meet a box: where a feature (or a piece of one) must be stored so
 * that every tile can answer queries up to `overlap` metres beyond its edge from its own data.
 */
export function tilesNear(bbox: BBox, overlap: number = TILE_OVERLAP): string[] {
  return tilesIntersecting({
    minX: bbox.minX - overlap,
    minY: bbox.minY - overlap,
    maxX: bbox.maxX + overlap,
    maxY: bbox.maxY + overlap,
  });
}
