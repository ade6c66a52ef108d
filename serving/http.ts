// Per-request plumbing that runs before authentication: a request id (returned in `x-request-id` and on
// every log line), security headers, one structured access-log line per request, and the route table
// that answers 404 for unknown paths and 405 (with `Allow`) for a known path with the wrong method.
import { randomUUID } from 'node:crypto';
import { STATUS_CODES, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { RequestHandler } from 'express';
import type { EndpointDefinition } from '../schemas/api/endpoints';
import { ApiError, errorBody } from './errors';
import type { Logger } from './log';
import { compileAlias, primaryUrl, type AliasPath } from './path-aliases';

declare module 'express-serve-static-core' {
  interface Request {
    /** Request id, also sent back as `x-request-id`. */
    id: string;
    /** process.hrtime.bigint() when the request arrived. */
    startedNs: bigint;
    /** When the request arrived, by the app's clock. */
    receivedAt: Date;
    /** The ENDPOINTS entry this request is for (undefined for the public contract routes). */
    endpoint?: EndpointDefinition;
    /**
     * For a request to an alias path (path-aliases.ts), its path and query as sent, before its URL was
     * rewritten to the endpoint's own path: what the access log and the request history record.
     */
    asSent?: { path: string; query: Request['query'] };
  }
}

export const REQUEST_ID_HEADER = 'x-request-id';

/** Headers on every answer. The API serves JSON only; `/docs` relaxes the CSP for its inline styles. */
export const SECURITY_HEADERS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'cache-control': 'no-store',
};

/** Sends the request id and the security headers; the same on every answer, whichever path serves it. */
export function stampHeaders(res: ServerResponse, id: string): void {
  res.setHeader(REQUEST_ID_HEADER, id);
  for (const name in SECURITY_HEADERS) res.setHeader(name, SECURITY_HEADERS[name]!);
}

/** The access-log line's fields for a request whose response has closed. */
export function accessLogFields(
  id: string,
  method: string | undefined,
  path: string,
  res: ServerResponse,
  startedNs: bigint,
  errorCode: string | undefined,
  keyId: number | undefined,
): object {
  const ms = Number(process.hrtime.bigint() - startedNs) / 1e6;
  return {
    request_id: id,
    method,
    path,
    status: res.statusCode,
    ...(errorCode ? { error_code: errorCode } : {}),
    ms: Math.round(ms * 100) / 100,
    ...(keyId !== undefined ? { key_id: keyId } : {}),
    ...(res.writableFinished ? {} : { aborted: true }),
  };
}

export function requestContext(log: Logger, now: () => Date): RequestHandler {
  return (req, res, next) => {
    req.id = randomUUID();
    req.startedNs = process.hrtime.bigint();
    req.receivedAt = now();
    stampHeaders(res, req.id);
    res.on('close', () => {
      log(
        'request',
        accessLogFields(
          req.id,
          req.method,
          req.asSent?.path ?? req.path,
          res,
          req.startedNs,
          res.locals.errorCode as string | undefined,
          req.apiKey?.id,
        ),
      );
    });
    next();
  };
}

export interface PublicRoute {
  path: string;
  method: 'GET';
}

/**
 * 404 for paths nobody serves, 405 for a served path and another method; sets `req.endpoint`. A request to
 * an endpoint's alias path is rewritten to the endpoint's own path (its `{name}` segments as query
 * parameters), so everything after this answers it as the endpoint itself.
 */
export function routeTable(
  endpoints: readonly EndpointDefinition[],
  publicRoutes: PublicRoute[],
): RequestHandler {
  interface Route {
    endpoint: EndpointDefinition | null;
    alias?: AliasPath;
  }
  const exact = new Map<string, Map<string, Route>>();
  const templated: { alias: AliasPath; byMethod: Map<string, Route> }[] = [];
  const add = (path: string, method: string, route: Route) => {
    const byMethod = exact.get(path) ?? new Map<string, Route>();
    byMethod.set(method, route);
    exact.set(path, byMethod);
  };
  for (const r of publicRoutes) add(r.path, r.method, { endpoint: null });
  for (const e of endpoints) {
    add(e.path, e.method, { endpoint: e });
    for (const template of e.aliases ?? []) {
      const alias = compileAlias(template);
      const route = { endpoint: e, alias };
      if (alias.params.length === 0) add(template, e.method, route);
      else {
        const same = templated.find((t) => t.alias.template === template);
        if (same) same.byMethod.set(e.method, route);
        else templated.push({ alias, byMethod: new Map([[e.method, route]]) });
      }
    }
  }
  return (req, res, next) => {
    const path = req.path.length > 1 ? req.path.replace(/\/+$/, '') : req.path;
    const byMethod = exact.get(path) ?? templated.find((t) => t.alias.pattern.test(path))?.byMethod;
    if (!byMethod) return next(new ApiError('not_found', `No route for ${req.method} ${req.path}`));
    const route = byMethod.get(req.method);
    if (!route) {
      const allow = [...byMethod.keys()].join(', ');
      res.setHeader('allow', allow);
      return next(new ApiError('method_not_allowed', `${req.path} accepts ${allow}, not ${req.method}`));
    }
    req.endpoint = route.endpoint ?? undefined;
    if (route.alias && route.endpoint) {
      req.asSent = { path: req.path, query: req.query };
      const q = req.url.indexOf('?');
      req.url = primaryUrl(route.endpoint.path, route.alias, path, q < 0 ? '' : req.url.slice(q));
    }
    next();
  };
}

/** The URL and headers node:http reads at most (its default `maxHeaderSize`); more is a 431. */
export const MAX_HEADER_BYTES = 16 * 1024;

/**
 * node:http's `clientError`: what never became a request (a URL and headers over MAX_HEADER_BYTES, bytes that
 * are not HTTP, headers not sent in time) answered in the API's shape, with a request id and the security
 * headers, instead of node's bare status line; then the connection is closed, as node does. Nothing is
 * written into a response already under way.
 */
export function answerClientError(log: Logger): (error: Error & { code?: string }, socket: Duplex) => void {
  return (error, socket) => {
    const inFlight = (socket as { _httpMessage?: ServerResponse })._httpMessage;
    if (error.code !== 'ECONNRESET' && socket.writable && !inFlight?.headersSent) {
      const apiError =
        error.code === 'HPE_HEADER_OVERFLOW'
          ? new ApiError('headers_too_large', `The URL and headers are over ${MAX_HEADER_BYTES} bytes`)
          : error.code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW'
            ? new ApiError('payload_too_large', 'The chunk extensions are too large')
            : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
              ? new ApiError('request_timeout', 'The request was not received in time')
              : new ApiError('malformed_request', 'The request is not valid HTTP/1.1');
      const id = randomUUID();
      const body = JSON.stringify(errorBody(apiError));
      const headers = {
        [REQUEST_ID_HEADER]: id,
        ...SECURITY_HEADERS,
        'content-type': 'application/json; charset=utf-8',
        'content-length': String(Buffer.byteLength(body)),
        connection: 'close',
      };
      const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
      const status = `HTTP/1.1 ${apiError.status} ${STATUS_CODES[apiError.status]}\r\n`;
      socket.end(`${status}${head.join('')}\r\n${body}`, () => socket.destroy());
      log('request', { request_id: id, status: apiError.status, error_code: apiError.code });
      return;
    }
    socket.destroy();
  };
}
