// Per-key token bucket, in process memory: `burst` requests at once, refilled at `perSecond`. With several
// API replicas each enforces its own bucket (the limit is per replica); credits and quotas, which are in the
// shared account store, are exact across replicas.
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

export interface RateLimiter {
  /** Takes a token for the key; when none is left, the seconds until one is (for Retry-After). */
  take(keyId: number, at: number): { ok: true } | { ok: false; retryAfterSeconds: number };
}

export function tokenBucket(config: RateLimitConfig, maxKeys = 100_000): RateLimiter {
  const buckets = new Map<number, { tokens: number; at: number }>();
  return {
    take(keyId, at) {
      let b = buckets.get(keyId);
      if (!b) {
        if (buckets.size >= maxKeys) buckets.clear();
        b = { tokens: config.burst, at };
        buckets.set(keyId, b);
      }
      b.tokens = Math.min(config.burst, b.tokens + ((at - b.at) / 1000) * config.perSecond);
      b.at = at;
      if (b.tokens >= 1) {
        b.tokens -= 1;
        return { ok: true };
      }
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - b.tokens) / config.perSecond)) };
    },
  };
}
