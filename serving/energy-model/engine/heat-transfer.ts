// Heat transfer: fabric (Σ U·A + thermal bridging) and ventilation by the component method with shelter,
// wind and BREDEM-2012 site exposure (bredem.md §8).
import type { DwellingDescription, Ventilation } from './types';

export interface Fabric {
  /** Σ U·A, W/K. */
  fabricHeatLoss: number;
  /** y × exposed area, W/K. */
  thermalBridgingHeatLoss: number;
}

export function fabricHeatLoss(d: DwellingDescription): Fabric {
  let ua = 0;
  let exposed = 0;
  for (const e of d.elements) {
    ua += e.area * e.uValue;
    exposed += e.area;
  }
  for (const w of d.windows) {
    ua += w.area * w.uValue;
    exposed += w.area;
  }
  return { fabricHeatLoss: ua, thermalBridgingHeatLoss: d.thermalBridgingY * exposed };
}

const FLOOR_INFILTRATION = { none: 0, sealed: 0.1, unsealed: 0.2 } as const;

/** Infiltration before shelter and wind, ach (SAP (8)–(18)). */
export function baseInfiltration(v: Ventilation, volume: number, storeys: number): number {
  const openings = (40 * v.chimneys + 20 * v.openFlues + 10 * (v.extractFans ?? 0)) / volume;
  if (v.airPermeabilityQ50 != null) return openings + v.airPermeabilityQ50 / 20;
  return (
    openings +
    Math.max(0, storeys - 1) * 0.1 +
    v.structuralInfiltration +
    FLOOR_INFILTRATION[v.suspendedTimberFloor] +
    (v.draughtLobby ? 0 : 0.05) +
    (0.25 - 0.2 * v.draughtProofedFraction)
  );
}

/** Effective air change rate for a month's wind speed (SAP (20)–(24d), BREDEM 3E–3F and Table 21). */
export function effectiveAirChangeRate(base: number, v: Ventilation, windSpeed: number): number {
  const n = base * (1 - 0.075 * v.shelteredSides) * (windSpeed / 4) * v.siteExposureFactor;
  return n >= 1 ? n : 0.5 + 0.5 * n * n;
}

/** Ventilation heat loss coefficient, W/K (0.33 Wh/m³K, BREDEM 3G). */
export const ventilationHeatLoss = (airChangeRate: number, volume: number): number =>
  0.33 * airChangeRate * volume;
