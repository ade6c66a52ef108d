// The HTTP path's admissions are batched per event-loop turn (one transaction with the turn's completions),
// and authenticated keys are remembered briefly: examples of what each keeps exact.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EventEmitter } from 'node:events';
import type { Request, Response } from 'express';
import { openAccountStore, type Admission, type AccountStore } from '../../../serving/accounts/store';
import { ENDPOINTS } from '../../../schemas/api/endpoints';
import { REQUESTS_KEPT_PER_KEY } from '../../../schemas/api/requests';
import { silentLogger } from '../../../serving/log';
import { metering } from '../../../serving/metering';
import { historyRow } from '../../helpers/api';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

function fileStores(options: Parameters<typeof openAccountStore>[2] = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'pds-batch-'));
  dirs.push(dir);
  const file = join(dir, 'accounts.sqlite');
  return { store: openAccountStore(file, undefined, options), other: openAccountStore(file) };
}

const admitSoon = (store: AccountStore, keyId: number, requestId: string) =>
  new Promise<Admission>((resolve, reject) =>
    store.admitBatched(keyId, 'epcs', requestId, new Date(), (error, admission) =>
      error ? reject(error as Error) : resolve(admission!),
    ),
  );

describe('batched admission', () => {
  it('admissions of one turn commit together, each seeing the reservations before it', async () => {
    const { store, other } = fileStores();
    store.createPlan({ name: 'three', creditLimit: 30 }); // epcs costs 10: room for three
    const { record } = store.createKey('b', { plan: 'three' });
    const answers = Promise.all(['a', 'b', 'c', 'd'].map((id) => admitSoon(store, record.id, id)));
    // Nothing is reserved until the end of the turn.
    expect(other.ledger(record.id)).toEqual([]);
    const [a, b, c, d] = await answers;
    expect([a, b, c].every((x) => x!.ok)).toBe(true);
    expect(d).toMatchObject({ ok: false, code: 'credits_exhausted' });
    // Committed before the callbacks ran: another connection sees all three reservations.
    expect(other.ledger(record.id).map((l) => [l.requestId, l.state])).toEqual([
      ['a', 'reserved'],
      ['b', 'reserved'],
      ['c', 'reserved'],
    ]);
    store.close();
    other.close();
  });

  it("a turn's pending releases come first, so an admission they make room for is admitted", async () => {
    const { store, other } = fileStores();
    store.createPlan({ name: 'one', creditLimit: 10 });
    const { record } = store.createKey('b', { plan: 'one' });
    const first = await admitSoon(store, record.id, 'first');
    store.finish(record.id, first.ok ? first.reservation : null, false, null); // released, not yet committed
    const second = await admitSoon(store, record.id, 'second');
    expect(second.ok).toBe(true);
    expect(other.ledger(record.id).map((l) => l.state)).toEqual(['released', 'reserved']);
    store.close();
    other.close();
  });

  it('an unknown endpoint is refused at once, not inside the shared transaction', () => {
    const { store, other } = fileStores();
    const { record } = store.createKey('b');
    expect(() => store.admitBatched(record.id, 'nope', 'x', new Date(), () => {})).toThrow(
      /unknown endpoint/,
    );
    store.close();
    other.close();
  });

  it('with groupCommit false nothing is batched: the admission is committed and answered at once', () => {
    const { store, other } = fileStores({ groupCommit: false });
    const { record } = store.createKey('b');
    const answers: Admission[] = [];
    store.admitBatched(record.id, 'epcs', 'now', new Date(), (_e, a) => answers.push(a!));
    expect(answers).toHaveLength(1);
    expect(other.ledger(record.id).map((l) => l.state)).toEqual(['reserved']);
    store.close();
    other.close();
  });

  it('closing the store answers waiting admissions with an error', () => {
    const { store, other } = fileStores();
    const { record } = store.createKey('b');
    const errors: unknown[] = [];
    store.admitBatched(record.id, 'epcs', 'x', new Date(), (error) => errors.push(error));
    store.close();
    expect(errors).toHaveLength(1);
    expect(String(errors[0])).toMatch(/closed/);
    other.close();
  });
});

describe('request history', () => {
  it('keeps the newest REQUESTS_KEPT_PER_KEY rows per key, written within historyFlushMs for other processes', async () => {
    const { store, other } = fileStores({ historyFlushMs: 30 });
    const a = store.createKey('a');
    const b = store.createKey('b');
    const row = (requestId: string) =>
      historyRow(requestId, { path: '/usage', responseBody: `{"n":"${requestId}"}` });
    for (let i = 0; i < REQUESTS_KEPT_PER_KEY + 30; i++) store.finish(a.record.id, null, true, row(`a${i}`));
    for (let i = 0; i < 3; i++) store.finish(b.record.id, null, true, row(`b${i}`));
    await new Promise((r) => setImmediate(r)); // one group commit: the charges, not yet the rows
    expect(other.listRequests(a.record.id, 10, 0)).toEqual([]);
    await new Promise((r) => setTimeout(r, 60));
    const kept = other.listRequests(a.record.id, REQUESTS_KEPT_PER_KEY + 10, 0);
    expect(kept).toHaveLength(REQUESTS_KEPT_PER_KEY);
    expect(kept[0]!.response_body).toEqual({ n: `a${REQUESTS_KEPT_PER_KEY + 29}` });
    expect(kept.at(-1)!.response_body).toEqual({ n: 'a30' });
    expect(other.listRequests(b.record.id, 10, 0)).toHaveLength(3);
    store.close();
    other.close();
  });
});

describe('authentication cache', () => {
  it('a revocation through the store takes effect at once; through another process, within authCacheMs', async () => {
    const { store, other } = fileStores({ authCacheMs: 200 });
    const one = store.createKey('one');
    const two = store.createKey('two');
    expect(store.authenticate(one.key)?.id).toBe(one.record.id);
    store.revokeKey(one.record.id);
    expect(store.authenticate(one.key)).toBeNull();
    expect(store.authenticate(two.key)?.id).toBe(two.record.id);
    other.revokeKey(two.record.id);
    // Remembered by this process for up to 200 ms, then looked up again.
    expect(store.authenticate(two.key)?.id).toBe(two.record.id);
    await new Promise((r) => setTimeout(r, 250));
    expect(store.authenticate(two.key)).toBeNull();
    store.close();
    other.close();
  });

  it('authCacheMs 0 looks the key up every time', () => {
    const { store, other } = fileStores({ authCacheMs: 0 });
    const { key, record } = store.createKey('k');
    expect(store.authenticate(key)?.id).toBe(record.id);
    other.revokeKey(record.id);
    expect(store.authenticate(key)).toBeNull();
    expect(store.authenticate('pds_unknown')).toBeNull();
    store.close();
    other.close();
  });
});

describe('metering middleware with batched admission', () => {
  it('a client that goes away while its admission waits has the reservation released, not left open', async () => {
    const { store, other } = fileStores();
    const { record } = store.createKey('b');
    const res = Object.assign(new EventEmitter(), {
      writableFinished: false,
      statusCode: 200,
      send: () => res,
      getHeaders: () => ({}),
      setHeader: () => res,
    });
    const req = {
      id: 'gone',
      apiKey: record,
      endpoint: ENDPOINTS.find((e) => e.name === 'epcs'),
      method: 'GET',
      path: '/epcs',
      query: {},
      headers: {},
      body: undefined,
      startedNs: process.hrtime.bigint(),
      receivedAt: new Date(),
    };
    let nextCalled = false;
    metering({ accounts: store, now: () => new Date(), log: silentLogger, rateLimiter: null })(
      req as unknown as Request,
      res as unknown as Response,
      () => void (nextCalled = true),
    );
    res.emit('close'); // before the end of the turn, when the admission commits
    await new Promise((r) => setImmediate(r));
    await new Promise((r) => setImmediate(r));
    expect(nextCalled).toBe(false);
    expect(other.ledger(record.id).map((l) => l.state)).toEqual(['released']);
    expect(other.usage(record.id).subscription.credits_used).toBe(0);
    store.close();
    other.close();
  });
});
