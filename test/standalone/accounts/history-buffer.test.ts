// The history written behind, without a database: a fake write that records what each flush held.
import { describe, expect, it } from 'vitest';
import { historyBuffer, type HistoryEntry } from '../../../serving/accounts/history-buffer';
import { historyRow } from '../../helpers/api';

const row = (requestId: string) => historyRow(requestId, { path: '/properties' });

const transient = new Error('SQLITE_BUSY');

function recorder(refuse: (rows: readonly HistoryEntry[]) => Error | null = () => null, maxPending?: number) {
  const writes: string[][] = [];
  const errors: string[] = [];
  const buffer = historyBuffer({
    keep: 3,
    flushMs: 10,
    maxPending,
    write(rows) {
      const error = refuse(rows);
      if (error) throw error;
      writes.push(rows.map(([key, r]) => `${key}:${r.requestId}`));
    },
    isTransient: (e) => e === transient,
    onError: (e) => errors.push(String(e)),
  });
  return { writes, errors, buffer };
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('history written behind', () => {
  it("writes within flushMs, in one write, only each key's newest `keep` rows", async () => {
    const { writes, buffer } = recorder();
    for (let i = 0; i < 8; i++) buffer.add(1, row(`a${i}`));
    buffer.add(2, row('b0'));
    expect(writes).toEqual([]);
    await wait(30);
    expect(writes).toEqual([['1:a5', '1:a6', '1:a7', '2:b0']]);
  });

  it('many keys asking a little each: past maxPending rows, written at the end of the turn', async () => {
    const { writes, buffer } = recorder(undefined, 4);
    for (let key = 1; key <= 3; key++) buffer.add(key, row(`r${key}`));
    await new Promise((r) => setImmediate(r));
    expect(writes).toEqual([]);
    buffer.add(4, row('r4'));
    await new Promise((r) => setImmediate(r));
    expect(writes).toEqual([['1:r1', '2:r2', '3:r3', '4:r4']]);
  });

  it('a flush writes what is pending at once (a reader sees its own rows)', () => {
    const { writes, buffer } = recorder();
    buffer.add(1, row('a'));
    buffer.flush();
    expect(writes).toEqual([['1:a']]);
    buffer.flush();
    expect(writes).toHaveLength(1);
    buffer.close();
  });

  it('a busy database keeps the rows for the next flush', async () => {
    let busy = true;
    const { writes, errors, buffer } = recorder(() => (busy ? transient : null));
    buffer.add(1, row('a'));
    expect(() => buffer.flush()).toThrow(transient);
    busy = false;
    await wait(30);
    expect(writes).toEqual([['1:a']]);
    expect(errors).toEqual([]);
  });

  it('a draft is made into its row only if kept, and one that cannot be is dropped and said', () => {
    const made: string[] = [];
    const draft = (requestId: string, fails = false) => ({
      requestId,
      render: () => {
        if (fails) throw new RangeError('Maximum call stack size exceeded');
        made.push(requestId);
        return row(requestId);
      },
    });
    const { writes, errors, buffer } = recorder();
    for (let i = 0; i < 5; i++) buffer.add(1, draft(`a${i}`, i === 3));
    buffer.flush();
    expect(made).toEqual(['a2', 'a4']);
    expect(writes).toEqual([['1:a2', '1:a4']]);
    expect(errors).toEqual(['Error: history row of request a3 dropped: Maximum call stack size exceeded']);
  });

  it('a row the database refuses is dropped and said, the others written', () => {
    const { writes, errors, buffer } = recorder((rows) =>
      rows.some(([, r]) => r.requestId === 'bad') ? new Error('cannot bind') : null,
    );
    buffer.add(1, row('a'));
    buffer.add(1, row('bad'));
    buffer.add(2, row('c'));
    buffer.close();
    expect(writes).toEqual([['1:a'], ['2:c']]);
    expect(errors).toEqual(['Error: history row of request bad dropped: cannot bind']);
  });
});
