// `pds analyst`: (re)writes the analysts' DuckDB catalog (docs/analysts.md), one view per output table over
// the current materialisation's Parquet files, and optionally runs a query against it.
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { dataPaths, loadConfig } from '../../pipelines/config';

const cellText = (v: unknown): string =>
  v === null || v === undefined ? '' : v instanceof Uint8Array ? `<${v.length} bytes>` : String(v);

export function registerAnalystCommand(program: Command): void {
  program
    .command('analyst')
    .description(
      'Write the DuckDB catalog of every output table (one view each, current files only) for analysts',
    )
    .option('--out <file>', 'where to write it (default: <data dir>/catalog.duckdb)')
    .option('--sql <query>', 'then run this query against it and print the rows as tab-separated text')
    .action(async (opts: { out?: string; sql?: string }) => {
      const config = loadConfig();
      const { ASSETS } = await import('../../pipelines/assets/graph');
      const { openCatalog } = await import('../../pipelines/catalog/catalog');
      const { writeAnalystCatalogFor } = await import('../../pipelines/catalog/analyst-catalog');
      const catalog = openCatalog(dataPaths(config.dataDir).catalogDb);
      const { path, views } = await writeAnalystCatalogFor(
        catalog,
        config.dataDir,
        ASSETS.map((a) => a.name),
        opts.out ? resolve(opts.out) : undefined,
      ).finally(() => catalog.close());
      process.stderr.write(`${views} views → ${path}\nopen it with: duckdb ${path}\n`);
      if (!opts.sql) return;
      const { DuckDBInstance } = await import('../../pipelines/io/duckdb');
      const connection = await (await DuckDBInstance.create(path, { access_mode: 'READ_ONLY' })).connect();
      const reader = await connection.runAndReadAll(opts.sql);
      const rows = reader.getRowsJS();
      process.stdout.write(
        [reader.columnNames(), ...rows].map((r) => r.map(cellText).join('\t')).join('\n') + '\n',
      );
      connection.closeSync();
    });
}
