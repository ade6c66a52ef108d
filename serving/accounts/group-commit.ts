// Group commit: the writes and requests of one event-loop turn are committed together at the end of the turn
// (setImmediate), in one transaction, instead of one commit each. Writes need no answer; a request is
// answered (its callback) once the transaction that ran it has committed. In the transaction, the pending
// writes come first, so a request sees them.
//
// Failures: a transient one (the database's write lock not had in time) leaves everything pending and is
// retried after `retryMs`. Any other failure of a turn's writes commits each write alone, so one bad write
// holds back neither the others nor the requests; a write that still fails is kept pending and retried.
export interface GroupCommitOptions<W, Q, R> {
  /** Runs the writes, then the requests in order, in one transaction: a result a request. */
  commit(writes: readonly W[], requests: readonly Q[]): R[];
  /** An error worth retrying the same transaction for. */
  isTransient(error: unknown): boolean;
  /** Told when a deferred commit fails (it is retried). */
  onError?(error: unknown): void;
  retryMs?: number;
}

export type Answer<R> = (error: unknown, result?: R) => void;

export interface GroupCommit<W, Q, R> {
  /** Queues a write for the end of the turn. */
  write(w: W): void;
  /** Queues a request for the end of the turn; `done` is called after its commit (or with the failure). */
  request(q: Q, done: Answer<R>): void;
  hasPendingWrites(): boolean;
  /** Commits the pending writes now (a reader calls this to see its own writes); throws if they fail. */
  flush(): void;
  /** Stops the timers, answers waiting requests with `error` and commits the pending writes. */
  close(error: Error): void;
}

export function groupCommit<W, Q, R>(options: GroupCommitOptions<W, Q, R>): GroupCommit<W, Q, R> {
  const { commit, isTransient, onError } = options;
  const writes: W[] = [];
  const requests: [Q, Answer<R>][] = [];
  let scheduled: NodeJS.Immediate | null = null;
  let retry: NodeJS.Timeout | null = null;

  function flush(): void {
    if (!writes.length) return;
    const batch = writes.splice(0);
    try {
      commit(batch, []);
    } catch (error) {
      if (isTransient(error)) {
        writes.unshift(...batch);
        throw error;
      }
      commitOneByOne(batch);
    }
  }

  /** After a turn's writes failed for a reason other than a transient one: each alone. */
  function commitOneByOne(batch: readonly W[]): void {
    const left: W[] = [];
    let failure: unknown;
    for (const w of batch)
      try {
        commit([w], []);
      } catch (error) {
        failure = error;
        left.push(w);
      }
    if (left.length) {
      writes.unshift(...left);
      throw failure;
    }
  }

  function schedule(): void {
    if (scheduled || retry) return;
    scheduled = setImmediate(() => {
      scheduled = null;
      try {
        if (requests.length) return commitTurn();
        flush();
      } catch (error) {
        onError?.(error);
        retry = setTimeout(() => {
          retry = null;
          schedule();
        }, options.retryMs ?? 100);
      }
    });
  }

  /** The end of a turn with requests waiting: one transaction, then each request's answer. */
  function commitTurn(): void {
    const waiting = requests.splice(0);
    const asked = waiting.map(([q]) => q);
    const batch = writes.splice(0);
    let results: R[];
    try {
      results = commit(batch, asked);
    } catch (error) {
      writes.unshift(...batch);
      try {
        // A write the database refuses must not refuse the requests with it (flush commits it alone and
        // keeps it pending).
        if (isTransient(error)) throw error;
        try {
          flush();
        } catch (stuck) {
          if (isTransient(stuck)) throw stuck;
          onError?.(stuck);
        }
        results = commit([], asked);
      } catch (again) {
        for (const [, done] of waiting) done(again);
        throw again;
      }
    }
    for (let i = 0; i < waiting.length; i++) {
      try {
        waiting[i]![1](null, results[i]);
      } catch (error) {
        onError?.(error);
      }
    }
  }

  return {
    write(w) {
      writes.push(w);
      schedule();
    },
    request(q, done) {
      requests.push([q, done]);
      schedule();
    },
    hasPendingWrites: () => writes.length > 0,
    flush,
    close(error) {
      if (scheduled) clearImmediate(scheduled);
      if (retry) clearTimeout(retry);
      for (const [, done] of requests.splice(0)) done(error);
      flush();
    },
  };
}
