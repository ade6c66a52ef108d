import type { Command } from 'commander';
import { dataPaths, loadConfig } from '../../pipelines/config';

const graph = async () => (await import('../../pipelines/assets/graph')).ASSETS;
const out = (text: string): void => void process.stdout.write(`${text}\n`);

export function registerAssetCommands(program: Command): void {
  const assets = program.command('assets').description('The declared data assets and their materialisations');
  assets
    .command('list')
    .description('List assets in dependency order with owner, cadence and code version')
    .action(async () => {
      const { planWaves } = await import('../../pipelines/orchestration/plan');
      const all = await graph();
      for (const name of planWaves(all).flat()) {
        const a = all.find((x) => x.name === name)!;
        out(
          `${a.name}\t${a.kind}\towner ${a.owner}\t${a.cadence}\tcode v${a.codeVersion}` +
            `${a.partitioning ? `\tpartitioned per ${a.partitioning.kind}` : ''}\n  ${a.description}`,
        );
      }
    });
  assets
    .command('graph')
    .description('Print the dependency graph')
    .option('--mermaid', 'as a Mermaid flowchart')
    .action(async (opts: { mermaid?: boolean }) => {
      const { graphMermaid, graphText } = await import('../../pipelines/orchestration/describe');
      out(opts.mermaid ? graphMermaid(await graph()) : graphText(await graph()));
    });
  assets
    .command('show <name>')
    .description('An asset: upstreams, downstreams and its last materialisations')
    .option('--limit <n>', 'how many materialisations', '5')
    .option('--partitions <keys>', 'only these partitions (KEY,KEY  FROM..TO  PREFIX*)')
    .action(async (name: string, opts: { limit: string; partitions?: string }) => {
      const { downstreamOf } = await import('../../pipelines/orchestration/describe');
      const { openCatalog } = await import('../../pipelines/catalog/catalog');
      const all = await graph();
      const a = all.find((x) => x.name === name);
      if (!a) throw new Error(`unknown asset: ${name} (try \`pds assets list\`)`);
      out(`${a.name} [${a.kind}] — ${a.description}`);
      out(
        `owner ${a.owner}, cadence ${a.cadence}, code version ${a.codeVersion}, partitions: ${a.partitioning ? `per ${a.partitioning.kind}` : 'none'}`,
      );
      out(`upstream:   ${a.upstream.join(', ') || '(source files)'}`);
      out(`downstream: ${downstreamOf(all, a.name).join(', ') || '(none)'}`);
      const catalog = openCatalog(dataPaths(loadConfig().dataDir).catalogDb);
      const history = catalog.history(a.name, Number(opts.limit), a.partitioning ? '' : undefined);
      const parts = a.partitioning ? catalog.partitions(a.name) : [];
      catalog.close();
      if (a.partitioning) {
        const { parsePartitionSelection } = await import('../../pipelines/orchestration/partitions');
        const only = opts.partitions ? parsePartitionSelection(opts.partitions) : undefined;
        const shown = parts.filter((m) => !only || only.matches(m.partition));
        out(
          `partitions: ${parts.length} recorded${only ? `, ${shown.length} match ${opts.partitions}` : ''} (last materialisation of each):`,
        );
        for (const m of shown)
          out(
            `  ${m.partition.padEnd(16)} ${m.status.padEnd(7)} ${m.startedAt} run ${m.runId} rows ${m.rows} bytes ${m.bytes} ${m.durationMs} ms${m.error ? ` error: ${m.error}` : ''}`,
          );
        out('roll-ups over all partitions (what downstream assets depend on):');
      }
      out(history.length ? 'materialisations (newest first):' : 'never materialised');
      for (const m of history)
        out(
          `  ${m.startedAt} ${m.status.padEnd(7)} run ${m.runId} rows ${m.rows} bytes ${m.bytes} ${m.durationMs} ms` +
            ` fingerprint ${m.fingerprint.slice(0, 12)}${m.error ? ` error: ${m.error}` : ''}\n    ${a.partitioning ? `${m.outputs.length} files (its partitions' outputs)` : m.outputs.join('\n    ')}`,
        );
    });
  assets
    .command('checks [name]')
    .description("The latest result of every asset check (or one asset's): passed, failed, warned, accepted")
    .action(async (name?: string) => {
      const all = await graph();
      if (name && !all.some((a) => a.name === name))
        throw new Error(`unknown asset: ${name} (try \`pds assets list\`)`);
      const { openCatalog } = await import('../../pipelines/catalog/catalog');
      const { checkSummary } = await import('../../pipelines/orchestration/checks/summary');
      const catalog = openCatalog(dataPaths(loadConfig().dataDir).catalogDb);
      const results = catalog.latestChecks(name);
      catalog.close();
      const declared = all.filter((a) => (!name || a.name === name) && a.checks?.length);
      for (const text of checkSummary(declared, results)) out(text);
    });
}
