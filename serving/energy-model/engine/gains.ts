// Internal and solar gains (SAP Table 5, BREDEM §5–6; bredem.md §4–7).
import { verticalSolarFlux } from '../climate/solar';
import { DAYS, IS_SUMMER } from './constants';
import type { DwellingDescription } from './types';

/** BREDEM-2012 appliance energy, kWh/yr (1I): 184.8 × (TFA × N)^0.4714. */
export const annualAppliances = (totalFloorArea: number, occupants: number): number =>
  184.8 * (totalFloorArea * occupants) ** 0.4714;

const APPLIANCE_MONTH_WEIGHT: readonly number[] = DAYS.map(
  (days, i) => ((1 + 0.157 * Math.cos((2 * Math.PI * (i + 1 - 1.78)) / 12)) * days) / 365,
);

/** Gains that do not depend on lighting or hot water, W: people (60 W), evaporation (−40 W), appliances, cooking. */
export function baseInternalGains(d: DwellingDescription, appliancesKwh: number, m: number): number {
  const n = d.occupants;
  const appliances = (appliancesKwh * APPLIANCE_MONTH_WEIGHT[m]! * 1000) / (24 * DAYS[m]!);
  return 60 * n - 40 * n + appliances + (35 + 7 * n);
}

/** Solar gains through windows by month, W: Σ 0.9 × A × S × g⊥ × FF × Z (SAP (74)–(83)). */
export function solarGainsByMonth(d: DwellingDescription): number[] {
  const gains = new Array<number>(12).fill(0);
  for (const w of d.windows) {
    const flux = verticalSolarFlux(d.climateRegion, w.orientation);
    const k = 0.9 * w.area * w.solarTransmittance * w.frameFactor;
    for (let m = 0; m < 12; m++)
      gains[m]! += k * flux[m]! * (IS_SUMMER[m] ? d.solarAccess.summer : d.solarAccess.winter);
  }
  return gains;
}
