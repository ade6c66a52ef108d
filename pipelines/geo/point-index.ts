// k nearest points within a radius, over a static k-d tree (kdbush). kdbush answers box and radius queries;
// k-nearest is a best-first branch-and-bound walk over the same kd-sorted arrays (as in mourner's geokdbush,
// but planar): tree nodes in a priority queue keyed by the distance to their box, the best k points so far
// in a small sorted list, and the walk stops when the nearest unexplored node is beyond the k-th best.
// Distances are exact Euclidean; ties are ordered by insertion order.
import KDBush from 'kdbush';
import type { Position } from './geometry';

export interface Neighbour<T> {
  item: T;
  distance: number;
}

// A queued tree node: kd-sorted slots left..right, split on `axis`, with its box; `d2` is the squared
// distance from the query to that box.
interface Entry {
  d2: number;
  left: number;
  right: number;
  axis: number;
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

export class PointIndex<T> {
  readonly items: readonly T[];
  private readonly index: KDBush | null;
  // Coordinates by insertion id (kdbush keeps its own copy in kd order).
  private readonly xs: Float64Array;
  private readonly ys: Float64Array;
  // The points' envelope: the root node's box (tight boxes keep the walk short for queries from outside).
  private readonly bounds = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };

  constructor(items: readonly T[], positionOf: (item: T) => Position) {
    this.items = items;
    this.xs = new Float64Array(items.length);
    this.ys = new Float64Array(items.length);
    if (items.length === 0) {
      this.index = null;
      return;
    }
    // Small leaves suit nearest-neighbour walks (kdbush's default of 64 suits wide range queries).
    const index = new KDBush(items.length, 16);
    items.forEach((item, id) => {
      const [x, y] = positionOf(item);
      this.xs[id] = x;
      this.ys[id] = y;
      const b = this.bounds;
      if (x < b.minX) b.minX = x;
      if (y < b.minY) b.minY = y;
      if (x > b.maxX) b.maxX = x;
      if (y > b.maxY) b.maxY = y;
      index.add(x, y);
    });
    index.finish();
    this.index = index;
  }

  /** All points within r metres of p (inclusive), nearest first. */
  within(p: Position, r: number): Neighbour<T>[] {
    if (this.index === null || !(r >= 0)) return [];
    const found = this.index.within(p[0], p[1], r).map((id) => {
      const dx = this.xs[id]! - p[0];
      const dy = this.ys[id]! - p[1];
      return { id, d2: dx * dx + dy * dy };
    });
    found.sort((a, b) => a.d2 - b.d2 || a.id - b.id);
    return found.map(({ id, d2 }) => ({ item: this.items[id]!, distance: Math.sqrt(d2) }));
  }

  /** The k nearest points to p, no farther than maxDistance (inclusive), nearest first. */
  nearest(p: Position, k: number, maxDistance = Infinity): Neighbour<T>[] {
    if (this.index === null || k <= 0 || !(maxDistance >= 0)) return [];
    const { ids, coords, nodeSize } = this.index;
    const [qx, qy] = p;
    const max2 = maxDistance * maxDistance;
    // The best k so far, sorted by (distance, id); `bound` is the k-th distance once there are k.
    const bestD2: number[] = [];
    const bestId: number[] = [];
    let bound = max2;
    const consider = (id: number, x: number, y: number): void => {
      const dx = x - qx;
      const dy = y - qy;
      const d2 = dx * dx + dy * dy;
      if (d2 > bound) return;
      const full = bestD2.length === k;
      if (full && (d2 > bestD2[k - 1]! || (d2 === bestD2[k - 1]! && id > bestId[k - 1]!))) return;
      let at = bestD2.length;
      while (at > 0 && (bestD2[at - 1]! > d2 || (bestD2[at - 1]! === d2 && bestId[at - 1]! > id))) at--;
      bestD2.splice(at, 0, d2);
      bestId.splice(at, 0, id);
      if (full) {
        bestD2.pop();
        bestId.pop();
      }
      if (bestD2.length === k) bound = bestD2[k - 1]!;
    };
    const queue = new EntryQueue();
    const { minX, minY, maxX, maxY } = this.bounds;
    const root = node(0, ids.length - 1, 0, minX, minY, maxX, maxY, 0);
    root.d2 = boxDistance2(root, qx, qy);
    if (root.d2 <= max2) queue.push(root);
    while (queue.length > 0) {
      const e = queue.pop();
      // Nodes come out nearest first: once one is beyond the k-th best (or the radius), all the rest are.
      if (e.d2 > bound) break;
      const { left, right, axis } = e;
      if (right - left <= nodeSize) {
        for (let s = left; s <= right; s++) consider(ids[s]!, coords[2 * s]!, coords[2 * s + 1]!);
        continue;
      }
      const m = (left + right) >> 1;
      const x = coords[2 * m]!;
      const y = coords[2 * m + 1]!;
      consider(ids[m]!, x, y);
      if (left <= m - 1) {
        const lo =
          axis === 0
            ? node(left, m - 1, 1, e.minX, e.minY, x, e.maxY, 0)
            : node(left, m - 1, 0, e.minX, e.minY, e.maxX, y, 0);
        lo.d2 = boxDistance2(lo, qx, qy);
        if (lo.d2 <= bound) queue.push(lo);
      }
      if (m + 1 <= right) {
        const hi =
          axis === 0
            ? node(m + 1, right, 1, x, e.minY, e.maxX, e.maxY, 0)
            : node(m + 1, right, 0, e.minX, y, e.maxX, e.maxY, 0);
        hi.d2 = boxDistance2(hi, qx, qy);
        if (hi.d2 <= bound) queue.push(hi);
      }
    }
    return bestId.map((id, i) => ({ item: this.items[id]!, distance: Math.sqrt(bestD2[i]!) }));
  }
}

function node(
  left: number,
  right: number,
  axis: number,
  minX: number,
  minY: number,
  maxX: number,
  maxY: number,
  d2: number,
): Entry {
  return { d2, left, right, axis, minX, minY, maxX, maxY };
}

function boxDistance2(b: Entry, x: number, y: number): number {
  const dx = x < b.minX ? b.minX - x : x > b.maxX ? x - b.maxX : 0;
  const dy = y < b.minY ? b.minY - y : y > b.maxY ? y - b.maxY : 0;
  return dx * dx + dy * dy;
}

function before(a: Entry, b: Entry): boolean {
  return a.d2 < b.d2;
}

/** A binary min-heap of entries. */
class EntryQueue {
  private readonly data: Entry[] = [];
  get length(): number {
    return this.data.length;
  }
  push(e: Entry): void {
    const data = this.data;
    let i = data.length;
    data.push(e);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const p = data[parent]!;
      if (!before(e, p)) break;
      data[i] = p;
      i = parent;
    }
    data[i] = e;
  }
  pop(): Entry {
    const data = this.data;
    const top = data[0]!;
    const last = data.pop()!;
    if (data.length > 0) {
      let i = 0;
      const n = data.length;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= n) break;
        const r = l + 1;
        const c = r < n && before(data[r]!, data[l]!) ? r : l;
        if (!before(data[c]!, last)) break;
        data[i] = data[c]!;
        i = c;
      }
      data[i] = last;
    }
    return top;
  }
}
