// Subsidence (spec 2.7): for one point, the GeoSure polygon of each of the six hazards and the GeoClimate
// polygon (2 km square in the Open product) of each of the five shrink-swell climate keys that contain it.
// - A point on a boundary shared by two polygons of one layer takes the higher class (GeoSure: the higher
//   class 1..3, then the later letter, D before E; GeoClimate: Probable > Possible > Improbable >
//   Unavailable); equal ones go to the smaller feature id, so batch and live agree whatever the order.
// - A hazard with no polygon at the point answers class 1 with a legend saying it is not mapped (the spec's
//   class is not nullable) and no advisory; a climate key with none answers `Unavailable` with the
//   maintained "not loaded" legend (the high-emissions keys exist only in the Premium product).
// - The block is null only when no layer at all covers the point (at sea, or nothing loaded).
import type { Position } from '../../geo/geometry';
import { piecesContain } from '../../geo/pieces';
import type { EnvironmentBlock } from '../../../schemas/api/environment';
import {
  SHRINK_SWELL_CLIMATE_KEYS,
  SUBSIDENCE_HAZARDS,
  type GeoClimateClass,
  type ShrinkSwellClimateKey,
  type SubsidenceHazard,
} from '../../../schemas/environment-features';
import type { PieceRecord } from '../flood/candidates';
import { subsidenceReference } from './subsidence-reference';

/** What a subsidence piece carries: its layer's key, class and legend (letter: GeoSure's A-E, else null). */
export type SubsidenceAttrs =
  | { key: SubsidenceHazard; class: number; letter: string | null; legend: string }
  | { key: ShrinkSwellClimateKey; class: GeoClimateClass; letter: null; legend: string };

type Block = NonNullable<EnvironmentBlock['subsidence']>;

/** The staged tables (schemas/environment-features.ts) the pieces come from. */
export const SUBSIDENCE_TABLES = ['subsidence_hazard_areas', 'subsidence_climate_areas'] as const;

/** A staged row of either table → the attributes its pieces carry (batch tiles and the live index alike). */
export function subsidenceAttrsOfRow(row: Record<string, unknown>): SubsidenceAttrs {
  const legend = String(row.legend);
  return row.hazard !== undefined && row.hazard !== null
    ? {
        key: row.hazard as SubsidenceHazard,
        class: Number(row.hazard_class),
        letter: row.class_letter === null || row.class_letter === undefined ? null : String(row.class_letter),
        legend,
      }
    : {
        key: row.climate_key as ShrinkSwellClimateKey,
        class: row.class as GeoClimateClass,
        letter: null,
        legend,
      };
}

/** Order of severity within one layer (higher wins on a shared boundary). */
const CLIMATE_RANK: readonly GeoClimateClass[] = ['Unavailable', 'Improbable', 'Possible', 'Probable'];
function rank(a: SubsidenceAttrs): number {
  if (typeof a.class === 'string') return CLIMATE_RANK.indexOf(a.class);
  return a.class * 10 + (a.letter ? a.letter.charCodeAt(0) - 64 : 0);
}

/** The winning record of each key among the pieces that contain p. */
export function subsidenceAt(
  pieces: readonly PieceRecord<SubsidenceAttrs>[],
  p: Position,
): Map<string, PieceRecord<SubsidenceAttrs>> {
  const best = new Map<string, PieceRecord<SubsidenceAttrs>>();
  for (const rec of pieces) {
    const current = best.get(rec.attrs.key);
    if (current) {
      const d = rank(rec.attrs) - rank(current.attrs);
      if (d < 0 || (d === 0 && rec.featureId >= current.featureId)) continue;
    }
    if (piecesContain([rec.piece], p)) best.set(rec.attrs.key, rec);
  }
  return best;
}

export function subsidenceBlock(
  pieces: readonly PieceRecord<SubsidenceAttrs>[],
  p: Position,
): EnvironmentBlock['subsidence'] {
  const found = subsidenceAt(pieces, p);
  if (found.size === 0) return null;
  const ref = subsidenceReference();
  const out = {} as Block;
  for (const hazard of SUBSIDENCE_HAZARDS) {
    const a = found.get(hazard)?.attrs;
    out[hazard] = a
      ? {
          class: a.class as number,
          legend: a.legend,
          advisory: ref.geosure.hazards[hazard].advisories[String(a.class) as '1' | '2' | '3'],
        }
      : null; // no polygon: no assessment (never a made-up Low)
  }
  for (const key of SHRINK_SWELL_CLIMATE_KEYS) {
    const a = found.get(key)?.attrs;
    out[key] = a
      ? { class: a.class as GeoClimateClass, legend: a.legend }
      : { class: 'Unavailable', legend: ref.geoclimate.notLoadedLegend };
  }
  return out;
}
