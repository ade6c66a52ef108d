// Building type → geometry and default characteristics. Floor areas: English Housing Survey 2023 means
// (bredem.md §13: detached 151.9, semi 99.1, terraced 91.9, flats 60.3 m²). Shapes and shares are our
// documented assumptions (docs/energy-model.md, "Archetypes").
import type { BuildingCharacteristics, BuildingType } from '../../../schemas/api/energy-model';

export interface BuildingShape {
  defaultFloorArea: number;
  storeys: number;
  /** Exposed depth-wise walls: 2 detached, 1 semi/end, 0 mid-terrace; fractions average positions in a block. */
  exposedSides: number;
  /** Share of the footprint that is a roof (flats: the share of flats on the top floor). */
  roofShare: number;
  /** Share of the footprint that is a ground floor. */
  groundFloorShare: number;
  doors: number;
  /** Sides sheltered by neighbours, BREDEM Table 22 (SAP default 2). */
  shelteredSides: number;
  defaults: BuildingCharacteristics;
}

const house = (
  defaultFloorArea: number,
  exposedSides: number,
  shelteredSides: number,
  livingArea: number,
): BuildingShape => ({
  defaultFloorArea,
  storeys: 2,
  exposedSides,
  roofShare: 1,
  groundFloorShare: 1,
  doors: 2,
  shelteredSides,
  defaults: characteristics({ living_area_value: livingArea }),
});

const flat = (
  exposedSides: number,
  share: number,
  shelteredSides: number,
  overrides: Partial<BuildingCharacteristics> = {},
): BuildingShape => ({
  defaultFloorArea: 60.3,
  storeys: 1,
  exposedSides,
  roofShare: share,
  groundFloorShare: share,
  doors: 1,
  shelteredSides,
  defaults: characteristics({ living_area_value: 4, ...overrides }),
});

function characteristics(overrides: Partial<BuildingCharacteristics>): BuildingCharacteristics {
  return {
    exposure_value: 3,
    insulation_value: 3,
    air_leakage_value: 3,
    capacity_value: 1,
    solar_ingress_value: 2,
    occupancy_value: 3,
    living_area_value: 3,
    ...overrides,
  };
}

export const BUILDING_SHAPES: Readonly<Record<BuildingType, BuildingShape>> = {
  Detached: house(151.9, 2, 1, 2),
  'Semi-detached': house(99.1, 1, 2, 3),
  Terraced: house(91.9, 0, 2, 3),
  // A low-rise block of three storeys: a third of flats under the roof, a third on the ground.
  Flat: flat(1, 1 / 3, 2),
  // Four-storey tenement, mid-block.
  Tenement: flat(0, 1 / 4, 2),
  // Two up, two down: every flat has a roof or a ground floor, two exposed ends.
  '4-in-block': flat(1, 1 / 2, 2),
  // High rise: few flats touch roof or ground; exposed, sunny and built of concrete.
  'Tower/Slab': flat(0.5, 1 / 10, 0, { exposure_value: 5, solar_ingress_value: 3, capacity_value: 2 }),
  // A house divided into flats, typically of two or three.
  Conversion: flat(1, 0.4, 2),
};
