// Group commit without a database: a fake transaction that records what each commit held, and fails on
// the writes it is told to refuse.
import { describe, expect, it } from 'vitest';
import { groupCommit } from '../../../serving/accounts/group-commit';

const turn = () => new Promise((r) => setImmediate(r));

function recorder(refuse: (w: string) => Error | null = () => null) {
  const commits: { writes: string[]; requests: number[] }[] = [];
  const errors: unknown[] = [];
  const commit = (writes: readonly string[], requests: readonly number[]): number[] => {
    for (const w of writes) {
      const error = refuse(w);
      if (error) throw error;
    }
    commits.push({ writes: [...writes], requests: [...requests] });
    return requests.map((n) => n * 10);
  };
  return { commits, errors, commit, onError: (e: unknown) => errors.push(e) };
}

const transient = Object.assign(new Error('locked'), { code: 'BUSY' });
const isTransient = (e: unknown) => e === transient;

describe('group commit', () => {
  it("commits a turn's writes and requests once, writes first, and answers each request after it", async () => {
    const r = recorder();
    const gc = groupCommit({ ...r, isTransient });
    const answers: [unknown, number | undefined][] = [];
    gc.write('a');
    gc.request(1, (e, x) => answers.push([e, x]));
    gc.write('b');
    gc.request(2, (e, x) => answers.push([e, x]));
    expect(r.commits).toEqual([]);
    await turn();
    expect(r.commits).toEqual([{ writes: ['a', 'b'], requests: [1, 2] }]);
    expect(answers).toEqual([
      [null, 10],
      [null, 20],
    ]);
  });

  it('flush commits the pending writes at once, for a reader that must see them', () => {
    const r = recorder();
    const gc = groupCommit({ ...r, isTransient });
    gc.write('a');
    expect(gc.hasPendingWrites()).toBe(true);
    gc.flush();
    expect(gc.hasPendingWrites()).toBe(false);
    expect(r.commits).toEqual([{ writes: ['a'], requests: [] }]);
  });

  it('a write that fails is committed alone, kept pending, and holds back neither the others nor the requests', async () => {
    const r = recorder((w) => (w === 'bad' ? new Error('cannot bind') : null));
    const gc = groupCommit({ ...r, isTransient });
    const answers: unknown[] = [];
    gc.write('a');
    gc.write('bad');
    gc.write('c');
    gc.request(3, (_e, x) => answers.push(x));
    await turn();
    expect(r.commits).toEqual([
      { writes: ['a'], requests: [] },
      { writes: ['c'], requests: [] },
      { writes: [], requests: [3] },
    ]);
    expect(answers).toEqual([30]);
    expect(r.errors.map(String)).toEqual(['Error: cannot bind']);
    expect(gc.hasPendingWrites()).toBe(true);
  });

  it('a transient failure keeps everything pending and retries after retryMs', async () => {
    let locked = true;
    const r = recorder(() => (locked ? transient : null));
    const gc = groupCommit({ ...r, isTransient, retryMs: 5 });
    gc.write('a');
    await turn();
    expect(r.commits).toEqual([]);
    expect(r.errors).toEqual([transient]);
    expect(gc.hasPendingWrites()).toBe(true);
    locked = false;
    await new Promise((done) => setTimeout(done, 30));
    expect(r.commits).toEqual([{ writes: ['a'], requests: [] }]);
  });

  it('close answers the waiting requests with its error and commits the pending writes', () => {
    const r = recorder();
    const gc = groupCommit({ ...r, isTransient });
    const answers: unknown[] = [];
    gc.write('a');
    gc.request(1, (e) => answers.push(e));
    gc.close(new Error('closed'));
    expect(answers.map(String)).toEqual(['Error: closed']);
    expect(r.commits).toEqual([{ writes: ['a'], requests: [] }]);
  });
});
