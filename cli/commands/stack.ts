import type { Command } from 'commander';
import { stackDown, stackStatus, stackUp } from '../../infra/stack';
import { printStatus } from '../../infra/stack/cli';

export function registerStackCommands(program: Command): void {
  const stack = program.command('stack').description('Local Elasticsearch and Temporal servers');
  stack
    .command('up')
    .description('Install (first time) and start Elasticsearch and Temporal; reuses a running stack')
    .action(async () => printStatus(await stackUp({ log: (m) => process.stderr.write(`${m}\n`) }), false));
  stack
    .command('down')
    .description('Stop Elasticsearch and Temporal')
    .action(async () => {
      await stackDown();
      printStatus(await stackStatus(), false);
    });
  stack
    .command('status')
    .description('Show what is running, where, and its log files')
    .option('--json', 'machine-readable output')
    .action(async (opts: { json?: boolean }) => printStatus(await stackStatus(), Boolean(opts.json)));
}
