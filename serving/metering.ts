// Metering, after authentication: rate limit, then admission (renewal, credit and quota checks, and a
// reservation of the cost, in one store transaction shared with the other admissions of the event-loop
// turn), then, when the response has finished, one store transaction that charges the reservation for a
// 2xx (releases it otherwise) and records the request for GET /requests with secrets redacted and bodies
// capped. `meterRequest` is the framework-free core that both the Express middleware and the lean path
// (lean-path.ts) run.
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import type { Request, RequestHandler } from 'express';
import type { AccountStore, HistoryDraft, HistoryRecord } from './accounts/store';
import { ApiError } from './errors';
import type { Logger } from './log';
import type { RateLimiter } from './rate-limit';

/** Request headers never stored or logged in clear. */
export const REDACTED_HEADERS = ['x-api-key', 'authorization', 'proxy-authorization', 'cookie', 'set-cookie'];
export const REDACTED = '[redacted]';
/** Bodies larger than this are stored as `{"truncated": true, "bytes": N}`. */
export const HISTORY_BODY_CAP = 128 * 1024;

const redacted = new Set(REDACTED_HEADERS);

export function redactHeaders(headers: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name in headers) {
    const value = headers[name];
    if (value === undefined) continue;
    // node's request and response header maps are lower-case already; other callers' may not be.
    const lower = name.toLowerCase();
    out[lower] = redacted.has(lower) ? REDACTED : Array.isArray(value) ? value.join(', ') : String(value);
  }
  return out;
}

const truncated = (bytes: number): string => JSON.stringify({ truncated: true, bytes });

// Under the cap, a UTF-8 text is never more bytes than 3 per UTF-16 unit: most bodies skip the byte count.
const capped = (json: string): string =>
  json.length * 3 <= HISTORY_BODY_CAP || Buffer.byteLength(json) <= HISTORY_BODY_CAP
    ? json
    : truncated(Buffer.byteLength(json));

/**
 * The request body as stored: its JSON, capped; a body that was sent but not read (refused: invalid, too
 * deep, too large, not decompressible) or that cannot be serialised is recorded as truncated, with the byte
 * count the client declared (0 when it sent none).
 */
function requestBodyText(body: unknown, headers: IncomingHttpHeaders): string | null {
  const declared = Number(headers['content-length']) || 0;
  if (body === undefined) return declared > 0 || headers['transfer-encoding'] ? truncated(declared) : null;
  try {
    return capped(JSON.stringify(body));
  } catch {
    return truncated(declared);
  }
}

function responseBodyText(body: unknown): string {
  if (body === undefined || body === null) return '{}';
  const text = Buffer.isBuffer(body)
    ? body.toString('utf8')
    : typeof body === 'string'
      ? body
      : JSON.stringify(body);
  if (text.startsWith('{')) return capped(text);
  return capped(JSON.stringify({ text }));
}

export function queryText(query: Request['query']): string {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(query)) out[k] = Array.isArray(v) ? v.join(',') : String(v);
  return JSON.stringify(out);
}

/** What the history row needs to know about the request, however it was served. */
export interface HistoryRequest {
  id: string;
  method: string;
  path: string;
  /** The query parameters as stored (`queryText`). */
  queryParams: string;
  /** The parsed body, undefined when there was none or it was not read (the history then says which). */
  body: unknown;
  headers: IncomingHttpHeaders;
  startedNs: bigint;
  receivedAt: Date;
}

/**
 * The history row of a finished request, made into text when the store writes it (if it keeps it at all);
 * `responseBody` is what was sent (usually the JSON text).
 */
export function historyOf(req: HistoryRequest, res: ServerResponse, responseBody: unknown): HistoryDraft {
  const responseCode = res.statusCode;
  const responseTimeMs = Math.round(Number(process.hrtime.bigint() - req.startedNs) / 1e6);
  const responseHeaders = res.getHeaders();
  return {
    requestId: req.id,
    render: () => ({
      requestId: req.id,
      method: req.method,
      path: req.path,
      queryParams: req.queryParams,
      requestBody: requestBodyText(req.body, req.headers),
      requestHeaders: JSON.stringify(redactHeaders(req.headers)),
      responseCode,
      responseTimeMs,
      responseBody: responseBodyText(responseBody),
      responseHeaders: JSON.stringify(redactHeaders(responseHeaders)),
      createdAt: req.receivedAt.toISOString(),
    }),
  };
}

/**
 * The metering of a request whose cost depends on what it asks (an endpoint `meteredPerItem`: POST /batch):
 * its handler reserves the worst case once it knows it, and says how many of those units it answered.
 */
export interface Meter {
  /**
   * Reserves `units` calls of `endpoint` for this request (at most once): `done()` when admitted,
   * `done(error)` with the refusal (a 429 or 403) or the store's failure (503) otherwise.
   */
  admit(endpoint: string, units: number, done: (error?: ApiError) => void): void;
  /** How many of the reserved units the answer holds: what a success charges (default: all). */
  answered(units: number): void;
}

declare module 'express-serve-static-core' {
  interface Request {
    /** Set for the endpoints metered per item (their handler reserves); absent when metering is off. */
    meter?: Meter;
  }
}

export interface MeteringDeps {
  accounts: AccountStore;
  now: () => Date;
  log: Logger;
  rateLimiter: RateLimiter | null;
}

/**
 * Rate limit and admission for one request, and its settlement once the response has finished (or the
 * client has gone): `next()` lets the request go on, `next(error)` answers the error. `history` is asked for
 * the history row at settlement. Without an `endpoint` nothing is admitted here; the returned Meter lets the
 * handler admit later (POST /batch; `expose` is given it before `next` is called), and whatever it holds is
 * settled with the request, once.
 */
export function meterRequest(
  deps: MeteringDeps,
  res: ServerResponse,
  keyId: number,
  requestId: string,
  endpoint: string | undefined,
  history: () => HistoryRecord,
  next: (error?: ApiError) => void,
  expose?: (meter: Meter) => void,
): Meter {
  let reservation: number | null = null;
  let units: number | undefined;
  let admitting = false;
  // 'finish' (the answer is handed to the OS, before the client can read it) or 'close' without it (the
  // client went away): settle once.
  let settled = false;
  const settle = () => {
    if (settled) return;
    settled = true;
    const success = res.writableFinished && res.statusCode >= 200 && res.statusCode < 300;
    const failed = (what: string, error: unknown) =>
      deps.log(`metering: ${what}`, {
        request_id: requestId,
        key_id: keyId,
        reservation,
        error: error instanceof Error ? error.message : String(error),
      });
    // The reservation is settled whatever the history row does: a row that cannot be made or written is
    // dropped (and logged), never the charge or release with it. The store settles a reservation once.
    let row: HistoryRecord | null = null;
    try {
      row = history();
    } catch (error) {
      failed('could not make the history row; settling without it', error);
    }
    try {
      deps.accounts.finish(keyId, reservation, success, row, units);
    } catch (error) {
      if (row === null) return failed('could not settle', error);
      failed('could not record the request; settling without its history row', error);
      try {
        deps.accounts.finish(keyId, reservation, success, null, units);
      } catch (again) {
        failed('could not settle', again);
      }
    }
  };
  res.on('finish', settle);
  res.on('close', settle);

  // Admitted with the other requests of this event-loop turn, in one transaction (see the store).
  // `perItem`: the handler's own admission, told (with an error) when the client went away meanwhile.
  const admit = (name: string, n: number | undefined, done: (error?: ApiError) => void, perItem = false) => {
    if (admitting) throw new Error('a request is admitted once');
    admitting = true;
    deps.accounts.admitBatched(
      keyId,
      name,
      requestId,
      deps.now(),
      (error, admission) => {
        if (error || !admission) {
          deps.log('metering: admission failed', {
            request_id: requestId,
            error: error instanceof Error ? error.message : String(error),
          });
          return done(new ApiError('service_unavailable', 'The account store is busy; try again shortly'));
        }
        if (!admission.ok) {
          if (admission.retryAt) {
            const seconds = Math.max(
              1,
              Math.ceil((admission.retryAt.getTime() - deps.now().getTime()) / 1000),
            );
            res.setHeader('retry-after', String(seconds));
          }
          return done(new ApiError(admission.code, admission.message));
        }
        // The client went away while the admission waited: nothing will answer, so release it now.
        if (settled) {
          deps.accounts.finish(keyId, admission.reservation, false, null);
          if (perItem) done(new ApiError('service_unavailable', 'The client went away'));
          return;
        }
        reservation = admission.reservation;
        done();
      },
      n,
    );
  };
  const meter: Meter = {
    admit: (name, n, done) => admit(name, n, done, true),
    answered: (n) => void (units = n),
  };
  expose?.(meter);

  if (deps.rateLimiter) {
    const taken = deps.rateLimiter.take(keyId, Date.now());
    if (!taken.ok) {
      res.setHeader('retry-after', String(taken.retryAfterSeconds));
      next(new ApiError('rate_limited', 'Too many requests for this API key; slow down'));
      return meter;
    }
  }
  if (!endpoint) next();
  else admit(endpoint, undefined, next);
  return meter;
}

/** The Express middleware: `meterRequest` with the body Express sends captured for the history row. */
export function metering(deps: MeteringDeps): RequestHandler {
  return (req, res, next) => {
    // What was sent: the body given to res.send, or, for an answer written as a stream, the summary its
    // handler leaves in res.locals.historyBody.
    let body: unknown;
    const send = res.send.bind(res);
    res.send = (b?: unknown) => {
      body = b;
      return send(b);
    };
    const history = () =>
      historyOf(
        {
          id: req.id,
          method: req.method,
          // An alias path is recorded as sent (http.ts), not as the endpoint's own path it was answered on.
          path: req.asSent?.path ?? req.path,
          queryParams: queryText(req.asSent?.query ?? req.query),
          body: req.body,
          headers: req.headers,
          startedNs: req.startedNs,
          receivedAt: req.receivedAt,
        },
        res,
        body ?? res.locals.historyBody,
      );
    const perItem = req.endpoint?.meteredPerItem === true;
    meterRequest(
      deps,
      res,
      req.apiKey!.id,
      req.id,
      perItem ? undefined : req.endpoint?.name,
      history,
      (error) => next(error),
      perItem ? (meter) => (req.meter = meter) : undefined,
    );
  };
}
