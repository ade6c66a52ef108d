// Contour lines from a height grid by marching squares, chained into polylines. Each cell's crossing
// points are interpolated linearly along its edges; saddle cells (two opposite corners above) are resolved
// by the cell's mean, so neighbouring cells always agree and lines are continuous. A crossing point is
// identified by its grid edge, which is how segments are joined into lines.
import type { Position } from '../../geo/geometry';

export interface HeightGrid {
  /** South-west grid point (m). */
  x0: number;
  y0: number;
  /** Spacing (m). */
  step: number;
  /** Points per row and rows. */
  nx: number;
  ny: number;
  /** Heights row by row from the south, nx * ny. */
  h: Float64Array;
}

export function sampleGrid(
  x0: number,
  y0: number,
  step: number,
  nx: number,
  ny: number,
  height: (p: Position) => number,
): HeightGrid {
  const h = new Float64Array(nx * ny);
  for (let j = 0; j < ny; j++)
    for (let i = 0; i < nx; i++) h[j * nx + i] = height([x0 + i * step, y0 + j * step]);
  return { x0, y0, step, nx, ny, h };
}

const round = (v: number): number => Math.round(v * 100) / 100;

/** The polylines of height `level` (closed ones end where they start). */
export function contourLines(g: HeightGrid, level: number): Position[][] {
  const { nx, ny, h } = g;
  const at = (i: number, j: number): number => h[j * nx + i] as number;
  // Heights exactly at the level count as above, so no crossing falls on a grid point.
  const above = (i: number, j: number): boolean => at(i, j) >= level;
  // Edge keys: horizontal edge (i,j)-(i+1,j) = 2*(j*nx+i); vertical (i,j)-(i,j+1) = 2*(j*nx+i)+1.
  const hKey = (i: number, j: number): number => 2 * (j * nx + i);
  const vKey = (i: number, j: number): number => 2 * (j * nx + i) + 1;
  const point = (key: number): Position => {
    const base = key >> 1;
    const i = base % nx;
    const j = Math.floor(base / nx);
    const [i2, j2] = key & 1 ? [i, j + 1] : [i + 1, j];
    const a = at(i, j);
    const b = at(i2, j2);
    const t = (level - a) / (b - a);
    return [round(g.x0 + (i + t * (i2 - i)) * g.step), round(g.y0 + (j + t * (j2 - j)) * g.step)];
  };
  const segments: [number, number][] = [];
  for (let j = 0; j + 1 < ny; j++) {
    for (let i = 0; i + 1 < nx; i++) {
      const bl = above(i, j), br = above(i + 1, j), tr = above(i + 1, j + 1), tl = above(i, j + 1); // prettier-ignore
      const code = (bl ? 1 : 0) | (br ? 2 : 0) | (tr ? 4 : 0) | (tl ? 8 : 0);
      if (code === 0 || code === 15) continue;
      const bottom = hKey(i, j), top = hKey(i, j + 1), left = vKey(i, j), right = vKey(i + 1, j); // prettier-ignore
      switch (code) {
        case 1:
        case 14: segments.push([left, bottom]); break; // prettier-ignore
        case 2:
        case 13: segments.push([bottom, right]); break; // prettier-ignore
        case 3:
        case 12: segments.push([left, right]); break; // prettier-ignore
        case 4:
        case 11: segments.push([right, top]); break; // prettier-ignore
        case 6:
        case 9: segments.push([bottom, top]); break; // prettier-ignore
        case 7:
        case 8: segments.push([left, top]); break; // prettier-ignore
        case 5:
        case 10: {
          const mean = (at(i, j) + at(i + 1, j) + at(i + 1, j + 1) + at(i, j + 1)) / 4;
          // code 5: bl and tr above. If the centre is above too, the above corners connect through it.
          const joined = mean >= level === (code === 5);
          if (joined) segments.push([left, top], [bottom, right]);
          else segments.push([left, bottom], [right, top]);
          break;
        }
      }
    }
  }
  return chain(segments).map((keys) => keys.map(point));
}

/** Joins segments sharing an edge key into maximal polylines. */
function chain(segments: [number, number][]): number[][] {
  const byKey = new Map<number, number[]>();
  segments.forEach(([a, b], s) => {
    for (const k of [a, b]) {
      const list = byKey.get(k);
      if (list) list.push(s);
      else byKey.set(k, [s]);
    }
  });
  const used = new Uint8Array(segments.length);
  const next = (key: number): number | undefined => byKey.get(key)?.find((s) => !used[s]);
  const lines: number[][] = [];
  // Start from the ends of open lines (a key used by one segment) first, then whatever is left (rings).
  const starts = [...byKey.entries()].filter(([, list]) => list.length === 1).map(([k]) => k);
  const walk = (startKey: number): number[] | null => {
    let s = next(startKey);
    if (s === undefined) return null;
    const keys = [startKey];
    let key = startKey;
    while (s !== undefined) {
      used[s] = 1;
      const [a, b] = segments[s] as [number, number];
      key = a === key ? b : a;
      keys.push(key);
      s = next(key);
    }
    return keys;
  };
  for (const k of starts) {
    const line = walk(k);
    if (line) lines.push(line);
  }
  segments.forEach(([a], s) => {
    if (used[s]) return;
    const line = walk(a);
    if (line) lines.push(line);
  });
  return lines;
}
