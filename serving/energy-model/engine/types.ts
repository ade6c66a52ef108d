// The engine's input and output: an explicit dwelling description in, monthly results out. Everything here
// is plain data so the engine can be driven without the API's archetype layer (for example from a SAP or
// BREDEM worked case). Months are always January first; arrays of months have 12 entries.

/** Twelve monthly values, January first. */
export type Monthly = readonly number[];

/** Compass orientation of a window's outward face (SAP Table U5 columns; NE/NW, E/W, SE/SW share one). */
export type Orientation = 'N' | 'NE' | 'E' | 'SE' | 'S' | 'SW' | 'W' | 'NW';

/** An opaque element of the heat-loss envelope: wall, roof, floor or door. */
export interface FabricElement {
  name: string;
  /** Net area, m² (windows and doors taken out of walls). */
  area: number;
  /** U-value, W/m²K. */
  uValue: number;
}

/** A window (or glazed door) on a vertical wall. */
export interface WindowElement {
  /** Area including frame, m². */
  area: number;
  /** Effective U-value, W/m²K (SAP applies curtains: 1/(1/U + 0.04)). */
  uValue: number;
  orientation: Orientation;
  /** Total solar energy transmittance at normal incidence, g⊥ (SAP Table 6b): 0.85 single … 0.57 triple. */
  solarTransmittance: number;
  /** Light transmittance g_L (SAP Table 6b): 0.90 single, 0.80 double, 0.70 triple. */
  lightTransmittance: number;
  /** Glazed fraction of the opening, FF (BREDEM Table 2): 0.7 wood/uPVC, 0.8 metal. */
  frameFactor: number;
}

/** Ventilation and infiltration by the SAP/BREDEM component method (SAP (6)–(25), BREDEM §3). */
export interface Ventilation {
  /** Open chimneys (40 m³/h each). */
  chimneys: number;
  /** Open flues (20 m³/h each). */
  openFlues: number;
  /** Intermittent extract fans and passive vents (10 m³/h each, SAP (7a)–(7b)); default 0. */
  extractFans?: number;
  /** Structural infiltration, air changes per hour: 0.35 masonry, 0.25 timber or steel frame. */
  structuralInfiltration: number;
  /** Suspended timber ground floor: unsealed adds 0.2 ach, sealed 0.1, none 0. */
  suspendedTimberFloor: 'none' | 'sealed' | 'unsealed';
  /** A draught lobby removes the 0.05 ach allowance. */
  draughtLobby: boolean;
  /** Fraction of windows and doors draught-proofed, 0..1 (adds 0.25 − 0.2 × fraction). */
  draughtProofedFraction: number;
  /**
   * Measured air permeability at 50 Pa, m³/h·m² (q50). When given, q50/20 replaces the structural, floor,
   * lobby and draught-proofing terms (SAP (18)).
   */
  airPermeabilityQ50?: number | null;
  /** Sides of the dwelling sheltered by neighbours or trees, 0..4 (× (1 − 0.075 × sides), BREDEM Table 22). */
  shelteredSides: number;
  /** BREDEM-2012 Table 21 site exposure factor: 0.90 sheltered … 1.10 exposed. */
  siteExposureFactor: number;
}

/** Overshading factors (SAP Table 6d, BREDEM Tables 3 and 23). */
export interface SolarAccess {
  /** Solar access factor for heating-season months (October–May): 0.3 heavy … 1.0 very little overshading. */
  winter: number;
  /** Solar access factor for June–September: 0.5 heavy … 1.0. */
  summer: number;
  /** Light access factor for daylighting: 0.5 heavy … 1.0. */
  light: number;
}

/** Hours the heating is off, one entry per off period (SAP Table 9 standard: weekday [7, 8], weekend [8]). */
export interface HeatingPattern {
  weekdayHoursOff: readonly number[];
  weekendHoursOff: readonly number[];
}

export interface SpaceHeating {
  /** Fraction of the floor area that is the living area, 0..1 (SAP (91)). */
  livingAreaFraction: number;
  /** Living-area demand temperature, °C (SAP Table 9: 21). */
  livingAreaTemperature: number;
  /** SAP control type 1 (no thermostat), 2 (programmer + room thermostat) or 3 (zone control). */
  controlType: 1 | 2 | 3;
  /** Heating system responsiveness R, 0..1 (1 for boilers and radiators). */
  responsiveness: number;
  pattern: HeatingPattern;
  /** Added to the whole-dwelling mean temperature, K (SAP Table 4e control adjustment; default 0). */
  temperatureAdjustment?: number;
  /** Seasonal efficiency of the main heating system, 0..1 (heat out per kWh of fuel; > 1 for heat pumps). */
  efficiency: number;
}

export interface HotWater {
  /**
   * Efficiency of the water heater, 0..1. All-in unless `losses` are given: storage, primary and combi losses
   * are then in the efficiency, as the API's water_heating_efficiency is.
   */
  efficiency: number;
  /**
   * Instantaneous heating at the point of use, with no distribution pipework: SAP (46) is 0 and the heater
   * supplies 0.85 × the energy content (45). Default false: a central heater whose pipes lose 0.15 × (45).
   */
  pointOfUse?: boolean;
  /** Daily hot water volume, litres; default SAP 2012 (43): 25 N + 36. */
  dailyVolumeLitres?: number | null;
  /**
   * Losses SAP counts on their own lines, kWh by month (January first): cylinder storage (57), primary circuit
   * (59), combi (61). Default none, the efficiency being all-in; given, e.g., to follow a SAP worksheet.
   */
  losses?: { storage?: Monthly; primary?: Monthly; combi?: Monthly };
}

export interface Lighting {
  /** Fraction of fixed outlets with low-energy lamps, 0..1 (SAP Appendix L: each uses half the energy). */
  lowEnergyFraction: number;
}

/** Everything the engine needs about a dwelling. */
export interface DwellingDescription {
  /** Total floor area, m². */
  totalFloorArea: number;
  /** Number of storeys (adds 0.1 ach per storey above one). */
  storeys: number;
  /** Mean storey height, m (volume = floor area × storey height). */
  storeyHeight: number;
  /** Opaque elements: walls, roofs, floors, doors. */
  elements: readonly FabricElement[];
  windows: readonly WindowElement[];
  /** Thermal bridging y-value, W/m²K, applied to the total exposed area (elements + windows), SAP (36). */
  thermalBridgingY: number;
  ventilation: Ventilation;
  /** Thermal mass parameter, kJ/m²K (SAP Table 1f: low 100, medium 250, high 450). */
  thermalMassParameter: number;
  solarAccess: SolarAccess;
  /** Occupants, N (SAP Table 1b formula when unknown: see occupancyFromFloorArea). */
  occupants: number;
  heating: SpaceHeating;
  hotWater: HotWater;
  lighting: Lighting;
  /** SAP Appendix U climate region, 0 (UK average) … 21 (Northern Ireland). */
  climateRegion: number;
  /**
   * 'bredem' (default): BREDEM-2012 fraction of each month heated (8D–8H), so warm months need little heat.
   * 'sap': SAP 2012's fixed season, no space heating June–September.
   */
  heatingSeason?: 'bredem' | 'sap';
}

/** Monthly intermediate and final results, each January first. Energies in kWh, powers in W. */
export interface EngineMonthly {
  externalTemperature: number[];
  windSpeed: number[];
  /** Effective air change rate, ach (after shelter, wind, exposure and the natural-ventilation formula). */
  airChangeRate: number[];
  /** Ventilation heat loss coefficient, W/K. */
  ventilationHeatLoss: number[];
  /** Total heat transfer coefficient H = fabric + bridging + ventilation, W/K. */
  heatTransferCoefficient: number[];
  /** Heat loss parameter H / floor area, W/m²K. */
  heatLossParameter: number[];
  /** Internal gains: metabolic, evaporation, lighting, appliances, cooking, hot water, W. */
  internalGains: number[];
  solarGains: number[];
  totalGains: number[];
  /** Utilisation factor for gains at the whole-dwelling mean internal temperature. */
  utilisationFactor: number[];
  livingAreaTemperature: number[];
  restOfDwellingTemperature: number[];
  meanInternalTemperature: number[];
  /** Fraction of the month with the heating on (BREDEM 8H; 1 or 0 in SAP mode). */
  fractionHeated: number[];
  /** Heat loss rate H × (T_i − T_e), W. */
  heatLossRate: number[];
  /** Useful space heating requirement, kWh. */
  spaceHeatingDemand: number[];
  /** Space heating fuel: demand / efficiency, kWh. */
  spaceHeatingFuel: number[];
  /** Energy content of the hot water used, kWh (SAP (45)). */
  hotWaterEnergyContent: number[];
  /** Heat output of the water heater, kWh (SAP (62) = (64): 0.85 × (45) + distribution and other losses). */
  hotWaterDemand: number[];
  hotWaterFuel: number[];
  /** Lighting electricity, kWh. */
  lighting: number[];
}

export interface EngineResult {
  /** Dwelling constants the monthly values build on. */
  summary: {
    volume: number;
    /** Σ U·A over elements and windows, W/K. */
    fabricHeatLoss: number;
    /** y × exposed area, W/K. */
    thermalBridgingHeatLoss: number;
    /** Infiltration before shelter and wind, ach. */
    baseInfiltration: number;
    /** Daily hot water volume, litres. */
    dailyHotWaterLitres: number;
  };
  monthly: EngineMonthly;
  /** Sums of the monthly values, kWh. */
  annual: {
    spaceHeatingDemand: number;
    spaceHeatingFuel: number;
    hotWaterDemand: number;
    hotWaterFuel: number;
    lighting: number;
  };
}
