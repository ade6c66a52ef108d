// Text views of the asset graph for the CLI: a dependency listing and a Mermaid flowchart.
import type { AssetDefinition } from './definition';
import { planWaves } from './plan';

export const downstreamOf = (graph: readonly AssetDefinition[], name: string): string[] =>
  graph.filter((a) => a.upstream.includes(name)).map((a) => a.name);

export function graphText(graph: readonly AssetDefinition[]): string {
  return planWaves(graph)
    .map((wave, i) =>
      wave
        .map((name) => {
          const a = graph.find((x) => x.name === name)!;
          return `${i}  ${a.name} [${a.kind}]${a.upstream.length ? ` <- ${a.upstream.join(', ')}` : ''}`;
        })
        .join('\n'),
    )
    .join('\n');
}

export function graphMermaid(graph: readonly AssetDefinition[]): string {
  const lines = ['flowchart LR'];
  for (const a of graph) lines.push(`  ${a.name}["${a.name}<br/><small>${a.kind}</small>"]`);
  for (const a of graph) for (const u of a.upstream) lines.push(`  ${u} --> ${a.name}`);
  return lines.join('\n');
}
