// The analysts' catalog groups the current materialisation's files into one view per table: a layer's file is
// its table (or its runs' files), a folder of partitions is one table, quarantine tables go to their own schema, anything else is
// not a table; a partition's delta is read with its table.
import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogViews, writeAnalystCatalog } from '../../../pipelines/catalog/analyst-catalog';
import { DuckDBInstance } from '../../../pipelines/io/duckdb';

describe('catalogViews', () => {
  it('one view per table, partitions unioned, quarantine apart', () => {
    const root = '/data/parquet';
    const views = catalogViews(root, [
      `${root}/staged/flood_zones.parquet`,
      `${root}/quarantine/flood_zones.parquet`,
      `${root}/derived/properties_wide/TQ27.parquet`,
      `${root}/derived/properties_wide/ST17.parquet`,
      `${root}/derived/uprn_area_blocks/ST17.parquet`,
      // A tile's delta (io/delta-files.ts) belongs to its table; block texts are no table.
      `${root}/derived/uprn_epc_blocks/ST17.parquet`,
      `${root}/derived/uprn_epc_blocks/delta/ST17.parquet`,
      `${root}/derived/uprn_epc_blocks/texts/ST17.parquet`,
      `${root}/derived/uprn_epc_blocks/texts/delta/ST17.parquet`,
      // A table written in runs (io/run-files.ts).
      `${root}/derived/epc_enhanced_scotland.0.parquet`,
      `${root}/derived/epc_enhanced_scotland.1.parquet`,
      '/elsewhere/x.parquet',
      `${root}/derived/notes.txt`,
    ]);
    expect(views).toEqual([
      {
        schema: 'main',
        name: 'epc_enhanced_scotland',
        files: [
          `${root}/derived/epc_enhanced_scotland.0.parquet`,
          `${root}/derived/epc_enhanced_scotland.1.parquet`,
        ],
        deltas: [],
      },
      { schema: 'main', name: 'flood_zones', files: [`${root}/staged/flood_zones.parquet`], deltas: [] },
      {
        schema: 'main',
        name: 'properties_wide',
        files: [
          `${root}/derived/properties_wide/ST17.parquet`,
          `${root}/derived/properties_wide/TQ27.parquet`,
        ],
        deltas: [],
      },
      {
        schema: 'main',
        name: 'uprn_area_blocks',
        files: [`${root}/derived/uprn_area_blocks/ST17.parquet`],
        deltas: [],
      },
      {
        schema: 'main',
        name: 'uprn_epc_blocks',
        files: [`${root}/derived/uprn_epc_blocks/ST17.parquet`],
        deltas: [`${root}/derived/uprn_epc_blocks/delta/ST17.parquet`],
      },
      {
        schema: 'quarantine',
        name: 'flood_zones',
        files: [`${root}/quarantine/flood_zones.parquet`],
        deltas: [],
      },
    ]);
  });
});

describe('writeAnalystCatalog', () => {
  it('leaves a catalog with the same views as it is; a table that gains or loses files has its view replaced', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pds-analyst-catalog-'));
    const root = join(dir, 'parquet');
    const tile = (name: string) => join(root, 'derived', 'properties_wide', `${name}.parquet`);
    await mkdir(join(root, 'derived', 'properties_wide'), { recursive: true });
    const instance = await DuckDBInstance.create(':memory:');
    const connection = await instance.connect();
    await connection.run(`COPY (SELECT 1 AS uprn) TO '${tile('ST17')}' (FORMAT parquet)`);
    await connection.run(`COPY (SELECT 2 AS uprn) TO '${tile('TQ27')}' (FORMAT parquet)`);
    connection.closeSync();
    instance.closeSync();
    const catalog = join(dir, 'catalog.duckdb');
    const count = async () => {
      const db = await DuckDBInstance.create(catalog, { access_mode: 'READ_ONLY' });
      const c = await db.connect();
      const [row] = (
        await c.runAndReadAll('SELECT count(*)::INTEGER AS n FROM properties_wide')
      ).getRowObjectsJS();
      c.closeSync();
      db.closeSync();
      return row?.n;
    };
    try {
      await writeAnalystCatalog(catalog, root, [tile('ST17')]);
      const first = await stat(catalog);
      await writeAnalystCatalog(catalog, root, [tile('ST17')]);
      // The same views: not written again (the same file, not one renamed over it).
      expect((await stat(catalog)).ino).toBe(first.ino);
      expect(await count()).toBe(1);
      await writeAnalystCatalog(catalog, root, [tile('ST17'), tile('TQ27')]);
      expect((await stat(catalog)).ino).not.toBe(first.ino);
      expect(await count()).toBe(2);
      // A table no build owns any more: its view goes.
      await writeAnalystCatalog(catalog, root, []);
      await expect(count()).rejects.toThrow(/properties_wide/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
