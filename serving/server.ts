// Starts the API: wires the real account store and Elasticsearch, listens, and shuts down gracefully
// (in-flight requests finish) on SIGINT/SIGTERM.
import type { Server } from 'node:http';
import { dataPaths, type ServiceConfig } from '../pipelines/config';
import { createEsClient } from '../pipelines/indexing/es-client';
import { propertiesAlias } from '../pipelines/indexing/aliases';
import { openAccountStore } from './accounts/store';
import { createApp } from './app';
import { jsonLogger, type Logger } from './log';
import { propertiesRepository } from './repository/properties';

export interface RunningServer {
  server: Server;
  url: string;
  close(): Promise<void>;
}

export async function startServer(config: ServiceConfig, log: Logger = jsonLogger()): Promise<RunningServer> {
  const accounts = openAccountStore(dataPaths(config.dataDir).accountsDb);
  const es = createEsClient(config.esUrl, { requestTimeoutMs: 5_000, maxRetries: 1 });
  const app = createApp({ accounts, properties: propertiesRepository(es, propertiesAlias(config)), log });
  const server = await new Promise<Server>((resolve, reject) => {
    const s = app.listen(config.port, '0.0.0.0', () => resolve(s));
    s.on('error', reject);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  let closing: Promise<void> | undefined;
  const close = (): Promise<void> =>
    (closing ??= new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
    }).then(async () => {
      accounts.close();
      await es.close();
    }));
  return { server, url: `http://127.0.0.1:${port}`, close };
}
