import { createReadStream, readFileSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import type { Command } from 'commander';

export function registerEnergyModelCommands(program: Command): void {
  const em = program
    .command('energy-model')
    .description(
      'The energy model without the HTTP API: bulk requests, or the engine on a dwelling description',
    );

  em.command('run')
    .description(
      'Evaluate API request bodies, one JSON object per line ("-" for stdin); writes one response per line',
    )
    .argument('<file>', 'JSON Lines file of POST /energy-model bodies')
    .action(async (file: string) => {
      const { answerEnergyModelLine } = await import('../../serving/energy-model/bulk');
      // The same prices as the API: the table the last refresh wrote into the data folder.
      const { useEnergyPricesFrom } = await import('../../serving/energy-model/prices');
      const { loadConfig } = await import('../../pipelines/config');
      useEnergyPricesFrom(loadConfig().dataDir, (m) => process.stderr.write(`${m}\n`));
      const input = file === '-' ? process.stdin : createReadStream(file);
      const lines = createInterface({ input, crlfDelay: Infinity });
      let failed = 0;
      for await (const line of lines) {
        if (!line.trim()) continue;
        const answer = answerEnergyModelLine(line);
        if ('error' in answer) failed++;
        process.stdout.write(`${JSON.stringify(answer)}\n`);
      }
      if (failed) process.stderr.write(`${failed} line(s) answered with an error\n`);
    });

  em.command('engine')
    .description('Run the engine alone on a dwelling description (JSON) and print its monthly results')
    .argument('<file>', 'dwelling description, e.g. serving/energy-model/examples/dwelling.json')
    .option('--json', 'print the full result as JSON instead of a table')
    .action(async (file: string, opts: { json?: boolean }) => {
      const { runEngine } = await import('../../serving/energy-model/engine/index');
      const { formatEngineResult } = await import('../../serving/energy-model/engine/format');
      const result = runEngine(JSON.parse(readFileSync(file === '-' ? 0 : file, 'utf8')));
      process.stdout.write(opts.json ? `${JSON.stringify(result, null, 2)}\n` : formatEngineResult(result));
    });

  em.command('validate')
    .description(
      'Print the table of default mains-gas use by building type and age band against reference ranges',
    )
    .option('--location <name>', 'region name or postcode', 'Midlands')
    .option('--write-docs [file]', 'replace the generated table in the docs (default docs/energy-model.md)')
    .action(async (opts: { location: string; writeDocs?: string | true }) => {
      const { replaceDocsTable, validationTable } = await import('../../serving/energy-model/validation');
      const table = validationTable(opts.location);
      if (!opts.writeDocs) return void process.stdout.write(`${table}\n`);
      const file = opts.writeDocs === true ? 'docs/energy-model.md' : opts.writeDocs;
      writeFileSync(file, replaceDocsTable(readFileSync(file, 'utf8'), table));
      process.stdout.write(`${file}: validation table regenerated (${opts.location})\n`);
    });
}
