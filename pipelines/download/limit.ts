// Bounded parallelism: at most `n` tasks at once; a finished task hands its slot straight to the next one.
export type Limit = <T>(task: () => Promise<T>) => Promise<T>;

export function limiter(n: number): Limit {
  let free = Math.max(1, Math.floor(n));
  const waiting: (() => void)[] = [];
  return async (task) => {
    if (free > 0) free--;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else free++;
    }
  };
}

/**
 * Like Promise.all, but waits for every task to settle before rethrowing the first failure, so no download
 * keeps running (and writing) after the step has reported its failure.
 */
export async function allSettledOrThrow<T>(tasks: readonly Promise<T>[]): Promise<T[]> {
  const settled = await Promise.allSettled(tasks);
  const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.map((s) => (s as PromiseFulfilledResult<T>).value);
}
