// Hot water along SAP's water-heating lines: daily volume (43) by SAP 2012, monthly energy content (44)–(45),
// distribution loss (46), storage (57), primary-circuit (59) and combi (61) losses, the heat the water heater
// supplies (62) = its output (64) (no solar, WWHRS or PV diverter, so (63) = 0), its fuel at the water
// heater's efficiency, and the gains it gives the dwelling (65) — bredem.md §2; checked line by line against
// SAP 10.2 worksheets in test/standalone/energy-model/sap-worksheet.test.ts.
import { DAYS, HOT_WATER_TEMPERATURE_RISE, HOT_WATER_USE_FACTOR } from './constants';
import type { HotWater } from './types';

/** SAP 2012 (43): 25 N + 36 litres a day. */
export const dailyHotWaterLitres = (occupants: number): number => 25 * occupants + 36;

/** SAP (45): kWh to heat a month's hot water: 4.18 kJ/(L·K) × litres a day × days × temperature rise / 3600. */
export const hotWaterEnergyContent = (litresPerDay: number, days: number, temperatureRise: number): number =>
  (4.18 * litresPerDay * days * temperatureRise) / 3600;

/** SAP 2012 (44)–(45) for month m: the day's volume × the Table 1c factor, heated by the Table 1d rise. */
export const monthlyEnergyContent = (dailyLitres: number, m: number): number =>
  hotWaterEnergyContent(HOT_WATER_USE_FACTOR[m]! * dailyLitres, DAYS[m]!, HOT_WATER_TEMPERATURE_RISE[m]!);

/** SAP (46): the share of (45) lost in the pipes of a system that distributes hot water. */
export const DISTRIBUTION_LOSS_SHARE = 0.15;

export interface HotWaterMonth {
  /** (45), kWh. */
  energyContent: number;
  /** (46): 15 % of (45), or 0 at the point of use, kWh. */
  distributionLoss: number;
  /** (57), (59), (61): storage, primary-circuit and combi losses, kWh (0 unless given). */
  storageLoss: number;
  primaryLoss: number;
  combiLoss: number;
  /** (62) = (64): heat the water heater must supply, kWh. */
  output: number;
  fuel: number;
  /** (65): heat gains from water heating, kWh. */
  gainsKwh: number;
  /** (65) as a mean power over the month, W. */
  gains: number;
}

/**
 * One month of water heating from its energy content (45). SAP counts the distribution loss inside (45):
 * (62) = 0.85 × (45) + (46) + (57) + (59) + (61), with (46) = 0.15 × (45) — so a piped system supplies (45)
 * itself, and a point-of-use heater, with no pipes to lose heat from, 0.85 × (45).
 */
export function hotWaterMonth(h: HotWater, energyContent: number, m: number): HotWaterMonth {
  const days = DAYS[m]!;
  const used = (1 - DISTRIBUTION_LOSS_SHARE) * energyContent;
  const distributionLoss = h.pointOfUse ? 0 : DISTRIBUTION_LOSS_SHARE * energyContent;
  const storageLoss = h.losses?.storage?.[m] ?? 0;
  const primaryLoss = h.losses?.primary?.[m] ?? 0;
  const combiLoss = h.losses?.combi?.[m] ?? 0;
  const output = used + distributionLoss + storageLoss + primaryLoss + combiLoss;
  // (65): a quarter of the heat drawn (and of a combi's loss) and 80 % of pipe, cylinder and primary losses.
  const gainsKwh = 0.25 * (used + combiLoss) + 0.8 * (distributionLoss + storageLoss + primaryLoss);
  return {
    energyContent,
    distributionLoss,
    storageLoss,
    primaryLoss,
    combiLoss,
    output,
    fuel: output / h.efficiency,
    gainsKwh,
    gains: (gainsKwh * 1000) / (24 * days),
  };
}
