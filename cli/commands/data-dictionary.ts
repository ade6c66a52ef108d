// `pds data-dictionary`: writes docs/data-dictionary.md from the tables' zod schemas.
import { writeFileSync } from 'node:fs';
import type { Command } from 'commander';

export function registerDataDictionaryCommand(program: Command): void {
  program
    .command('data-dictionary')
    .description(
      'Write the data dictionary of every Parquet table (field, type, unit, meaning) from the schemas',
    )
    .option('--out <file>', 'where to write it ("-" for stdout)', 'docs/data-dictionary.md')
    .action(async (opts: { out: string }) => {
      const { z } = await import('zod');
      const { dataDictionaryMarkdown } = await import('../../pipelines/io/data-dictionary');
      const { dictionaryTables } = await import('../../pipelines/catalog/dictionary-tables');
      const tables = dictionaryTables();
      const markdown = dataDictionaryMarkdown(tables, (s) =>
        z.toJSONSchema(s, { io: 'output', unrepresentable: 'any' }),
      );
      if (opts.out === '-') return void process.stdout.write(markdown);
      writeFileSync(opts.out, markdown);
      process.stderr.write(`${tables.length} tables → ${opts.out}\n`);
    });
}
