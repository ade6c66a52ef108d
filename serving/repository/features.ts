// Live flood answers: candidates from the feature index (alias `<prefix>-features`, with decoded pieces and
// per-tile coast lists cached in this process), then the same enrichment function the batch job runs.
// Elasticsearch away or the index not built yet is a 503.
import type { Client } from '@elastic/elasticsearch';
import type { FloodRiskBlock } from '../../schemas/api/flood-risk';
import { LiveFloodCandidates, type LiveCandidatesOptions } from '../../pipelines/enrich/es-candidates';
import type { Position } from '../../pipelines/geo/geometry';
import { floodRiskBlock } from '../../pipelines/transforms/flood/block';
import { unavailable } from './unavailable';

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
