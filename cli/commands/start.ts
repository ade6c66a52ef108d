// `npm start`: everything a newcomer needs, in order: stack up, sample data, refresh, API, a demo key and
// a ready-to-paste call.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { dataPaths, loadConfig } from '../../pipelines/config';
import { propertiesAlias } from '../../pipelines/indexing/aliases';
import { SAMPLE_AREAS } from '../../pipelines/sample-data/areas';
import { runRefresh } from './refresh';
import { closeOnSignal } from './serve';

const say = (m: string): void => void process.stderr.write(`${m}\n`);

/** The real service's documented test UPRNs and points (issue #15 item 4), which the sample holds. */
const DOCUMENTED = SAMPLE_AREAS.flatMap((a) => a.documentedUprns.map((d) => ({ country: a.country, ...d })));

/**
 * A UPRN per country for the example calls: the real service's documented test UPRN where the index holds it
 * (the sample does), else the UPRN with the most certificates.
 */
async function exampleUprns(esUrl: string, alias: string): Promise<Record<string, number>> {
  const { createEsClient } = await import('../../pipelines/indexing/es-client');
  const es = createEsClient(esUrl);
  const out: Record<string, number> = {};
  for (const country of ['England', 'Wales', 'Scotland']) {
    const documented = DOCUMENTED.find((d) => d.country === country);
    if (documented) {
      const r = await es.search<{ uprn: number }>({
        index: alias,
        size: 1,
        query: { term: { uprn: documented.uprn } },
        _source: ['uprn'],
      });
      if (r.hits.hits[0]?._source) {
        out[country] = documented.uprn;
        continue;
      }
    }
    const r = await es.search<{ uprn: number }>({
      index: alias,
      size: 1,
      query: { bool: { filter: [{ term: { country } }, { range: { epc_count: { gte: 1 } } }] } },
      sort: [{ epc_count: 'desc' }, { uprn: 'asc' }],
      _source: ['uprn'],
    });
    const hit = r.hits.hits[0]?._source;
    if (hit) out[country] = hit.uprn;
  }
  await es.close();
  return out;
}

export function registerStartCommand(program: Command): void {
  program
    .command('start')
    .description('Stack up, sample data, refresh, then serve the API on :3000 and print a demo key')
    .option('--fresh', 'regenerate the sample data even if present')
    .action(async (opts: { fresh?: boolean }) => {
      const { stackUp } = await import('../../infra/stack');
      const { generateSampleData } = await import('../../pipelines/sample-data');
      const { openAccountStore } = await import('../../serving/accounts/store');
      const { startServing } = await import('../../serving/server');
      const config = loadConfig();
      const paths = dataPaths(config.dataDir);
      say('1/4 starting Elasticsearch and Temporal (first run downloads and installs them)…');
      await stackUp({ log: (m) => say(`    ${m}`), browser: false });
      if (opts.fresh || !existsSync(resolve(paths.sampleRaw, 'manifest.json'))) {
        say(`2/4 writing sample sources to ${paths.sampleRaw}…`);
        await generateSampleData({ outDir: paths.sampleRaw, log: (m) => say(`    ${m}`) });
      } else say(`2/4 sample sources already in ${paths.sampleRaw} (use --fresh to rewrite)`);
      say('3/4 refreshing: ingest → enhance → Parquet → Elasticsearch…');
      await runRefresh(config);
      say('4/4 starting the API…');
      const server = await startServing(config);
      const accounts = openAccountStore(paths.accountsDb);
      const { key } = accounts.createKey('demo', { plan: 'demo' });
      accounts.close();
      const uprns = await exampleUprns(config.esUrl, propertiesAlias(config));
      const lines = [
        '',
        `API listening on ${server.url}`,
        `Demo API key (shown once, stored hashed): ${key}`,
        `Sample UPRNs: ${Object.entries(uprns)
          .map(([c, u]) => `${c} ${u}`)
          .join(', ')}`,
        '',
        'Try:',
        ...Object.values(uprns).map(
          (u) => `  curl -s -H 'x-api-key: ${key}' '${server.url}/properties?uprn=${u}'`,
        ),
        ...['epcs', 'flood-risk', 'retrofit'].map(
          (path) =>
            `  curl -s -H 'x-api-key: ${key}' '${server.url}/${path}?${path === 'flood-risk' ? 'UPRN' : 'uprn'}=${Object.values(uprns)[0]}'`,
        ),
        // The real service's documented points: London, Edinburgh, Cardiff.
        ...[
          [51.47, -0.19],
          [55.98, -3.19],
          [51.45, -3.19],
        ].map(
          ([lat, lon]) =>
            `  curl -s -H 'x-api-key: ${key}' '${server.url}/location?latitude=${lat}&longitude=${lon}'`,
        ),
        `  curl -s -H 'x-api-key: ${key}' -H 'content-type: application/json' '${server.url}/energy-model' \\`,
        `    -d '{"location":"BA1 1AA","building_type":"Semi-detached","construction_year":1935}'`,
        `  curl -s -H 'x-api-key: ${key}' '${server.url}/usage'`,
        '',
        `Parquet outputs: ${resolve(config.dataDir, 'parquet')}`,
        `Analyst catalog (docs/analysts.md): duckdb ${resolve(config.dataDir, 'catalog.duckdb')}`,
        'Temporal UI: http://127.0.0.1:8233   Stop: Ctrl-C, then `npx pds stack down`',
      ];
      process.stdout.write(`${lines.join('\n')}\n`);
      closeOnSignal(server);
    });
}
