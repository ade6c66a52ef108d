// Single reads asked in one event-loop turn go to the store as one read of them all.
import { describe, expect, it } from 'vitest';
import { coalescedReads } from '../../../serving/repository/coalesced-reads';

function store(docs: Record<number, string>, failMany?: Error) {
  const reads: string[] = [];
  const getOne = async (uprn: number) => {
    reads.push(`one ${uprn}`);
    return docs[uprn] ?? null;
  };
  async function* getMany(uprns: readonly number[]): AsyncIterable<[number, string | undefined]> {
    reads.push(`many ${uprns.join(',')}`);
    for (const uprn of uprns) {
      if (failMany && uprn === uprns.at(-1)) throw failMany;
      yield [uprn, docs[uprn]];
    }
  }
  return { reads, get: coalescedReads(getOne, getMany) };
}

describe('coalesced reads', () => {
  it('reads asked in one turn are one read, in UPRN order, each answered with its own document or null', async () => {
    const { reads, get } = store({ 1: 'a', 2: 'b', 3: 'c' });
    const answers = await Promise.all([get(3), get(1), get(9), get(3)]);
    expect(answers).toEqual(['c', 'a', null, 'c']);
    expect(reads).toEqual(['many 1,3,9']);
  });

  it('a read alone is a single read; reads of later turns are reads of their own', async () => {
    const { reads, get } = store({ 1: 'a', 2: 'b' });
    expect(await get(1)).toBe('a');
    expect(await Promise.all([get(2), get(1)])).toEqual(['b', 'a']);
    expect(reads).toEqual(['one 1', 'many 1,2']);
  });

  it('a read that fails part way answers what it read and fails the rest with its error', async () => {
    const down = new Error('store unavailable');
    const { get } = store({ 1: 'a', 2: 'b' }, down);
    const answers = await Promise.allSettled([get(1), get(2)]);
    expect(answers).toEqual([
      { status: 'fulfilled', value: 'a' },
      { status: 'rejected', reason: down },
    ]);
  });
});
