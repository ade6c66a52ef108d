// Recording can fail; settling may not (issue 17 item 5): a history row that cannot be made or written is
// dropped, and the reservation is still charged (2xx) or released (otherwise), exactly once, without holding
// back the other completions of its turn.
import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { openAccountStore, type AccountStore, type HistoryInput } from '../../../serving/accounts/store';
import { meterRequest } from '../../../serving/metering';
import { historyRow } from '../../helpers/api';

const row = (requestId: string): HistoryInput => historyRow(requestId);

/** A row SQLite refuses to bind (a boolean where a number goes). */
const poisoned = (requestId: string): HistoryInput => ({
  ...row(requestId),
  responseCode: true as unknown as number,
});

const settled = (store: AccountStore, keyId: number) =>
  store.ledger(keyId).map((l) => [l.requestId, l.state]);

describe('the store', () => {
  it('a history row SQLite refuses neither blocks the turn nor its own charge', async () => {
    const errors: unknown[] = [];
    const store = openAccountStore(':memory:', undefined, { onError: (e) => errors.push(e) });
    const { record } = store.createKey('k');
    const [a, b, c] = ['a', 'b', 'c'].map((id) => store.admit(record.id, 'epcs', id));
    const reservation = (x: typeof a) => (x!.ok ? x!.reservation : -1);
    store.finish(record.id, reservation(a), true, row('a'));
    store.finish(record.id, reservation(b), true, poisoned('b'));
    store.finish(record.id, reservation(c), false, row('c'));
    await new Promise((r) => setTimeout(r, 20));
    expect(settled(store, record.id)).toEqual([
      ['a', 'charged'],
      ['b', 'charged'],
      ['c', 'released'],
    ]);
    expect(store.listRequests(record.id, 10, 0).map((r) => r.response_code)).toEqual([200, 200]);
    expect(store.usage(record.id).subscription).toMatchObject({ credits_used: 20, request_count: 2 });
    expect(String(errors)).toContain('history row of request b dropped');
    store.close();
  });

  it('without group commit too (finish throws, and the caller settles without the row)', () => {
    const store = openAccountStore(':memory:', undefined, { groupCommit: false });
    const { record } = store.createKey('k');
    const a = store.admit(record.id, 'epcs', 'a');
    expect(() => store.finish(record.id, a.ok ? a.reservation : -1, true, poisoned('a'))).toThrow();
    expect(settled(store, record.id)).toEqual([['a', 'reserved']]);
    store.close();
  });
});

/** The parts of a ServerResponse metering reads, finished by hand. */
function response(status: number) {
  const res = Object.assign(new EventEmitter(), {
    statusCode: status,
    writableFinished: false,
    setHeader: () => res,
  });
  const finish = () => {
    res.writableFinished = true;
    res.emit('finish');
    res.emit('close');
  };
  return { res: res as unknown as ServerResponse, finish };
}

function meter(store: AccountStore, keyId: number, status: number, history: () => HistoryInput) {
  const logs: string[] = [];
  const { res, finish } = response(status);
  const deps = {
    accounts: store,
    now: () => new Date(),
    log: (m: string) => logs.push(m),
    rateLimiter: null,
  };
  return new Promise<string[]>((resolve, reject) =>
    meterRequest(deps, res, keyId, 'r1', 'epcs', history, (error) => {
      if (error) return reject(error);
      finish();
      resolve(logs);
    }),
  );
}

describe('metering', () => {
  it.each([
    [200, 'charged'],
    [400, 'released'],
  ])('a history row that cannot be made: the %s is %s all the same', async (status, state) => {
    const store = openAccountStore(':memory:', undefined, { groupCommit: false });
    const { record } = store.createKey('k');
    const logs = await meter(store, record.id, status, () => {
      throw new RangeError('Maximum call stack size exceeded');
    });
    expect(settled(store, record.id)).toEqual([['r1', state]]);
    expect(logs).toEqual(['metering: could not make the history row; settling without it']);
    store.close();
  });

  it('a history row the store refuses: settled once without it', async () => {
    const store = openAccountStore(':memory:', undefined, { groupCommit: false });
    const { record } = store.createKey('k');
    const logs = await meter(store, record.id, 200, () => poisoned('r1'));
    expect(settled(store, record.id)).toEqual([['r1', 'charged']]);
    expect(store.usage(record.id).subscription.credits_used).toBe(10);
    expect(logs).toEqual(['metering: could not record the request; settling without its history row']);
    store.close();
  });
});
