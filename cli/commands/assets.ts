import type { Command } from 'commander';
import { ASSETS } from '../../pipelines/assets/graph';
import { planWaves } from '../../pipelines/assets/plan';

export function registerAssetCommands(program: Command): void {
  const assets = program.command('assets').description('The declared data assets');
  assets
    .command('list')
    .description('List assets in dependency order')
    .action(() => {
      for (const name of planWaves(ASSETS).flat()) {
        const a = ASSETS.find((x) => x.name === name)!;
        process.stdout.write(`${a.name}\t${a.kind}\t<- ${a.upstream.join(', ') || '(source files)'}\n  ${a.description}\n`);
      }
    });
}
