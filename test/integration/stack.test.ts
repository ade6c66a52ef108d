// The local stack as the other integration tests rely on it: both servers ours, healthy, at the advertised
// addresses, and Elasticsearch able to do what the integ-test-zip build can (geo_point, bulk, geo_distance).
import { Client } from '@elastic/elasticsearch';
import { Connection } from '@temporalio/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ES_CLUSTER_NAME,
  TEMPORAL_SEARCH_ATTRIBUTES,
  esUrl,
  stackStatus,
  temporalAddress,
  temporalUiUrl,
} from '../../infra/stack';

describe('local stack', () => {
  let es: Client;
  let temporal: Connection;

  beforeAll(async () => {
    es = new Client({ node: esUrl() });
    temporal = await Connection.connect({ address: temporalAddress() });
  });

  afterAll(async () => {
    await es?.close();
    await temporal?.close();
  });

  it('reports both services running and healthy', async () => {
    const status = await stackStatus();
    for (const service of [status.elasticsearch, status.temporal]) {
      expect(service.state, service.detail).toBe('running');
      expect(service.healthy, service.detail).toBe(true);
      expect(service.pid).toBeGreaterThan(0);
      expect(service.version).toBeTruthy();
    }
    expect(status.elasticsearch.url).toBe(esUrl());
    expect(status.temporal.address).toBe(temporalAddress());
  });

  it('Elasticsearch is our single node, green or yellow', async () => {
    // cluster.health, not info()/ping(): the integ-test-zip has no `GET /`.
    const health = await es.cluster.health({ wait_for_status: 'yellow', timeout: '10s' });
    expect(health.cluster_name).toBe(ES_CLUSTER_NAME);
    expect(['green', 'yellow']).toContain(health.status);
    expect(health.number_of_nodes).toBe(1);
  });

  it('Elasticsearch supports geo_point, bulk and geo_distance', async () => {
    const index = `stack-test-${process.pid}-${Date.now()}`;
    try {
      await es.indices.create({
        index,
        settings: { number_of_replicas: 0 },
        mappings: { properties: { name: { type: 'keyword' }, loc: { type: 'geo_point' } } },
      });
      const bulk = await es.bulk({
        refresh: true,
        operations: [
          { index: { _index: index, _id: 'london' } },
          { name: 'london', loc: { lat: 51.5074, lon: -0.1278 } },
          { index: { _index: index, _id: 'cambridge' } },
          { name: 'cambridge', loc: { lat: 52.2053, lon: 0.1218 } },
          { index: { _index: index, _id: 'edinburgh' } },
          { name: 'edinburgh', loc: { lat: 55.9533, lon: -3.1883 } },
        ],
      });
      expect(bulk.errors).toBe(false);
      const near = await es.search<{ name: string }>({
        index,
        query: { bool: { filter: { geo_distance: { distance: '100km', loc: { lat: 51.5, lon: -0.1 } } } } },
        sort: [{ _geo_distance: { loc: { lat: 51.5, lon: -0.1 }, order: 'asc' } }],
      });
      expect(near.hits.hits.map((h) => h._source?.name)).toEqual(['london', 'cambridge']);
    } finally {
      await es.indices.delete({ index, ignore_unavailable: true });
    }
  });

  it('Temporal answers health and has our search attributes', async () => {
    const health = await temporal.healthService.check({});
    expect(health.status).toBe(1); // SERVING
    const attrs = await temporal.operatorService.listSearchAttributes({ namespace: 'default' });
    for (const name of Object.keys(TEMPORAL_SEARCH_ATTRIBUTES)) {
      expect(attrs.customAttributes?.[name], `search attribute ${name}`).toBeDefined();
    }
  });

  it('Temporal Web UI answers', async () => {
    const res = await fetch(temporalUiUrl(), { signal: AbortSignal.timeout(5000) });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
  });
});
