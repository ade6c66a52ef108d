// One error model for every non-2xx answer: {"error": {"code", "message", "details"?}}.
import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { ZodError } from 'zod';
import { ERROR_CODES, type ErrorBody, type ErrorCode, type FieldIssue } from '../schemas/errors';

export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.status = ERROR_CODES[code];
  }
}

/** At most this many field issues in a 400 (the rest counted in `details.more_issues`). */
export const MAX_FIELD_ISSUES = 10;
/** Field paths and messages are cut to these lengths: an error never grows with what the client sent. */
const MAX_FIELD_CHARS = 100;
const MAX_MESSAGE_CHARS = 500;

const clip = (text: string, max: number): string =>
  text.length <= max ? text : `${text.slice(0, max - 1)}…`;

/**
 * Turns a zod failure into a 400 that names each failing field path (each unknown key by its own path). An
 * object's unknown keys share one message, which lists the fields it has: it is given with the first of them
 * only. At most MAX_FIELD_ISSUES issues are listed, so the answer stays a few KB whatever the body held.
 */
export function invalidParameters(error: ZodError, where: 'query' | 'body'): ApiError {
  const field = (path: PropertyKey[]) => clip(path.length ? path.join('.') : where, MAX_FIELD_CHARS);
  const all: FieldIssue[] = error.issues.flatMap((issue) =>
    issue.code === 'unrecognized_keys'
      ? issue.keys.map((k, i) => ({
          field: field([...issue.path, k]),
          message: i === 0 ? issue.message : 'is not a known field either',
        }))
      : [{ field: field(issue.path), message: issue.message }],
  );
  const issues = all
    .slice(0, MAX_FIELD_ISSUES)
    .map((i) => ({ field: i.field, message: clip(i.message, MAX_MESSAGE_CHARS) }));
  const more = all.length - issues.length;
  const fields = [...new Set(issues.map((i) => i.field))].join(', ');
  return new ApiError(
    'invalid_parameter',
    `Invalid ${where} parameter: ${fields}${more ? ` and ${more} more` : ''}`,
    more ? { issues, more_issues: more } : { issues },
  );
}

export const errorBody = (error: ApiError): ErrorBody => ({
  error: {
    code: error.code,
    message: error.message,
    ...(error.details === undefined ? {} : { details: error.details }),
  },
});

export const notFoundRoute: RequestHandler = (req, _res, next) =>
  next(new ApiError('not_found', `No route for ${req.method} ${req.path}`));

/**
 * The ApiError for anything a request failed with: known errors keep their status, body-parser failures
 * map to theirs, anything else is logged and hidden behind a 500.
 */
export function asApiError(
  err: unknown,
  log: (msg: string, fields: object) => void,
  req: { id: string; path: string },
): ApiError {
  if (err instanceof ApiError) return err;
  if (isBodyParserError(err) && err.type === 'entity.parse.failed')
    return new ApiError('invalid_json', 'Request body is not valid JSON');
  if (isBodyParserError(err) && err.type === 'entity.too.large')
    return new ApiError('payload_too_large', 'Request body is too large');
  if (isBodyParserError(err) && isClientStatus(err))
    return new ApiError('invalid_parameter', 'Request body could not be read', {
      issues: [{ field: 'body', message: err.type }],
    });
  // The stack stays in the server log, found by the request id the client got in x-request-id.
  log('unhandled error', {
    request_id: req.id,
    path: req.path,
    error: err instanceof Error ? err.stack : String(err),
  });
  return new ApiError('internal_error', 'Internal server error');
}

/** Last middleware: every failure answered with the one error model. */
export function errorHandler(log: (msg: string, fields: object) => void): ErrorRequestHandler {
  return (err: unknown, req, res, _next) => {
    const apiError = asApiError(err, log, req);
    res.locals.errorCode = apiError.code;
    if (res.headersSent) return void res.end();
    res.status(apiError.status).json(errorBody(apiError));
  };
}

function isClientStatus(err: object): boolean {
  const status = (err as { status?: unknown }).status;
  return typeof status === 'number' && status >= 400 && status < 500;
}

function isBodyParserError(err: unknown): err is { type: string } {
  return typeof err === 'object' && err !== null && typeof (err as { type?: unknown }).type === 'string';
}
