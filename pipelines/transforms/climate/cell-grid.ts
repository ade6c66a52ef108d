// A regular grid of cells keyed by index, for point lookups without polygons: the cell holding a point is
// found by arithmetic on its coordinates (HadUK-Grid 1 km, UKCP18 12 km). The lattice is anchored on the
// first cell's centre as the source gives it (the origin is read from the data, never assumed); a centre
// off that lattice is a data error, not silently snapped.
import { DataError } from '../../io/errors';

// Column and row indices fit in ±2^20 (1 km cells over ±1,000 km), so one number keys a cell exactly.
const SPAN = 2 ** 21;
const keyOf = (col: number, row: number): number => (col + SPAN / 2) * SPAN + (row + SPAN / 2);

export class CellGrid<T> {
  private readonly cells = new Map<number, T>();
  private origin: [number, number] | null = null;

  /** @param step cell size in metres (1000 for HadUK-Grid 1 km, 12000 for UKCP18 12 km) */
  constructor(readonly step: number) {}

  get size(): number {
    return this.cells.size;
  }

  /** Adds the cell centred at (x, y); a second value for the same cell replaces the first. */
  set(x: number, y: number, value: T): void {
    this.origin ??= [x, y];
    const fx = (x - this.origin[0]) / this.step;
    const fy = (y - this.origin[1]) / this.step;
    const col = Math.round(fx);
    const row = Math.round(fy);
    if (Math.abs(fx - col) > 1e-6 || Math.abs(fy - row) > 1e-6)
      throw new DataError(
        `cell centre (${x}, ${y}) is not on the ${this.step} m grid through ${this.origin.join(', ')}`,
      );
    this.cells.set(keyOf(col, row), value);
  }

  private index(x: number, y: number): [number, number] | null {
    if (!this.origin) return null;
    // A cell spans [centre - step/2, centre + step/2): floor of the offset from the lower edge.
    return [
      Math.floor((x - this.origin[0]) / this.step + 0.5),
      Math.floor((y - this.origin[1]) / this.step + 0.5),
    ];
  }

  /** Every cell's value, in the order they were set. */
  values(): IterableIterator<T> {
    return this.cells.values();
  }

  /** The value of the cell holding (x, y), or undefined. */
  at(x: number, y: number): T | undefined {
    const i = this.index(x, y);
    return i ? this.cells.get(keyOf(i[0], i[1])) : undefined;
  }

  /**
   * The cell holding (x, y), else the one among its neighbours within `ring` cells whose centre is nearest
   * the point (for coastal homes whose own cell is sea in the grid's land mask).
   */
  nearest(x: number, y: number, ring: number): T | undefined {
    const i = this.index(x, y);
    if (!i || !this.origin) return undefined;
    const own = this.cells.get(keyOf(i[0], i[1]));
    if (own !== undefined) return own;
    let best: T | undefined;
    let bestD = Infinity;
    for (let dr = -ring; dr <= ring; dr++)
      for (let dc = -ring; dc <= ring; dc++) {
        const v = this.cells.get(keyOf(i[0] + dc, i[1] + dr));
        if (v === undefined) continue;
        const cx = this.origin[0] + (i[0] + dc) * this.step;
        const cy = this.origin[1] + (i[1] + dr) * this.step;
        const d = (cx - x) ** 2 + (cy - y) ** 2;
        if (d < bestD) {
          bestD = d;
          best = v;
        }
      }
    return best;
  }
}
