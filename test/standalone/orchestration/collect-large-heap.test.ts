// After a build, a heap grown past the limit, or array buffers past theirs, are collected; else left to V8.
import { describe, expect, it, vi } from 'vitest';
import { collectLargeHeap } from '../../../pipelines/orchestration/collect-large-heap';

describe('collectLargeHeap', () => {
  it('leaves a heap below the limit alone', () => {
    expect(collectLargeHeap(Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER)).toBe(false);
  });

  it('collects a heap above the limit, freeing what nothing holds', () => {
    let garbage: number[][] | null = Array.from({ length: 64 }, () => new Array<number>(100_000).fill(1.5));
    const before = process.memoryUsage().heapUsed;
    expect(garbage.length).toBe(64);
    garbage = null;
    expect(collectLargeHeap(0, Number.MAX_SAFE_INTEGER)).toBe(true);
    // ~50 MB of arrays of doubles, unreachable once dropped.
    expect(before - process.memoryUsage().heapUsed).toBeGreaterThan(30 * 2 ** 20);
  });

  it('collects array buffers above their limit, though the heap is small', async () => {
    // 48 MB of bytes outside V8's heap, as an index build's documents leave them, unreachable once dropped;
    // one small buffer stays, so the buffers are above a limit of 0 whenever V8 itself collects the rest.
    const kept = new Uint8Array(1024).fill(1);
    let buffers: Uint8Array[] | null = Array.from({ length: 48 }, () => new Uint8Array(2 ** 20).fill(1));
    expect(buffers.length + kept.length).toBe(48 + 1024);
    buffers = null;
    expect(collectLargeHeap(Number.MAX_SAFE_INTEGER, 0)).toBe(true);
    // V8 frees a collected buffer's bytes on a thread of its own, soon after the collection.
    await vi.waitFor(() => expect(process.memoryUsage().arrayBuffers).toBeLessThan(8 * 2 ** 20), {
      timeout: 2000,
    });
  });
});
