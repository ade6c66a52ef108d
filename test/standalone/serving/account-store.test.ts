import { describe, expect, it } from 'vitest';
import { hashApiKey } from '../../../serving/accounts/api-keys';
import { openAccountStore } from '../../../serving/accounts/store';

describe('account store', () => {
  it('shows a key once and stores only its hash', () => {
    const store = openAccountStore(':memory:');
    const { key, record } = store.createKey('analyst');
    expect(key).toMatch(/^pds_[A-Za-z0-9_-]{43}$/);
    expect(record.hint).toBe(`${key.slice(0, 10)}…`);
    expect(JSON.stringify(store.listKeys())).not.toContain(key);
    expect(JSON.stringify(store.listKeys())).not.toContain(hashApiKey(key));
    expect(store.authenticate(key)?.id).toBe(record.id);
  });

  it('rejects unknown and revoked keys', () => {
    const store = openAccountStore(':memory:');
    const { key, record } = store.createKey('temp');
    expect(store.authenticate(`${key}x`)).toBeNull();
    expect(store.revokeKey(record.id)).toBe(true);
    expect(store.authenticate(key)).toBeNull();
    expect(store.revokeKey(record.id)).toBe(false);
  });

  it('generates distinct keys', () => {
    const store = openAccountStore(':memory:');
    const keys = new Set(Array.from({ length: 50 }, () => store.createKey('k').key));
    expect(keys.size).toBe(50);
  });
});
