// GET /location before its index exists (a data set refreshed by a version that had no location feature
// index, or never refreshed): Elasticsearch answers the msearch with 200 and an index_not_found error in each
// item. That is a 503 saying what to do, not a 500 (it was a 500 once: the item error was thrown as a plain
// Error).
import { afterAll, describe, expect, it } from 'vitest';
import { locationFeaturesAlias } from '../../pipelines/enrich/location-documents';
import { createEsClient } from '../../pipelines/indexing/es-client';
import { ApiError } from '../../serving/errors';
import { locationRepository } from '../../serving/repository/location';
import type { FeaturesRepository } from '../../serving/repository/features';
import { testConfig } from '../helpers/config';

const config = testConfig('location-unindexed');
const es = createEsClient(config.esUrl);
// The flood half answers, so only the location features' absence is under test.
const flood: FeaturesRepository = {
  floodRiskAt: async () => ({}) as Awaited<ReturnType<FeaturesRepository['floodRiskAt']>>,
};

afterAll(async () => {
  await es.close();
});

describe('GET /location with no location feature index', () => {
  it('is a 503 that says to run a refresh', async () => {
    const repo = locationRepository(es, locationFeaturesAlias(config), flood);
    const error = await repo.locationAt([375_000, 165_000]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(503);
    expect((error as ApiError).message).toBe('Location features are not indexed yet; run a refresh');
  });
});
