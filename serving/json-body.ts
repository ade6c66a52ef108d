// Reading a JSON request body, the same on both paths (the Express middleware here, the lean path's own
// reader): at most JSON_BODY_LIMIT bytes, nested at most MAX_JSON_DEPTH levels (checked on the bytes, before
// anything parses, validates, records or serialises the value: a deeper body would overflow the stack of the
// recursive steps after parsing), and a compressed body that does not decompress is a 400, not a 500.
import express, { type RequestHandler } from 'express';
import { ApiError } from './errors';

/** The largest body read, in bytes (after decompression); a larger one is a 413. */
export const JSON_BODY_LIMIT = 100 * 1024;

/**
 * The deepest nesting of arrays and objects a body may have. The deepest body any endpoint takes has 3
 * levels (POST /energy-model's options.building_characteristics); 64 leaves room and stays far from the
 * stack's limits.
 */
export const MAX_JSON_DEPTH = 64;

const OPEN_OBJECT = 0x7b;
const OPEN_ARRAY = 0x5b;
const CLOSE_OBJECT = 0x7d;
const CLOSE_ARRAY = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * Whether the JSON text in `bytes` opens more than `max` arrays or objects inside each other. Brackets inside
 * strings do not count; the text need not be valid JSON (JSON.parse judges that afterwards). One pass, no
 * allocation.
 */
export function nestedDeeperThan(bytes: Uint8Array, max: number = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (inString) {
      if (b === BACKSLASH) i++;
      else if (b === QUOTE) inString = false;
    } else if (b === QUOTE) inString = true;
    else if (b === OPEN_OBJECT || b === OPEN_ARRAY) {
      if (++depth > max) return true;
    } else if (b === CLOSE_OBJECT || b === CLOSE_ARRAY) depth--;
  }
  return false;
}

export const tooDeep = (): ApiError =>
  new ApiError('invalid_parameter', `Request body is nested deeper than ${MAX_JSON_DEPTH} levels`, {
    issues: [
      { field: 'body', message: `must not nest arrays and objects deeper than ${MAX_JSON_DEPTH} levels` },
    ],
  });

/**
 * express.json with the depth check, and a body whose content-encoding it cannot undo (bytes that are not
 * gzip, deflate or br) answered as a 400 on content-encoding. body-parser passes the decompressor's own error
 * on (a 400 without a `type`), which would otherwise be an unexplained 500.
 */
export function jsonBody(): RequestHandler {
  const parse = express.json({
    limit: JSON_BODY_LIMIT,
    verify: (_req, _res, bytes) => {
      if (nestedDeeperThan(bytes)) throw tooDeep();
    },
  });
  return (req, res, next) =>
    parse(req, res, (error?: unknown) => {
      const encoding = req.headers['content-encoding'];
      if (error && encoding !== undefined && isDecompressionError(error))
        return next(
          new ApiError('invalid_parameter', 'Request body could not be decompressed', {
            issues: [{ field: 'content-encoding', message: `the body is not valid ${encoding} data` }],
          }),
        );
      next(error);
    });
}

/** zlib's and brotli's failures (Z_DATA_ERROR, Z_BUF_ERROR, ERR_BROTLI_…, ERR__ERROR_FORMAT_…), untyped by body-parser. */
function isDecompressionError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || error instanceof ApiError) return false;
  const { type, code } = error as { type?: unknown; code?: unknown };
  return type === undefined && typeof code === 'string' && (code.startsWith('Z_') || code.startsWith('ERR_'));
}
