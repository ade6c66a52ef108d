// The lean path: POST endpoints whose answer is a pure function of a JSON body (POST /energy-model), served
// on node:http in front of Express. Express costs more CPU per request here than the model itself (prototype
// swaps, a dozen router layers, body-parser, res.json), and at 50 connections the queue multiplies it into
// latency. This path takes the same steps with the same functions, so the answers, charges, history rows
// and log lines are those Express gives: request id and security headers, access log (http.ts), API key
// (auth.ts), rate limit, admission, settlement and history row (metering.ts), the body's limits (json-body.ts)
// and express.json's strict JSON rules (here), errors (errors.ts). It takes only requests it serves exactly as Express would:
// POST to the route's path (or one of its aliases without path parameters) with no query string,
// `content-type: application/json` (optionally with `; charset=utf-8`) and no content-encoding; anything
// else (a query, another charset, a compressed body, a trailing slash) goes on to Express, which answers it
// as before.
import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { EndpointDefinition } from '../schemas/api/endpoints';
import type { AccountStore } from './accounts/store';
import { authenticateKey } from './auth';
import { ApiError, asApiError, errorBody } from './errors';
import { accessLogFields, stampHeaders } from './http';
import type { Logger } from './log';
import { JSON_BODY_LIMIT, nestedDeeperThan, tooDeep } from './json-body';
import { historyOf, meterRequest, type MeteringDeps } from './metering';
import { pathParams } from './path-aliases';

export interface LeanRoute {
  /** The catalogue entry: a POST and its path. */
  endpoint: EndpointDefinition;
  /** The answer for the parsed body (undefined when the request has none); throws an ApiError for a 4xx. */
  answer(body: unknown): unknown;
}

export interface LeanPathDeps {
  accounts: AccountStore;
  log: Logger;
  now: () => Date;
  /** The same deps (and so the same rate limiter) as the Express metering middleware; null: metering off. */
  metering: MeteringDeps | null;
}

const JSON_TYPES = new Set(['application/json', 'application/json; charset=utf-8']);

/** A request handler that answers the requests it takes and returns false for the others. */
export function leanPath(
  deps: LeanPathDeps,
  routes: readonly LeanRoute[],
): (req: IncomingMessage, res: ServerResponse) => boolean {
  // The endpoint's own path and its aliases without path parameters: the same route either way.
  const byPath = new Map(
    routes.flatMap((r) =>
      [r.endpoint.path, ...(r.endpoint.aliases ?? []).filter((a) => pathParams(a).length === 0)].map(
        (path) => [path, r] as const,
      ),
    ),
  );
  return (req, res) => {
    if (req.method !== 'POST') return false;
    const path = req.url ?? '';
    const route = byPath.get(path);
    if (!route || !plainJson(req.headers)) return false;
    serve(deps, route, path, req, res);
    return true;
  };
}

function plainJson(headers: IncomingHttpHeaders): boolean {
  const type = headers['content-type'];
  return (
    type !== undefined && JSON_TYPES.has(type.toLowerCase()) && headers['content-encoding'] === undefined
  );
}

/** Serves `req`, sent to `path` (the route's path or an alias of it: logged and recorded as sent). */
function serve(
  deps: LeanPathDeps,
  route: LeanRoute,
  path: string,
  req: IncomingMessage,
  res: ServerResponse,
): void {
  const id = randomUUID();
  const startedNs = process.hrtime.bigint();
  const receivedAt = deps.now();
  // What the access log line reports once the response has closed.
  const outcome: { keyId?: number; errorCode?: string } = {};
  let body: unknown;
  let sent: string | undefined;
  stampHeaders(res, id);
  res.on('close', () =>
    deps.log(
      'request',
      accessLogFields(id, req.method, path, res, startedNs, outcome.errorCode, outcome.keyId),
    ),
  );

  // res.json's headers; a string body goes out in one write with the head.
  const send = (status: number, text: string) => {
    sent = text;
    res.statusCode = status;
    res.setHeader('content-type', 'application/json; charset=utf-8');
    res.setHeader('content-length', Buffer.byteLength(text));
    res.end(text);
  };
  const fail = (err: unknown) => {
    const apiError = asApiError(err, deps.log, { id, path });
    outcome.errorCode = apiError.code;
    if (res.headersSent) return void res.end();
    send(apiError.status, JSON.stringify(errorBody(apiError)));
  };
  const answer = () =>
    readJsonBody(req, (error, parsed) => {
      if (error) return fail(error);
      body = parsed;
      let text: string;
      try {
        text = JSON.stringify(route.answer(parsed));
      } catch (e) {
        return fail(e);
      }
      send(200, text);
    });

  // Express would turn a throw (the accounts database failing) into a 500; so does this.
  let key: ReturnType<typeof authenticateKey>;
  try {
    key = authenticateKey(deps.accounts, req.headers['x-api-key'] as string | undefined);
  } catch (e) {
    return fail(e);
  }
  if (key instanceof ApiError) return fail(key);
  outcome.keyId = key.id;
  if (!deps.metering) return answer();
  const history = () =>
    historyOf(
      { id, method: 'POST', path, queryParams: '{}', body, headers: req.headers, startedNs, receivedAt },
      res,
      sent,
    );
  meterRequest(deps.metering, res, key.id, id, route.endpoint.name, history, (error) =>
    error ? fail(error) : answer(),
  );
}

/** A failure shaped like body-parser's, so asApiError maps it to the same answer. */
const bodyError = (type: string, status: number) => ({ type, status });

/**
 * jsonBody's reading (json-body.ts): no body (neither content-length nor transfer-encoding) is undefined;
 * over the limit is a 413 once the whole request has been read; nested too deep is a 400; UTF-8 without its
 * BOM; empty is `{}`; strict (an object or an array); anything JSON.parse refuses is invalid JSON.
 */
function readJsonBody(req: IncomingMessage, done: (error: unknown, body?: unknown) => void): void {
  const { 'content-length': length, 'transfer-encoding': te } = req.headers;
  if (te === undefined && (length === undefined || Number.isNaN(Number(length))))
    return done(null, undefined);
  const chunks: Buffer[] = [];
  let received = 0;
  let tooLarge = length !== undefined && Number.parseInt(length, 10) > JSON_BODY_LIMIT;
  let finished = false;
  const finish = (error: unknown, value?: unknown) => {
    if (finished) return;
    finished = true;
    done(error, value);
  };
  req.on('data', (chunk: Buffer) => {
    received += chunk.length;
    if (received > JSON_BODY_LIMIT) tooLarge = true;
    if (!tooLarge) chunks.push(chunk);
  });
  req.on('end', () => {
    if (tooLarge) return finish(bodyError('entity.too.large', 413));
    const bytes = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
    if (nestedDeeperThan(bytes)) return finish(tooDeep());
    let text = bytes.toString('utf8');
    if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    let value: unknown;
    try {
      value = parseStrictJson(text);
    } catch {
      return finish(bodyError('entity.parse.failed', 400));
    }
    finish(null, value);
  });
  req.on('error', () => finish(bodyError('request.aborted', 400)));
  req.on('aborted', () => finish(bodyError('request.aborted', 400)));
}

const JSON_WHITESPACE = ' \t\n\r';

function parseStrictJson(text: string): unknown {
  if (text.length === 0) return {};
  let i = 0;
  while (i < text.length && JSON_WHITESPACE.includes(text[i]!)) i++;
  if (text[i] !== '{' && text[i] !== '[') throw new SyntaxError('strict violation');
  return JSON.parse(text) as unknown;
}
