// Asset selection expressions, Dagster style: `name` the asset alone, `name+` it and everything downstream,
// `+name` it and everything upstream, `+name+` both; several separated by commas. Empty means all.
import { UnknownAssetError, type AssetNode } from './plan';

function closure(graph: readonly AssetNode[], start: string, direction: 'up' | 'down'): Set<string> {
  const next = (name: string): string[] =>
    direction === 'up'
      ? [...(graph.find((a) => a.name === name)?.upstream ?? [])]
      : graph.filter((a) => a.upstream.includes(name)).map((a) => a.name);
  const seen = new Set<string>([start]);
  const queue = [start];
  while (queue.length) {
    for (const n of next(queue.shift()!)) {
      if (seen.has(n)) continue;
      seen.add(n);
      queue.push(n);
    }
  }
  return seen;
}

/**
 * Adds to a selection every upstream asset (transitively) that was never materialised, so a partial refresh
 * on a fresh deployment builds what it needs instead of failing.
 */
export function withMissingUpstreams(
  graph: readonly AssetNode[],
  selection: readonly string[],
  isMaterialized: (name: string) => boolean,
): string[] {
  const selected = new Set(selection);
  for (const name of selection)
    for (const up of closure(graph, name, 'up'))
      if (!selected.has(up) && !isMaterialized(up)) selected.add(up);
  return graph.map((a) => a.name).filter((n) => selected.has(n));
}

export function resolveSelection(graph: readonly AssetNode[], expressions: readonly string[]): string[] {
  const tokens = expressions
    .flatMap((e) => e.split(','))
    .map((t) => t.trim())
    .filter(Boolean);
  if (tokens.length === 0) return graph.map((a) => a.name);
  const selected = new Set<string>();
  for (const token of tokens) {
    const m = /^(\+?)([a-z0-9_]+)(\+?)$/.exec(token);
    const name = m?.[2];
    if (!m || !name || !graph.some((a) => a.name === name))
      throw new UnknownAssetError(`unknown asset or bad selection: ${token}`);
    selected.add(name);
    if (m[1]) closure(graph, name, 'up').forEach((n) => selected.add(n));
    if (m[3]) closure(graph, name, 'down').forEach((n) => selected.add(n));
  }
  return graph.map((a) => a.name).filter((n) => selected.has(n));
}
