// Partitioned assets: backfill selections, batching, per-partition staleness and the roll-up downstream
// assets depend on.
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AssetContext, AssetDefinition } from '../../../pipelines/orchestration/definition';
import { partitionOf } from '../../../pipelines/orchestration/definition';
import {
  materializeWithCatalog,
  partitionKeys,
  settlePartitions,
} from '../../../pipelines/orchestration/materialize';
import {
  batchPartitions,
  parsePartitionSelection,
  PartitionSelectionError,
} from '../../../pipelines/orchestration/partitions';
import { planPartitions, planRefresh } from '../../../pipelines/orchestration/plan-refresh';
import { openCatalog, type Catalog } from '../../../pipelines/catalog/catalog';
import { loadConfig } from '../../../pipelines/config';

describe('parsePartitionSelection', () => {
  const keys = ['ST69', 'ST70', 'ST71', 'ST7950', 'ST79', 'ST80', 'SU70', 'E09000001', 'W06000015'];
  const pick = (text: string) => keys.filter((k) => parsePartitionSelection(text).matches(k));

  it('takes single keys and lists of keys', () => {
    expect(pick('ST71')).toEqual(['ST71']);
    expect(pick('E09000001, W06000015')).toEqual(['E09000001', 'W06000015']);
  });

  it('takes an inclusive range whose upper end also covers keys that start with it', () => {
    expect(pick('ST70..ST79')).toEqual(['ST70', 'ST71', 'ST7950', 'ST79']);
  });

  it('takes prefixes', () => {
    expect(pick('ST7*')).toEqual(['ST70', 'ST71', 'ST7950', 'ST79']);
    expect(pick('E09*,SU7*')).toEqual(['SU70', 'E09000001']);
  });

  it('refuses empty, backwards and malformed selections', () => {
    for (const bad of ['', ' , ', 'ST79..ST70', '..ST70', 'ST70..', 'S*T', '*'])
      expect(() => parsePartitionSelection(bad), bad).toThrow(PartitionSelectionError);
  });
});

describe('batchPartitions', () => {
  const keys = Array.from({ length: 200 }, (_, i) => `k${String(i).padStart(3, '0')}`);

  it('caps a batch at the given size and keeps every key once, in order', () => {
    const batches = batchPartitions(keys, 4, 20);
    expect(batches).toHaveLength(10);
    expect(batches.every((b) => b.length <= 20)).toBe(true);
    expect(batches.flat()).toEqual(keys);
  });

  it('makes at least one batch per lane when there are enough partitions', () => {
    expect(batchPartitions(keys.slice(0, 10), 4, 20).map((b) => b.length)).toEqual([3, 3, 3, 1]);
    expect(batchPartitions(keys.slice(0, 2), 4, 20)).toEqual([['k000'], ['k001']]);
    expect(batchPartitions([], 4, 20)).toEqual([]);
  });
});

let dir: string;
let catalog: Catalog;
let ctx: AssetContext;
let built: string[];

/** Per source file: one CSV per local authority, each copied to its own output file. */
const perFile = (): AssetDefinition => ({
  name: 'raw',
  kind: 'staged',
  description: 'raw',
  upstream: [],
  codeVersion: '1',
  owner: 'test',
  cadence: 'on demand',
  partitioning: {
    kind: 'local-authority',
    keys: async () => readdirSync(join(dir, 'src')).map((f) => f.replace('.csv', '')),
    sources: async (_ctx, key) => [join(dir, 'src', `${key}.csv`)],
  },
  async materialize(c) {
    const key = partitionOf(c);
    built.push(key);
    const out = join(dir, 'data', `${key}.out`);
    mkdirSync(join(dir, 'data'), { recursive: true });
    writeFileSync(out, key);
    return { rows: key.length, outputs: [out], metrics: { files: 1 } };
  },
});
const downstream: AssetDefinition = {
  name: 'summary',
  kind: 'derived',
  description: 'summary',
  upstream: ['raw'],
  codeVersion: '1',
  owner: 'test',
  cadence: 'on demand',
  materialize: async () => {
    built.push('summary');
    return { rows: 1, outputs: [] };
  },
};

async function refreshAll(graph: AssetDefinition[], partitions?: string): Promise<void> {
  const plan = await planRefresh(graph, ctx, catalog, [], { partitions });
  for (const name of plan.waves.flat()) {
    if (plan.upToDate[name]) continue;
    const asset = graph.find((a) => a.name === name)!;
    if (!asset.partitioning) {
      await materializeWithCatalog(asset, ctx, catalog);
      continue;
    }
    // Assets downstream of a stale one are assessed when their turn comes, as the workflow does.
    const p = plan.partitions[name] ?? (await planPartitions(asset, ctx, catalog));
    for (const key of p.build) await materializeWithCatalog(asset, { ...ctx, partition: key }, catalog);
    await settlePartitions(asset, ctx, catalog, p.keys);
  }
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'pds-partitions-'));
  mkdirSync(join(dir, 'src'));
  for (const la of ['E06000001', 'E06000002', 'W06000015']) writeFileSync(join(dir, 'src', `${la}.csv`), la);
  catalog = openCatalog(':memory:');
  ctx = {
    config: loadConfig({ PDS_DATA_DIR: join(dir, 'data') }),
    runId: 'run1',
    log: () => {},
    heartbeat: () => {},
  };
  built = [];
});

describe('a partitioned asset', () => {
  it('lists its keys sorted and distinct', async () => {
    expect(await partitionKeys(perFile(), ctx)).toEqual(['E06000001', 'E06000002', 'W06000015']);
  });

  it('builds every partition, then a roll-up the downstream asset depends on', async () => {
    const graph = [perFile(), downstream];
    await refreshAll(graph);
    expect(built).toEqual(['E06000001', 'E06000002', 'W06000015', 'summary']);
    expect(catalog.partitions('raw').map((m) => [m.partition, m.rows])).toEqual([
      ['E06000001', 9],
      ['E06000002', 9],
      ['W06000015', 9],
    ]);
    const rollup = catalog.latestSuccess('raw')!;
    expect(rollup).toMatchObject({ partition: '', rows: 27, metrics: { partitions: 3, files: 3 } });
    expect(rollup.inputs.upstream.map((u) => u.partition)).toEqual(['E06000001', 'E06000002', 'W06000015']);
    expect(catalog.latestSuccess('summary')!.inputs.upstream).toEqual([
      { asset: 'raw', materialization: rollup.id },
    ]);
  });

  it('rebuilds only the partition whose file changed, and what depends on the whole', async () => {
    const graph = [perFile(), downstream];
    await refreshAll(graph);
    built = [];
    expect(Object.keys((await planRefresh(graph, ctx, catalog, [])).upToDate)).toEqual(['raw', 'summary']);
    writeFileSync(join(dir, 'src', 'E06000002.csv'), 'changed');
    const plan = await planRefresh(graph, ctx, catalog, []);
    expect(plan.partitions.raw).toEqual({
      keys: ['E06000001', 'E06000002', 'W06000015'],
      build: ['E06000002'],
      untouched: 2,
    });
    await refreshAll(graph);
    expect(built).toEqual(['E06000002', 'summary']);
  });

  it('backfills only the partitions of a --partitions selection', async () => {
    const graph = [perFile(), downstream];
    await refreshAll(graph);
    built = [];
    const plan = await planRefresh(graph, ctx, catalog, [], { partitions: 'E06*', force: true });
    expect(plan.partitions.raw!.build).toEqual(['E06000001', 'E06000002']);
    await expect(planRefresh(graph, ctx, catalog, [], { partitions: 'S12*' })).rejects.toThrow(
      /matches no partition/,
    );
  });

  it('refuses a roll-up while some partition was never built (a backfill on a fresh catalog)', async () => {
    const asset = perFile();
    await materializeWithCatalog(asset, { ...ctx, partition: 'E06000001' }, catalog);
    await expect(settlePartitions(asset, ctx, catalog, await partitionKeys(asset, ctx))).rejects.toThrow(
      /2 partition\(s\) never materialised \(E06000002, W06000015\)/,
    );
  });

  it('removes the outputs of a partition whose source disappeared, and the roll-up changes', async () => {
    const graph = [perFile(), downstream];
    await refreshAll(graph);
    const before = catalog.latestSuccess('raw')!.id;
    rmSync(join(dir, 'src', 'W06000015.csv'));
    built = [];
    await refreshAll(graph);
    expect(built).toEqual(['summary']);
    expect(existsSync(join(dir, 'data', 'W06000015.out'))).toBe(false);
    expect(existsSync(join(dir, 'data', 'E06000001.out'))).toBe(true);
    const rollup = catalog.latestSuccess('raw')!;
    expect(rollup.id).not.toBe(before);
    expect(rollup.metrics).toMatchObject({ partitions: 2, pruned_files: 1 });
  });

  /** A national table (one line a tile in src/national.txt) and a per-tile asset of what it reads of it. */
  const nationalAndTiles = (tiles: Partial<AssetDefinition['partitioning']> = {}) => {
    const out = join(dir, 'data', 'national.out');
    const national: AssetDefinition = {
      ...downstream,
      name: 'national',
      upstream: [],
      sources: async () => [join(dir, 'src', 'national.txt')],
      async materialize() {
        built.push('national');
        mkdirSync(join(dir, 'data'), { recursive: true });
        writeFileSync(out, readFileSync(join(dir, 'src', 'national.txt')));
        return { rows: 2, outputs: [out] };
      },
    };
    const seen: Record<string, unknown>[] = [];
    const perTile: AssetDefinition = {
      ...downstream,
      name: 'per_tile',
      upstream: ['national'],
      partitioning: {
        kind: 'bng-tile',
        keys: async () => ['ST17', 'NS79'],
        version: async (_ctx, tile) =>
          readFileSync(out, 'utf8')
            .split('\n')
            .find((line) => line.startsWith(`${tile}=`)),
        ...tiles,
      },
      async materialize(c) {
        built.push(partitionOf(c));
        seen.push({ ...c.upstream });
        return { rows: 1, outputs: [] };
      },
    };
    return { graph: [national, perTile], seen };
  };

  it('leaves a partition alone when what it reads of a rebuilt upstream (its data version) held', async () => {
    writeFileSync(join(dir, 'src', 'national.txt'), 'ST17=1\nNS79=1');
    const { graph, seen } = nationalAndTiles();
    await refreshAll(graph);
    const scottish = catalog.latestSuccess('per_tile', 'NS79')!;
    built = [];
    writeFileSync(join(dir, 'src', 'national.txt'), 'ST17=2\nNS79=1');
    await refreshAll(graph);
    expect(built).toEqual(['national', 'ST17']);
    expect(catalog.latestSuccess('per_tile', 'NS79')!.id).toBe(scottish.id);
    // The build read is recorded beside the version; the asset is given the version.
    const national = catalog.latestSuccess('national')!.id;
    expect(catalog.latestSuccess('per_tile', 'ST17')!.inputs.upstream).toEqual([
      { asset: 'national', materialization: national, version: 'ST17=2' },
    ]);
    expect(seen.at(-1)).toEqual({ national: 'ST17=2' });
  });

  it('settles the roll-up again when an upstream only its settle reads changed, though no partition did', async () => {
    writeFileSync(join(dir, 'src', 'national.txt'), 'ST17=1\nNS79=1');
    const { graph } = nationalAndTiles({
      reads: () => false,
      settleReads: ['national'],
      settle: async () => {
        built.push('settle');
        return { outputs: [] };
      },
    });
    await refreshAll(graph);
    built = [];
    await refreshAll(graph);
    expect(built).toEqual([]);
    writeFileSync(join(dir, 'src', 'national.txt'), 'ST17=2\nNS79=1');
    await refreshAll(graph);
    expect(built).toEqual(['national', 'settle']);
  });

  it('depends on the same partition of an upstream partitioned the same way', async () => {
    const tiles: AssetDefinition = {
      ...downstream,
      name: 'per_la',
      partitioning: { kind: 'local-authority', keys: async () => ['E06000001', 'E06000002'] },
    };
    await refreshAll([perFile(), tiles]);
    const m = catalog.latestSuccess('per_la', 'E06000002')!;
    expect(m.inputs.upstream).toEqual([
      {
        asset: 'raw',
        partition: 'E06000002',
        materialization: catalog.latestSuccess('raw', 'E06000002')!.id,
      },
    ]);
  });
});
