// After a build, a heap grown past the limit is collected; one below it is left to V8.
import { describe, expect, it } from 'vitest';
import { collectLargeHeap } from '../../../pipelines/orchestration/collect-large-heap';

describe('collectLargeHeap', () => {
  it('leaves a heap below the limit alone', () => {
    expect(collectLargeHeap(Number.MAX_SAFE_INTEGER)).toBe(false);
  });

  it('collects a heap above the limit, freeing what nothing holds', () => {
    let garbage: number[][] | null = Array.from({ length: 64 }, () => new Array<number>(100_000).fill(1.5));
    const before = process.memoryUsage().heapUsed;
    expect(garbage.length).toBe(64);
    garbage = null;
    expect(collectLargeHeap(0)).toBe(true);
    // ~50 MB of arrays of doubles, unreachable once dropped.
    expect(before - process.memoryUsage().heapUsed).toBeGreaterThan(30 * 2 ** 20);
  });
});
