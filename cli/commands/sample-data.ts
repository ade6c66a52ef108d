import type { Command } from 'commander';
import { dataPaths, loadConfig } from '../../pipelines/config';

export function registerSampleDataCommand(program: Command): void {
  program
    .command('sample-data')
    .description('Write the sample region sources in their real published formats')
    .option('--out <dir>', 'output folder (default: <data dir>/sample/raw)')
    .option('--seed <n>', 'random seed (same seed, same bytes)', '42')
    .option('--scale <n>', 'multiply row counts (benchmarks)', '1')
    .action(async (opts: { out?: string; seed: string; scale: string }) => {
      const outDir = opts.out ?? dataPaths(loadConfig().dataDir).sampleRaw;
      const { generateSampleData } = await import('../../pipelines/sample-data');
      const manifest = await generateSampleData({
        outDir,
        seed: Number(opts.seed),
        scale: Number(opts.scale),
        log: (m) => process.stderr.write(`${m}\n`),
      });
      process.stdout.write(`${JSON.stringify(manifest, null, 2)}\n`);
    });
}
