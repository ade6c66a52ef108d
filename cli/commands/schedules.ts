import type { Command } from 'commander';
import { loadConfig } from '../../pipelines/config';

const out = (text: string): void => void process.stdout.write(`${text}\n`);

async function withClient<T>(fn: (ctx: Awaited<ReturnType<typeof setup>>) => Promise<T>): Promise<T> {
  const ctx = await setup();
  try {
    return await fn(ctx);
  } finally {
    await ctx.client.connection.close();
  }
}

async function setup() {
  const config = loadConfig();
  const { connectClient } = await import('../../workflows/client');
  const schedules = await import('../../workflows/schedules');
  const { ASSETS } = await import('../../pipelines/assets/graph');
  const planned = schedules.refreshSchedules(ASSETS, config);
  return { config, client: await connectClient(config), schedules, planned };
}

export function registerScheduleCommands(program: Command): void {
  const cmd = program.command('schedules').description('Temporal Schedules that refresh sources by cadence');
  cmd
    .command('sync')
    .description('Create or update one schedule per source cadence (monthly, quarterly, …)')
    .action(() =>
      withClient(async ({ config, client, schedules, planned }) => {
        for (const id of await schedules.syncSchedules(client, config, planned)) out(`synced ${id}`);
      }),
    );
  cmd
    .command('list')
    .description('Schedules with their state, next and recent runs')
    .action(() =>
      withClient(async ({ client, schedules, planned }) => {
        for (const s of await schedules
          .describeSchedules(
            client,
            planned.map((p) => p.id),
          )
          .catch((error: Error) => {
            throw new Error(`${error.message} (run \`pds schedules sync\` first)`);
          }))
          out(`${s.id}\t${s.paused ? 'paused' : 'active'}\tnext ${s.nextRuns.join(', ')}\n  ${s.note ?? ''}`);
      }),
    );
  for (const [name, description] of [
    ['pause', 'Pause a schedule'],
    ['unpause', 'Resume a paused schedule'],
    ['trigger', 'Run a schedule now (skipped if a refresh is already running)'],
  ] as const) {
    cmd
      .command(`${name} <id>`)
      .description(description)
      .action((id: string) =>
        withClient(async ({ client }) => {
          const handle = client.schedule.getHandle(id);
          if (name === 'pause') await handle.pause('paused from the pds CLI');
          else if (name === 'unpause') await handle.unpause('resumed from the pds CLI');
          else await handle.trigger();
          out(`${name}d ${id}`.replace('triggerd', 'triggered').replace('unpaused', 'resumed'));
        }),
      );
  }
}
