// API keys: random, shown once, stored only as a SHA-256 hash. Keys carry 256 bits of entropy, so a fast
// hash is safe here (no password-style stretching needed) and lookups stay O(1) by hash.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

const KEY_PREFIX = 'pds_';

export const generateApiKey = (): string => KEY_PREFIX + randomBytes(32).toString('base64url');

export const hashApiKey = (key: string): string => createHash('sha256').update(key, 'utf8').digest('hex');

/** A short, non-secret handle for listings and logs: prefix plus the first characters. */
export const keyHint = (key: string): string => `${key.slice(0, KEY_PREFIX.length + 6)}…`;

export function hashesEqual(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}
