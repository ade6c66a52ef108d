import { mkdtemp, rename, rm, writeFile, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fileMemo } from '../../../pipelines/io/file-memo';

describe('fileMemo', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'file-memo-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('reads a file once while it stays the same, and again once it is replaced', async () => {
    const file = join(dir, 'table.txt');
    await writeFile(file, 'first');
    const reads: string[] = [];
    const read = fileMemo(async (f) => {
      const text = await readFile(f, 'utf8');
      reads.push(text);
      return text;
    });
    expect(await read(file)).toBe('first');
    expect(await read(file)).toBe('first');
    expect(reads).toEqual(['first']);
    // Written beside it and renamed into place, as the pipeline publishes its tables.
    await writeFile(`${file}.tmp`, 'second');
    await rename(`${file}.tmp`, file);
    expect(await read(file)).toBe('second');
    expect(reads).toEqual(['first', 'second']);
  });

  it('computes again for another path', async () => {
    const [a, b] = [join(dir, 'a.txt'), join(dir, 'b.txt')];
    await writeFile(a, 'a');
    await writeFile(b, 'b');
    const read = fileMemo((f) => readFile(f, 'utf8'));
    expect([await read(a), await read(b), await read(a)]).toEqual(['a', 'b', 'a']);
  });

  it('does not keep a failure', async () => {
    const file = join(dir, 'table.txt');
    await writeFile(file, 'x');
    let calls = 0;
    const read = fileMemo(async () => {
      calls += 1;
      if (calls === 1) throw new Error('disk hiccup');
      return calls;
    });
    await expect(read(file)).rejects.toThrow('disk hiccup');
    expect(await read(file)).toBe(2);
    expect(await read(file)).toBe(2);
  });

  it('fails as stat does for a missing file', async () => {
    const read = fileMemo(async () => 1);
    await expect(read(join(dir, 'missing.txt'))).rejects.toThrow(/ENOENT/);
  });
});
