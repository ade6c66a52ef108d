// Unit rates that turn DESNZ mean and median consumption (kWh per meter per year) into a cost: the energy
// prices dataset (staged `energy_prices`, Ofgem's price cap; pipelines/transforms/energy-prices), the cap
// period in force on the refresh date, Direct Debit, the region of the property's postcode (GB average where
// it has none, or one outside GB's 14 regions). The same rows the energy model prices with, so the two
// answers agree for a region. Unit rates only: standing charges do not scale with use, and a per-meter
// mean would hide them.
import type { PaymentMethod } from '../../../schemas/energy-prices';
import { priceRegionOfPostcode } from '../energy-prices/regions';
import { periodOn, regionPrices, type EnergyPriceTable, type PricePeriod } from '../energy-prices/table';

/** The payment method area costs are priced at (the price cap's headline one). */
export const AREA_PAYMENT_METHOD: PaymentMethod = 'Direct Debit';

export interface AreaUnitRates {
  electricityPencePerKwh: number;
  gasPencePerKwh: number;
  /** `_A` … `_P`, or `GB` for the GB average. */
  regionCode: string;
  period: string;
}

/** The prices of one refresh: the table's period on `date` (YYYY-MM-DD); null when the table is empty. */
export interface AreaEnergyPrices {
  period: PricePeriod;
}

export function areaEnergyPrices(table: EnergyPriceTable, date: string): AreaEnergyPrices | null {
  const period = periodOn(table, date);
  return period ? { period } : null;
}

/** The unit rates for a postcode's region (the GB average when it has none); null without prices. */
export function areaUnitRates(
  prices: AreaEnergyPrices | null,
  postcode: string | null,
): AreaUnitRates | null {
  if (!prices) return null;
  const found = regionPrices(prices.period, priceRegionOfPostcode(postcode), AREA_PAYMENT_METHOD);
  if (!found) return null;
  return {
    electricityPencePerKwh: found.electricity.unitPencePerKwh,
    gasPencePerKwh: found.gas.unitPencePerKwh,
    regionCode: found.provenance.region_code,
    period: found.provenance.period,
  };
}

/** kWh per year → GBP per year at a unit rate in pence, to the penny; null stays null (and without a rate). */
export const annualCost = (kwh: number | null, pencePerKwh: number | null): number | null =>
  kwh === null || pencePerKwh === null ? null : Math.round(kwh * pencePerKwh) / 100;
