// Planning: which assets a selection covers, in waves that respect dependencies (each wave's assets are
// independent of each other and may run in parallel).
export interface AssetNode {
  name: string;
  upstream: readonly string[];
}

export class UnknownAssetError extends Error {}

export function planWaves(graph: readonly AssetNode[], selection?: readonly string[]): string[][] {
  const byName = new Map(graph.map((a) => [a.name, a]));
  for (const name of selection ?? [])
    if (!byName.has(name)) throw new UnknownAssetError(`unknown asset: ${name}`);
  const selected = new Set(selection?.length ? selection : graph.map((a) => a.name));
  const done = new Set<string>();
  const waves: string[][] = [];
  while (done.size < selected.size) {
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
