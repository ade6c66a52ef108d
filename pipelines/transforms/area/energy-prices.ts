// Unit rates used to turn DESNZ mean and median consumption (kWh per meter per year) into a cost. Real-world
// tariffs, not SAP Table 12 prices: the Ofgem default tariff (price cap) for 1 October to 31 December 2025,
// direct debit, GB average, unit rates only; standing charges are left out because they do not scale with
// use and a per-meter mean would hide them (reference/energy/fuels.md section 6). Update with the cap.
export const ENERGY_PRICES = {
  source: 'Ofgem price cap 1 Oct-31 Dec 2025, unit rates (reference/energy/fuels.md §6)',
  electricityPencePerKwh: 26.35,
  gasPencePerKwh: 6.29,
} as const;

/** kWh per year → GBP per year at a unit rate in pence, to the penny; null stays null. */
export const annualCost = (kwh: number | null, pencePerKwh: number): number | null =>
  kwh === null ? null : Math.round(kwh * pencePerKwh) / 100;
