// Fixed tables of the monthly method (reference/energy/bredem.md §0, §2c). Months January first.
import type { Monthly } from './types';

/** Days per month, SAP Table 1a (365-day year). */
export const DAYS: Monthly = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Hot water use factor by month, SAP Table 1c / BREDEM Table 7. */
export const HOT_WATER_USE_FACTOR: Monthly = [
  1.1, 1.06, 1.02, 0.98, 0.94, 0.9, 0.9, 0.94, 0.98, 1.02, 1.06, 1.1,
];

/** Temperature rise of hot water by month, K, SAP Table 1d / BREDEM Table 8. */
export const HOT_WATER_TEMPERATURE_RISE: Monthly = [
  41.2, 41.4, 40.1, 37.6, 36.4, 33.9, 30.4, 33.4, 33.5, 36.3, 39.4, 39.9,
];

/** Summer months for the solar access factor (June–September, MHEP's use of SAP Table 6d). */
export const IS_SUMMER: readonly boolean[] = [
  false,
  false,
  false,
  false,
  false,
  true,
  true,
  true,
  true,
  false,
  false,
  false,
];

/** kWh in one W sustained for one day. */
export const KWH_PER_WATT_DAY = 0.024;
