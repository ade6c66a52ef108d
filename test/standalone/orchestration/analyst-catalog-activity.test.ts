// A refresh ends with the worker writing the analysts' catalog (workflows/activities.ts writeAnalystCatalog):
// one view per table over the current files the materialisation catalog names. The worker keeps one
// connection to that catalog, and reads the folder's catalog again once it has been replaced by a copy (an
// operator restoring the data folder), not the file it first opened.
import { cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openCatalog } from '../../../pipelines/catalog/catalog';
import { dataPaths } from '../../../pipelines/config';
import { copyQueryToParquet } from '../../../pipelines/io/parquet';
import { createActivities } from '../../../workflows/activities';
import { testConfig } from '../../helpers/config';

const config = testConfig('analyst-catalog-activity');
const { catalogDb } = dataPaths(config.dataDir);

/** Records a successful build of `asset` whose output is a one-row Parquet file of that name. */
async function recordBuild(catalogPath: string, asset: string): Promise<void> {
  const file = join(config.dataDir, 'parquet', 'derived', `${asset}.parquet`);
  await copyQueryToParquet('SELECT 1 AS uprn', file);
  const catalog = openCatalog(catalogPath);
  catalog.record({
    asset,
    partition: '',
    runId: 'r1',
    codeVersion: '1',
    inputs: { sources: [], upstream: [] },
    fingerprint: asset,
    status: 'success',
    rows: 1,
    bytes: 0,
    outputs: [file],
    metrics: {},
    startedAt: new Date().toISOString(),
    durationMs: 0,
    error: null,
  });
  catalog.close();
}

afterAll(() => rmSync(config.dataDir, { recursive: true, force: true }));

describe('the analysts’ catalog activity', () => {
  it('writes a view per current table, and reads a data folder restored from a copy', async () => {
    await recordBuild(catalogDb, 'epc_latest');
    const activities = createActivities(config);
    expect(await activities.writeAnalystCatalog()).toEqual({
      path: join(config.dataDir, 'catalog.duckdb'),
      views: 1,
    });

    // The same folder restored from a copy holding one more build.
    const copy = `${catalogDb}.copy`;
    cpSync(catalogDb, copy);
    await recordBuild(copy, 'epc_stats');
    for (const file of [catalogDb, `${catalogDb}-wal`, `${catalogDb}-shm`]) rmSync(file, { force: true });
    cpSync(copy, catalogDb);
    expect((await activities.writeAnalystCatalog()).views).toBe(2);
  });
});
