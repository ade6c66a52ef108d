// bin/pds.js runs the CLI from a bundle of the sources (bin/bundle-cli.mjs): it must build, load no module's
// files from the wrong place, and answer as the sources do.
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../../pipelines/config';
import { bundledEntry } from '../../../bin/bundle-cli.mjs';

describe('the CLI bundle', () => {
  it('is built from the sources, each module keeping its own import.meta.url', async () => {
    const main = (await bundledEntry('cli/main.ts')) as string | null;
    expect(main).not.toBeNull();
    const chunks = readdirSync(dirname(main!)).map((f) => readFileSync(join(dirname(main!), f), 'utf8'));
    const text = chunks.join('\n');
    // Every module that finds files beside itself finds them beside its source, not beside the bundle.
    expect(text).not.toContain('import.meta.url');
    expect(text).toContain(JSON.stringify(pathToFileURL(join(REPO_ROOT, 'pipelines/config.ts')).href));
    // Unchanged sources: the same bundle, not a second build.
    expect(await bundledEntry('cli/main.ts')).toBe(main);
  });

  it('loads DuckDB only once its allocator is configured', async () => {
    // A package's static import runs before the code bundled beside it: DuckDB's jemalloc would read its
    // configuration before pipelines/io/duckdb.ts set it, and keep freed pages for ten seconds.
    const main = (await bundledEntry('cli/main.ts')) as string;
    const loading = readdirSync(dirname(main))
      .map((f) => readFileSync(join(dirname(main), f), 'utf8'))
      .filter((text) => text.includes('"@duckdb/node-api"'));
    expect(loading).toHaveLength(1);
    const [chunk] = loading as [string];
    expect(chunk).not.toMatch(/^import [^;]*from "@duckdb\/node-api"/m);
    const configured = chunk.indexOf('process.env.DUCKDB_JE_MALLOC_CONF = ');
    expect(configured).toBeGreaterThanOrEqual(0);
    expect(configured).toBeLessThan(chunk.indexOf('("@duckdb/node-api")'));
  });

  it('runs the commands as the sources do', () => {
    const run = (env: Record<string, string>) =>
      execFileSync(process.execPath, [join(REPO_ROOT, 'bin/pds.js'), 'refresh', '--help'], {
        encoding: 'utf8',
        env: { ...process.env, ...env },
      });
    const bundled = run({});
    expect(bundled).toContain('--partitions-per-activity');
    expect(bundled).toBe(run({ PDS_BUNDLE: '0' }));
  });
});
