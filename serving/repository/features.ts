// Live flood answers: candidates from the feature index (alias `<prefix>-features`, with decoded pieces and
// per-tile coast lists cached in this process), then the same enrichment function the batch job runs.
// Elasticsearch away or the index not built yet is a 503.
import { errors, type Client } from '@elastic/elasticsearch';
import type { FloodRiskBlock } from '../../schemas/api/flood-risk';
import { LiveFloodCandidates, type LiveCandidatesOptions } from '../../pipelines/enrich/es-candidates';
import type { Position } from '../../pipelines/geo/geometry';
import { floodRiskBlock } from '../../pipelines/transforms/flood/block';
import { ApiError } from '../errors';

export interface FeaturesRepository {
  floodRiskAt(p: Position): Promise<FloodRiskBlock>;
}

export function featuresRepository(
  client: Client,
  alias: string,
  options: LiveCandidatesOptions = {},
): FeaturesRepository {
  const candidates = new LiveFloodCandidates(client, alias, options);
  return {
    async floodRiskAt(p) {
      try {
        return floodRiskBlock(await candidates.at(p), p);
      } catch (error) {
        throw unavailable(error, 'Flood features are not indexed yet; run a refresh');
      }
    },
  };
}

/** A store failure as the 503 it is (`notIndexed` says what is missing); anything else unchanged. */
export function unavailable(error: unknown, notIndexed: string): unknown {
  if (error instanceof errors.ResponseError && error.body?.error?.type === 'index_not_found_exception')
    return new ApiError('service_unavailable', notIndexed);
  if (
    error instanceof errors.ConnectionError ||
    error instanceof errors.TimeoutError ||
    error instanceof errors.NoLivingConnectionsError ||
    (error instanceof errors.ResponseError && (error.statusCode ?? 0) >= 500)
  )
    return new ApiError('service_unavailable', 'The data store is unavailable; try again shortly');
  return error;
}
