// Lighting electricity, SAP 2012 Appendix L = BREDEM-2012 §1 B–H (bredem.md §3).
import { DAYS } from './constants';
import type { DwellingDescription } from './types';

/** Annual lighting electricity before the monthly profile, kWh. */
export function annualLighting(d: DwellingDescription): number {
  const base = 59.73 * (d.totalFloorArea * d.occupants) ** 0.4714;
  const c1 = 1 - 0.5 * d.lighting.lowEnergyFraction;
  let daylight = 0;
  for (const w of d.windows)
    daylight += 0.9 * w.area * w.lightTransmittance * w.frameFactor * d.solarAccess.light;
  const gl = daylight / d.totalFloorArea;
  const c2 = gl <= 0.095 ? 52.2 * gl * gl - 9.94 * gl + 1.433 : 0.96;
  return base * c1 * c2;
}

/** Monthly share of the annual figure: more light needed in the dark months (L9). Sum is 0.9985, not 1. */
export const LIGHTING_MONTH_WEIGHT: readonly number[] = DAYS.map(
  (days, i) => ((1 + 0.5 * Math.cos((2 * Math.PI * (i + 1 - 0.2)) / 12)) * days) / 365,
);

/** Lighting gains, W: 85 % of lighting energy is useful heat (bredem.md §3). */
export const lightingGains = (kwh: number, m: number): number => (0.85 * kwh * 1000) / (24 * DAYS[m]!);
