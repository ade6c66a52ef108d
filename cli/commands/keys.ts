import type { Command } from 'commander';
import { dataPaths, loadConfig } from '../../pipelines/config';

const store = async () =>
  (await import('../../serving/accounts/store')).openAccountStore(dataPaths(loadConfig().dataDir).accountsDb);

export function registerKeyCommands(program: Command): void {
  const keys = program.command('keys').description('API keys (stored hashed; a key is shown once)');
  keys
    .command('create')
    .description('Create a key and print it once')
    .option('--name <name>', 'who or what the key is for', 'default')
    .option('--plan <plan>', 'subscription plan (see `pds plans list`)', 'default')
    .action(async (opts: { name: string; plan: string }) => {
      const accounts = await store();
      const { key, record } = accounts.createKey(opts.name, { plan: opts.plan });
      accounts.close();
      process.stderr.write(
        `created key #${record.id} (${record.name}, plan ${record.plan}); it is not stored and will not be shown again\n`,
      );
      process.stdout.write(`${key}\n`);
    });
  keys
    .command('list')
    .description('List keys (hints only, never the keys)')
    .action(async () => {
      const accounts = await store();
      for (const k of accounts.listKeys())
        process.stdout.write(
          `#${k.id}\t${k.hint}\t${k.name}\tplan ${k.plan ?? '-'}\tcreated ${k.createdAt}${k.revokedAt ? `\trevoked ${k.revokedAt}` : ''}\n`,
        );
      accounts.close();
    });
  keys
    .command('revoke <id>')
    .description('Revoke a key by id')
    .action(async (id: string) => {
      const accounts = await store();
      const ok = accounts.revokeKey(Number(id));
      accounts.close();
      if (!ok) throw new Error(`no active key #${id}`);
      process.stdout.write(`revoked key #${id}\n`);
    });
}
