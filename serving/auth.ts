// Every request needs a valid x-api-key; a missing, unknown or revoked key is a 403.
import type { RequestHandler } from 'express';
import type { AccountStore, ApiKeyRecord } from './accounts/store';
import { ApiError } from './errors';

declare module 'express-serve-static-core' {
  interface Request {
    apiKey?: ApiKeyRecord;
  }
}

export function requireApiKey(accounts: AccountStore): RequestHandler {
  return (req, _res, next) => {
    const presented = req.header('x-api-key');
    if (!presented) return next(new ApiError('missing_api_key', 'The x-api-key header is required'));
    const key = accounts.authenticate(presented);
    if (!key) return next(new ApiError('invalid_api_key', 'The API key is unknown or revoked'));
    req.apiKey = key;
    next();
  };
}
