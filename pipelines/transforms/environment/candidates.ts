// What the environment and social blocks read, whatever the store: 1 km grid cells (air quality, radon)
// looked up by cell, greenspace polygon pieces, and point families (landslides, NHS sites, defibrillators).
// The batch job answers from memory per tile (./memory.ts); a live answer can fill the same class from
// Elasticsearch, so both run the very same block code.
import type { Position } from '../../geo/geometry';
import type { NhsSiteKind, Pollutant } from '../../../schemas/environment-features';
import type { PieceRecord } from '../flood/candidates';
import type { PointNeighbour } from '../planning/candidates';
import type { SubsidenceAttrs } from './subsidence';

export interface GreenspaceAttrs {
  function: string;
  name: string | null;
}

export interface NhsAttrs {
  name: string;
  address1: string | null;
  address2: string | null;
  address3: string | null;
  postcode: string;
  url: string;
}

export interface EnvironmentPointAttrs {
  landslides: { name: string | null };
  defibrillators: { location_name: string | null; availability: string; access_type: string };
  gp_practice: NhsAttrs;
  dentist: NhsAttrs;
  hospital: NhsAttrs;
}
export type EnvironmentPointFamily = keyof EnvironmentPointAttrs;
export type NhsFamily = Extract<EnvironmentPointFamily, NhsSiteKind>;

export interface CellValue {
  value: number;
  /** 0..100, see percentileOf in ./air-quality.ts. */
  percentile: number;
}

export interface EnvironmentCandidates {
  /** The pollutant's value in the 1 km cell with south-west corner (cellX, cellY), or null. */
  airQuality(pollutant: Pollutant, cellX: number, cellY: number): CellValue | null;
  /** CLASS_MAX of the radon atlas square, or null. */
  radonClass(cellX: number, cellY: number): number | null;
  /** GeoSure and GeoClimate pieces whose bbox holds `p` (a superset is fine). */
  subsidence(p: Position): readonly PieceRecord<SubsidenceAttrs>[];
  /** Greenspace pieces whose bbox lies within `r` of `p` (a superset is fine). */
  greenspace(p: Position, r: number): readonly PieceRecord<GreenspaceAttrs>[];
  /** The `k` nearest points of `family` within `r` (inclusive), nearest first, ties by id. */
  points<F extends EnvironmentPointFamily>(
    family: F,
    p: Position,
    k: number,
    r: number,
  ): readonly PointNeighbour<EnvironmentPointAttrs[F]>[];
}

/** How far the nearest greenspace site is searched (greenspace is dense; a tile loads this margin). */
export const GREENSPACE_NEAREST_LIMIT = 10_000;

/** South-west corner of the 1 km cell holding a coordinate. */
export const cellCorner = (v: number): number => Math.floor(v / 1000) * 1000;
