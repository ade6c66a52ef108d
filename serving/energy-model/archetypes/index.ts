// Archetypes: building type, age band, floor area, occupants and the seven characteristics → an explicit
// dwelling description for the engine. Geometry: a rectangular plan 1.25 times as deep as wide, windows
// 15 % of floor area split east/west (orientation unknown), y = 0.15 (SAP's default when junctions are
// unknown). Tables and their sources: age-bands.ts, building-types.ts, characteristics.ts, fabric.ts.
import type { BuildingCharacteristics, BuildingType } from '../../../schemas/api/energy-model';
import type { DwellingDescription, FabricElement, WindowElement } from '../engine/types';
import { storeyHeightForBand } from './age-bands';
import { BUILDING_SHAPES } from './building-types';
import {
  AIR_LEAKAGE,
  CAPACITY,
  EXPOSURE_FACTOR,
  LIVING_AREA_FRACTION,
  OCCUPANCY_PATTERN,
  SOLAR_INGRESS,
} from './characteristics';
import { curtainedWindowU, fabricLevels, groundFloorU, type FabricState } from './fabric';

export interface ArchetypeInput {
  buildingType: BuildingType;
  /** SAP age band index, 0 (A) … 11 (L). */
  band: number;
  totalFloorArea: number;
  occupants: number;
  characteristics: BuildingCharacteristics;
  mainHeatingEfficiency: number;
  waterHeatingEfficiency: number;
  lowEnergyLightingProportion: number;
  climateRegion: number;
}

const GLAZING_RATIO = 0.15;
const DEPTH_TO_WIDTH = 1.25;
const DOOR_AREA = 1.85;
const THERMAL_BRIDGING_Y = 0.15;

// Five fabric states per band never change: compute them once.
const FABRIC: readonly (readonly FabricState[])[] = Array.from({ length: 12 }, (_, band) =>
  fabricLevels(band),
);

export function archetypeDwelling(a: ArchetypeInput): DwellingDescription {
  const shape = BUILDING_SHAPES[a.buildingType];
  const c = a.characteristics;
  const capacity = CAPACITY[c.capacity_value - 1]!;
  const leakage = AIR_LEAKAGE[c.air_leakage_value - 1]!;
  const fabric = FABRIC[a.band]![c.insulation_value - 1]!;
  const storeyHeight = storeyHeightForBand(a.band) + capacity.extraStoreyHeight;

  const footprint = a.totalFloorArea / shape.storeys;
  const width = Math.sqrt(footprint / DEPTH_TO_WIDTH);
  const depth = DEPTH_TO_WIDTH * width;
  const exposedPerimeter = 2 * width + shape.exposedSides * depth;
  const grossWall = exposedPerimeter * storeyHeight * shape.storeys;
  const doorArea = shape.doors * DOOR_AREA;
  const windowArea = Math.min(GLAZING_RATIO * a.totalFloorArea, 0.4 * grossWall);
  const groundArea = footprint * shape.groundFloorShare;

  const elements: FabricElement[] = [
    { name: 'walls', area: Math.max(0, grossWall - windowArea - doorArea), uValue: fabric.wallU },
    { name: 'roof', area: footprint * shape.roofShare, uValue: fabric.roofU },
    {
      name: 'ground floor',
      area: groundArea,
      uValue: groundFloorU(footprint, exposedPerimeter, fabric.floorInsulation),
    },
    { name: 'doors', area: doorArea, uValue: fabric.doorU },
  ];

  return {
    totalFloorArea: a.totalFloorArea,
    storeys: shape.storeys,
    storeyHeight,
    elements,
    windows: [windowOf(fabric, windowArea / 2, 'E'), windowOf(fabric, windowArea / 2, 'W')],
    thermalBridgingY: THERMAL_BRIDGING_Y,
    ventilation: {
      structuralInfiltration: leakage.structuralInfiltration,
      suspendedTimberFloor: leakage.suspendedTimberFloor,
      draughtLobby: leakage.draughtLobby,
      draughtProofedFraction: leakage.draughtProofedFraction,
      chimneys: leakage.chimneys,
      openFlues: 0,
      airPermeabilityQ50: null,
      shelteredSides: shape.shelteredSides,
      siteExposureFactor: EXPOSURE_FACTOR[c.exposure_value - 1]!,
    },
    thermalMassParameter: capacity.thermalMassParameter,
    solarAccess: SOLAR_INGRESS[c.solar_ingress_value - 1]!,
    occupants: a.occupants,
    heating: {
      livingAreaFraction: LIVING_AREA_FRACTION[c.living_area_value - 1]!,
      livingAreaTemperature: 21,
      controlType: 2,
      responsiveness: 1,
      pattern: OCCUPANCY_PATTERN[c.occupancy_value - 1]!,
      efficiency: a.mainHeatingEfficiency,
    },
    // A central water heater with pipework (SAP (46)); the API's efficiency is all-in.
    hotWater: { efficiency: a.waterHeatingEfficiency },
    lighting: { lowEnergyFraction: a.lowEnergyLightingProportion },
    climateRegion: a.climateRegion,
  };
}

function windowOf(fabric: FabricState, area: number, orientation: 'E' | 'W'): WindowElement {
  return {
    area,
    uValue: curtainedWindowU(fabric.windowU),
    orientation,
    solarTransmittance: fabric.glazing.g,
    lightTransmittance: fabric.glazing.gL,
    frameFactor: 0.7,
  };
}
