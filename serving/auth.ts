// Every request needs a valid x-api-key; a missing, unknown or revoked key is a 403.
import type { RequestHandler } from 'express';
import type { AccountStore, ApiKeyRecord } from './accounts/store';
import { ApiError } from './errors';

declare module 'express-serve-static-core' {
  interface Request {
    apiKey?: ApiKeyRecord;
  }
}

/** The key record for the presented `x-api-key` value, or the 403 to answer. */
export function authenticateKey(
  accounts: AccountStore,
  presented: string | undefined,
): ApiKeyRecord | ApiError {
  if (!presented) return new ApiError('missing_api_key', 'The x-api-key header is required');
  return (
    accounts.authenticate(presented) ?? new ApiError('invalid_api_key', 'The API key is unknown or revoked')
  );
}

export function requireApiKey(accounts: AccountStore): RequestHandler {
  return (req, _res, next) => {
    const key = authenticateKey(accounts, req.header('x-api-key'));
    if (key instanceof ApiError) return next(key);
    req.apiKey = key;
    next();
  };
}
