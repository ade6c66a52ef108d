// The Express application: auth first, one router per endpoint, one error model last.
import express from 'express';
import type { AccountStore } from './accounts/store';
import { requireApiKey } from './auth';
import { errorHandler, notFoundRoute } from './errors';
import type { Logger } from './log';
import type { PropertiesRepository } from './repository/properties';
import { epcsRouter } from './routes/epcs';

export interface AppDeps {
  accounts: AccountStore;
  properties: PropertiesRepository;
  log: Logger;
  now?: () => Date;
}

export function createApp(deps: AppDeps): express.Express {
  const now = deps.now ?? (() => new Date());
  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'simple');
  app.use(express.json({ limit: '100kb' }));
  app.use(requireApiKey(deps.accounts));
  app.use(epcsRouter(deps.properties, now));
  app.use(notFoundRoute);
  app.use(errorHandler(deps.log));
  return app;
}
