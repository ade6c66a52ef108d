// End to end on the real stack: generate the sample region, run the refresh workflow on the real Temporal
// server, then ask the real API (backed by the real Elasticsearch) for EPCs over HTTP.
import { describe, expect, it } from 'vitest';
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import { EpcsResponseSchema } from '../../schemas/api/epcs';
import { RAW_EW_CERTIFICATE_FIELDS } from '../../schemas/epc';
import { ENHANCED_EPC_FIELDS } from '../../schemas/epc';
import { dataPaths } from '../../pipelines/config';
import { propertiesAlias, sharedPiecesAlias } from '../../pipelines/indexing/aliases';
import { queryParquet, parquetPath } from '../../pipelines/io/parquet';
import { startServer } from '../../serving/server';
import { silentLogger } from '../../serving/log';
import { startRefresh, watchRefresh } from '../../workflows/client';
import type { RefreshProgress } from '../../workflows/types';
import { refreshedStack } from '../helpers/refreshed-stack';
import { createTestKey } from '../helpers/worker';
import { describeAnalystOutputs } from './analyst-outputs';
import { describeTypedBlocks } from './typed-blocks';

const SPEC_2_10_KEYS = ['epc_in_date', 'epc_age', 'epc_expiry', 'epc_country', 'epcs', 'epcs_enhanced'];

const seen: RefreshProgress[] = [];
let secondStart: unknown;
let noop: RefreshProgress;
const stack = refreshedStack('e2e', {
  // The first refresh watched as it goes, a second start while it runs, then a refresh with nothing to do.
  firstRefresh: async (s) => {
    const handle = await startRefresh(s.client, s.config, {});
    secondStart = await startRefresh(s.client, s.config, {}).then(
      () => null,
      (error: unknown) => error,
    );
    const progress = await watchRefresh(handle, (p) => seen.push(p), 250);
    noop = await s.refresh();
    return progress;
  },
});
const { config, es, get } = stack;

async function uprnWithCertificates(country: string): Promise<{ uprn: number; count: number }> {
  const sql = `SELECT uprn, epc_count FROM ${parquetPath(`${dataPaths(config.dataDir).derived}/uprn_epc_blocks/*.parquet`)}
    WHERE country = '${country}' ORDER BY epc_count DESC, uprn LIMIT 1`;
  for await (const row of queryParquet(sql)) return { uprn: Number(row.uprn), count: Number(row.epc_count) };
  throw new Error(`no ${country} UPRN with certificates`);
}

describe('refresh of the sample region', () => {
  it('materialises every asset in dependency order and reports progress', () => {
    expect(stack.progress.assets.every((a) => a.state === 'done')).toBe(true);
    expect(stack.progress.waves.flat()).toEqual(
      expect.arrayContaining(['os_open_uprn', 'epc_enhanced', 'properties_index']),
    );
    const order = stack.progress.waves.flat();
    expect(order.indexOf('epc_enhanced')).toBeGreaterThan(order.indexOf('epc_england_wales_raw'));
    // properties_index comes after every asset it reads: in the last wave (with properties_wide, which
    // reads the same blocks and feeds nothing served).
    expect(stack.progress.waves.at(-1)).toContain('properties_index');
    expect(seen.some((p) => p.assets.some((a) => a.state === 'running'))).toBe(true);
  });

  it('refuses a second refresh while one is running', () => {
    expect(secondStart).toBeInstanceOf(WorkflowExecutionAlreadyStartedError);
  });

  it('skips every asset on a second refresh with unchanged inputs, and the alias stays put', () => {
    expect(noop.assets.map((a) => a.state)).toEqual(noop.assets.map(() => 'skipped'));
    expect(noop.assets.find((a) => a.name === 'properties_index')!.rows).toBe(
      stack.progress.assets.find((a) => a.name === 'properties_index')!.rows,
    );
  });

  it('indexes one document per UPRN behind the alias', async () => {
    const uprns = stack.progress.assets.find((a) => a.name === 'os_open_uprn')!;
    const index = stack.progress.assets.find((a) => a.name === 'properties_index')!;
    expect(uprns.rows).toBeGreaterThan(1000);
    expect(index.rows).toBe(uprns.rows);
    expect((await es.count({ index: propertiesAlias(config) })).count).toBe(uprns.rows);
    // The stored pieces compressed with best_compression.
    const settings = await es.indices.getSettings({ index: propertiesAlias(config) });
    expect(Object.values(settings).map((s) => s.settings?.index?.codec)).toEqual(['best_compression']);
    // _source as sent (nothing excluded, so no second copy kept for recovery), the pieces under `pieces` with
    // their byte ranges in `layout`, the first field; the EPC statistics in the shared pieces' index, once.
    const mapping = Object.values(await es.indices.getMapping({ index: propertiesAlias(config) }))[0]!
      .mappings;
    expect(mapping._source).toBeUndefined();
    expect(mapping.properties).toMatchObject({ layout: { index: false }, pieces: { enabled: false } });
    const uprn = (await es.search({ index: propertiesAlias(config), size: 1, _source: false })).hits.hits[0]!
      ._id!;
    const raw = await es.getSource({ index: propertiesAlias(config), id: uprn }, { asStream: true });
    const chunks: Buffer[] = [];
    for await (const chunk of raw as unknown as AsyncIterable<Buffer>) chunks.push(chunk);
    const source = JSON.parse(Buffer.concat(chunks).toString()) as {
      layout: string;
      pieces: Record<string, any>;
    };
    expect(Object.keys(source)[0]).toBe('layout');
    const shared = (await es.count({ index: sharedPiecesAlias(config) })).count;
    expect(shared).toBeGreaterThan(0);
    expect(shared).toBeLessThan(uprns.rows!);
    // Each statistics group is stored once, under its id, by the step that publishes the tiles; the
    // documents only name their groups. Beside them, the pieces many UPRNs repeat (a cell's climate),
    // each once by content, written with the documents (a tile's each once; a piece two tiles hold, twice).
    const { stats_groups, pieces_shared } = index.metrics as Record<string, number>;
    expect(index.metrics).toMatchObject({ documents: uprns.rows });
    expect(pieces_shared).toBeGreaterThan(0);
    expect(shared).toBeGreaterThan(stats_groups!);
    expect(shared).toBeLessThanOrEqual(stats_groups! + pieces_shared!);
    const climate = source.layout.split(',').find((e) => e.startsWith('=climate '));
    expect(climate).toBeDefined();
    const piece = await es.get<{ text: string }>({
      index: sharedPiecesAlias(config),
      id: source.pieces.climate,
    });
    expect(JSON.parse(piece._source!.text)).toHaveProperty('historical');
    expect(
      (await es.get<{ text: string }>({ index: sharedPiecesAlias(config), id: 'country:England' }))._source,
    ).toMatchObject({ text: expect.stringContaining('"country":"England"') });
  });
});

describe('GET /epcs over HTTP', () => {
  it.each(['England', 'Wales'])(
    'answers spec 2.10 for a property in %s, every certificate latest first',
    async (country) => {
      const { uprn, count } = await uprnWithCertificates(country);
      const { status, body } = await get(`/epcs?uprn=${uprn}`);
      expect(status).toBe(200);
      expect(Object.keys(body)).toEqual(expect.arrayContaining(SPEC_2_10_KEYS));
      expect(() => EpcsResponseSchema.parse(body)).not.toThrow();
      expect(body.epc_country).toBe(country);
      expect(body.epcs).toHaveLength(count);
      expect(body.epcs_enhanced).toHaveLength(count);
      expect(Object.keys(body.epcs[0])).toEqual(
        expect.arrayContaining(RAW_EW_CERTIFICATE_FIELDS.filter((f) => f !== 'report_type')),
      );
      expect(Object.keys(body.epcs_enhanced[0]).sort()).toEqual([...ENHANCED_EPC_FIELDS].sort());
      const lodged = body.epcs_enhanced.map((e: { lodgement_date: string }) => e.lodgement_date);
      expect([...lodged].sort().reverse()).toEqual(lodged);
      expect(body.epcs_enhanced[0].uprn).toBe(uprn);
      expect(body.epc_expiry).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(typeof body.epc_in_date).toBe('boolean');
      expect(body.epc_age).toBeGreaterThanOrEqual(0);
    },
  );

  it('answers the latest certificate only for a property in Scotland', async () => {
    const { uprn } = await uprnWithCertificates('Scotland');
    const { status, body } = await get(`/epcs?uprn=${uprn}`);
    expect(status).toBe(200);
    expect(() => EpcsResponseSchema.parse(body)).not.toThrow();
    expect(body.epc_country).toBe('Scotland');
    expect(body.epcs).toHaveLength(1);
    expect(body.epc_retrofit_recommendations).toEqual([]);
  });

  it('answers a known UPRN without certificates with empty lists, nulls and an estimate from its neighbours', async () => {
    // Its block row exists (epc_count 0) when the estimate found certified neighbours.
    const sql = `SELECT uprn FROM ${parquetPath(`${dataPaths(config.dataDir).derived}/uprn_epc_blocks/*.parquet`)}
      WHERE epc_count = 0 ORDER BY uprn LIMIT 1`;
    let uprn = 0;
    for await (const row of queryParquet(sql)) uprn = Number(row.uprn);
    expect(uprn).toBeGreaterThan(0);
    const { status, body } = await get(`/epcs?uprn=${uprn}`);
    expect(status).toBe(200);
    expect(() => EpcsResponseSchema.parse(body)).not.toThrow();
    expect(body).toMatchObject({ epc_in_date: null, epcs: [], epcs_enhanced: [], epc_compare: null });
    expect(body.epc_estimate).not.toBeNull();
  });

  it('carries the statistics of its groups and the comparison with each of them', async () => {
    const { uprn } = await uprnWithCertificates('England');
    const { body } = await get(`/epcs?uprn=${uprn}`);
    expect(body.epc_compare).not.toBeNull();
    expect(Object.keys(body.epc_compare).filter((k) => k.startsWith('relative_to_'))).toHaveLength(7);
    expect(body.epc_stats).not.toBeNull();
  });

  it('is a 404 for an unknown UPRN, a 400 for a malformed one, a 403 without a valid key', async () => {
    expect((await get('/epcs?uprn=999999999999')).status).toBe(404);
    expect((await get('/epcs?uprn=abc')).body.error.details.issues[0].field).toBe('uprn');
    expect((await get('/epcs?uprn=1', 'pds_wrong')).status).toBe(403);
  });

  it('is a 503 with the error shape when Elasticsearch is unreachable, and the process keeps running', async () => {
    const broken = await startServer({ ...config, esUrl: 'http://127.0.0.1:9' }, silentLogger);
    try {
      const res = await fetch(`${broken.url}/epcs?uprn=1`, { headers: { 'x-api-key': stack.key } });
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({
        error: { code: 'service_unavailable', message: expect.any(String) },
      });
      const again = await fetch(`${broken.url}/epcs?uprn=1`, { headers: { 'x-api-key': stack.key } });
      expect(again.status).toBe(503);
    } finally {
      await broken.close();
    }
  });

  it('charges only successful answers: /usage and /requests on the real server say so', async () => {
    // A key of its own, so the counts are this test's alone: two answers, a 404, a 400 and a 503.
    const own = createTestKey(config, 'e2e-usage');
    const { uprn } = await uprnWithCertificates('England');
    expect((await get(`/epcs?uprn=${uprn}`, own)).status).toBe(200);
    expect((await get(`/epcs?uprn=${uprn}`, own)).status).toBe(200);
    expect((await get('/epcs?uprn=999999999999', own)).status).toBe(404);
    expect((await get('/epcs?uprn=abc', own)).status).toBe(400);
    const broken = await startServer({ ...config, esUrl: 'http://127.0.0.1:9' }, silentLogger);
    try {
      const res = await fetch(`${broken.url}/epcs?uprn=1`, { headers: { 'x-api-key': own } });
      expect(res.status).toBe(503);
      await res.arrayBuffer();
    } finally {
      await broken.close();
    }
    const usage = await get('/usage', own);
    expect(usage.status).toBe(200);
    expect(usage.body.subscription).toMatchObject({
      credits_used: 20,
      request_count: 2,
      credit_limit: 10_000,
    });
    const epcs = usage.body.endpoints.find((e: { name: string }) => e.name === 'epcs');
    expect(epcs).toMatchObject({
      credit_cost: 10,
      credits_used: 20,
      request_count: 2,
      can_make_request: true,
    });
    const history = await get('/requests', own);
    expect(history.body).toMatchObject({ limit: 10, offset: 0 });
    expect(history.body.requests.map((r: { path: string }) => r.path)[0]).toBe('/usage');
    expect(history.body.requests.map((r: { response_code: number }) => r.response_code)).toEqual([
      200, 503, 400, 404, 200, 200,
    ]);
    expect(JSON.stringify(history.body)).not.toContain(own);
  });
});

// The analysts' outputs of the same refresh (docs/analysts.md): catalog, worked questions, GeoParquet.
describeAnalystOutputs(stack);
describeTypedBlocks(config);
