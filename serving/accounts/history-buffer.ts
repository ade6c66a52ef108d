// Request history written behind. GET /requests keeps each key's newest REQUESTS_KEPT_PER_KEY rows, so of a
// key asking more often than that between two writes, most rows would be deleted as soon as written: here
// they are dropped before (a /properties row holds a ~22 KB answer; writing and pruning it was about a sixth
// of a metered request's CPU). Rows wait at most `flushMs`, made into text only then and only if kept, then
// one transaction writes them (and cuts each key's history once). A reader flushes first, so this process
// reads its own rows at once and another process within `flushMs`. A crash loses at most that long of rows,
// never a charge: settlements are committed apart (group-commit.ts), at the end of their event-loop turn.
import { renderHistory, type HistoryInput, type HistoryRecord } from './ledger';

export type HistoryEntry = [keyId: number, row: HistoryInput];

export interface HistoryBufferOptions {
  /** How many rows a key keeps: older pending ones are dropped unwritten. */
  keep: number;
  /** How long a row may wait to be written, ms. */
  flushMs: number;
  /**
   * Rows pending (after the cuts) past which they are written at the end of the turn instead (default 512):
   * many keys asking a little each cut nothing, and one flush of all their rows would stall the event loop.
   */
  maxPending?: number;
  /** Writes the rows (oldest first) and cuts each of their keys' history to `keep`, in one transaction. */
  write(rows: readonly HistoryEntry[]): void;
  /** An error worth retrying the same write for (the database's write lock not had in time). */
  isTransient(error: unknown): boolean;
  /** Told when a flush fails (it is retried) and when a row is dropped: it cannot be made, or is refused. */
  onError?(error: unknown): void;
}

export interface HistoryBuffer {
  add(keyId: number, row: HistoryRecord): void;
  /** Writes what is pending now; throws (keeping the rows) if the database is busy. */
  flush(): void;
  /** Stops the timer and writes what is pending (what cannot be written is reported and dropped). */
  close(): void;
}

export function historyBuffer(options: HistoryBufferOptions): HistoryBuffer {
  const { keep, write, isTransient, onError } = options;
  const maxPending = options.maxPending ?? 512;
  let pending = new Map<number, HistoryRecord[]>();
  let count = 0;
  let timer: NodeJS.Timeout | null = null;
  let soon: NodeJS.Immediate | null = null;
  // After a busy database, the next try waits flushMs whatever is pending.
  let backingOff = false;

  function flush(): void {
    stopTimers();
    if (!pending.size) return;
    const taken = pending;
    pending = new Map();
    count = 0;
    const rows: HistoryEntry[] = [];
    for (const [keyId, list] of taken)
      for (const record of list.slice(-keep))
        try {
          rows.push([keyId, renderHistory(record)]);
        } catch (error) {
          dropped(record.requestId, error);
        }
    try {
      write(rows);
    } catch (error) {
      if (isTransient(error)) {
        // Kept for the next try (nothing arrived meanwhile: the write is synchronous).
        backingOff = true;
        for (const [keyId, row] of rows) add(keyId, row);
        throw error;
      }
      writeOneByOne(rows);
    }
    backingOff = false;
  }

  /** After a write failed for a reason other than a busy database: each row alone, a refused one dropped. */
  function writeOneByOne(rows: readonly HistoryEntry[]): void {
    for (const entry of rows)
      try {
        write([entry]);
      } catch (error) {
        dropped(entry[1].requestId, error);
      }
  }

  function dropped(requestId: string, error: unknown): void {
    onError?.(new Error(`history row of request ${requestId} dropped: ${messageOf(error)}`));
  }

  function add(keyId: number, row: HistoryRecord): void {
    let list = pending.get(keyId);
    if (!list) pending.set(keyId, (list = []));
    list.push(row);
    count++;
    // Cut in steps, not at every row: what is past the newest `keep` is never written.
    if (list.length >= 2 * keep) count -= list.splice(0, list.length - keep).length;
    schedule();
  }

  const flushLater = () => {
    try {
      flush();
    } catch (error) {
      onError?.(error);
    }
  };

  function schedule(): void {
    if (count >= maxPending && !backingOff) {
      soon ??= setImmediate(flushLater);
      return;
    }
    if (timer) return;
    timer = setTimeout(flushLater, options.flushMs);
    timer.unref();
  }

  function stopTimers(): void {
    if (timer) clearTimeout(timer);
    if (soon) clearImmediate(soon);
    timer = null;
    soon = null;
  }

  return {
    add,
    flush,
    close() {
      flushLater();
      stopTimers();
    },
  };
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));
