// The API as a node:http request listener: the lean path (lean-path.ts) answers plain-JSON POST
// /energy-model and the per-UPRN GETs of precomputed answers (/properties, /epcs, /flood-risk, /retrofit with
// one UPRN) through the same functions without Express's cost, and hands everything else to the Express
// application: request id and security headers, the route table (404/405), the public contract, then auth,
// metering, one router per endpoint, one error model last.
import type { RequestListener } from 'node:http';
import express from 'express';
import { ENDPOINTS } from '../schemas/api/endpoints';
import type { AccountStore } from './accounts/store';
import { requireApiKey } from './auth';
import { ApiError, errorHandler, notFoundRoute } from './errors';
import { requestContext, routeTable } from './http';
import type { Logger } from './log';
import { jsonBody } from './json-body';
import { leanPath } from './lean-path';
import { metering, type MeteringDeps } from './metering';
import { sharedTokenBucket, tokenBucket, type RateLimitConfig } from './rate-limit';
import type { FeaturesRepository } from './repository/features';
import type { LocationRepository } from './repository/location';
import type { NearbyFeaturesRepository } from './repository/nearby-features';
import type { PropertiesRepository } from './repository/properties';
import { batchRouter } from './routes/batch';
import { CONTRACT_ROUTES, contractRouter } from './routes/contract';
import { energyModelLeanRoute, energyModelRouter } from './routes/energy-model';
import { EXPLORER_ROUTES, explorerRouter } from './routes/explorer';
import { epcsAnswer, epcsRouter } from './routes/epcs';
import { featuresRouter } from './routes/features';
import { floodRiskAnswer, floodRiskRouter } from './routes/flood-risk';
import { locationRouter } from './routes/location';
import { propertiesRouter, propertyAnswer } from './routes/properties';
import { requestsRouter } from './routes/requests';
import { retrofitAnswer, retrofitRouter } from './routes/retrofit';
import { usageRouter } from './routes/usage';

export interface AppDeps {
  accounts: AccountStore;
  properties: PropertiesRepository;
  /** Live flood answers for coordinates; without it those answer 503 (tests that do not need them). */
  features?: FeaturesRepository;
  /** Live GET /location answers; without it those answer 503 (tests that do not need them). */
  location?: LocationRepository;
  /** GET /features (GeoJSON near a point); without it those answer 503 (tests that do not need them). */
  nearbyFeatures?: NearbyFeaturesRepository;
  log: Logger;
  now?: () => Date;
  /** Per-key rate limit; false turns it off. Default: none (the server passes its configured one). */
  rateLimit?: RateLimitConfig | false;
  /**
   * Keep the rate limit's buckets in the account store, shared with every process using its file (the
   * workers of one `pds serve`), instead of in this process. Default false.
   */
  sharedRateLimit?: boolean;
  /** Credits, quotas and request history; false only for the benchmark's baseline. Default true. */
  metering?: boolean;
  /**
   * Serve plain-JSON POST /energy-model and the plain per-UPRN GETs on the lean path (lean-path.ts) instead
   * of through Express; same answers, a fraction of the CPU. Default true; false for the tests and benchmark
   * that compare the two.
   */
  leanPath?: boolean;
}

/** The API's request listener, for `http.createServer` (server.ts `listen`). */
export type ApiHandler = RequestListener;

export function createApp(deps: AppDeps): ApiHandler {
  const now = deps.now ?? (() => new Date());
  const app = express();
  app.disable('x-powered-by');
  // Answers are `cache-control: no-store` JSON, so an ETag (a hash of every body) would only cost CPU.
  app.disable('etag');
  app.set('query parser', 'simple');
  app.use(requestContext(deps.log, now));
  app.use(routeTable(ENDPOINTS, [...CONTRACT_ROUTES, ...EXPLORER_ROUTES]));
  app.use(contractRouter());
  app.use(explorerRouter());
  app.use(requireApiKey(deps.accounts));
  // One set of metering deps (one rate limiter) for both paths.
  const meteringDeps: MeteringDeps | null =
    deps.metering === false
      ? null
      : {
          accounts: deps.accounts,
          now,
          log: deps.log,
          rateLimiter: !deps.rateLimit
            ? null
            : deps.sharedRateLimit
              ? sharedTokenBucket(deps.accounts, deps.rateLimit)
              : tokenBucket(deps.rateLimit),
        };
  if (meteringDeps) app.use(metering(meteringDeps));
  app.use(jsonBody());
  app.use(usageRouter(deps.accounts, now));
  app.use(requestsRouter(deps.accounts));
  app.use(epcsRouter(deps.properties, now));
  app.use(floodRiskRouter(deps.properties, deps.features ?? noFeatures));
  app.use(retrofitRouter(deps.properties, now));
  app.use(propertiesRouter(deps.properties, now));
  app.use(locationRouter(deps.location ?? noLocation));
  app.use(featuresRouter(deps.nearbyFeatures ?? noNearbyFeatures));
  app.use(energyModelRouter());
  app.use(batchRouter({ properties: deps.properties, now, log: deps.log }));
  app.use(notFoundRoute);
  app.use(errorHandler(deps.log));
  if (deps.leanPath === false) return app;
  const endpoint = (name: string) => ENDPOINTS.find((e) => e.name === name)!;
  const { properties } = deps;
  const lean = leanPath(
    { accounts: deps.accounts, log: deps.log, now, metering: meteringDeps },
    [energyModelLeanRoute],
    [
      {
        endpoint: endpoint('properties'),
        params: ['uprn'],
        answer: (u) => propertyAnswer(properties, u, now),
      },
      { endpoint: endpoint('epcs'), params: ['uprn'], answer: (u) => epcsAnswer(properties, u, now) },
      { endpoint: endpoint('retrofit'), params: ['uprn'], answer: (u) => retrofitAnswer(properties, u, now) },
      {
        endpoint: endpoint('flood-risk'),
        params: ['UPRN', 'uprn'],
        answer: (u) => floodRiskAnswer(properties, u),
      },
    ],
  );
  return (req, res) => {
    if (!lean(req, res)) app(req, res);
  };
}

const noFeatures: FeaturesRepository = {
  floodRiskAt: () =>
    Promise.reject(new ApiError('service_unavailable', 'Live flood answers are not configured')),
};

const noLocation: LocationRepository = {
  locationAt: () =>
    Promise.reject(new ApiError('service_unavailable', 'Live location answers are not configured')),
};

const noNearbyFeatures: NearbyFeaturesRepository = {
  featuresNear: () => Promise.reject(new ApiError('service_unavailable', 'Map features are not configured')),
};
