// A static R-tree (flatbush) over items with a bounding box: a tile's pieces of one layer. Built once per
// tile and layer, queried per UPRN.
import Flatbush from 'flatbush';
import type { BBox, Position } from './geometry';
import { boxDistance } from './pieces';

export class FeatureIndex<T extends { bbox: BBox }> {
  readonly items: readonly T[];
  private readonly index: Flatbush | null;

  constructor(items: readonly T[]) {
    this.items = items;
    if (items.length === 0) {
      this.index = null; // flatbush refuses an empty index
      return;
    }
    const index = new Flatbush(items.length);
    for (const { bbox } of items) index.add(bbox.minX, bbox.minY, bbox.maxX, bbox.maxY);
    index.finish();
    this.index = index;
  }

  /** Items whose bbox intersects or touches the box, in index order. */
  search(bbox: BBox): T[] {
    if (this.index === null) return [];
    return this.index.search(bbox.minX, bbox.minY, bbox.maxX, bbox.maxY).map((i) => this.items[i]!);
  }

  /**
   * The k items whose bbox is nearest p, nearest first (flatbush's best-first walk). Their exact geometry
   * is at least as far as their box, so once an exact distance d is known, every item not yet returned whose
   * box is farther than d can be ignored: an unbounded nearest search needs no radius guess.
   */
  nearestBoxes(p: Position, k: number): T[] {
    if (this.index === null) return [];
    return this.index.neighbors(p[0], p[1], k).map((i) => this.items[i]!);
  }

  /** Items whose bbox is within r metres of p: candidates for an exact test (their geometry may be farther). */
  withinDistance(p: Position, r: number): T[] {
    if (this.index === null) return [];
    const items = this.items;
    return this.index
      .search(p[0] - r, p[1] - r, p[0] + r, p[1] + r, (i) => boxDistance(items[i]!.bbox, p) <= r)
      .map((i) => items[i]!);
  }
}
