// While a refresh rebuilds the index, the API keeps answering from the old one; it switches only when the
// new index has passed its checks (the alias moves in one atomic step).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { propertiesAlias } from '../../pipelines/indexing/aliases';
import { createEsClient } from '../../pipelines/indexing/es-client';
import { aliasTargets } from '../../pipelines/indexing/versioned-index';
import { generateSampleData } from '../../pipelines/sample-data';
import { silentLogger } from '../../serving/log';
import { startServer, type RunningServer } from '../../serving/server';
import { connectClient, startRefresh, watchRefresh } from '../../workflows/client';
import type { RefreshProgress } from '../../workflows/types';
import { testConfig } from '../helpers/config';
import { createTestKey, dropTestIndexes, startTestWorker, type TestWorker } from '../helpers/worker';

const config = testConfig('rebuild');
const es = createEsClient(config.esUrl);
let worker: TestWorker;
let server: RunningServer;
let uprn: number;
const statuses: number[] = [];
const targetsSeen = new Set<string>();
let indexBefore: string[];
let indexAfter: string[];
let rebuild: RefreshProgress;

beforeAll(async () => {
  const manifest = await generateSampleData({ outDir: config.sourcesDir, scale: 0.3 });
  uprn = Number(manifest.samples.find((s) => s.country === 'England' && s.certificates > 0)!.uprn);
  worker = await startTestWorker(config);
  const client = await connectClient(config);
  await watchRefresh(await startRefresh(client, config, {}), () => {});
  // A client polling as fast as it can: the demo plan's credits, and no rate limit.
  const key = createTestKey(config, 'rebuild', 'demo');
  server = await startServer(config, silentLogger, { rateLimit: false });
  indexBefore = await aliasTargets(es, propertiesAlias(config));

  // Rebuild everything while a client keeps asking; record each answer and the alias' target as we go.
  let done = false;
  const polling = (async () => {
    while (!done) {
      const res = await fetch(`${server.url}/epcs?uprn=${uprn}`, { headers: { 'x-api-key': key } });
      statuses.push(res.status);
      await res.arrayBuffer();
      (await aliasTargets(es, propertiesAlias(config))).forEach((t) => targetsSeen.add(t));
    }
  })();
  rebuild = await watchRefresh(await startRefresh(client, config, { force: true }), () => {});
  done = true;
  await polling;
  indexAfter = await aliasTargets(es, propertiesAlias(config));
  await client.connection.close();
}, 600_000);

afterAll(async () => {
  await server?.close();
  await worker?.stop();
  await dropTestIndexes(es, config);
  await es.close();
});

describe('serving during a rebuild', () => {
  it('answered every request while the index was rebuilt', () => {
    expect(rebuild.assets.every((a) => a.state === 'done')).toBe(true);
    expect(statuses.length).toBeGreaterThan(20);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
  });

  it('the alias only ever pointed at a complete index: the old one, then the new one', () => {
    expect(indexBefore).toHaveLength(1);
    expect(indexAfter).toHaveLength(1);
    expect(indexAfter[0]).not.toBe(indexBefore[0]);
    expect([...targetsSeen].sort()).toEqual([indexBefore[0], indexAfter[0]].sort());
  });
});
