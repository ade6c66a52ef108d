// Starts the API: wires the real account store and Elasticsearch, listens, and shuts down gracefully
// (in-flight requests finish) on SIGINT/SIGTERM. By default one node:cluster worker per core serves the one
// port (PDS_WORKERS=N or `pds serve --workers N` to choose; 1 serves from this process): the primary hands
// each new connection to a worker, and the workers share the accounts file (SQLite WAL: admissions,
// completions and the rate limit's buckets serialise on its write lock, so credits, quotas and the rate limit
// stay exact). Per-process state is per worker: the authenticated-key cache (a revocation reaches the other
// workers within its 1 s), the caches of live answers and the Elasticsearch client.
import cluster, { type Worker } from 'node:cluster';
import { createServer, type Server } from 'node:http';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { dataPaths, type ServiceConfig } from '../pipelines/config';
import { createEsClient } from '../pipelines/indexing/es-client';
import { featuresAlias, propertiesAlias, sharedPiecesAlias } from '../pipelines/indexing/aliases';
import { openAccountStore } from './accounts/store';
import { createApp, type ApiHandler } from './app';
import { answerClientError, MAX_HEADER_BYTES } from './http';
import { useEnergyPricesFrom } from './energy-model/prices';
import { jsonLogger, type Logger } from './log';
import { rateLimitFromEnv, type RateLimitConfig } from './rate-limit';
import { featuresRepository } from './repository/features';
import { locationRepository } from './repository/location';
import { nearbyFeaturesRepository } from './repository/nearby-features';
import { locationFeaturesAlias } from '../pipelines/enrich/location-documents';
import { propertiesRepository } from './repository/properties';
import { warmLiveCaches } from './warm-up';

export interface RunningServer {
  server: Server;
  url: string;
  close(): Promise<void>;
}

export interface ListenOptions {
  port: number;
  host?: string;
  /** How long in-flight requests get to finish before their connections are cut. */
  graceMs?: number;
  /** Runs after the last connection has closed (close stores, clients). */
  onClosed?: () => Promise<void> | void;
  /** Where the answers to malformed requests (http.ts `answerClientError`) are logged. */
  log?: Logger;
}

/**
 * Listens and returns a close() that stops accepting connections, lets in-flight requests finish (their
 * metering and history are written as each response finishes), closes keep-alive connections as they go
 * idle, and cuts whatever is left after `graceMs`.
 */
export async function listen(app: ApiHandler, opts: ListenOptions): Promise<RunningServer> {
  const server = createServer({ maxHeaderSize: MAX_HEADER_BYTES }, app);
  server.on('clientError', answerClientError(opts.log ?? (() => {})));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host ?? '0.0.0.0', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : opts.port;
  let closing: Promise<void> | undefined;
  const close = (): Promise<void> =>
    (closing ??= new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
      const idle = setInterval(() => server.closeIdleConnections(), 50);
      const cut = setTimeout(() => server.closeAllConnections(), opts.graceMs ?? 10_000);
      server.once('close', () => {
        clearInterval(idle);
        clearTimeout(cut);
      });
    }).then(async () => {
      await opts.onClosed?.();
    }));
  return { server, url: `http://127.0.0.1:${port}`, close };
}

export interface ServerOptions {
  /** Per-key rate limit; default from PDS_RATE_LIMIT_PER_SECOND / PDS_RATE_LIMIT_BURST. */
  rateLimit?: RateLimitConfig | false;
  /** How many node:cluster workers `startServing` runs; default PDS_WORKERS, else one per core. */
  workers?: number;
  /** The rate limit's buckets in the accounts database, shared with the other workers (worker.ts). */
  sharedRateLimit?: boolean;
  /**
   * Warm the live answers' caches from the indexes before listening (warm-up.ts), for at most
   * PDS_WARM_SECONDS (default 30; the rest goes on in the background). Default false; `startServing`
   * (`pds serve`, `npm start`) turns it on unless PDS_WARM_SECONDS=0.
   */
  warm?: boolean;
}

/** `PDS_WARM_SECONDS`: how long start-up waits for the warm-up (0: no warm-up). */
function warmSeconds(env: NodeJS.ProcessEnv = process.env): number {
  const s = Number(env.PDS_WARM_SECONDS ?? 30);
  if (!Number.isFinite(s) || s < 0)
    throw new Error('PDS_WARM_SECONDS must be a number of seconds, 0 or more');
  return s;
}

/** `PDS_WORKERS`: how many processes serve the API (default: one per core; 1 serves from this process). */
export function workersFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.PDS_WORKERS ?? availableParallelism());
  if (!Number.isInteger(n) || n < 1) throw new Error('PDS_WORKERS must be a whole number of at least 1');
  return n;
}

/** A serving API, in this process or in cluster workers. */
export interface ServingApi {
  url: string;
  close(): Promise<void>;
}

/** The API as configured: in this process, or (`workers` or PDS_WORKERS above 1) in cluster workers. */
export function startServing(
  config: ServiceConfig,
  log: Logger = jsonLogger(),
  options: ServerOptions = {},
): Promise<ServingApi> {
  const workers = options.workers ?? workersFromEnv();
  return workers > 1
    ? startWorkers(config, workers, log)
    : startServer(config, log, { warm: true, ...options });
}

/** The API in this process. */
export async function startServer(
  config: ServiceConfig,
  log: Logger = jsonLogger(),
  options: ServerOptions = {},
): Promise<RunningServer> {
  const accounts = openAccountStore(dataPaths(config.dataDir).accountsDb, undefined, {
    onError: (error) =>
      log('accounts: commit of completed requests failed; retrying', {
        error: error instanceof Error ? error.message : String(error),
      }),
  });
  // POST /energy-model prices with the table the refresh wrote (re-read when it changes).
  useEnergyPricesFrom(config.dataDir, (message) => log(message));
  const es = createEsClient(config.esUrl, { requestTimeoutMs: 5_000, maxRetries: 1 });
  const features = featuresRepository(es, featuresAlias(config));
  const location = locationRepository(es, locationFeaturesAlias(config), features);
  const app = createApp({
    accounts,
    properties: propertiesRepository(es, propertiesAlias(config), sharedPiecesAlias(config)),
    features,
    location,
    nearbyFeatures: nearbyFeaturesRepository(es, featuresAlias(config), locationFeaturesAlias(config)),
    log,
    rateLimit: options.rateLimit ?? rateLimitFromEnv(),
    sharedRateLimit: options.sharedRateLimit ?? false,
  });
  const seconds = options.warm ? warmSeconds() : 0;
  if (seconds > 0)
    await Promise.race([
      warmLiveCaches({ client: es, propertiesAlias: propertiesAlias(config), location, log }),
      new Promise((resolve) => setTimeout(resolve, seconds * 1000).unref()),
    ]);
  return listen(app, {
    port: config.port,
    log,
    onClosed: async () => {
      accounts.close();
      await es.close();
    },
  });
}

/**
 * The cluster primary: forks `n` workers (serving/worker.ts) on the configured port, replaces one that dies,
 * and on close() has each finish its in-flight requests and exit.
 */
async function startWorkers(config: ServiceConfig, n: number, log: Logger): Promise<ServingApi> {
  // The workers run TypeScript too: through tsx's loader, unless this process was started with it on its
  // command line (`tsx cli/main.ts`), which they inherit. `npx pds` registers tsx in-process (bin/pds.js).
  const execArgv = process.execArgv.some((a) => a.includes('tsx'))
    ? process.execArgv
    : [...process.execArgv, '--import', import.meta.resolve('tsx')];
  cluster.setupPrimary({
    exec: fileURLToPath(new URL('./worker.ts', import.meta.url)),
    args: [],
    execArgv,
  });
  let closing = false;
  const workers: Worker[] = [];
  const fork = (): Promise<Worker> =>
    new Promise((resolve, reject) => {
      const worker = cluster.fork({ ...process.env, PORT: String(config.port), PDS_WORKERS: '1' });
      let listening = false;
      worker.once('listening', () => {
        listening = true;
        workers.push(worker);
        resolve(worker);
      });
      worker.once('exit', (code) => {
        workers.splice(workers.indexOf(worker), 1);
        if (!listening) return reject(new Error(`API worker exited (${code}) before it was listening`));
        if (closing) return;
        log('serve: a worker exited; starting another', { pid: worker.process.pid, code });
        void fork().catch((error: Error) =>
          log('serve: could not replace the worker', { error: error.message }),
        );
      });
    });
  await Promise.all(Array.from({ length: n }, fork));
  return {
    url: `http://127.0.0.1:${config.port}`,
    close: async () => {
      closing = true;
      await Promise.all(
        workers.map(
          (w) => new Promise<void>((resolve) => (w.once('exit', () => resolve()), w.send('close'))),
        ),
      );
    },
  };
}
