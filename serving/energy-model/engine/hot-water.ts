// Hot water: SAP 2012 volume (43), monthly energy content (44)–(45), distribution loss (46), fuel at the
// water heater's efficiency, and the gains it gives to the dwelling (SAP (65)) — bredem.md §2.
import { DAYS, HOT_WATER_TEMPERATURE_RISE, HOT_WATER_USE_FACTOR } from './constants';
import type { HotWater } from './types';

/** SAP 2012 (43): 25 N + 36 litres a day. */
export const dailyHotWaterLitres = (occupants: number): number => 25 * occupants + 36;

export interface HotWaterMonth {
  energyContent: number;
  distributionLoss: number;
  /** Heat the water heater must supply, kWh. */
  output: number;
  fuel: number;
  /** Mean gain to the dwelling, W. */
  gains: number;
}

export function hotWaterMonth(h: HotWater, dailyLitres: number, m: number): HotWaterMonth {
  const days = DAYS[m]!;
  const energyContent =
    (4.18 * HOT_WATER_USE_FACTOR[m]! * dailyLitres * days * HOT_WATER_TEMPERATURE_RISE[m]!) / 3600;
  const distributionLoss = h.distributionLossFraction * energyContent;
  const output = energyContent + distributionLoss;
  // SAP (65): a quarter of the delivered heat (85 % of content) and 80 % of pipe losses warm the dwelling.
  const gainsKwh = 0.25 * 0.85 * energyContent + 0.8 * distributionLoss;
  return {
    energyContent,
    distributionLoss,
    output,
    fuel: output / h.efficiency,
    gains: (gainsKwh * 1000) / (24 * days),
  };
}
