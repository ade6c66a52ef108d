// Planning: which assets a selection covers, in waves that respect dependencies (each wave's assets are
// independent of each other and may run in parallel).
export interface AssetNode {
  name: string;
  upstream: readonly string[];
}

export class UnknownAssetError extends Error {}

/**
 * Throws when an upstream names no asset of the graph: a typo would otherwise read as "already materialised"
 * and the asset would run before its input.
 */
function checkUpstreams(graph: readonly AssetNode[], names: ReadonlySet<string>): void {
  for (const a of graph)
    for (const u of a.upstream)
      if (!names.has(u)) throw new UnknownAssetError(`asset ${a.name}: upstream ${u} is not an asset`);
}

/**
 * Throws when two assets share a name, an upstream names no asset, the upstreams form a cycle, or (given the
 * list of names the declarations are typed by) a listed name is not declared.
 */
export function checkGraph(graph: readonly AssetNode[], listed?: readonly string[]): void {
  const names = new Set<string>();
  for (const a of graph) {
    if (names.has(a.name)) throw new Error(`asset ${a.name} is declared twice`);
    names.add(a.name);
  }
  const undeclared = (listed ?? []).filter((n) => !names.has(n));
  if (undeclared.length) throw new UnknownAssetError(`asset names never declared: ${undeclared.join(', ')}`);
  planWaves(graph);
}

export function planWaves(graph: readonly AssetNode[], selection?: readonly string[]): string[][] {
  const byName = new Map(graph.map((a) => [a.name, a]));
  checkUpstreams(graph, new Set(byName.keys()));
  for (const name of selection ?? [])
    if (!byName.has(name)) throw new UnknownAssetError(`unknown asset: ${name}`);
  const selected = new Set(selection?.length ? selection : graph.map((a) => a.name));
  const done = new Set<string>();
  const waves: string[][] = [];
  while (done.size < selected.size) {
    // An upstream outside the selection is one that exists (checked above) and is not rebuilt in this run.
    const wave = [...selected].filter(
      (name) => !done.has(name) && byName.get(name)!.upstream.every((u) => done.has(u) || !selected.has(u)),
    );
    if (wave.length === 0)
      throw new Error(`dependency cycle among: ${[...selected].filter((n) => !done.has(n)).join(', ')}`);
    wave.sort();
    waves.push(wave);
    wave.forEach((n) => done.add(n));
  }
  return waves;
}
