// Starts the API: wires the real account store and Elasticsearch, listens, and shuts down gracefully
// (in-flight requests finish) on SIGINT/SIGTERM.
import type { Server } from 'node:http';
import type { Express } from 'express';
import { dataPaths, type ServiceConfig } from '../pipelines/config';
import { createEsClient } from '../pipelines/indexing/es-client';
import { featuresAlias, propertiesAlias } from '../pipelines/indexing/aliases';
import { openAccountStore } from './accounts/store';
import { createApp } from './app';
import { jsonLogger, type Logger } from './log';
import { rateLimitFromEnv, type RateLimitConfig } from './rate-limit';
import { featuresRepository } from './repository/features';
import { locationRepository } from './repository/location';
import { locationFeaturesAlias } from '../pipelines/enrich/location-documents';
import { propertiesRepository } from './repository/properties';

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
}

/**
 * Listens and returns a close() that stops accepting connections, lets in-flight requests finish (their
 * metering and history are written as each response finishes), closes keep-alive connections as they go
 * idle, and cuts whatever is left after `graceMs`.
 */
export async function listen(app: Express, opts: ListenOptions): Promise<RunningServer> {
  const server = await new Promise<Server>((resolve, reject) => {
    const s = app.listen(opts.port, opts.host ?? '0.0.0.0', () => resolve(s));
    s.on('error', reject);
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
}

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
  const es = createEsClient(config.esUrl, { requestTimeoutMs: 5_000, maxRetries: 1 });
  const features = featuresRepository(es, featuresAlias(config));
  const app = createApp({
    accounts,
    properties: propertiesRepository(es, propertiesAlias(config)),
    features,
    location: locationRepository(es, locationFeaturesAlias(config), features),
    log,
    rateLimit: options.rateLimit ?? rateLimitFromEnv(),
  });
  return listen(app, {
    port: config.port,
    onClosed: async () => {
      accounts.close();
      await es.close();
    },
  });
}
