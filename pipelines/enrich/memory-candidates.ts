// A CandidateProvider over pieces held in memory: one spatial index per family. The batch job builds one
// per tile (that tile's pieces plus its 1 km overlap, and one national coast index shared by every tile);
// the live API builds one from the pieces Elasticsearch returned for the point.
import { FeatureIndex } from '../geo/feature-index';
import type { Position } from '../geo/geometry';
import { tileOf } from '../geo/tiles';
import type {
  CandidateProvider,
  Country,
  Family,
  FamilyAttrs,
  PieceRecord,
} from '../transforms/flood/candidates';

export type TileCountries = ReadonlyMap<string, readonly { country: Country; pieces: number }[]>;

export class MemoryCandidates implements CandidateProvider {
  private readonly indexes = new Map<Family, FeatureIndex<PieceRecord>>();

  constructor(
    families: Partial<Record<Family, readonly PieceRecord[] | FeatureIndex<PieceRecord>>>,
    private readonly countries: TileCountries,
  ) {
    for (const [family, given] of Object.entries(families) as [
      Family,
      PieceRecord[] | FeatureIndex<PieceRecord>,
    ][])
      this.indexes.set(family, given instanceof FeatureIndex ? given : new FeatureIndex(given));
  }

  near<F extends Family>(family: F, p: Position, r: number): readonly PieceRecord<FamilyAttrs[F]>[] {
    const index = this.indexes.get(family);
    return index ? (index.withinDistance(p, r) as PieceRecord<FamilyAttrs[F]>[]) : [];
  }

  tileCountries(p: Position): readonly { country: Country; pieces: number }[] {
    return this.countries.get(tileOf(p[0], p[1])) ?? [];
  }
}
