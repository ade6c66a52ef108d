// The account store's metering as examples: reserve at admission, charge only successes, renew once per
// period at renews_at, and keep everything across a restart.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openAccountStore, type HistoryInput } from '../../../serving/accounts/store';
import { periodStart } from '../../../serving/accounts/periods';
import { historyRow, manualClock } from '../../helpers/api';

const T0 = '2026-01-31T10:00:00.000Z';
const history = (requestId: string, code = 200): HistoryInput =>
  historyRow(requestId, {
    queryParams: '{"uprn":"1"}',
    requestHeaders: '{"x-api-key":"[redacted]"}',
    responseCode: code,
    responseTimeMs: 3,
    createdAt: T0,
  });

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

function setup(creditLimit = 100, quota: number | null = null) {
  const clock = manualClock(T0);
  const store = openAccountStore(':memory:', clock.now);
  store.createPlan({ name: 'small', creditLimit, quota });
  const { record } = store.createKey('customer', { plan: 'small' });
  return { clock, store, keyId: record.id };
}

describe('quota periods', () => {
  it('months keep the anchor day, clamped to short months, without drifting', () => {
    const anchor = new Date(T0);
    expect([1, 2, 3, 12].map((n) => periodStart(anchor, n, 'month').toISOString())).toEqual([
      '2026-02-28T10:00:00.000Z',
      '2026-03-31T10:00:00.000Z',
      '2026-04-30T10:00:00.000Z',
      '2027-01-31T10:00:00.000Z',
    ]);
  });
});

describe('admission and charging', () => {
  it('a new key gets the default plan; keys list their plan', () => {
    const store = openAccountStore(':memory:');
    const { record } = store.createKey('anyone');
    expect(record.plan).toBe('default');
    expect(store.usage(record.id).subscription).toMatchObject({
      credit_limit: 10_000,
      quota: null,
      quota_period: 'month',
    });
  });

  it('reserves at admission so in-flight requests cannot overspend, and charges only successes', () => {
    const { store, keyId } = setup(30);
    const a = store.admit(keyId, 'epcs', 'r1');
    const b = store.admit(keyId, 'epcs', 'r2');
    const c = store.admit(keyId, 'epcs', 'r3');
    expect([a.ok, b.ok, c.ok]).toEqual([true, true, true]);
    const d = store.admit(keyId, 'epcs', 'r4');
    expect(d).toMatchObject({
      ok: false,
      code: 'credits_exhausted',
      retryAt: new Date('2026-02-28T10:00:00.000Z'),
    });
    expect(store.usage(keyId).subscription).toMatchObject({ credits_used: 0, credits_remaining: 0 });

    store.finish(keyId, a.ok ? a.reservation : null, true, history('r1'));
    store.finish(keyId, b.ok ? b.reservation : null, false, history('r2', 404));
    const { subscription, endpoints } = store.usage(keyId);
    expect(subscription).toMatchObject({
      credits_used: 10,
      credits_remaining: 10,
      request_count: 1,
      quota_used: 1,
    });
    expect(endpoints.find((e) => e.name === 'epcs')).toMatchObject({ credits_used: 10, request_count: 1 });
    expect(store.ledger(keyId).map((l) => [l.requestId, l.state, l.credits])).toEqual([
      ['r1', 'charged', 10],
      ['r2', 'released', 10],
      ['r3', 'reserved', 10],
    ]);
    // Settling twice changes nothing.
    store.finish(keyId, a.ok ? a.reservation : null, true, null);
    expect(store.usage(keyId).subscription.credits_used).toBe(10);
  });

  it('free endpoints stay usable with no credits left', () => {
    const { store, keyId } = setup(0);
    expect(store.admit(keyId, 'epcs', 'x')).toMatchObject({ ok: false, code: 'credits_exhausted' });
    expect(store.admit(keyId, 'usage', 'y').ok).toBe(true);
    expect(store.admit(keyId, 'requests', 'z').ok).toBe(true);
  });

  it('enforces the plan quota, per-endpoint quotas and the endpoints a plan may use', () => {
    const clock = manualClock(T0);
    const store = openAccountStore(':memory:', clock.now);
    store.createPlan({ name: 'q', creditLimit: 1000, quota: 2 });
    store.createPlan({
      name: 'per-endpoint',
      creditLimit: 1000,
      overrides: { epcs: { quota: 1, credit_cost: 3 } },
    });
    store.createPlan({ name: 'usage-only', creditLimit: 1000, endpoints: [] });
    const q = store.createKey('q', { plan: 'q' }).record.id;
    const p = store.createKey('p', { plan: 'per-endpoint' }).record.id;
    const u = store.createKey('u', { plan: 'usage-only' }).record.id;

    expect(store.admit(q, 'epcs', '1').ok).toBe(true);
    expect(store.admit(q, 'epcs', '2').ok).toBe(true);
    expect(store.admit(q, 'epcs', '3')).toMatchObject({ ok: false, code: 'quota_exhausted' });
    expect(store.usage(q).subscription).toMatchObject({ quota: 2, requests_remaining: 0 });

    expect(store.admit(p, 'epcs', '1').ok).toBe(true);
    expect(store.admit(p, 'epcs', '2')).toMatchObject({ ok: false, code: 'quota_exhausted' });
    expect(store.usage(p).endpoints.find((e) => e.name === 'epcs')).toMatchObject({
      credit_cost: 3,
      requests_remaining: 0,
      can_make_request: false,
    });

    expect(store.admit(u, 'epcs', '1')).toMatchObject({
      ok: false,
      code: 'endpoint_not_in_plan',
      retryAt: null,
    });
    expect(
      store
        .usage(u)
        .endpoints.map((e) => e.name)
        .sort(),
    ).toEqual(['requests', 'usage']);
  });
});

describe('renewal (spec 3)', () => {
  it('at renews_at a new period starts exactly once: last_renewed is the renewal time, counts reset', () => {
    const { clock, store, keyId } = setup(100, 5);
    const r = store.admit(keyId, 'epcs', 'before');
    store.finish(keyId, r.ok ? r.reservation : null, true, null);
    const before = store.usage(keyId).subscription;
    expect(before).toMatchObject({
      last_renewed: T0,
      renews_at: '2026-02-28T10:00:00.000Z',
      credits_used: 10,
    });

    clock.set('2026-02-28T09:59:59.999Z');
    expect(store.usage(keyId).subscription.credits_used).toBe(10);
    expect(store.renewals(keyId)).toEqual([]);

    clock.set('2026-02-28T10:00:00.000Z');
    // Many admissions at the boundary: the first renews, the rest see the new period.
    const admitted = Array.from({ length: 50 }, (_, i) => store.admit(keyId, 'epcs', `at-${i}`));
    expect(admitted.filter((a) => a.ok)).toHaveLength(5);
    expect(store.renewals(keyId)).toEqual([
      { periodStart: '2026-02-28T10:00:00.000Z', renewedAt: '2026-02-28T10:00:00.000Z' },
    ]);
    expect(store.usage(keyId).subscription).toMatchObject({
      last_renewed: '2026-02-28T10:00:00.000Z',
      renews_at: '2026-03-31T10:00:00.000Z',
      credits_used: 0,
      request_count: 0,
      quota_used: 0,
      requests_remaining: 0,
      credits_remaining: 50,
    });
  });

  it('skips whole idle periods in one renewal', () => {
    const { clock, store, keyId } = setup();
    clock.set('2026-06-15T00:00:00.000Z');
    expect(store.usage(keyId).subscription).toMatchObject({
      last_renewed: '2026-05-31T10:00:00.000Z',
      renews_at: '2026-06-30T10:00:00.000Z',
    });
    expect(store.renewals(keyId)).toHaveLength(1);
  });

  it('a request admitted before renewal is charged to its own period, not the new one', () => {
    const { clock, store, keyId } = setup(100);
    const r = store.admit(keyId, 'epcs', 'late');
    clock.set('2026-02-28T10:00:00.000Z');
    expect(store.usage(keyId).subscription.credits_remaining).toBe(100);
    store.finish(keyId, r.ok ? r.reservation : null, true, null);
    expect(store.usage(keyId).subscription).toMatchObject({ credits_used: 0, credits_remaining: 100 });
    expect(store.ledger(keyId)[0]).toMatchObject({ state: 'charged', periodStart: T0 });
  });
});

describe('restart', () => {
  it('closing and reopening the same file loses nothing; reservations of a dead process are released', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pds-accounts-'));
    dirs.push(dir);
    const file = join(dir, 'accounts.sqlite');
    const clock = manualClock(T0);
    let store = openAccountStore(file, clock.now);
    const { key, record } = store.createKey('durable', { plan: 'default' });
    for (let i = 0; i < 3; i++) {
      const r = store.admit(record.id, 'epcs', `r${i}`);
      store.finish(record.id, r.ok ? r.reservation : null, true, history(`r${i}`));
    }
    store.admit(record.id, 'epcs', 'in-flight-when-killed');
    const usage = store.usage(record.id);
    expect(usage.subscription.credits_remaining).toBe(10_000 - 40);
    store.close();

    clock.advance(5 * 60_000);
    store = openAccountStore(file, clock.now);
    expect(store.authenticate(key)?.id).toBe(record.id);
    const after = store.usage(record.id);
    expect(after.subscription).toMatchObject({
      credits_used: 30,
      credits_remaining: 10_000 - 30,
      request_count: 3,
    });
    expect(store.listRequests(record.id, 10, 0)).toHaveLength(3);
    expect(store.ledger(record.id).map((l) => l.state)).toEqual(['charged', 'charged', 'charged', 'expired']);
    store.close();
  });
});

describe('changing plan', () => {
  it('keeps the period and its counts; a different period length re-anchors at the period start', () => {
    const { clock, store, keyId } = setup(100);
    store.createPlan({ name: 'daily', creditLimit: 20, quotaPeriod: 'day' });
    const r = store.admit(keyId, 'epcs', 'r');
    store.finish(keyId, r.ok ? r.reservation : null, true, null);
    clock.set('2026-02-03T00:00:00.000Z');
    store.assignPlan(keyId, 'daily');
    // Still in the monthly period that began on 31 Jan; it now lasts a day, so it renews at once.
    expect(store.usage(keyId).subscription).toMatchObject({
      quota_period: 'day',
      credit_limit: 20,
      last_renewed: '2026-02-02T10:00:00.000Z',
      renews_at: '2026-02-03T10:00:00.000Z',
      credits_used: 0,
    });
  });
});

describe('group commit', () => {
  it('completions of one turn commit together at its end; the store reads its own writes at once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pds-group-'));
    dirs.push(dir);
    const file = join(dir, 'accounts.sqlite');
    const store = openAccountStore(file);
    const other = openAccountStore(file); // another process's view
    store.createPlan({ name: 'two', creditLimit: 20 });
    const { record } = store.createKey('g', { plan: 'two' });
    const a = store.admit(record.id, 'epcs', 'a');
    const b = store.admit(record.id, 'epcs', 'b');
    store.finish(record.id, a.ok ? a.reservation : null, false, history('a', 404));
    store.finish(record.id, b.ok ? b.reservation : null, true, history('b'));
    expect(other.ledger(record.id).map((l) => l.state)).toEqual(['reserved', 'reserved']);
    // Refused only because of the pending release of `a`: the store commits it and admits.
    expect(store.admit(record.id, 'epcs', 'c').ok).toBe(true);
    expect(other.ledger(record.id).map((l) => l.state)).toEqual(['released', 'charged', 'reserved']);
    await new Promise((r) => setImmediate(r));
    expect(other.usage(record.id).subscription).toMatchObject({ credits_used: 10, credits_remaining: 0 });
    store.close();
    other.close();
  });
});
