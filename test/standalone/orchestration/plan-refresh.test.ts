// Planning decides staleness for the whole selection before anything runs.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AssetContext, AssetDefinition } from '../../../pipelines/orchestration/definition';
import { materializeWithCatalog } from '../../../pipelines/orchestration/materialize';
import { planRefresh } from '../../../pipelines/orchestration/plan-refresh';
import { openCatalog, type Catalog } from '../../../pipelines/catalog/catalog';
import { loadConfig } from '../../../pipelines/config';

let dir: string;
let catalog: Catalog;
const ctx: AssetContext = { config: loadConfig({}), runId: 'run', log: () => {}, heartbeat: () => {} };

const asset = (name: string, upstream: string[], extra: Partial<AssetDefinition> = {}): AssetDefinition => ({
  name,
  kind: upstream.length ? 'derived' : 'staged',
  description: name,
  upstream,
  codeVersion: '1',
  owner: 'test',
  cadence: 'on demand',
  materialize: async () => ({ rows: name.length, outputs: [] }),
  ...extra,
});

let graph: AssetDefinition[];
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'pds-plan-'));
  writeFileSync(join(dir, 'a.csv'), 'x\n1\n');
  writeFileSync(join(dir, 'b.csv'), 'y\n2\n');
  catalog = openCatalog(':memory:');
  graph = [
    asset('a', [], { sources: async () => [join(dir, 'a.csv')] }),
    asset('b', [], { sources: async () => [join(dir, 'b.csv')] }),
    asset('ab', ['a', 'b']),
    asset('top', ['ab']),
  ];
  for (const a of graph) await materializeWithCatalog(a, ctx, catalog);
});

describe('planRefresh', () => {
  it('marks everything up to date when nothing changed, so no activity is needed', async () => {
    const plan = await planRefresh(graph, ctx, catalog, []);
    expect(plan.waves).toEqual([['a', 'b'], ['ab'], ['top']]);
    expect(Object.keys(plan.upToDate).sort()).toEqual(['a', 'ab', 'b', 'top']);
    expect(plan.upToDate.ab!.rows).toBe(2);
  });

  it('marks a changed source stale and everything downstream of it, and nothing else', async () => {
    writeFileSync(join(dir, 'a.csv'), 'x\n9\n');
    const plan = await planRefresh(graph, ctx, catalog, []);
    expect(Object.keys(plan.upToDate)).toEqual(['b']);
  });

  it('plans nothing as up to date when forced', async () => {
    expect((await planRefresh(graph, ctx, catalog, ['ab+'], { force: true })).upToDate).toEqual({});
  });

  it('plans only the selection', async () => {
    const plan = await planRefresh(graph, ctx, catalog, ['ab+']);
    expect(plan.waves).toEqual([['ab'], ['top']]);
  });
});
