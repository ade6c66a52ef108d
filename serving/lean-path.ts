// The lean path: requests whose answer needs none of Express's machinery, served on node:http in front of
// Express. Two kinds: POST endpoints whose answer is a pure function of a JSON body (POST /energy-model), and
// the per-UPRN GETs of precomputed answers (/properties, /epcs, /flood-risk, /retrofit with one UPRN query
// parameter). Express costs more CPU per request here than the answer itself (prototype swaps, a dozen router
// layers, body-parser, res.send), and under load the queue multiplies it into latency. This path takes the
// same steps with the same functions, so the answers, charges, history rows and log lines are those Express
// gives: request id and security headers, access log (http.ts), API key (auth.ts), rate limit, admission,
// settlement and history row (metering.ts), the body's limits (json-body.ts) and express.json's strict JSON
// rules (here), errors (errors.ts). It takes only requests it serves exactly as Express would:
// - POST to the route's path (or one of its aliases without path parameters) with no query string,
//   `content-type: application/json` (optionally with `; charset=utf-8`) and no content-encoding;
// - GET of the route's path with exactly one query parameter, the UPRN (`uprn=`, or for /flood-risk `UPRN=`
//   or `uprn=`) written as the schema accepts it (1 to 12 digits, no leading zero), and no body.
// Anything else (another query, a malformed UPRN, a path alias, a compressed body, a trailing slash) goes on
// to Express, which answers it as before.
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

/** A GET of one UPRN (a per-UPRN endpoint): its answer's JSON bytes, or an ApiError (404, 503) thrown. */
export interface LeanUprnRoute {
  endpoint: EndpointDefinition;
  /** The query parameter names the UPRN may come in. */
  params: readonly string[];
  answer(uprn: number): Promise<Buffer>;
}

export interface LeanPathDeps {
  accounts: AccountStore;
  log: Logger;
  now: () => Date;
  /** The same deps (and so the same rate limiter) as the Express metering middleware; null: metering off. */
  metering: MeteringDeps | null;
}

const JSON_TYPES = new Set(['application/json', 'application/json; charset=utf-8']);

/** A UPRN as the query schema accepts it (schemas/api/common.ts UprnParam). */
const UPRN = /^[1-9][0-9]{0,11}$/;

/** A request handler that answers the requests it takes and returns false for the others. */
export function leanPath(
  deps: LeanPathDeps,
  routes: readonly LeanRoute[],
  uprnRoutes: readonly LeanUprnRoute[] = [],
): (req: IncomingMessage, res: ServerResponse) => boolean {
  // The endpoint's own path and its aliases without path parameters: the same route either way.
  const byPath = new Map(
    routes.flatMap((r) =>
      [r.endpoint.path, ...(r.endpoint.aliases ?? []).filter((a) => pathParams(a).length === 0)].map(
        (path) => [path, r] as const,
      ),
    ),
  );
  // `/properties?uprn=` → its route, for every spelling of the parameter.
  const byQuery = new Map<string, LeanUprnRoute>(
    uprnRoutes.flatMap((r) => r.params.map((param) => [`${r.endpoint.path}?${param}=`, r] as const)),
  );
  return (req, res) => {
    const url = req.url ?? '';
    if (req.method === 'GET') {
      const eq = url.indexOf('=');
      const route = eq < 0 ? undefined : byQuery.get(url.slice(0, eq + 1));
      const uprn = url.slice(eq + 1);
      if (!route || !UPRN.test(uprn) || hasBody(req.headers)) return false;
      serve(
        deps,
        route.endpoint,
        route.endpoint.path,
        JSON.stringify({ [url.slice(url.indexOf('?') + 1, eq)]: uprn }),
        req,
        res,
        (send, fail) => void route.answer(Number(uprn)).then((bytes) => send(200, bytes), fail),
      );
      return true;
    }
    if (req.method !== 'POST') return false;
    const route = byPath.get(url);
    if (!route || !plainJson(req.headers)) return false;
    serve(deps, route.endpoint, url, '{}', req, res, (send, fail, body) =>
      readJsonBody(req, (error, parsed) => {
        if (error) return fail(error);
        body(parsed);
        let text: string;
        try {
          text = JSON.stringify(route.answer(parsed));
        } catch (e) {
          return fail(e);
        }
        send(200, text);
      }),
    );
    return true;
  };
}

function plainJson(headers: IncomingHttpHeaders): boolean {
  const type = headers['content-type'];
  return (
    type !== undefined && JSON_TYPES.has(type.toLowerCase()) && headers['content-encoding'] === undefined
  );
}

const hasBody = (headers: IncomingHttpHeaders): boolean =>
  headers['content-length'] !== undefined || headers['transfer-encoding'] !== undefined;

/**
 * How a route answers once the request is admitted: `send` the status and JSON text, or `fail` with an
 * error; `body` records the parsed request body for the history row.
 */
type Answer = (
  send: (status: number, body: string | Buffer) => void,
  fail: (error: unknown) => void,
  body: (parsed: unknown) => void,
) => void;

/**
 * Serves `req` for `endpoint`, sent to `path` (the route's path or an alias of it: logged and recorded as
 * sent), its query parameters as the history row stores them (`queryText`).
 */
function serve(
  deps: LeanPathDeps,
  endpoint: EndpointDefinition,
  path: string,
  queryParams: string,
  req: IncomingMessage,
  res: ServerResponse,
  answer: Answer,
): void {
  const id = randomUUID();
  const startedNs = process.hrtime.bigint();
  const receivedAt = deps.now();
  // What the access log line reports once the response has closed.
  const outcome: { keyId?: number; errorCode?: string } = {};
  let body: unknown;
  let sent: string | Buffer | undefined;
  stampHeaders(res, id);
  res.on('close', () =>
    deps.log(
      'request',
      accessLogFields(id, req.method, path, res, startedNs, outcome.errorCode, outcome.keyId),
    ),
  );

  // res.json's headers; the body goes out in one write with the head.
  const send = (status: number, body: string | Buffer) => {
    sent = body;
    res.statusCode = status;
    res.setHeader('content-type', 'application/json; charset=utf-8');
    res.setHeader('content-length', Buffer.byteLength(body));
    res.end(body);
  };
  const fail = (err: unknown) => {
    const apiError = asApiError(err, deps.log, { id, path });
    outcome.errorCode = apiError.code;
    if (res.headersSent) return void res.end();
    send(apiError.status, JSON.stringify(errorBody(apiError)));
  };
  const respond = () => answer(send, fail, (parsed) => void (body = parsed));

  // Express would turn a throw (the accounts database failing) into a 500; so does this.
  let key: ReturnType<typeof authenticateKey>;
  try {
    key = authenticateKey(deps.accounts, req.headers['x-api-key'] as string | undefined);
  } catch (e) {
    return fail(e);
  }
  if (key instanceof ApiError) return fail(key);
  outcome.keyId = key.id;
  if (!deps.metering) return respond();
  const history = () =>
    historyOf(
      { id, method: req.method!, path, queryParams, body, headers: req.headers, startedNs, receivedAt },
      res,
      sent,
    );
  meterRequest(deps.metering, res, key.id, id, endpoint.name, history, (error) =>
    error ? fail(error) : respond(),
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
