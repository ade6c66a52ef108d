// The unit of batch work: one 10 km tile's UPRNs against that tile's pieces (plus 1 km overlap, every
// search radius but the coast's) and the national coast index. Pure: the caller loads and writes.
import type { FloodRiskBlock } from '../../schemas/api/flood-risk';
import type { FeatureIndex } from '../geo/feature-index';
import { floodRiskBlock } from '../transforms/flood/block';
import type { Family, PieceRecord } from '../transforms/flood/candidates';
import { MemoryCandidates } from './memory-candidates';

export interface UprnPoint {
  uprn: number;
  x: number;
  y: number;
}

/** The flood block of a point of the tile, from the tile's pieces and the coast index. */
export function tileBlockBuilder(
  pieces: Partial<Record<Exclude<Family, 'coast'>, readonly PieceRecord[]>>,
  coast: FeatureIndex<PieceRecord>,
): (u: UprnPoint) => FloodRiskBlock {
  const provider = new MemoryCandidates({ ...pieces, coast });
  return (u) => floodRiskBlock(provider, [u.x, u.y]);
}
