// A reservation of several units (POST /batch: one per UPRN asked): the worst case is reserved against
// credits and quotas, the units answered are charged, the rest released, in one settlement; the counters and
// the ledger agree afterwards, across a restart, and on a database made before units existed.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { openAccountStore } from '../../../serving/accounts/store';
import { manualClock } from '../../helpers/api';

const T0 = '2026-03-01T10:00:00.000Z';
const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

function setup(creditLimit: number, quota: number | null = null, path = ':memory:') {
  const clock = manualClock(T0);
  const store = openAccountStore(path, clock.now, { checkpointIntervalMs: 0 });
  store.createPlan({ name: 'p', creditLimit, quota, overrides: { epcs: { quota: 8 } } });
  const { record } = store.createKey('customer', { plan: 'p' });
  return { clock, store, keyId: record.id };
}

describe('reservations of several units', () => {
  it('reserves units × cost, charges the units answered and releases the rest', () => {
    const { store, keyId } = setup(100, 10);
    const a = store.admit(keyId, 'epcs', 'batch-1', undefined, 6);
    expect(a.ok).toBe(true);
    let usage = store.usage(keyId);
    expect(usage.subscription).toMatchObject({
      credits_used: 0,
      credits_remaining: 40,
      requests_remaining: 4,
    });
    expect(usage.endpoints.find((e) => e.name === 'epcs')!.requests_remaining).toBe(2);
    store.finish(keyId, a.ok ? a.reservation : null, true, null, 2);
    usage = store.usage(keyId);
    expect(usage.subscription).toMatchObject({
      credits_used: 20,
      credits_remaining: 80,
      quota_used: 2,
      requests_remaining: 8,
      request_count: 2,
    });
    expect(usage.endpoints.find((e) => e.name === 'epcs')).toMatchObject({
      credits_used: 20,
      request_count: 2,
      requests_remaining: 6,
    });
    expect(store.ledger(keyId)).toMatchObject([{ state: 'charged', units: 2, credits: 20 }]);
  });

  it('refuses a worst case the credits, the plan quota or the endpoint quota cannot hold', () => {
    const { store, keyId } = setup(100, 10);
    expect(store.admit(keyId, 'epcs', 'a', undefined, 11)).toMatchObject({
      ok: false,
      code: 'credits_exhausted',
      message: 'Not enough credits left this period for 11 × /epcs (costs up to 110)',
    });
    expect(store.admit(keyId, 'properties', 'b', undefined, 11)).toMatchObject({ code: 'credits_exhausted' });
    expect(store.admit(keyId, 'epcs', 'c', undefined, 9)).toMatchObject({ code: 'quota_exhausted' });
    const ok = store.admit(keyId, 'properties', 'd', undefined, 10);
    expect(ok.ok).toBe(true);
    expect(store.admit(keyId, 'epcs', 'e', undefined, 1)).toMatchObject({ code: 'credits_exhausted' });
    expect(store.ledger(keyId)).toHaveLength(1);
  });

  it('a failure releases every unit; 0 units found is a charge of nothing', () => {
    const { store, keyId } = setup(100);
    const a = store.admit(keyId, 'epcs', 'a', undefined, 4);
    const b = store.admit(keyId, 'epcs', 'b', undefined, 4);
    store.finish(keyId, a.ok ? a.reservation : null, false, null, 3);
    store.finish(keyId, b.ok ? b.reservation : null, true, null, 0);
    expect(store.ledger(keyId)).toMatchObject([
      { state: 'released', units: 4, credits: 40 },
      { state: 'charged', units: 0, credits: 0 },
    ]);
    expect(store.usage(keyId).subscription).toMatchObject({ credits_used: 0, credits_remaining: 100 });
  });

  it('batched admissions and group commit: the counters equal the ledger', async () => {
    const { store, keyId } = setup(1_000);
    const admissions = await Promise.all(
      [3, 4, 5].map(
        (units, i) =>
          new Promise<number>((resolve, reject) =>
            store.admitBatched(
              keyId,
              'retrofit',
              `r${i}`,
              new Date(T0),
              (error, admission) =>
                error || !admission?.ok
                  ? reject(new Error(`not admitted: ${JSON.stringify(error ?? admission)}`))
                  : resolve(admission.reservation),
              units,
            ),
          ),
      ),
    );
    admissions.forEach((reservation, i) => store.finish(keyId, reservation, true, null, i));
    const charged = store.ledger(keyId).filter((l) => l.state === 'charged');
    const usage = store.usage(keyId);
    expect(charged.map((l) => l.units)).toEqual([0, 1, 2]);
    expect(usage.subscription.credits_used).toBe(charged.reduce((t, l) => t + l.credits, 0));
    expect(usage.endpoints.find((e) => e.name === 'retrofit')!.request_count).toBe(3);
  });

  it('reservations of a dead process are recounted by their units at the next open', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pds-units-'));
    dirs.push(dir);
    const path = join(dir, 'accounts.sqlite');
    const { store, keyId, clock } = setup(100, null, path);
    store.admit(keyId, 'epcs', 'held', undefined, 4);
    store.close();
    // Younger than the stale age: still held, and counted by units.
    const again = openAccountStore(path, clock.now, { checkpointIntervalMs: 0 });
    expect(again.usage(keyId).endpoints.find((e) => e.name === 'epcs')!.requests_remaining).toBe(4);
    expect(again.usage(keyId).subscription.credits_remaining).toBe(60);
    again.close();
    clock.advance(10 * 60_000);
    const later = openAccountStore(path, clock.now, { checkpointIntervalMs: 0 });
    expect(later.usage(keyId).subscription.credits_remaining).toBe(100);
    expect(later.ledger(keyId)).toMatchObject([{ state: 'expired', units: 4 }]);
    later.close();
  });

  it('a database made before units existed gets the column, each old row one unit', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pds-units-'));
    dirs.push(dir);
    const path = join(dir, 'accounts.sqlite');
    const { store, keyId } = setup(100, null, path);
    const a = store.admit(keyId, 'epcs', 'old');
    store.finish(keyId, a.ok ? a.reservation : null, true, null);
    store.close();
    const db = new Database(path);
    db.exec('ALTER TABLE credit_ledger DROP COLUMN units');
    db.close();
    const reopened = openAccountStore(path, undefined, { checkpointIntervalMs: 0 });
    expect(reopened.ledger(keyId)).toMatchObject([{ state: 'charged', units: 1, credits: 10 }]);
    reopened.close();
  });
});
