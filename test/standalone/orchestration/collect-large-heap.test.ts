// After a build, a heap grown past the limit is collected; one below it is left to V8. Within a build, a step
// that made many blocks in JavaScript has its garbage collected; one that made few (a month's) does not.
import { describe, expect, it } from 'vitest';
import { collectAfterBlocks, collectLargeHeap } from '../../../pipelines/orchestration/collect-large-heap';

/** Makes ~50 MB of arrays of doubles and drops them; returns the heap in use while they were held. */
function heapHoldingGarbage(): number {
  const garbage = Array.from({ length: 64 }, () => new Array<number>(100_000).fill(1.5));
  expect(garbage.length).toBe(64);
  return process.memoryUsage().heapUsed;
}

describe('collectLargeHeap', () => {
  it('leaves a heap below the limit alone', () => {
    expect(collectLargeHeap(Number.MAX_SAFE_INTEGER)).toBe(false);
  });

  it('collects a heap above the limit, freeing what nothing holds', () => {
    const before = heapHoldingGarbage();
    expect(collectLargeHeap(0)).toBe(true);
    expect(before - process.memoryUsage().heapUsed).toBeGreaterThan(30 * 2 ** 20);
  });
});

describe('collectAfterBlocks', () => {
  it("leaves a month's few blocks to V8", () => {
    expect(collectAfterBlocks(1100)).toBe(false);
  });

  it("collects after a full chunk's blocks, freeing what nothing holds", () => {
    const before = heapHoldingGarbage();
    expect(collectAfterBlocks(4096)).toBe(true);
    expect(before - process.memoryUsage().heapUsed).toBeGreaterThan(30 * 2 ** 20);
  });
});
