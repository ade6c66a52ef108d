// Metering, after authentication: rate limit, then admission (renewal, credit and quota checks, and a
// reservation of the cost, in one store transaction shared with the other admissions of the event-loop
// turn), then, when the response has finished, one store transaction that charges the reservation for a
// 2xx (releases it otherwise) and records the request for GET /requests with secrets redacted and bodies
// capped.
import type { Request, RequestHandler, Response } from 'express';
import type { AccountStore, HistoryInput } from './accounts/store';
import { ApiError } from './errors';
import type { Logger } from './log';
import type { RateLimiter } from './rate-limit';

/** Request headers never stored or logged in clear. */
export const REDACTED_HEADERS = ['x-api-key', 'authorization', 'proxy-authorization', 'cookie', 'set-cookie'];
export const REDACTED = '[redacted]';
/** Bodies larger than this are stored as `{"truncated": true, "bytes": N}`. */
export const HISTORY_BODY_CAP = 128 * 1024;

export function redactHeaders(headers: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    const lower = name.toLowerCase();
    out[lower] = REDACTED_HEADERS.includes(lower)
      ? REDACTED
      : Array.isArray(value)
        ? value.join(', ')
        : String(value);
  }
  return out;
}

const capped = (json: string): string =>
  Buffer.byteLength(json) > HISTORY_BODY_CAP
    ? JSON.stringify({ truncated: true, bytes: Buffer.byteLength(json) })
    : json;

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

function queryText(query: Request['query']): string {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(query)) out[k] = Array.isArray(v) ? v.join(',') : String(v);
  return JSON.stringify(out);
}

function historyOf(req: Request, res: Response, body: unknown): HistoryInput {
  return {
    requestId: req.id,
    method: req.method,
    path: req.path,
    queryParams: queryText(req.query),
    requestBody: req.body === undefined ? null : capped(JSON.stringify(req.body)),
    requestHeaders: JSON.stringify(redactHeaders(req.headers)),
    responseCode: res.statusCode,
    responseTimeMs: Math.round(Number(process.hrtime.bigint() - req.startedNs) / 1e6),
    responseBody: responseBodyText(body),
    responseHeaders: JSON.stringify(redactHeaders(res.getHeaders())),
    createdAt: req.receivedAt.toISOString(),
  };
}

export interface MeteringDeps {
  accounts: AccountStore;
  now: () => Date;
  log: Logger;
  rateLimiter: RateLimiter | null;
}

export function metering(deps: MeteringDeps): RequestHandler {
  return (req, res, next) => {
    const key = req.apiKey!;
    let reservation: number | null = null;
    let body: unknown;
    const send = res.send.bind(res);
    res.send = (b?: unknown) => {
      body = b;
      return send(b);
    };
    // 'finish' (the answer is handed to the OS, before the client can read it) or 'close' without it (the
    // client went away): settle once.
    let settled = false;
    const settle = () => {
      if (settled) return;
      settled = true;
      const success = res.writableFinished && res.statusCode >= 200 && res.statusCode < 300;
      try {
        deps.accounts.finish(key.id, reservation, success, historyOf(req, res, body));
      } catch (error) {
        deps.log('metering: could not settle', {
          request_id: req.id,
          key_id: key.id,
          reservation,
          error: error instanceof Error ? error.message : String(error),
        });
      }
    };
    res.on('finish', settle);
    res.on('close', settle);

    if (deps.rateLimiter) {
      const taken = deps.rateLimiter.take(key.id, Date.now());
      if (!taken.ok) {
        res.setHeader('retry-after', String(taken.retryAfterSeconds));
        return next(new ApiError('rate_limited', 'Too many requests for this API key; slow down'));
      }
    }
    if (!req.endpoint) return next();
    // Admitted with the other requests of this event-loop turn, in one transaction (see the store).
    deps.accounts.admitBatched(key.id, req.endpoint.name, req.id, deps.now(), (error, admission) => {
      if (error || !admission) {
        deps.log('metering: admission failed', {
          request_id: req.id,
          error: error instanceof Error ? error.message : String(error),
        });
        return next(new ApiError('service_unavailable', 'The account store is busy; try again shortly'));
      }
      if (!admission.ok) {
        if (admission.retryAt) {
          const seconds = Math.max(1, Math.ceil((admission.retryAt.getTime() - deps.now().getTime()) / 1000));
          res.setHeader('retry-after', String(seconds));
        }
        return next(new ApiError(admission.code, admission.message));
      }
      // The client went away while the admission waited: nothing will answer, so release it now.
      if (settled) return void deps.accounts.finish(key.id, admission.reservation, false, null);
      reservation = admission.reservation;
      next();
    });
  };
}
