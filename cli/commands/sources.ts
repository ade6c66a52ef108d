import type { Command } from 'commander';
import { loadConfig, type ServiceConfig } from '../../pipelines/config';

const out = (text: string): void => void process.stdout.write(`${text}\n`);

/** The configuration with `--sources FILE` taking the place of PDS_SOURCES_FILE. */
const configWith = (sources?: string): ServiceConfig =>
  loadConfig(sources ? { ...process.env, PDS_SOURCES_FILE: sources } : process.env);

export function registerSourcesCommands(program: Command): void {
  const sources = program
    .command('sources')
    .description('Where each raw dataset comes from: a sources file (docs/sources.md) or the sources folder');
  sources
    .command('list')
    .description('Each dataset: location, format, folder read, and its last download (time, bytes, sha256)')
    .option('--sources <file>', 'the sources file (default: PDS_SOURCES_FILE)')
    .option('--json', 'as JSON')
    .action(async (opts: { sources?: string; json?: boolean }) => {
      const { listSources } = await import('../../pipelines/download/describe');
      const config = configWith(opts.sources);
      const listings = await listSources(config);
      if (opts.json) return out(JSON.stringify(listings, null, 2));
      out(config.sourcesFile ? `sources file ${config.sourcesFile}` : 'no sources file: the sources folder');
      for (const l of listings) {
        const where = l.format && !l.items.length ? ' (a local folder, read in place)' : '';
        out(`${l.dataset}\t${l.format ?? '(sources folder)'}\n  reads ${l.folder}${where}`);
        for (const { location, download: d } of l.items)
          out(
            `  ${location}\n    ${
              d
                ? `downloaded ${d.downloadedAt}, checked ${d.checkedAt}, ${d.bytes} bytes, sha256 ${d.sha256}`
                : /^https?:/i.test(location)
                  ? 'never downloaded'
                  : 'local file'
            }`,
          );
      }
    });
  sources
    .command('check')
    .description('Validate the sources file and check that its local paths exist (downloads nothing)')
    .option('--sources <file>', 'the sources file (default: PDS_SOURCES_FILE)')
    .action(async (opts: { sources?: string }) => {
      const { checkSources } = await import('../../pipelines/download/describe');
      const config = configWith(opts.sources);
      const problems = await checkSources(config);
      const what = config.sourcesFile ?? `the sources folder ${config.sourcesDir}`;
      if (problems.length) throw new Error(`${what}:\n  ${problems.join('\n  ')}`);
      out(`ok: ${what}`);
    });
}
