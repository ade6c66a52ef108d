// Dataset folders from a sources file: local folders used in place, downloads and zips assembled into
// <dataDir>/sources/<dataset>, rebuilt only when an input's content changed; bad files rejected by name.
import { execFileSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { dataPaths, loadConfig, type ServiceConfig } from '../../../pipelines/config';
import { downloadSources } from '../../../pipelines/download';
import { checkSources, listSources } from '../../../pipelines/download/describe';
import { datasetFolder, readSourcesFile } from '../../../pipelines/download/sources-file';
import { DataError } from '../../../pipelines/io/errors';

/** Files the server serves by path; each has a fixed ETag from its content. */
const files = new Map<string, Buffer>();
let server: Server;
let base: string;
let root: string;
let config: ServiceConfig;

beforeAll(async () => {
  server = createServer((req, res) => {
    const body = files.get(req.url ?? '');
    if (!body) return void res.writeHead(404).end();
    const etag = `"${body.length}-${body.subarray(0, 16).toString('hex')}-${body.toString('base64').length}"`;
    if (req.headers['if-none-match'] === etag) return void res.writeHead(304).end();
    res.writeHead(200, { etag }).end(body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((r) => server.close(() => r())));

beforeEach(() => {
  files.clear();
  root = mkdtempSync(join(tmpdir(), 'pds-prepare-'));
  config = { ...loadConfig({ PDS_DATA_DIR: join(root, 'data') }), sourcesDir: join(root, 'raw') };
});

function writeSources(datasets: Record<string, unknown>): string {
  const path = join(root, `sources-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(path, JSON.stringify({ datasets }));
  config = { ...config, sourcesFile: path };
  return path;
}

/** A zip of `entries` (path → content), made with the system `zip`. */
function zipOf(entries: Record<string, string>): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'pds-zip-'));
  for (const [path, content] of Object.entries(entries)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  execFileSync('zip', ['-qr', join(dir, 'out.zip'), '.', '-x', 'out.zip'], { cwd: dir });
  return readFileSync(join(dir, 'out.zip'));
}

const listing = (dir: string): string[] =>
  (readdirSync(dir, { recursive: true, encoding: 'utf8' }) as string[]).sort();

describe('datasetFolder', () => {
  it('is <sourcesDir>/<dataset> without a sources file or without an entry', () => {
    expect(datasetFolder(config, 'onspd')).toBe(join(root, 'raw/onspd'));
    writeSources({ 'epc-scotland': { format: 'epc-scotland-csv', location: `${base}/s.csv` } });
    expect(datasetFolder(config, 'onspd')).toBe(join(root, 'raw/onspd'));
  });

  it('is a local folder itself (relative to the sources file), else <dataDir>/sources/<dataset>', () => {
    mkdirSync(join(root, 'mine/uprn'), { recursive: true });
    writeSources({
      'os-open-uprn': { format: 'os-open-uprn-csv', location: 'mine/uprn' },
      'epc-scotland': { format: 'epc-scotland-csv', location: `${base}/s.csv` },
    });
    expect(datasetFolder(config, 'os-open-uprn')).toBe(join(root, 'mine/uprn'));
    expect(datasetFolder(config, 'epc-scotland')).toBe(
      join(dataPaths(config.dataDir).sources, 'epc-scotland'),
    );
  });
});

describe('readSourcesFile', () => {
  it('names the bad field', () => {
    const bad = (datasets: unknown) => () =>
      readSourcesFile(writeSources(datasets as Record<string, unknown>));
    expect(bad({ onspd: { format: 'onspd-csv' } })).toThrow(/either `location` or `files`/);
    expect(bad({ onspd: { format: 'epc-scotland-csv', location: 'x' } })).toThrow(/datasets\.onspd\.format/);
    expect(bad({ flood: { format: 'x', location: 'x' } })).toThrow(DataError);
    expect(bad({ onspd: { format: 'onspd-csv', location: 'ftp://host/x.zip' } })).toThrow(/http\(s\) URL/);
    expect(bad({ onspd: { format: 'onspd-csv', location: 'x', sha256: 'abc' } })).toThrow(/64 hex/);
    expect(
      bad({ onspd: { format: 'onspd-csv', files: [{ location: 'x.csv', path: '../escape.csv' }] } }),
    ).toThrow(/inside the dataset folder/);
  });
});

describe('downloadSources', () => {
  it('does nothing without a sources file', async () => {
    expect(await downloadSources(config)).toEqual([]);
  });

  it('extracts a downloaded zip into the dataset folder and reuses it while the zip is unchanged', async () => {
    files.set('/bulk.zip', zipOf({ 'domestic-E1-A/certificates.csv': 'LMK_KEY\n1\n' }));
    writeSources({ 'epc-england-wales': { format: 'epc-england-wales-bulk', location: `${base}/bulk.zip` } });
    const [first] = await downloadSources(config);
    const folder = datasetFolder(config, 'epc-england-wales');
    expect(first).toMatchObject({ state: 'assembled', folder, files: [{ status: 'downloaded' }] });
    expect(listing(folder)).toEqual(['domestic-E1-A', 'domestic-E1-A/certificates.csv']);
    const mtime = statSync(join(folder, 'domestic-E1-A/certificates.csv')).mtimeMs;
    expect(readdirSync(join(config.dataDir, 'downloads/epc-england-wales'))).toContain('bulk.zip');

    const [second] = await downloadSources(config);
    expect(second).toMatchObject({ state: 'unchanged', files: [{ status: 'not-modified' }] });
    expect(statSync(join(folder, 'domestic-E1-A/certificates.csv')).mtimeMs).toBe(mtime);

    files.set('/bulk.zip', zipOf({ 'domestic-E1-A/certificates.csv': 'LMK_KEY\n1\n2\n' }));
    const [third] = await downloadSources(config);
    expect(third!.state).toBe('assembled');
    expect(readFileSync(join(folder, 'domestic-E1-A/certificates.csv'), 'utf8')).toBe('LMK_KEY\n1\n2\n');
    expect(readdirSync(dataPaths(config.dataDir).sources).filter((n) => n.includes('.tmp-'))).toEqual([]);
  });

  it('sweeps partial downloads and half-assembled folders left by a killed run', async () => {
    files.set('/s.csv', Buffer.from('a\n'));
    writeSources({ 'epc-scotland': { format: 'epc-scotland-csv', location: `${base}/s.csv` } });
    const downloads = join(config.dataDir, 'downloads/epc-scotland');
    const sources = dataPaths(config.dataDir).sources;
    mkdirSync(downloads, { recursive: true });
    mkdirSync(join(sources, '.epc-scotland.tmp-0badc0de'), { recursive: true });
    writeFileSync(join(downloads, 's.csv.tmp-0badc0de'), 'partial');
    await downloadSources(config);
    expect(readdirSync(downloads).sort()).toEqual(['s.csv', 's.csv.download.json']);
    expect(readdirSync(sources).filter((n) => n.includes('.tmp-'))).toEqual([]);
  });

  it('places a multi-file dataset at its paths (ONSPD Data + Documents)', async () => {
    files.set('/ONSPD_NOV_2025_UK.csv', Buffer.from('pcd\nAB1 0AA\n'));
    files.set('/docs.zip', zipOf({ 'LAD names.csv': 'LAD25CD,LAD25NM\n' }));
    writeSources({
      onspd: {
        format: 'onspd-csv',
        files: [
          { location: `${base}/ONSPD_NOV_2025_UK.csv`, path: 'Data/ONSPD_NOV_2025_UK.csv' },
          { location: `${base}/docs.zip`, path: 'Documents' },
        ],
      },
    });
    const [onspd] = await downloadSources(config);
    expect(onspd!.files.map((f) => f.status)).toEqual(['downloaded', 'downloaded']);
    expect(listing(datasetFolder(config, 'onspd'))).toEqual([
      'Data',
      'Data/ONSPD_NOV_2025_UK.csv',
      'Documents',
      'Documents/LAD names.csv',
    ]);
  });

  it('uses a local folder in place and assembles a local zip, checking its checksum', async () => {
    mkdirSync(join(root, 'uprn'));
    writeFileSync(join(root, 'scotland.zip'), zipOf({ 'D_EPC_data.csv': 'x\n' }));
    const path = writeSources({
      'os-open-uprn': { format: 'os-open-uprn-csv', location: join(root, 'uprn') },
      'epc-scotland': { format: 'epc-scotland-csv', location: 'scotland.zip' },
    });
    const prepared = await downloadSources(config);
    expect(prepared.map((p) => p.state)).toEqual(['in-place', 'assembled']);
    expect(prepared[1]!.files[0]!.status).toBe('local');
    expect(listing(datasetFolder(config, 'epc-scotland'))).toEqual(['D_EPC_data.csv']);
    expect((await downloadSources(config)).map((p) => p.state)).toEqual(['in-place', 'unchanged']);

    const sources = JSON.parse(readFileSync(path, 'utf8'));
    sources.datasets['epc-scotland'].sha256 = '0'.repeat(64);
    writeFileSync(path, JSON.stringify(sources));
    await expect(downloadSources(config)).rejects.toThrow(DataError);
  });

  it('fails with a DataError for a missing URL and keeps what was assembled before', async () => {
    files.set('/s.csv', Buffer.from('a\n'));
    writeSources({ 'epc-scotland': { format: 'epc-scotland-csv', location: `${base}/s.csv` } });
    await downloadSources(config);
    files.delete('/s.csv');
    const dataset = datasetFolder(config, 'epc-scotland');
    await expect(downloadSources(config)).rejects.toThrow(/HTTP 404/);
    expect(readFileSync(join(dataset, 's.csv'), 'utf8')).toBe('a\n');
  });
});

describe('listSources and checkSources', () => {
  it('list the last download of each URL and the folder each dataset is read from', async () => {
    files.set('/s.csv', Buffer.from('a\n'));
    writeSources({ 'epc-scotland': { format: 'epc-scotland-csv', location: `${base}/s.csv` } });
    const before = await listSources(config);
    expect(before.find((l) => l.dataset === 'onspd')).toMatchObject({ format: null, items: [] });
    expect(before.find((l) => l.dataset === 'epc-scotland')!.items).toEqual([
      { location: `${base}/s.csv`, download: null },
    ]);
    await downloadSources(config);
    const [item] = (await listSources(config)).find((l) => l.dataset === 'epc-scotland')!.items;
    expect(item!.download).toMatchObject({ bytes: 2, url: `${base}/s.csv`, sha256: expect.any(String) });
  });

  it('report missing local paths and header variables, and nothing for a good file', async () => {
    mkdirSync(join(root, 'raw/onspd'), { recursive: true });
    writeSources({
      onspd: { format: 'onspd-csv', location: join(root, 'raw/onspd') },
      'os-open-uprn': { format: 'os-open-uprn-csv', location: join(root, 'gone') },
      'epc-england-wales': {
        format: 'epc-england-wales-bulk',
        location: `${base}/bulk.zip`,
        headers: { authorization: 'Basic ${EPC_TOKEN}' },
      },
      'epc-scotland': { format: 'epc-scotland-csv', files: [{ location: 'missing.zip' }] },
    });
    // Only the datasets this sources file names (the others have no sample folder here, and say so).
    const named = async (env: NodeJS.ProcessEnv) =>
      (await checkSources(config, env)).filter((p) =>
        /^(onspd|os-open-uprn|epc-england-wales|epc-scotland):/.test(p),
      );
    expect(await named({})).toEqual([
      `os-open-uprn: folder not found: ${join(root, 'gone')}`,
      'epc-england-wales: header authorization needs the environment variable EPC_TOKEN',
      `epc-scotland: file not found: ${join(root, 'missing.zip')}`,
    ]);
    expect(await named({ EPC_TOKEN: 'x' })).toHaveLength(2);
  });
});

describe('downloadSources across many files', () => {
  it('fetches files of several datasets side by side, never more at once than its limit', async () => {
    let inFlight = 0;
    let most = 0;
    const slow = createServer((req, res) => {
      inFlight++;
      most = Math.max(most, inFlight);
      setTimeout(() => {
        inFlight--;
        res.writeHead(200, { etag: `"${req.url}"` }).end(`${req.url}\n`);
      }, 60);
    });
    await new Promise<void>((r) => slow.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(slow.address() as AddressInfo).port}`;
    try {
      const names = ['a', 'b', 'c', 'd', 'e'];
      writeSources({
        onspd: {
          format: 'onspd-csv',
          files: names.map((n) => ({ location: `${url}/${n}.csv`, path: `Data/${n}.csv` })),
        },
        'epc-scotland': {
          format: 'epc-scotland-csv',
          files: names.map((n) => ({ location: `${url}/s${n}.csv` })),
        },
      });
      const prepared = await downloadSources(config, { concurrency: 3 });
      expect(most).toBe(3);
      expect(prepared.map((p) => [p.dataset, p.files.map((f) => f.status)])).toEqual([
        ['onspd', names.map(() => 'downloaded')],
        ['epc-scotland', names.map(() => 'downloaded')],
      ]);
      // Order is the sources file's, whatever order the answers came in.
      expect(prepared[1]!.files.map((f) => f.location)).toEqual(names.map((n) => `${url}/s${n}.csv`));
      expect(readFileSync(join(datasetFolder(config, 'onspd'), 'Data/e.csv'), 'utf8')).toBe('/e.csv\n');
    } finally {
      await new Promise<void>((r) => slow.close(() => r()));
    }
  });
});
