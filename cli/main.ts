// `pds`: the one front door. Each subcommand is a thin shell over a module; this folder is the
// composition root, the only place that wires infra, pipelines, workflows and serving together.
import { Command } from 'commander';
import { registerAnalystCommand } from './commands/analyst';
import { registerAssetCommands } from './commands/assets';
import { registerDataDictionaryCommand } from './commands/data-dictionary';
import { registerEnergyModelCommands } from './commands/energy-model';
import { registerEpcCommands } from './commands/epc';
import { registerExportCommand } from './commands/export';
import { registerKeyCommands } from './commands/keys';
import { registerPlanCommands } from './commands/plans';
import { registerRefreshCommands } from './commands/refresh';
import { registerSampleDataCommand } from './commands/sample-data';
import { registerScheduleCommands } from './commands/schedules';
import { registerServeCommands } from './commands/serve';
import { registerSourcesCommands } from './commands/sources';
import { registerStackCommands } from './commands/stack';
import { registerStartCommand } from './commands/start';

const program = new Command('pds')
  .description('Property, Energy and Location Data Service')
  .showHelpAfterError()
  .configureHelp({ sortSubcommands: false });

registerStartCommand(program);
registerStackCommands(program);
registerSampleDataCommand(program);
registerRefreshCommands(program);
registerScheduleCommands(program);
registerSourcesCommands(program);
registerServeCommands(program);
registerKeyCommands(program);
registerPlanCommands(program);
registerAssetCommands(program);
registerEnergyModelCommands(program);
registerEpcCommands(program);
registerExportCommand(program);
registerDataDictionaryCommand(program);
registerAnalystCommand(program);

program.parseAsync(process.argv).catch((error: unknown) => {
  process.stderr.write(`pds: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
