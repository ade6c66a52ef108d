// The rules are pure functions of one string, and EPC columns repeat a small set of values (a few thousand
// dates, a few hundred fuel or wall texts) across 25 M certificates. Caching a rule's answers per distinct
// input makes enhancement several times faster; the cache is bounded (cleared when full), so a column of
// unique values (addresses) costs nothing but misses.
//
// A cell is a slice of the text the CSV reader decoded, and V8 keeps a sliced string's whole parent alive:
// a cached cell (or an answer that is the cell itself, trimmed) would pin a chunk of megabytes, and a cache
// of rare values met all along the file would pin chunk after chunk, so memory grew with the file. Cached
// keys and string answers are copies (taken on a miss only).

/** A copy of a string that shares no memory with the text it was sliced from. */
export function detach(text: string): string {
  // ' ' + text is a rope; slicing it flattens it into a new string, of which the result is a part.
  return (' ' + text).slice(1);
}

export function memoise<R>(
  rule: (value: string | null | undefined) => R,
  maxEntries = 20_000,
): (value: string | null | undefined) => R {
  const cache = new Map<string, R>();
  return (value) => {
    if (value === null || value === undefined) return rule(value);
    const hit = cache.get(value);
    if (hit !== undefined) return hit;
    let result = rule(value);
    if (typeof result === 'string') result = detach(result) as R;
    if (cache.size >= maxEntries) cache.clear();
    cache.set(detach(value), result);
    return result;
  };
}
