// `pds assets checks`: each declared check with its latest results, partitions summed up, failures listed.
import type { CheckRecord } from '../../catalog/catalog';
import type { AssetDefinition } from '../definition';

const stateOf = (r: CheckRecord): string =>
  r.passed ? 'passed' : r.accepted ? 'failed, accepted' : r.severity === 'blocking' ? 'FAILED' : 'warning';

function resultLine(r: CheckRecord): string {
  return `      ${r.partition ? `@${r.partition} ` : ''}${stateOf(r)}: ${r.measured} (expected ${r.expected})${r.where ? ` at ${r.where}` : ''}; run ${r.runId}`;
}

export function checkSummary(assets: readonly AssetDefinition[], results: readonly CheckRecord[]): string[] {
  const lines: string[] = [];
  for (const asset of assets) {
    lines.push(asset.name);
    for (const check of asset.checks ?? []) {
      const mine = results.filter((r) => r.asset === asset.name && r.check === check.name);
      lines.push(
        `  ${check.name} [${check.severity}${check.level === 'rollup' ? ', whole asset' : check.level === 'source' ? ', before the build' : ''}] ${check.description}`,
      );
      if (mine.length === 0) {
        lines.push('      never run');
        continue;
      }
      const passed = mine.filter((r) => r.passed);
      const others = mine.filter((r) => !r.passed);
      if (mine.length === 1) lines.push(resultLine(mine[0]!));
      else {
        lines.push(`      passed in ${passed.length} of ${mine.length} partitions`);
        for (const r of others) lines.push(resultLine(r));
      }
    }
  }
  return lines;
}
