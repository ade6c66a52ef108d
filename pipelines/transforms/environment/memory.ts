// EnvironmentCandidates over records held in memory: cell maps for the grids, a flatbush index for the
// greenspace pieces and a kdbush index per point family. The batch job builds one per tile.
import { FeatureIndex } from '../../geo/feature-index';
import type { Position } from '../../geo/geometry';
import { PointIndex } from '../../geo/point-index';
import type { Pollutant } from '../../../schemas/environment-features';
import type { PieceRecord } from '../flood/candidates';
import type { PointNeighbour, PointRecord } from '../planning/candidates';
import type {
  CellValue,
  EnvironmentCandidates,
  EnvironmentPointAttrs,
  EnvironmentPointFamily,
  GreenspaceAttrs,
} from './candidates';
import type { SubsidenceAttrs } from './subsidence';

const key = (x: number, y: number): string => `${x},${y}`;

export interface EnvironmentLayerRecords {
  airQuality?: readonly { pollutant: Pollutant; cellX: number; cellY: number; value: CellValue }[];
  radon?: readonly { cellX: number; cellY: number; classMax: number }[];
  greenspace?: readonly PieceRecord<GreenspaceAttrs>[];
  /** GeoSure hazard and GeoClimate pieces (pipelines/transforms/environment/subsidence.ts). */
  subsidence?: readonly PieceRecord<SubsidenceAttrs>[];
  points?: Partial<{ [F in EnvironmentPointFamily]: readonly PointRecord<EnvironmentPointAttrs[F]>[] }>;
}

export class MemoryEnvironment implements EnvironmentCandidates {
  private readonly air = new Map<string, CellValue>();
  private readonly radon = new Map<string, number>();
  private readonly green: FeatureIndex<PieceRecord<GreenspaceAttrs>>;
  private readonly subsidenceIndex: FeatureIndex<PieceRecord<SubsidenceAttrs>>;
  private readonly pointIndexes = new Map<EnvironmentPointFamily, PointIndex<PointRecord>>();

  constructor(records: EnvironmentLayerRecords) {
    for (const r of records.airQuality ?? [])
      this.air.set(`${r.pollutant}:${key(r.cellX, r.cellY)}`, r.value);
    for (const r of records.radon ?? []) this.radon.set(key(r.cellX, r.cellY), r.classMax);
    this.green = new FeatureIndex([...(records.greenspace ?? [])]);
    this.subsidenceIndex = new FeatureIndex([...(records.subsidence ?? [])]);
    for (const [family, list] of Object.entries(records.points ?? {}) as [
      EnvironmentPointFamily,
      PointRecord[],
    ][])
      // Sorted by id so equal distances come out in id order (PointIndex breaks ties by insertion order).
      this.pointIndexes.set(
        family,
        new PointIndex(
          [...list].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)),
          (r) => r.position,
        ),
      );
  }

  airQuality(pollutant: Pollutant, cellX: number, cellY: number): CellValue | null {
    return this.air.get(`${pollutant}:${key(cellX, cellY)}`) ?? null;
  }

  radonClass(cellX: number, cellY: number): number | null {
    return this.radon.get(key(cellX, cellY)) ?? null;
  }

  subsidence(p: Position): readonly PieceRecord<SubsidenceAttrs>[] {
    return this.subsidenceIndex.withinDistance(p, 0);
  }

  greenspace(p: Position, r: number): readonly PieceRecord<GreenspaceAttrs>[] {
    return this.green.withinDistance(p, r);
  }

  points<F extends EnvironmentPointFamily>(
    family: F,
    p: Position,
    k: number,
    r: number,
  ): readonly PointNeighbour<EnvironmentPointAttrs[F]>[] {
    const index = this.pointIndexes.get(family);
    if (!index) return [];
    return index
      .nearest(p, k, r)
      .map((n) => ({ record: n.item as PointRecord<EnvironmentPointAttrs[F]>, distance: n.distance }));
  }
}
