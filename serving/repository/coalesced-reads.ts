// Single reads coalesced (the DataLoader pattern): the documents asked in one event-loop turn are read with
// one request to the store instead of one each.
type Waiter<T> = [resolve: (found: T | null) => void, reject: (error: unknown) => void];

/**
 * `getOne` coalesced: the UPRNs asked in one event-loop turn are read by one `getMany` (an `_mget`; under load
 * a turn holds several, since a turn's admissions commit together and their handlers read at once), in UPRN
 * order, each answered as its document arrives. A UPRN asked alone is read by `getOne` (a GET).
 */
export function coalescedReads<T>(
  getOne: (uprn: number) => Promise<T | null>,
  getMany: (uprns: readonly number[]) => AsyncIterable<[number, T | undefined]>,
): (uprn: number) => Promise<T | null> {
  let asked: Map<number, Waiter<T>[]> | null = null;
  const send = async (): Promise<void> => {
    const waiting = asked!;
    asked = null;
    const settle = (uprn: number, outcome: (w: Waiter<T>) => void) => {
      for (const w of waiting.get(uprn) ?? []) outcome(w);
      waiting.delete(uprn);
    };
    try {
      if (waiting.size === 1) {
        const [uprn] = waiting.keys();
        const stored = await getOne(uprn!);
        return settle(uprn!, ([resolve]) => resolve(stored));
      }
      for await (const [uprn, stored] of getMany([...waiting.keys()].sort((a, b) => a - b)))
        settle(uprn, ([resolve]) => resolve(stored ?? null));
      if (waiting.size) throw new Error(`_mget left ${waiting.size} of the UPRNs asked unanswered`);
    } catch (error) {
      for (const uprn of [...waiting.keys()]) settle(uprn, ([, reject]) => reject(error));
    }
  };
  return (uprn) =>
    new Promise((resolve, reject) => {
      if (!asked) {
        asked = new Map();
        setImmediate(() => void send());
      }
      const list = asked.get(uprn);
      if (list) list.push([resolve, reject]);
      else asked.set(uprn, [[resolve, reject]]);
    });
}
