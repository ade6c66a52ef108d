// A CandidateProvider over pieces held in memory: one spatial index per family and, for the zones, one per
// layer too (a surface-water layer is searched 250 m around the point, not the 1 km the rivers need). The
// batch job builds one per tile (that tile's pieces plus its 1 km overlap, and the coast pieces that can be
// nearest to some point of it); the live API builds one from the pieces Elasticsearch returned for the point,
// or, for a hot tile, the batch job's own per tile (pipelines/enrich/es-candidates.ts).
import { FeatureIndex } from '../geo/feature-index';
import type { Position } from '../geo/geometry';
import type { CandidateProvider, Family, FamilyAttrs, PieceRecord } from '../transforms/flood/candidates';

export class MemoryCandidates implements CandidateProvider {
  private readonly indexes = new Map<Family, FeatureIndex<PieceRecord>>();
  private readonly layers = new Map<string, FeatureIndex<PieceRecord>>();

  constructor(families: Partial<Record<Family, readonly PieceRecord[] | FeatureIndex<PieceRecord>>>) {
    for (const [family, given] of Object.entries(families) as [
      Family,
      PieceRecord[] | FeatureIndex<PieceRecord>,
    ][])
      this.indexes.set(family, given instanceof FeatureIndex ? given : new FeatureIndex(given));
    const byLayer = new Map<string, PieceRecord[]>();
    for (const rec of this.indexes.get('zones')?.items ?? []) {
      const list = byLayer.get(rec.layer);
      if (list) list.push(rec);
      else byLayer.set(rec.layer, [rec]);
    }
    for (const [layer, records] of byLayer) this.layers.set(layer, new FeatureIndex(records));
  }

  near<F extends Family>(
    family: F,
    p: Position,
    r: number,
    layer?: string,
  ): readonly PieceRecord<FamilyAttrs[F]>[] {
    const index =
      family === 'zones' && layer !== undefined ? this.layers.get(layer) : this.indexes.get(family);
    return index ? (index.withinDistance(p, r) as PieceRecord<FamilyAttrs[F]>[]) : [];
  }

  nearestBoxes<F extends Family>(family: F, p: Position, k: number): readonly PieceRecord<FamilyAttrs[F]>[] {
    return (this.indexes.get(family)?.nearestBoxes(p, k) ?? []) as PieceRecord<FamilyAttrs[F]>[];
  }
}
