// How worker threads load TypeScript modules: from bundles of the sources, or from the sources through tsx.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { threadModules } from '../../../pipelines/io/thread-modules';

const SOURCE = new URL('../../../pipelines/io/read-in-worker-thread.ts', import.meta.url);
const FIXTURE = new URL('./fixtures/counting-loader.ts', import.meta.url);

describe('threadModules', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('gives a source module as its bundle, imported without tsx', async () => {
    const { code, urls } = await threadModules([SOURCE]);
    expect(urls[0]).toMatch(
      /\/node_modules\/\.cache\/pds\/pipelines-io-read-in-worker-thread-ts-[0-9a-f]+\/main\.mjs$/,
    );
    expect(code).toBe(`import(${JSON.stringify(urls[0])});`);
  });

  it('gives every module as its source, tsx registered first, when one of them has no bundle', async () => {
    // A test's fixture is outside the bundled sources: a change to it would not build its bundle again.
    const { code, urls } = await threadModules([SOURCE, FIXTURE]);
    expect(urls).toEqual([SOURCE.href, FIXTURE.href]);
    expect(code).toContain('tsx');
    expect(code).toContain(`import(${JSON.stringify(SOURCE.href)})`);
  });

  it('gives the sources with PDS_BUNDLE=0, as the CLI runs then', async () => {
    vi.stubEnv('PDS_BUNDLE', '0');
    const { code, urls } = await threadModules([SOURCE]);
    expect(urls).toEqual([SOURCE.href]);
    expect(code).toContain('register()');
  });
});
