// A refresh whose properties code is unchanged updates the live index tile by tile instead of building a new
// one: a UPRN retired from OS Open UPRN loses its document, a new one gets its own, and the alias stays on
// the same index. A forced refresh builds a new index and moves the alias.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { openCatalog } from '../../pipelines/catalog/catalog';
import { dataPaths } from '../../pipelines/config';
import { propertiesAlias } from '../../pipelines/indexing/aliases';
import { aliasTargets } from '../../pipelines/indexing/versioned-index';
import type { RefreshProgress } from '../../workflows/types';
import { refreshedStack } from '../helpers/refreshed-stack';

const stack = refreshedStack('in-place', { scale: 0.2, serve: false });
const { config, es } = stack;
let first: string[];
let afterUpdate: string[];
let afterForce: string[];
let update: RefreshProgress;
let forced: RefreshProgress;
let retired: string;
let added: string;
let lines: number;

beforeAll(async () => {
  first = await aliasTargets(es, propertiesAlias(config));

  // The next OS Open UPRN release: the last UPRN retired, a new one at the first one's place.
  const dir = join(config.sourcesDir, 'os-open-uprn');
  const file = join(
    dir,
    readdirSync(dir).find((f) => f.endsWith('.csv'))!,
  );
  const rows = readFileSync(file, 'utf8').trimEnd().split('\n');
  retired = rows.pop()!.split(',')[0]!;
  const [, ...place] = rows[1]!.split(',');
  added = '990000000001';
  rows.push([added, ...place].join(','));
  lines = rows.length - 1;
  writeFileSync(file, rows.join('\n') + '\n');
  update = await stack.refresh();
  afterUpdate = await aliasTargets(es, propertiesAlias(config));

  forced = await stack.refresh({ select: ['properties_index'], force: true });
  afterForce = await aliasTargets(es, propertiesAlias(config));
}, 600_000);

describe('properties index updated in place', () => {
  it('keeps the alias on the same index', () => {
    expect(update.assets.find((a) => a.name === 'properties_index')?.state).toBe('done');
    expect(first).toHaveLength(1);
    expect(afterUpdate).toEqual(first);
  });

  it('removes the retired UPRN, adds the new one, and holds one document per UPRN', async () => {
    const index = afterUpdate[0]!;
    expect(await es.exists({ index, id: retired })).toBe(false);
    expect(await es.exists({ index, id: added })).toBe(true);
    expect((await es.count({ index })).count).toBe(lines);
  });

  it('records the tiles it updated in place', () => {
    const catalog = openCatalog(dataPaths(config.dataDir).catalogDb);
    const tiles = catalog
      .history('properties_index', 1000)
      .filter((m) => m.runId === update.runId && m.partition !== '');
    catalog.close();
    expect(tiles.length).toBeGreaterThan(0);
    expect(tiles.every((t) => t.status === 'success' && t.metrics.in_place === 1)).toBe(true);
    expect(tiles.reduce((n, t) => n + (t.metrics.removed ?? 0), 0)).toBe(1);
  });

  it('builds a new index when forced, and moves the alias to it', () => {
    expect(afterForce).toHaveLength(1);
    expect(afterForce[0]).not.toBe(first[0]);
  });

  it('writes the statistics groups whose text changed: none in place here, every one into a new index', () => {
    const catalog = openCatalog(dataPaths(config.dataDir).catalogDb);
    const settled = (run: RefreshProgress) =>
      catalog.history('properties_index', 1000).find((m) => m.runId === run.runId && m.partition === '')!
        .metrics;
    const [inPlace, rebuilt] = [settled(update), settled(forced)];
    catalog.close();
    // The update moved no certificate: every group's text is the one the shared pieces already hold.
    expect(inPlace.stats_groups).toBeGreaterThan(0);
    expect(inPlace.stats_groups_written).toBe(0);
    expect(rebuilt.stats_groups_written).toBe(rebuilt.stats_groups);
  });
});
