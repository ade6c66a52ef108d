// The rules are pure functions of one string, and EPC columns repeat a small set of values (a few thousand
// dates, a few hundred fuel or wall texts) across 25 M certificates. Caching a rule's answers per distinct
// input makes enhancement several times faster; the cache is bounded (cleared when full), so a column of
// unique values (addresses) costs nothing but misses.

export function memoise<R>(
  rule: (value: string | null | undefined) => R,
  maxEntries = 20_000,
): (value: string | null | undefined) => R {
  const cache = new Map<string, R>();
  return (value) => {
    if (value === null || value === undefined) return rule(value);
    const hit = cache.get(value);
    if (hit !== undefined) return hit;
    const result = rule(value);
    if (cache.size >= maxEntries) cache.clear();
    cache.set(value, result);
    return result;
  };
}
