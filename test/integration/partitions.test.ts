// Partitioned assets on the real Temporal server: two workers share one refresh of a 30-partition asset
// (batches spread over both), each partition is materialised exactly once, the unpartitioned downstream
// asset sees all of them, progress and memo count partitions, a second run is a no-op, and a backfill over
// a key range rebuilds only that range and what depends on it. A cancelled run leaves every built partition
// whole; a failed one lets the other assets of its wave finish before it sweeps the scratch.
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Worker } from '@temporalio/worker';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { partitionOf, type AssetDefinition } from '../../pipelines/orchestration/definition';
import { DataError } from '../../pipelines/io/errors';
import { publishFile, scratchFolder } from '../../pipelines/io/scratch';
import { openCatalog } from '../../pipelines/catalog/catalog';
import { dataPaths } from '../../pipelines/config';
import { connectClient, startRefresh, watchRefresh } from '../../workflows/client';
import type { RefreshProgress } from '../../workflows/types';
import { createWorker } from '../../workflows/worker';
import { testConfig } from '../helpers/config';

const config = testConfig('partitions');
const TILES = ['ST', 'SU', 'SX'].flatMap((sq) => Array.from({ length: 10 }, (_, i) => `${sq}7${i}`));
const builtBy: { key: string; worker: string }[] = [];
const outDir = join(dataPaths(config.dataDir).derived, 'tile_counts');

/** The same graph as each worker sees it, noting which worker built which partition. */
function graphFor(worker: string): AssetDefinition[] {
  return [
    {
      name: 'tile_counts',
      kind: 'derived',
      description: 'one small file per BNG tile',
      upstream: [],
      codeVersion: '1',
      owner: 'test',
      cadence: 'on demand',
      partitioning: { kind: 'bng-tile', keys: async () => TILES },
      async materialize(ctx) {
        const key = partitionOf(ctx);
        builtBy.push({ key, worker });
        // Long enough that both workers get batches.
        await new Promise((r) => setTimeout(r, 40));
        mkdirSync(outDir, { recursive: true });
        const out = join(outDir, `${key}.txt`);
        writeFileSync(out, `${key} ${ctx.runId}\n`);
        return { rows: 1, outputs: [out] };
      },
    },
    {
      name: 'tile_summary',
      kind: 'derived',
      description: 'reads every tile',
      upstream: ['tile_counts'],
      codeVersion: '1',
      owner: 'test',
      cadence: 'on demand',
      async materialize(ctx) {
        const files = readdirSync(outDir).sort();
        const out = join(dataPaths(ctx.config.dataDir).derived, 'tile_summary.txt');
        writeFileSync(out, files.map((f) => readFileSync(join(outDir, f), 'utf8')).join(''));
        return { rows: files.length, outputs: [out] };
      },
    },
  ];
}

const workers: { worker: Worker; running: Promise<void> }[] = [];
let first: RefreshProgress;
let noop: RefreshProgress;
let backfill: RefreshProgress;
let memo: Record<string, unknown> | undefined;
let firstBuilt: typeof builtBy;
let backfillBuilt: typeof builtBy;
const lines: RefreshProgress[] = [];

beforeAll(async () => {
  for (const name of ['w1', 'w2']) {
    const worker = await createWorker(config, {
      workflowBundle: inject('workflowBundle'),
      assets: graphFor(name),
      maxConcurrentActivities: 2,
    });
    workers.push({ worker, running: worker.run() });
  }
  const client = await connectClient(config);
  const handle = await startRefresh(client, config, { concurrency: 4, partitionsPerActivity: 3 });
  first = await watchRefresh(handle, (p) => lines.push(structuredClone(p)), 100);
  memo = (await handle.describe()).memo;
  firstBuilt = builtBy.splice(0);
  noop = await watchRefresh(await startRefresh(client, config, {}), () => {});
  backfill = await watchRefresh(
    await startRefresh(client, config, { partitions: 'ST70..ST72,SX79', force: true }),
    () => {},
  );
  backfillBuilt = builtBy.splice(0);
  await client.connection.close();
}, 300_000);

afterAll(async () => {
  for (const w of workers) w.worker.shutdown();
  await Promise.all(workers.map((w) => w.running));
});

describe('a partitioned asset on two workers', () => {
  it('materialises each partition exactly once, spread over both workers', () => {
    expect(firstBuilt.map((b) => b.key).sort()).toEqual([...TILES].sort());
    expect(new Set(firstBuilt.map((b) => b.worker))).toEqual(new Set(['w1', 'w2']));
    const catalog = openCatalog(dataPaths(config.dataDir).catalogDb);
    const perKey = TILES.map(
      (k) => catalog.history('tile_counts', 10, k).filter((m) => m.runId === first.runId).length,
    );
    catalog.close();
    expect(perKey).toEqual(TILES.map(() => 1));
  });

  it('builds the downstream asset once, from all partitions', () => {
    expect(first.assets.map((a) => [a.name, a.state])).toEqual([
      ['tile_counts', 'done'],
      ['tile_summary', 'done'],
    ]);
    expect(first.assets[0]!.partitions).toEqual({ total: 30, toBuild: 30, done: 30, skipped: 0, failed: 0 });
    expect(first.assets[0]!.rows).toBe(30);
    expect(first.assets[1]!.rows).toBe(30);
  });

  it('reports fractional progress while partitions are built, and counts in the memo', () => {
    const fractions = lines
      .map((p) => p.assets[0]?.partitions)
      .filter((p) => p !== undefined)
      .map((p) => p.done);
    expect(fractions.some((n) => n > 0 && n < 30)).toBe(true);
    expect(memo).toMatchObject({
      counts: { assets: 2, done: 2 },
      partitions: { total: 30, toBuild: 30, done: 30, failed: 0 },
      perAsset: { tile_counts: '30/30 of 30' },
    });
  });

  it('does nothing on a second run', () => {
    expect(noop.assets.map((a) => a.state)).toEqual(['skipped', 'skipped']);
    expect(noop.assets[0]!.partitions).toMatchObject({ total: 30, toBuild: 0 });
  });

  it('backfills a key range: only those partitions, then what depends on them', () => {
    expect(backfillBuilt.map((b) => b.key).sort()).toEqual(['ST70', 'ST71', 'ST72', 'SX79']);
    expect(backfill.assets[0]!.partitions).toEqual({ total: 30, toBuild: 4, done: 4, skipped: 0, failed: 0 });
    expect(backfill.assets.map((a) => a.state)).toEqual(['done', 'done']);
    const summary = readFileSync(join(dataPaths(config.dataDir).derived, 'tile_summary.txt'), 'utf8');
    expect(
      summary
        .split('\n')
        .filter((l) => l.includes(backfill.runId))
        .map((l) => l.split(' ')[0]),
    ).toEqual(['ST70', 'ST71', 'ST72', 'SX79']);
  });
});

describe('a cancelled partitioned refresh', () => {
  const cancelled = testConfig('partitions-cancel');
  const dir = join(dataPaths(cancelled.dataDir).derived, 'slow');
  const keys = Array.from({ length: 12 }, (_, i) => `k${String(i).padStart(2, '0')}`);
  const slow: AssetDefinition = {
    name: 'slow_tiles',
    kind: 'derived',
    description: 'slow partitions',
    upstream: [],
    codeVersion: '1',
    owner: 'test',
    cadence: 'on demand',
    partitioning: { kind: 'bng-tile', keys: async () => keys },
    async materialize(ctx) {
      await new Promise((r) => setTimeout(r, 300));
      mkdirSync(dir, { recursive: true });
      const out = join(dir, `${partitionOf(ctx)}.txt`);
      writeFileSync(out, 'whole\n');
      return { rows: 1, outputs: [out] };
    },
  };
  let outcome: unknown;
  let workflowId = '';

  beforeAll(async () => {
    const worker = await createWorker(cancelled, {
      workflowBundle: inject('workflowBundle'),
      assets: [slow],
    });
    const running = worker.run();
    const client = await connectClient(cancelled);
    const handle = await startRefresh(client, cancelled, { concurrency: 2, partitionsPerActivity: 2 });
    workflowId = handle.workflowId;
    // Cancel once some partitions are built, while others are in flight.
    await watchRefresh(
      handle,
      (p) => {
        if ((p.assets[0]?.partitions?.done ?? 0) >= 2) void handle.cancel();
      },
      50,
    ).catch((error: unknown) => (outcome = error));
    await client.connection.close();
    worker.shutdown();
    await running;
  }, 120_000);

  it('ends as cancelled, with every built partition whole and no roll-up', () => {
    expect(workflowId).not.toBe('');
    expect(String((outcome as Error & { cause?: Error })?.cause?.name)).toBe('CancelledFailure');
    const catalog = openCatalog(dataPaths(cancelled.dataDir).catalogDb);
    const built = catalog.partitions('slow_tiles').filter((m) => m.status === 'success');
    const rollup = catalog.latestSuccess('slow_tiles');
    catalog.close();
    expect(rollup).toBeNull();
    expect(built.length).toBeGreaterThanOrEqual(2);
    expect(built.length).toBeLessThan(keys.length);
    const files = readdirSync(dir).sort();
    expect(files).toEqual(built.map((m) => `${m.partition}.txt`).sort());
    for (const f of files) expect(readFileSync(join(dir, f), 'utf8')).toBe('whole\n');
  });
});

describe('a refresh whose asset fails while another of its wave is writing', () => {
  const failing = testConfig('partitions-fail');
  const out = join(dataPaths(failing.dataDir).derived, 'slow_writer.txt');
  const assets: AssetDefinition[] = [
    {
      name: 'fails_fast',
      kind: 'derived',
      description: 'a bad delivery',
      upstream: [],
      codeVersion: '1',
      owner: 'test',
      cadence: 'on demand',
      async materialize() {
        throw new DataError('the delivery is bad');
      },
    },
    {
      name: 'slow_writer',
      kind: 'derived',
      description: 'writes in its scratch for a while, then publishes',
      upstream: [],
      codeVersion: '1',
      owner: 'test',
      cadence: 'on demand',
      async materialize() {
        const scratch = await scratchFolder(out);
        await new Promise((r) => setTimeout(r, 1_500));
        writeFileSync(join(scratch, 'out.txt'), 'whole\n');
        await publishFile(join(scratch, 'out.txt'), out);
        return { rows: 1, outputs: [out] };
      },
    },
  ];
  let outcome: unknown;

  beforeAll(async () => {
    const worker = await createWorker(failing, { workflowBundle: inject('workflowBundle'), assets });
    const running = worker.run();
    const client = await connectClient(failing);
    await watchRefresh(await startRefresh(client, failing, { concurrency: 2 }), () => {}, 50).catch(
      (error: unknown) => (outcome = error),
    );
    await client.connection.close();
    worker.shutdown();
    await running;
  }, 60_000);

  it('fails naming the bad asset, after its sibling finished and published (its scratch not swept)', () => {
    expect(String((outcome as Error & { cause?: Error })?.cause?.message)).toContain('fails_fast');
    expect(readFileSync(out, 'utf8')).toBe('whole\n');
    const catalog = openCatalog(dataPaths(failing.dataDir).catalogDb);
    expect(catalog.latestSuccess('slow_writer')).not.toBeNull();
    expect(catalog.latestSuccess('fails_fast')).toBeNull();
    catalog.close();
  });
});
