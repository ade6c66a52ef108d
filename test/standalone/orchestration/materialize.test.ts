// Incremental materialisation: an asset is rebuilt only when its inputs, its code version or its outputs
// changed, and every build, failed ones included, is recorded in the catalog.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AssetContext, AssetDefinition } from '../../../pipelines/orchestration/definition';
import { materializeWithCatalog } from '../../../pipelines/orchestration/materialize';
import { openCatalog, type Catalog } from '../../../pipelines/catalog/catalog';
import { loadConfig } from '../../../pipelines/config';

let dir: string;
let catalog: Catalog;
let builds: string[];
const ctx = (runId = 'run-1'): AssetContext => ({
  config: loadConfig({}),
  runId,
  log: () => {},
  heartbeat: () => {},
});

function sourceAsset(overrides: Partial<AssetDefinition> = {}): AssetDefinition {
  return {
    name: 'source',
    kind: 'staged',
    description: 'reads input.csv',
    upstream: [],
    codeVersion: '1',
    owner: 'test',
    cadence: 'on demand',
    sources: async () => [join(dir, 'input.csv')],
    async materialize() {
      builds.push('source');
      const out = join(dir, 'source.out');
      writeFileSync(out, 'built');
      return { rows: 3, outputs: [out] };
    },
    ...overrides,
  };
}

const derived: AssetDefinition = {
  name: 'derived',
  kind: 'derived',
  description: 'built from source',
  upstream: ['source'],
  codeVersion: '1',
  owner: 'test',
  cadence: 'on demand',
  async materialize() {
    builds.push('derived');
    return { rows: 1, outputs: [] };
  },
};

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'pds-materialize-'));
  writeFileSync(join(dir, 'input.csv'), 'a,b\n1,2\n');
  catalog = openCatalog(join(dir, 'catalog.sqlite'));
  builds = [];
});

describe('materializeWithCatalog', () => {
  it('builds the first time and records what it was built from', async () => {
    const { skipped, materialization } = await materializeWithCatalog(sourceAsset(), ctx(), catalog);
    expect(skipped).toBe(false);
    expect(materialization).toMatchObject({
      asset: 'source',
      status: 'success',
      rows: 3,
      bytes: 5,
      runId: 'run-1',
    });
    expect(materialization.inputs.sources).toEqual([
      { path: join(dir, 'input.csv'), sha256: expect.stringMatching(/^[0-9a-f]{64}$/) },
    ]);
  });

  it('skips an asset whose inputs and code are unchanged, and its downstream too', async () => {
    await materializeWithCatalog(sourceAsset(), ctx(), catalog);
    await materializeWithCatalog(derived, ctx(), catalog);
    const again = await materializeWithCatalog(sourceAsset(), ctx('run-2'), catalog);
    const downstream = await materializeWithCatalog(derived, ctx('run-2'), catalog);
    expect([again.skipped, downstream.skipped]).toEqual([true, true]);
    expect(builds).toEqual(['source', 'derived']);
  });

  it("rebuilds when a source file's content changes, then the downstream sees a new upstream", async () => {
    await materializeWithCatalog(sourceAsset(), ctx(), catalog);
    await materializeWithCatalog(derived, ctx(), catalog);
    writeFileSync(join(dir, 'input.csv'), 'a,b\n1,3\n');
    expect((await materializeWithCatalog(sourceAsset(), ctx('run-2'), catalog)).skipped).toBe(false);
    expect((await materializeWithCatalog(derived, ctx('run-2'), catalog)).skipped).toBe(false);
  });

  it('rebuilds when the code version changes, when forced, or when an output is gone', async () => {
    await materializeWithCatalog(sourceAsset(), ctx(), catalog);
    expect((await materializeWithCatalog(sourceAsset({ codeVersion: '2' }), ctx(), catalog)).skipped).toBe(
      false,
    );
    expect(
      (await materializeWithCatalog(sourceAsset({ codeVersion: '2' }), ctx(), catalog, { force: true }))
        .skipped,
    ).toBe(false);
    rmSync(join(dir, 'source.out'));
    expect((await materializeWithCatalog(sourceAsset({ codeVersion: '2' }), ctx(), catalog)).skipped).toBe(
      false,
    );
    expect(builds).toHaveLength(4);
  });

  it('records a failed build with its error and keeps the last success as the reference', async () => {
    await materializeWithCatalog(sourceAsset(), ctx(), catalog);
    const failing = sourceAsset({
      codeVersion: '2',
      materialize: () => Promise.reject(new Error('disk full')),
    });
    await expect(materializeWithCatalog(failing, ctx('run-2'), catalog)).rejects.toThrow('disk full');
    expect(catalog.latest('source')).toMatchObject({ status: 'failed', error: 'disk full', runId: 'run-2' });
    expect(catalog.latestSuccess('source')).toMatchObject({ status: 'success', runId: 'run-1' });
  });

  it('refuses to build an asset whose upstream was never materialised', async () => {
    await expect(materializeWithCatalog(derived, ctx(), catalog)).rejects.toThrow(/upstream asset source/);
  });

  it("fingerprints a partition on the declared upstreams its partitioning reads, in the declaration's order", async () => {
    const other = sourceAsset({ name: 'other', materialize: async () => ({ rows: 0, outputs: [] }) });
    await materializeWithCatalog(sourceAsset(), ctx(), catalog);
    await materializeWithCatalog(other, ctx(), catalog);
    const split: AssetDefinition = {
      ...derived,
      upstream: ['source', 'other'],
      partitioning: {
        kind: 'source-file',
        keys: async () => ['a', 'b'],
        reads: (key, u) => key === 'b' || u === 'other',
      },
    };
    const inputs = async (partition: string) =>
      (
        await materializeWithCatalog(split, { ...ctx(), partition }, catalog)
      ).materialization.inputs.upstream.map((u) => u.asset);
    expect(await inputs('a')).toEqual(['other']);
    expect(await inputs('b')).toEqual(['source', 'other']);
  });

  it('keeps everything across a reopen of the catalog', async () => {
    const first = await materializeWithCatalog(sourceAsset(), ctx(), catalog);
    catalog.close();
    catalog = openCatalog(join(dir, 'catalog.sqlite'));
    expect(catalog.latestSuccess('source')?.id).toBe(first.materialization.id);
    expect((await materializeWithCatalog(sourceAsset(), ctx('run-2'), catalog)).skipped).toBe(true);
  });

  it("records each build's CPU and peak memory beside the asset's own metrics", async () => {
    const busy = sourceAsset({
      async materialize() {
        const start = process.cpuUsage();
        // 30 ms of CPU to measure (by CPU time: on a busy machine wall time passes off the CPU).
        while (process.cpuUsage(start).user < 30_000);
        return { rows: 1, outputs: [], metrics: { files: 1 } };
      },
    });
    const { materialization } = await materializeWithCatalog(busy, ctx(), catalog);
    expect(materialization.metrics.files).toBe(1);
    expect(materialization.metrics.cpu_ms).toBeGreaterThanOrEqual(20);
    expect(materialization.metrics.peak_rss_mb).toBeGreaterThan(10);
  });

  it('records a memory peak shorter than the sampling interval, by the process high-water mark', async () => {
    const gc = (() => {
      v8.setFlagsFromString('--expose-gc');
      return runInNewContext('gc') as () => void;
    })();
    const spike = 400 * 2 ** 20;
    const before = process.memoryUsage.rss();
    const brief = sourceAsset({
      async materialize() {
        // 400 MB resident for a moment (well within a 250 ms sample), released before the build ends.
        let held: Buffer | null = Buffer.alloc(spike, 1);
        held = null;
        void held;
        gc();
        return { rows: 1, outputs: [], metrics: {} };
      },
    });
    const { materialization } = await materializeWithCatalog(brief, ctx('run-spike'), catalog, {
      force: true,
    });
    expect(process.memoryUsage.rss()).toBeLessThan(before + spike / 2);
    expect(materialization.metrics.peak_rss_mb).toBeGreaterThanOrEqual((before + spike) / 2 ** 20 - 50);
  });

  it('keeps the catalog with a rollback journal for a network filesystem (PDS_CATALOG_JOURNAL=delete)', async () => {
    catalog.close();
    process.env.PDS_CATALOG_JOURNAL = 'delete';
    try {
      catalog = openCatalog(join(dir, 'shared.sqlite'));
      const first = await materializeWithCatalog(sourceAsset(), ctx(), catalog);
      // Checked while open: WAL mode keeps a -wal file beside the database until the last connection closes.
      expect(existsSync(join(dir, 'shared.sqlite-wal'))).toBe(false);
      catalog.close();
      catalog = openCatalog(join(dir, 'shared.sqlite'));
      expect(catalog.latestSuccess('source')?.id).toBe(first.materialization.id);
    } finally {
      delete process.env.PDS_CATALOG_JOURNAL;
    }
  });
});
