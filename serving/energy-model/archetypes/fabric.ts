// insulation_value → U-values. Level 3 is the typical present state of the age band (as built, cavity filled,
// 100 mm loft, double glazing); levels 1–2 and 4–5 are states before and after common upgrades, all from the
// RdSAP tables in age-bands.ts. A level never equals its neighbour: each step changes every element by at
// least 10 % (for new homes the tables alone would leave levels 1–3 identical).
import {
  DOOR_U,
  FLOOR_INSULATION_AS_BUILT,
  GLAZING,
  GLAZING_AS_BUILT,
  type Glazing,
  isCavityEra,
  LOFT,
  ROOF_AS_BUILT,
  WALL_CAVITY_FILLED,
  WALL_CAVITY_UNFILLED,
  WALL_PLUS_100MM,
  WALL_PLUS_50MM,
  WALL_SOLID_BRICK,
} from './age-bands';

export interface FabricState {
  wallU: number;
  roofU: number;
  /** Added ground-floor insulation, m²K/W (the floor U also depends on the plan; see groundFloorU). */
  floorInsulation: number;
  doorU: number;
  glazing: Glazing;
  /** Window U before the curtain adjustment. */
  windowU: number;
}

const STEP = 0.9;

/** Five values, level 1 first, made strictly decreasing by at least STEP per level around level 3. */
function chain(states: readonly number[]): number[] {
  const out = [...states];
  for (let i = 3; i < 5; i++) out[i] = Math.min(states[i]!, out[i - 1]! * STEP);
  for (let i = 1; i >= 0; i--) out[i] = Math.max(states[i]!, out[i + 1]! / STEP);
  return out;
}

/** The five fabric states of one age band, level 1 first. */
// prettier-ignore
export function fabricLevels(band: number): FabricState[] {
  const asBuiltWall = (isCavityEra(band) ? WALL_CAVITY_UNFILLED : WALL_SOLID_BRICK)[band]!;
  const typicalWall = isCavityEra(band) ? Math.min(asBuiltWall, WALL_CAVITY_FILLED[band]!) : asBuiltWall;
  const walls = chain([
    asBuiltWall,
    asBuiltWall,
    typicalWall,
    Math.min(typicalWall, WALL_PLUS_50MM[band]!),
    Math.min(typicalWall, WALL_PLUS_100MM[band]!),
  ]);
  const roof = ROOF_AS_BUILT[band]!;
  const roofs = chain([roof, Math.min(roof, LOFT.mm50), Math.min(roof, LOFT.mm100), Math.min(roof, LOFT.mm270), Math.min(roof, LOFT.mm400)]);
  const floor = FLOOR_INSULATION_AS_BUILT[band]!;
  // Insulation resistance grows with the level; 50 mm and 100 mm at λ 0.035 for the upgrades.
  const floors = [0, 0, floor, Math.max(floor, 0.05 / 0.035), Math.max(floor, 0.1 / 0.035)];
  for (let i = 1; i < 5; i++) floors[i] = Math.max(floors[i]!, floors[i - 1]! + 0.25);
  const built = GLAZING_AS_BUILT[band]!;
  const better = (g: Glazing): Glazing => (g.u < built.u ? g : built);
  const glazings = [built, better(GLAZING.mixed), better(GLAZING.doubleAir), better(GLAZING.doubleLowESoft), better(GLAZING.tripleLowESoft)];
  const windows = chain(glazings.map((g) => g.u));
  return [0, 1, 2, 3, 4].map((i) => ({
    wallU: walls[i]!,
    roofU: roofs[i]!,
    floorInsulation: floors[i]!,
    doorU: i >= 3 ? Math.min(DOOR_U[band]!, 2) : DOOR_U[band]!,
    glazing: glazings[i]!,
    windowU: windows[i]!,
  }));
}

/** Effective window U with curtains (SAP Table 6e "_adj"): 1/(1/U + 0.04). */
export const curtainedWindowU = (u: number): number => 1 / (1 / u + 0.04);

/**
 * Ground-floor U by BS EN ISO 13370 for a solid floor (bredem.md §12): soil λ 1.5 W/mK, Rsi 0.17, Rse 0.04,
 * wall thickness 0.3 m; B = 2A/P with A the floor area and P its exposed perimeter.
 */
export function groundFloorU(area: number, exposedPerimeter: number, insulation: number): number {
  const lambda = 1.5;
  const b = (2 * area) / Math.max(exposedPerimeter, 1e-6);
  const dt = 0.3 + lambda * (0.17 + insulation + 0.04);
  return dt < b
    ? (2 * lambda * Math.log((Math.PI * b) / dt + 1)) / (Math.PI * b + dt)
    : lambda / (0.457 * b + dt);
}
