// A worker loads the workflow bundle from its cache while every file it was built from is unchanged, and
// only then (workflows/bundle.ts); any changed, added-to or missing input means bundling again.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cachedBundle, contentHash } from '../../../workflows/bundle';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

function cacheOf(inputs: string[]): { file: string; dir: string } {
  const dir = mkdtempSync(join(tmpdir(), 'pds-bundle-'));
  dirs.push(dir);
  const file = join(dir, 'workflow-bundle.json');
  writeFileSync(
    file,
    JSON.stringify({ code: 'bundle()', inputs: Object.fromEntries(inputs.map((p) => [p, contentHash(p)])) }),
  );
  return { file, dir };
}

describe('the cached workflow bundle', () => {
  it('is used while its inputs are as they were', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pds-bundle-in-'));
    dirs.push(dir);
    const input = join(dir, 'refresh.workflow.ts');
    writeFileSync(input, 'export const a = 1;');
    const { file } = cacheOf([input]);
    expect(cachedBundle(file)).toEqual({ code: 'bundle()' });
  });

  it('is not used once an input changed or is gone', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pds-bundle-in-'));
    dirs.push(dir);
    const [a, b] = [join(dir, 'a.ts'), join(dir, 'b.ts')];
    writeFileSync(a, 'export const a = 1;');
    writeFileSync(b, 'export const b = 1;');
    const { file } = cacheOf([a, b]);
    writeFileSync(b, 'export const b = 2;');
    expect(cachedBundle(file)).toBeUndefined();
    writeFileSync(b, 'export const b = 1;');
    expect(cachedBundle(file)).toEqual({ code: 'bundle()' });
    rmSync(a);
    expect(cachedBundle(file)).toBeUndefined();
  });

  it('is not used when there is none, or it is unreadable', () => {
    const { file, dir } = cacheOf([]);
    expect(cachedBundle(join(dir, 'none.json'))).toBeUndefined();
    expect(cachedBundle(file)).toBeUndefined();
    writeFileSync(file, '{"code": "bun');
    expect(cachedBundle(file)).toBeUndefined();
  });
});
