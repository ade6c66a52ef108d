// Per-key token bucket: `burst` requests at once, refilled at `perSecond`. One API process keeps its buckets
// in memory (`tokenBucket`); the workers of one `pds serve` share theirs in the accounts database
// (`sharedTokenBucket`: each take is a write transaction, so the limit is exact across workers). Credits and
// quotas, which are in the shared account store, are exact either way.
import type { AccountStore } from './accounts/store';

export interface RateLimitConfig {
  perSecond: number;
  burst: number;
}

export const DEFAULT_RATE_LIMIT: RateLimitConfig = { perSecond: 20, burst: 40 };

/** `PDS_RATE_LIMIT_PER_SECOND` and `PDS_RATE_LIMIT_BURST`; `PDS_RATE_LIMIT_PER_SECOND=0` turns it off. */
export function rateLimitFromEnv(env: NodeJS.ProcessEnv = process.env): RateLimitConfig | false {
  const perSecond = Number(env.PDS_RATE_LIMIT_PER_SECOND ?? DEFAULT_RATE_LIMIT.perSecond);
  const burst = Number(env.PDS_RATE_LIMIT_BURST ?? Math.max(1, Math.ceil(perSecond * 2)));
  if (!Number.isFinite(perSecond) || perSecond <= 0) return false;
  if (!Number.isFinite(burst) || burst < 1) throw new Error('PDS_RATE_LIMIT_BURST must be at least 1');
  return { perSecond, burst };
}

export type RateLimitVerdict = { ok: true } | { ok: false; retryAfterSeconds: number };

export interface RateLimiter {
  /** Takes a token for the key; when none is left, the seconds until one is (for Retry-After). */
  take(keyId: number, at: number): RateLimitVerdict;
}

/** A key's bucket: tokens left as of `at` (ms). */
interface Bucket {
  tokens: number;
  at: number;
}

/** Refills `bucket` (in place) up to `at` and takes a token if there is one. */
export function takeToken(bucket: Bucket, config: RateLimitConfig, at: number): RateLimitVerdict {
  bucket.tokens = Math.min(
    config.burst,
    bucket.tokens + (Math.max(0, at - bucket.at) / 1000) * config.perSecond,
  );
  bucket.at = Math.max(bucket.at, at);
  if (bucket.tokens >= 1) {
    bucket.tokens -= 1;
    return { ok: true };
  }
  return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / config.perSecond)) };
}

export function tokenBucket(config: RateLimitConfig, maxKeys = 100_000): RateLimiter {
  const buckets = new Map<number, Bucket>();
  return {
    take(keyId, at) {
      let b = buckets.get(keyId);
      if (!b) {
        if (buckets.size >= maxKeys) buckets.clear();
        b = { tokens: config.burst, at };
        buckets.set(keyId, b);
      }
      return takeToken(b, config, at);
    },
  };
}

/** The buckets in the accounts database, shared by every process that opens it. */
export const sharedTokenBucket = (accounts: AccountStore, config: RateLimitConfig): RateLimiter => ({
  take: (keyId, at) => accounts.takeRateToken(keyId, at, config),
});
