// LocationCandidates over records held in memory: a flatbush index per polygon family and a kdbush index
// per point family. The batch job builds one per tile; a live answer builds one from what Elasticsearch
// returned for the point.
import { FeatureIndex } from '../../geo/feature-index';
import type { Position } from '../../geo/geometry';
import { PointIndex } from '../../geo/point-index';
import type { PieceRecord } from '../flood/candidates';
import type {
  AreaAttrs,
  AreaFamily,
  LocationCandidates,
  PointAttrs,
  PointFamily,
  PointNeighbour,
  PointRecord,
} from './candidates';

export class MemoryLayers implements LocationCandidates {
  private readonly areaIndexes = new Map<AreaFamily, FeatureIndex<PieceRecord>>();
  private readonly pointIndexes = new Map<PointFamily, PointIndex<PointRecord>>();

  constructor(
    areas: Partial<Record<AreaFamily, readonly PieceRecord[]>>,
    points: Partial<Record<PointFamily, readonly PointRecord[]>>,
  ) {
    for (const [family, records] of Object.entries(areas) as [AreaFamily, PieceRecord[]][])
      this.areaIndexes.set(family, new FeatureIndex(records));
    for (const [family, records] of Object.entries(points) as [PointFamily, PointRecord[]][])
      // Sorted by id so equal distances come out in id order (PointIndex breaks ties by insertion order).
      this.pointIndexes.set(
        family,
        new PointIndex(
          [...records].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)),
          (r) => r.position,
        ),
      );
  }

  areas<F extends AreaFamily>(family: F, p: Position, r: number): readonly PieceRecord<AreaAttrs[F]>[] {
    const index = this.areaIndexes.get(family);
    return index ? (index.withinDistance(p, r) as PieceRecord<AreaAttrs[F]>[]) : [];
  }

  points<F extends PointFamily>(
    family: F,
    p: Position,
    k: number,
    r: number,
  ): readonly PointNeighbour<PointAttrs[F]>[] {
    const index = this.pointIndexes.get(family);
    if (!index) return [];
    return index
      .nearest(p, k, r)
      .map((n) => ({ record: n.item as PointRecord<PointAttrs[F]>, distance: n.distance }));
  }
}
