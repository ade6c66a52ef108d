// A full garbage collection after a build while V8's heap is large. Over a scale-20 refresh a worker's committed
// heap grows from ~90 to ~180 MB and V8 keeps it between builds, so each build started that much higher: with a
// collection after each build above 128 MB, scale 20's peak fell from 670–676 to 624–630 MB and `epc_enhanced`'s
// from 668–669 to 580–596, the throughput within the machine's drift (docs/national.md, session 45). Within a
// build, a step that made many blocks in JavaScript has its garbage collected before DuckDB's next step
// (collectAfterBlocks: the EPC blocks' chunks, the area blocks' tiles; session 51).
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

/**
 * Blocks a build's step makes in JavaScript from which their garbage is collected before DuckDB's next step: a
 * full tile's chunk (~40 MB of heap at 4,096 EPC blocks) is worth a collection (~35 ms), a month's few blocks a
 * tile are not: the collection costs as much and frees little (docs/national.md, session 51).
 */
const MANY_BLOCKS = 2048;

/** Collects garbage after a step that built `blocks` blocks in JavaScript, if they were many; says whether it did. */
export function collectAfterBlocks(blocks: number): boolean {
  if (blocks < MANY_BLOCKS) return false;
  collectGarbage();
  return true;
}

function collectGarbage(): void {
  if (!gc) {
    // A context made after the flag has `gc`; the process's own does not.
    v8.setFlagsFromString('--expose-gc');
    gc = runInNewContext('gc') as () => void;
  }
  gc();
}
