import type { Command } from 'commander';
import type { StackStatus } from '../../infra/stack';

const stack = () => import('../../infra/stack');
const print = async (status: StackStatus, json: boolean): Promise<void> =>
  (await import('../../infra/stack/cli')).printStatus(status, json);
const log = (m: string): void => void process.stderr.write(`${m}\n`);

export function registerStackCommands(program: Command): void {
  const cmd = program.command('stack').description('Local Elasticsearch and Temporal servers');
  cmd
    .command('up')
    .description('Install (first time) and start Elasticsearch and Temporal; reuses a running stack')
    .action(async () => print(await (await stack()).stackUp({ log }), false));
  cmd
    .command('down')
    .description('Stop Elasticsearch and Temporal')
    .action(async () => print(await (await stack()).stackDown({ log }), false));
  cmd
    .command('status')
    .description('Show what is running, where, and its log files')
    .option('--json', 'machine-readable output')
    .action(async (opts: { json?: boolean }) =>
      print(await (await stack()).stackStatus(), Boolean(opts.json)),
    );
}
