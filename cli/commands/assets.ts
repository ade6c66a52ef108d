import type { Command } from 'commander';

export function registerAssetCommands(program: Command): void {
  const assets = program.command('assets').description('The declared data assets');
  assets
    .command('list')
    .description('List assets in dependency order')
    .action(async () => {
      const { ASSETS } = await import('../../pipelines/assets/graph');
      const { planWaves } = await import('../../pipelines/assets/plan');
      for (const name of planWaves(ASSETS).flat()) {
        const a = ASSETS.find((x) => x.name === name)!;
        process.stdout.write(
          `${a.name}\t${a.kind}\t<- ${a.upstream.join(', ') || '(source files)'}\n  ${a.description}\n`,
        );
      }
    });
}
