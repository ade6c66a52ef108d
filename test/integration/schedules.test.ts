// Schedules on the real Temporal server: synced from the asset graph, triggered, paused, and never
// overlapping a running refresh.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Client } from '@temporalio/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSETS } from '../../pipelines/assets/graph';
import { generateSampleData } from '../../pipelines/sample-data';
import { connectClient, startRefresh } from '../../workflows/client';
import type { RefreshProgress } from '../../workflows/types';
import { describeSchedules, refreshSchedules, syncSchedules } from '../../workflows/schedules';
import { testConfig } from '../helpers/config';
import { createEsClient } from '../../pipelines/indexing/es-client';
import { dropTestIndexes, startTestWorker, type TestWorker } from '../helpers/worker';

const config = testConfig('schedules');
const planned = refreshSchedules(ASSETS, config);
let client: Client;
let worker: TestWorker;

/** The workflow run a schedule action started most recently, once it has finished. */
async function lastScheduledResult(id: string, previousActions: number): Promise<unknown> {
  for (let i = 0; i < 120; i++) {
    const d = await client.schedule.getHandle(id).describe();
    const action = d.info.recentActions[previousActions];
    if (action)
      return client.workflow
        .getHandle(action.action.workflow.workflowId, action.action.workflow.firstExecutionRunId)
        .result();
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`schedule ${id} never ran`);
}

beforeAll(async () => {
  await generateSampleData({ outDir: config.sourcesDir, scale: 0.2 });
  client = await connectClient(config);
  worker = await startTestWorker(config);
  await syncSchedules(client, config, planned);
}, 300_000);

afterAll(async () => {
  for (const s of planned)
    await client.schedule
      .getHandle(s.id)
      .delete()
      .catch(() => undefined);
  await worker.stop();
  await client.connection.close();
  // The scheduled refreshes built this test's indexes: leave the shared Elasticsearch as it was.
  const es = createEsClient(config.esUrl);
  await dropTestIndexes(es, config);
  await es.close();
});

describe('refresh schedules', () => {
  it('are created from the asset graph with their next run times, and a second sync changes nothing', async () => {
    await syncSchedules(client, config, planned);
    const summaries = await describeSchedules(
      client,
      planned.map((s) => s.id),
    );
    expect(summaries.map((s) => s.id)).toEqual(planned.map((s) => s.id));
    for (const s of summaries) {
      expect(s.paused).toBe(false);
      expect(s.nextRuns.length).toBeGreaterThan(0);
      expect(Date.parse(s.nextRuns[0]!)).toBeGreaterThan(Date.now());
    }
  });

  it('a triggered schedule runs the refresh of its sources and their downstream', async () => {
    const quarterly = planned.find((s) => s.cadence === 'quarterly')!;
    await client.schedule.getHandle(quarterly.id).trigger();
    const result = (await lastScheduledResult(quarterly.id, 0)) as {
      skipped: boolean;
      progress: RefreshProgress;
    };
    expect(result.skipped).toBe(false);
    expect(result.progress.assets.map((a) => a.name)).toEqual(
      expect.arrayContaining([
        'os_open_uprn',
        'onspd',
        'epc_scotland_raw',
        'epc_enhanced',
        'properties_index',
      ]),
    );
    expect(result.progress.assets.every((a) => a.state === 'done')).toBe(true);
    // With no `pds refresh` around to do it, the run itself wrote the analysts' catalog.
    expect(result.progress.analystCatalog).toEqual({
      path: resolve(config.dataDir, 'catalog.duckdb'),
      views: expect.any(Number),
    });
    expect(existsSync(resolve(config.dataDir, 'catalog.duckdb'))).toBe(true);
  }, 300_000);

  it('is skipped, not overlapped, while a refresh is running', async () => {
    const monthly = planned.find((s) => s.cadence === 'monthly')!;
    const manual = await startRefresh(client, config, { force: true });
    await client.schedule.getHandle(monthly.id).trigger();
    const result = (await lastScheduledResult(monthly.id, 0)) as { skipped: boolean; reason: string };
    expect(result).toEqual({ skipped: true, reason: expect.stringContaining('already running') });
    await manual.result();
  }, 300_000);

  it('can be paused and resumed', async () => {
    const handle = client.schedule.getHandle(planned[0]!.id);
    await handle.pause('test');
    expect((await handle.describe()).state.paused).toBe(true);
    await handle.unpause('test');
    expect((await handle.describe()).state.paused).toBe(false);
  });
});
