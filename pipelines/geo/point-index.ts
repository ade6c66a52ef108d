// k nearest points within a radius, over a static k-d tree (kdbush). kdbush answers box and radius queries;
// k-nearest is a radius query that widens until it holds k points (then the k nearest are among them),
// with exact Euclidean distances and a stable order for ties (distance, then insertion order).
import KDBush from 'kdbush';
import type { Position } from './geometry';

export interface Neighbour<T> {
  item: T;
  distance: number;
}

export class PointIndex<T> {
  readonly items: readonly T[];
  private readonly xs: Float64Array;
  private readonly ys: Float64Array;
  private readonly index: KDBush | null;
  // A first radius for k-nearest: the spacing of the points if they were spread evenly over their box.
  private readonly spacing: number;

  constructor(items: readonly T[], positionOf: (item: T) => Position) {
    this.items = items;
    const n = items.length;
    this.xs = new Float64Array(n);
    this.ys = new Float64Array(n);
    let minX = Infinity;
    let minY = Infinity;
    let maxX = -Infinity;
    let maxY = -Infinity;
    for (let i = 0; i < n; i++) {
      const [x, y] = positionOf(items[i]!);
      this.xs[i] = x;
      this.ys[i] = y;
      if (x < minX) minX = x;
      if (y < minY) minY = y;
      if (x > maxX) maxX = x;
      if (y > maxY) maxY = y;
    }
    if (n === 0) {
      this.index = null;
      this.spacing = 1;
      return;
    }
    const index = new KDBush(n);
    for (let i = 0; i < n; i++) index.add(this.xs[i]!, this.ys[i]!);
    index.finish();
    this.index = index;
    const area = Math.max(maxX - minX, 1) * Math.max(maxY - minY, 1);
    this.spacing = Math.sqrt(area / n);
  }

  /** All points within r metres of p (inclusive), nearest first. */
  within(p: Position, r: number): Neighbour<T>[] {
    if (this.index === null || !(r >= 0)) return [];
    return this.sorted(p, this.index.within(p[0], p[1], r), r);
  }

  /** The k nearest points to p, no farther than maxDistance (inclusive), nearest first. */
  nearest(p: Position, k: number, maxDistance = Infinity): Neighbour<T>[] {
    if (this.index === null || k <= 0 || !(maxDistance >= 0)) return [];
    const n = this.items.length;
    let r = Math.min(maxDistance, this.spacing * Math.sqrt(k));
    for (;;) {
      // Beyond every point's reach, an infinite radius is the same as the whole set.
      const ids = Number.isFinite(r) ? this.index.within(p[0], p[1], r) : allIds(n);
      const found = this.sorted(p, ids, r);
      if (found.length >= k || r >= maxDistance || ids.length === n) return found.slice(0, k);
      r = Math.min(maxDistance, r * 2 || 1);
    }
  }

  private sorted(p: Position, ids: number[], r: number): Neighbour<T>[] {
    const d = ids.map((i) => Math.hypot(this.xs[i]! - p[0], this.ys[i]! - p[1]));
    const order = ids.map((_, j) => j).filter((j) => d[j]! <= r);
    order.sort((a, b) => d[a]! - d[b]! || ids[a]! - ids[b]!);
    return order.map((j) => ({ item: this.items[ids[j]!]!, distance: d[j]! }));
  }
}

function allIds(n: number): number[] {
  return Array.from({ length: n }, (_, i) => i);
}
