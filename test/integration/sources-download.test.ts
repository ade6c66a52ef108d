// Sources from URLs on the real Temporal server: the sample region is served by a local HTTP server in the
// publishers' shapes (the EPC bulk download as a zip, ONSPD as Data + Documents files, the Scottish extract
// with a published checksum), a sources file points at it, and a refresh downloads (past a 503, by Temporal's
// retry), assembles and builds the assets of those datasets. A second refresh gets only 304s and skips every asset.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataPaths } from '../../pipelines/config';
import { createEsClient } from '../../pipelines/indexing/es-client';
import { parquetPath, queryParquet } from '../../pipelines/io/parquet';
import { generateSampleData } from '../../pipelines/sample-data';
import { connectClient, startRefresh, watchRefresh } from '../../workflows/client';
import type { RefreshProgress } from '../../workflows/types';
import { testConfig } from '../helpers/config';
import { dropTestIndexes, startTestWorker, type TestWorker } from '../helpers/worker';

const base = testConfig('sources');
const publisher = join(base.dataDir, 'publisher');
// The sample layout is never generated where the assets would read it by default: everything must come
// through the sources file.
const config = {
  ...base,
  sourcesDir: join(base.dataDir, 'not-generated'),
  sourcesFile: join(base.dataDir, 'sources.json'),
};
const es = createEsClient(config.esUrl);
// The assets built from the four datasets this sources file serves (the other datasets' assets have their
// own tests; their sample folders are not generated here).
const SELECT = ['os_open_uprn', 'onspd', '+epc_enhanced'];
const responses: { run: number; path: string; status: number }[] = [];
let run = 0;
/** Requests to answer with a 503 first (a flaky publisher): the activity fails and Temporal retries it. */
let unavailable = 1;
let server: Server;
let worker: TestWorker;
let first: RefreshProgress;
let second: RefreshProgress;
let mismatch: unknown;
let changed: RefreshProgress;
let scotlandBefore: string;
let scotlandAfterMismatch: string;
let zipped = false;

const sha256 = (buffer: Buffer): string => createHash('sha256').update(buffer).digest('hex');
const files = (dir: string): string[] =>
  (readdirSync(dir, { recursive: true, encoding: 'utf8' }) as string[])
    .filter((f) => statSync(join(dir, f)).isFile())
    .sort();

/** Serves the publisher folder with strong ETags (content hashes) and honours If-None-Match. */
function startPublisher(): Promise<string> {
  server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const reply = (status: number, headers: Record<string, string> = {}, body?: Buffer): void => {
      responses.push({ run, path, status });
      res.writeHead(status, headers).end(body);
    };
    if (unavailable > 0) {
      unavailable--;
      return reply(503);
    }
    let body: Buffer;
    try {
      body = readFileSync(join(publisher, path));
    } catch {
      return reply(404);
    }
    const etag = `"${sha256(body).slice(0, 16)}"`;
    if (req.headers['if-none-match'] === etag) return reply(304, { etag });
    reply(200, { etag, 'content-length': String(body.length) }, body);
  });
  return new Promise((r) =>
    server.listen(0, '127.0.0.1', () => r(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );
}

function hasZip(): boolean {
  try {
    execFileSync('zip', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

function writeSourcesFile(url: string): void {
  const at = (dataset: string, file: string) => `${url}/${dataset}/${encodeURI(file)}`;
  const entries = (dataset: string) =>
    files(join(publisher, dataset)).map((f) => ({ location: at(dataset, f), path: f }));
  const [uprn] = files(join(publisher, 'os-open-uprn'));
  const [scotland] = files(join(publisher, 'epc-scotland'));
  zipped = hasZip();
  if (zipped)
    execFileSync('zip', ['-qr', '../epc-england-wales.zip', '.'], {
      cwd: join(publisher, 'epc-england-wales'),
    });
  const sources = {
    description: 'the sample region, served over HTTP',
    datasets: {
      'os-open-uprn': { format: 'os-open-uprn-csv', location: at('os-open-uprn', uprn!) },
      onspd: { format: 'onspd-csv', files: entries('onspd') },
      'epc-england-wales': zipped
        ? { format: 'epc-england-wales-bulk', location: `${url}/epc-england-wales.zip` }
        : { format: 'epc-england-wales-bulk', files: entries('epc-england-wales') },
      'epc-scotland': {
        format: 'epc-scotland-csv',
        location: at('epc-scotland', scotland!),
        sha256: sha256(readFileSync(join(publisher, 'epc-scotland', scotland!))),
      },
    },
  };
  writeFileSync(config.sourcesFile, JSON.stringify(sources, null, 2));
}

beforeAll(async () => {
  await generateSampleData({ outDir: publisher, scale: 0.2 });
  writeSourcesFile(await startPublisher());
  worker = await startTestWorker(config);
  const client = await connectClient(config);
  run = 1;
  first = await watchRefresh(await startRefresh(client, config, { select: SELECT }), () => {}, 250);
  run = 2;
  second = await watchRefresh(await startRefresh(client, config, { select: SELECT }), () => {}, 250);

  // The publisher re-issues the Scottish extract (one certificate re-lodged): with the old published
  // checksum the refresh fails at once and keeps the last good files; with the new one it rebuilds only
  // what depends on Scotland.
  const [scotland] = files(join(publisher, 'epc-scotland'));
  const scotlandFile = join(publisher, 'epc-scotland', scotland!);
  const assembled = join(dataPaths(config.dataDir).sources, 'epc-scotland', scotland!);
  scotlandBefore = readFileSync(assembled, 'utf8');
  const lines = readFileSync(scotlandFile, 'utf8').trimEnd().split(/\r?\n/);
  writeFileSync(scotlandFile, `${[...lines, lines.at(-1)].join('\r\n')}\r\n`);
  run = 3;
  mismatch = await watchRefresh(await startRefresh(client, config, { select: SELECT }), () => {}, 250).catch(
    (e: unknown) => e,
  );
  scotlandAfterMismatch = readFileSync(assembled, 'utf8');
  const sources = JSON.parse(readFileSync(config.sourcesFile, 'utf8'));
  sources.datasets['epc-scotland'].sha256 = sha256(readFileSync(scotlandFile));
  writeFileSync(config.sourcesFile, JSON.stringify(sources, null, 2));
  run = 4;
  changed = await watchRefresh(await startRefresh(client, config, { select: SELECT }), () => {}, 250);
  await client.connection.close();
}, 600_000);

afterAll(async () => {
  await worker?.stop();
  await new Promise((r) => server?.close(r));
  await dropTestIndexes(es, config);
  await es.close();
});

describe('a refresh with sources from URLs', () => {
  it('downloads every file once past a 503, assembles each dataset folder and builds the assets', () => {
    expect(first.assets.map((a) => [a.name, a.state])).toEqual(first.assets.map((a) => [a.name, 'done']));
    // Files are fetched side by side: the attempt that met the 503 goes on with the other datasets, so on
    // Temporal's retry the failed one is assembled and the others are either already in place or assembled
    // from what the first attempt fetched (which, depends on timing); no file is downloaded twice (below).
    const failedPath = responses.find((r) => r.run === 1 && r.status === 503)!.path;
    const failedDataset = failedPath.split('/')[1];
    expect(first.sources!.map((s) => s.dataset)).toEqual([
      'os-open-uprn',
      'onspd',
      'epc-england-wales',
      'epc-scotland',
    ]);
    for (const s of first.sources!)
      expect(s.dataset === failedDataset ? ['assembled'] : ['unchanged', 'assembled']).toContain(s.state);
    expect(first.sources!.flatMap((s) => s.files.map((f) => f.status))).not.toContain('unchanged');
    // Exactly one 503; every path was then fetched once (a 200), and asked again only as a 304.
    const run1 = responses.filter((r) => r.run === 1);
    expect(run1.filter((r) => r.status === 503)).toHaveLength(1);
    expect(run1.every((r) => [200, 304, 503].includes(r.status))).toBe(true);
    const ok = run1.filter((r) => r.status === 200).map((r) => r.path);
    expect(new Set(ok).size).toBe(ok.length);
    expect(ok).toContain(failedPath);
    expect(first.assets.find((a) => a.name === 'os_open_uprn')!.rows).toBeGreaterThan(500);
    expect(first.assets.find((a) => a.name === 'epc_enhanced')!.rows).toBeGreaterThan(500);
  });

  it('extracts the zipped bulk download into the same layout the publisher serves', () => {
    const assembled = join(dataPaths(config.dataDir).sources, 'epc-england-wales');
    expect(files(assembled)).toEqual(files(join(publisher, 'epc-england-wales')));
    expect(readdirSync(join(config.dataDir, 'downloads/epc-england-wales'))).toEqual(
      zipped ? ['epc-england-wales.zip', 'epc-england-wales.zip.download.json'] : expect.any(Array),
    );
  });

  it('records provenance as <dataset>/<path>, independent of where the folder lives', async () => {
    // One file per partition (local authority folder).
    const table = join(dataPaths(config.dataDir).staged, 'epc_england_wales_certificates', '*.parquet');
    const seen: string[] = [];
    for await (const row of queryParquet(
      `SELECT DISTINCT source_file, folder_local_authority FROM ${parquetPath(table)} ORDER BY 1`,
    )) {
      seen.push(String(row.source_file));
      // The LA code of a `domestic-<code>-<name>` folder; none for the register export's per-year files.
      const folder = /\/domestic-([EW]\d{8})-/.exec(String(row.source_file))?.[1] ?? null;
      expect(row.folder_local_authority).toBe(folder);
    }
    const published = files(join(publisher, 'epc-england-wales')).filter((f) =>
      /(^|\/)certificates(-\d{4})?\.csv$/.test(f),
    );
    expect(seen).toEqual(published.map((f) => `epc-england-wales/${f}`));
    expect(relative(config.dataDir, table)).toBe('parquet/staged/epc_england_wales_certificates/*.parquet');
  });

  it('gets only 304s on a second refresh, leaves every folder unchanged and skips every asset', () => {
    const again = responses.filter((r) => r.run === 2);
    expect(again.length).toBe(responses.filter((r) => r.run === 1 && r.status === 200).length);
    expect(again.every((r) => r.status === 304)).toBe(true);
    expect(second.sources!.map((s) => s.state)).toEqual(['unchanged', 'unchanged', 'unchanged', 'unchanged']);
    expect(second.assets.map((a) => a.state)).toEqual(second.assets.map(() => 'skipped'));
  });

  it('fails at once on a checksum mismatch and keeps the last good files', () => {
    expect(String((mismatch as Error & { cause?: Error })?.cause ?? mismatch)).toMatch(
      /does not match the expected/,
    );
    // One attempt: a DataError is not retried.
    expect(responses.filter((r) => r.run === 3 && r.path.startsWith('/epc-scotland/'))).toHaveLength(1);
    expect(scotlandAfterMismatch).toBe(scotlandBefore);
  });

  it('re-downloads a changed file and rebuilds only what depends on it', () => {
    expect(changed.sources!.map((s) => [s.dataset, s.state])).toEqual([
      ['os-open-uprn', 'unchanged'],
      ['onspd', 'unchanged'],
      ['epc-england-wales', 'unchanged'],
      ['epc-scotland', 'assembled'],
    ]);
    const state = Object.fromEntries(changed.assets.map((a) => [a.name, a.state]));
    expect(state).toMatchObject({
      os_open_uprn: 'skipped',
      onspd: 'skipped',
      epc_england_wales_raw: 'skipped',
      epc_scotland_raw: 'done',
    });
    expect(changed.assets.find((a) => a.name === 'epc_scotland_raw')!.rows).toBe(
      first.assets.find((a) => a.name === 'epc_scotland_raw')!.rows! + 1,
    );
  });
});
