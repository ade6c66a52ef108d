// A full garbage collection after a build while V8's heap is large. Over a scale-20 refresh a worker's committed
// heap grows from ~90 to ~180 MB and V8 keeps it between builds, so each build started that much higher: with a
// collection after each build above 128 MB, scale 20's peak fell from 670–676 to 624–630 MB and `epc_enhanced`'s
// from 668–669 to 580–596, the throughput within the machine's drift (docs/national.md, session 45).
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';

const LARGE_HEAP_BYTES = 128 * 2 ** 20;

let gc: (() => void) | undefined;

/** Collects garbage when V8's committed heap is above `limit` bytes; says whether it did. */
export function collectLargeHeap(limit = LARGE_HEAP_BYTES): boolean {
  if (process.memoryUsage().heapTotal <= limit) return false;
  collectGarbage();
  return true;
}

/** A full garbage collection now (~35 ms on a worker's heap of ~100 MB). */
export function collectGarbage(): void {
  if (!gc) {
    // A context made after the flag has `gc`; the process's own does not.
    v8.setFlagsFromString('--expose-gc');
    gc = runInNewContext('gc') as () => void;
  }
  gc();
}
