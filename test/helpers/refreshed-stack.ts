// What every end-to-end file starts from: the sample region generated into the file's own data folder, a
// worker on its own task queue, a refresh through the real Temporal server, an API key and the real API
// serving the result. `refreshedStack(name)` registers the beforeAll that builds it and the afterAll that
// stops it and removes the file's indexes and data; its fields are set once the beforeAll has run.
import { rmSync } from 'node:fs';
import type { Client as EsClient } from '@elastic/elasticsearch';
import type { Client as TemporalClient } from '@temporalio/client';
import { afterAll, beforeAll } from 'vitest';
import type { ServiceConfig } from '../../pipelines/config';
import { createEsClient } from '../../pipelines/indexing/es-client';
import { generateSampleData, type SampleManifest } from '../../pipelines/sample-data';
import { silentLogger } from '../../serving/log';
import { startServer, type RunningServer, type ServerOptions } from '../../serving/server';
import { connectClient, startRefresh, watchRefresh } from '../../workflows/client';
import type { RefreshInput, RefreshProgress } from '../../workflows/types';
import { testConfig } from './config';
import { createTestKey, dropTestIndexes, startTestWorker, type TestWorker } from './worker';

export interface StackOptions {
  /** The sample's scale (pds sample-data --scale); 1 by default. */
  scale?: number;
  /** The API's options (e.g. `{ rateLimit: false }`), or false for no API and no key. */
  serve?: ServerOptions | false;
  /** The key's plan; the default plan otherwise. */
  plan?: string;
  /**
   * The first refresh, run once the worker is up and before the API starts; one refresh of every asset
   * by default. A file that watches the first refresh closely (progress as it goes, a second start refused)
   * passes its own.
   */
  firstRefresh?: (stack: RefreshedStack) => Promise<RefreshProgress>;
}

export interface RefreshedStack {
  readonly config: ServiceConfig;
  readonly es: EsClient;
  readonly manifest: SampleManifest;
  readonly client: TemporalClient;
  /** The first refresh's last progress. */
  readonly progress: RefreshProgress;
  readonly server: RunningServer;
  readonly key: string;
  /** Runs a refresh to its end and returns its last progress (throws when it fails). */
  refresh(input?: RefreshInput, onProgress?: (p: RefreshProgress) => void): Promise<RefreshProgress>;
  /**
   * A request to the API with the stack's key (unless `init` sets its own). A 429 is waited out as its
   * retry-after says, as a client would: a file's tests share one key, and rate limits are tested elsewhere.
   */
  request(path: string, init?: RequestInit): Promise<Response>;
  /** GET from the API with the stack's key (or `apiKey`), the body parsed as JSON; a 429 waited out. */
  get(path: string, apiKey?: string): Promise<{ status: number; body: Record<string, any> }>;
}

export function refreshedStack(name: string, options: StackOptions = {}): RefreshedStack {
  const config = testConfig(name);
  const es = createEsClient(config.esUrl);
  let worker: TestWorker | undefined;
  let client: TemporalClient | undefined;
  let server: RunningServer | undefined;
  const state: { manifest?: SampleManifest; progress?: RefreshProgress; key?: string } = {};
  const ready = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`refreshedStack('${name}'): no ${what} (before beforeAll?)`);
    return value;
  };

  const stack: RefreshedStack = {
    config,
    es,
    get manifest() {
      return ready(state.manifest, 'manifest');
    },
    get client() {
      return ready(client, 'Temporal client');
    },
    get progress() {
      return ready(state.progress, 'first refresh');
    },
    get server() {
      return ready(server, 'server (serve: false?)');
    },
    get key() {
      return ready(state.key, 'key (serve: false?)');
    },
    async refresh(input = {}, onProgress = () => {}) {
      return watchRefresh(await startRefresh(stack.client, config, input), onProgress, 250);
    },
    async request(path, init = {}) {
      const headers = { 'x-api-key': stack.key, ...(init.headers as Record<string, string> | undefined) };
      for (let attempt = 1; ; attempt++) {
        const res = await fetch(stack.server.url + path, { ...init, headers });
        if (res.status !== 429 || attempt >= 10) return res;
        await res.arrayBuffer();
        await new Promise((r) => setTimeout(r, 1000 * Number(res.headers.get('retry-after') ?? 1)));
      }
    },
    async get(path, apiKey = stack.key) {
      const res = await stack.request(path, { headers: { 'x-api-key': apiKey } });
      return { status: res.status, body: (await res.json()) as Record<string, any> };
    },
  };

  beforeAll(async () => {
    state.manifest = await generateSampleData({ outDir: config.sourcesDir, scale: options.scale });
    worker = await startTestWorker(config);
    client = await connectClient(config);
    state.progress = await (options.firstRefresh ?? ((s) => s.refresh()))(stack);
    if (options.serve !== false) {
      state.key = createTestKey(config, name, options.plan);
      server = await startServer(config, silentLogger, options.serve ?? {});
    }
  }, 900_000);

  afterAll(async () => {
    await server?.close();
    await client?.connection.close();
    await worker?.stop();
    await dropTestIndexes(es, config);
    await es.close();
    rmSync(config.dataDir, { recursive: true, force: true });
  });

  return stack;
}
