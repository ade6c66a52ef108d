// adjusted_costs: an EPC's costs restated at today's prices. A certificate's heating, hot water and lighting
// costs were computed with the fuel prices of the SAP version in force when it was lodged, so costs of
// certificates ten years apart are not comparable. Each cost is rescaled by (current unit price / unit price
// at lodgement) of the fuel that supplies it, and the standing charges of the fuels in use are added
// separately. Prices: reference/energy/fuels.md (SAP 2009 Table 12 complete; SAP 2012 partial; SAP 10.2
// unit prices; standing charges from the SAP 10.x table in EnHub) — the same current prices and standing
// charges the energy model uses, so the two agree. See docs/epc.md.
import type { EnhancedEpc, EnergyTariff, MainFuel } from '../../../schemas/epc';
import { jsonNumberSql } from '../../io/json-number-sql';

export type PriceEra = 'sap2009' | 'sap2012' | 'sap10';

interface FuelPrice {
  /** p/kWh in each era; a missing SAP 2012 price falls back to SAP 2009 (only part of that table was found). */
  sap2009: number | null;
  sap2012?: number;
  sap10: number | null;
  /** GBP per year at current prices (SAP 10.x); 0 for unmetered fuels. */
  standing: number;
}

/** Unit prices per base fuel (community schemes are priced as their fuel). */
export const FUEL_PRICES: Readonly<Record<string, FuelPrice>> = {
  'Mains gas': { sap2009: 3.1, sap2012: 3.48, sap10: 3.64, standing: 88 },
  Electricity: { sap2009: 11.46, sap2012: 13.19, sap10: 16.49, standing: 72 },
  Oil: { sap2009: 4.06, sap10: 4.94, standing: 0 },
  LPG: { sap2009: 5.73, sap2012: 7.6, sap10: 6.74, standing: 58 },
  'Bottled LPG': { sap2009: 8.34, sap2012: 10.3, sap10: 9.46, standing: 0 },
  Coal: { sap2009: 2.97, sap10: 5.58, standing: 0 },
  Anthracite: { sap2009: 2.86, sap10: 4.19, standing: 0 },
  'Smokeless coal': { sap2009: 3.73, sap10: 5.91, standing: 0 },
  'Dual fuel (mineral and wood)': { sap2009: 3.21, sap10: 4.77, standing: 0 },
  'Wood logs': { sap2009: 3.42, sap10: 5.12, standing: 0 },
  'Wood chips': { sap2009: 2.49, sap10: 3.72, standing: 0 },
  'Wood pellets': { sap2009: 4.93, sap10: 6.25, standing: 0 },
  Biomass: { sap2009: 2.49, sap10: 3.72, standing: 0 },
  Biodiesel: { sap2009: 5.7, sap10: 6.79, standing: 0 },
  'Rapeseed oil': { sap2009: 5.7, sap10: 6.79, standing: 0 },
  Bioethanol: { sap2009: 42, sap10: 47, standing: 0 },
};

/** Off-peak low rates (p/kWh) for electric heating on an off-peak tariff. */
const OFF_PEAK_LOW: Partial<Record<EnergyTariff, { sap2009: number; sap2012?: number; sap10: number }>> = {
  'Off-peak 7 hour': { sap2009: 4.78, sap2012: 5.5, sap10: 9.4 },
  'Off-peak 10 hour': { sap2009: 6.17, sap10: 12.27 },
  '24 hour': { sap2009: 4.64, sap2012: 6.61, sap10: 14.04 },
};

/**
 * The SAP price set a certificate's costs were computed with: SAP 2009 prices until RdSAP 2012 (SAP 2012
 * prices) came in on 6 April 2014; SAP 10.2 prices for new dwellings from 15 June 2022 and for existing
 * ones (RdSAP 10) from 15 June 2025.
 */
export function priceEra(lodgementDate: string, newDwelling: boolean): PriceEra {
  const day = lodgementDate.slice(0, 10);
  if (day >= '2025-06-15' || (newDwelling && day >= '2022-06-15')) return 'sap10';
  if (day >= '2014-04-06') return 'sap2012';
  return 'sap2009';
}

const baseFuel = (fuel: MainFuel | null): string | null =>
  fuel === null ? null : fuel === 'No heating system' ? 'Electricity' : fuel.replace(/ \(community\)$/, '');

function ratio(
  price: { sap2009: number | null; sap2012?: number; sap10: number | null },
  era: PriceEra,
): number | null {
  const then =
    era === 'sap2012' ? (price.sap2012 ?? price.sap2009) : era === 'sap2009' ? price.sap2009 : price.sap10;
  return then && price.sap10 ? price.sap10 / then : null;
}

export type AdjustedCosts = NonNullable<EnhancedEpc['adjusted_costs']>;

export interface CostInputs {
  lodgement_date: string | null;
  new_dwelling: boolean;
  main_fuel: MainFuel | null;
  has_mains_gas: boolean | null;
  energy_tariff: EnergyTariff | null;
  hot_water_description: string | null;
  heating_cost_current: number | null;
  heating_cost_potential: number | null;
  hot_water_cost_current: number | null;
  hot_water_cost_potential: number | null;
  lighting_cost_current: number | null;
  lighting_cost_potential: number | null;
}

const money = (v: number | null, r: number | null): number | null =>
  v === null || r === null ? null : Math.round(v * r * 100) / 100;
const sum = (...vs: (number | null)[]): number | null =>
  vs.some((v) => v === null) ? null : Math.round(vs.reduce((s: number, v) => s + v!, 0) * 100) / 100;

/** What turns a certificate's costs into today's: one factor per end use, and the yearly standing charges. */
export interface CostRatios {
  heating: number | null;
  hot_water: number | null;
  lighting: number | null;
  standing_charges: number;
}

/** Whether a hot water description says the water is heated by electricity (an immersion heater). */
export const isElectricHotWater = (description: string | null): boolean =>
  /immersion|electric/i.test(description ?? '');

/**
 * The factors for a certificate's price era (null without one, i.e. without a lodgement date). Heating uses
 * the main fuel (unknown: mains gas where the property has it, else electricity; electric heating on an
 * off-peak tariff at the low rate); hot water uses the main fuel unless it is heated by electricity; lighting
 * is standard-rate electricity. Standing charges: electricity always, plus the heating fuel's when it has one
 * (mains gas, LPG).
 */
export function ratiosForEra(
  era: PriceEra | null,
  main_fuel: MainFuel | null,
  has_mains_gas: boolean | null,
  energy_tariff: EnergyTariff | null,
  electricHotWater: boolean,
): CostRatios | null {
  if (era === null) return null;
  const fuelName = baseFuel(main_fuel) ?? (has_mains_gas ? 'Mains gas' : 'Electricity');
  const fuel = FUEL_PRICES[fuelName];
  const electricity = FUEL_PRICES.Electricity!;
  const offPeak = fuelName === 'Electricity' && energy_tariff ? OFF_PEAK_LOW[energy_tariff] : undefined;
  const heating = offPeak ? ratio(offPeak, era) : fuel ? ratio(fuel, era) : null;
  return {
    heating,
    hot_water: electricHotWater ? ratio(electricity, era) : heating,
    lighting: ratio(electricity, era),
    standing_charges: electricity.standing + (fuel && fuelName !== 'Electricity' ? fuel.standing : 0),
  };
}

type Costs = Pick<
  CostInputs,
  | 'heating_cost_current'
  | 'heating_cost_potential'
  | 'hot_water_cost_current'
  | 'hot_water_cost_potential'
  | 'lighting_cost_current'
  | 'lighting_cost_potential'
>;

type Ratios<T> = { heating: T; hot_water: T; lighting: T; standing_charges: T };

/**
 * The adjusted costs' fields from the costs and factors, given how to restate one cost and how to total
 * three: computed (applyCostRatios) or as SQL (applyCostRatiosSql), by the same arithmetic.
 */
function adjustedFields<T>(
  ratios: Ratios<T>,
  costs: Record<keyof Costs, T>,
  money: (cost: T, ratio: T) => T,
  sum: (...values: T[]) => T,
): Record<keyof AdjustedCosts, T> {
  const [hc, hp] = [
    money(costs.heating_cost_current, ratios.heating),
    money(costs.heating_cost_potential, ratios.heating),
  ];
  const [wc, wp] = [
    money(costs.hot_water_cost_current, ratios.hot_water),
    money(costs.hot_water_cost_potential, ratios.hot_water),
  ];
  const [lc, lp] = [
    money(costs.lighting_cost_current, ratios.lighting),
    money(costs.lighting_cost_potential, ratios.lighting),
  ];
  return {
    heating_cost_current: hc,
    heating_cost_potential: hp,
    hot_water_cost_current: wc,
    hot_water_cost_potential: wp,
    lighting_cost_current: lc,
    lighting_cost_potential: lp,
    total_fuel_cost_current: sum(hc, wc, lc),
    total_fuel_cost_potential: sum(hp, wp, lp),
    standing_charges: ratios.standing_charges,
  };
}

/** The costs restated with the factors; null without factors or without any cost. */
export function applyCostRatios(ratios: CostRatios | null, costs: Costs): AdjustedCosts | null {
  if (ratios === null) return null;
  if (costs.heating_cost_current === null && costs.lighting_cost_current === null) return null;
  return adjustedFields<number | null>(ratios, costs, money, sum) as AdjustedCosts;
}

// The same in SQL (the columnar enhancer), over the SQL expressions of the costs and factors: the same
// double operations in the same order, and floor(x + 0.5) for Math.round.
const moneySql = (v: string, r: string): string =>
  `CASE WHEN ${v} IS NULL OR ${r} IS NULL THEN NULL ELSE floor(${v} * ${r} * 100 + 0.5) / 100 END`;
const sumSql = (...vs: string[]): string =>
  `CASE WHEN ${vs.map((v) => `${v} IS NULL`).join(' OR ')} THEN NULL ELSE floor((${vs.join(' + ')}) * 100 + 0.5) / 100 END`;

/**
 * applyCostRatios as a SQL expression giving the JSON object, as the text JSON.stringify writes for it (a
 * certificate's enhanced record is stored and served as that text): `ratios` are the SQL expressions of the
 * three factors and the standing charges (all null when there are no factors), `costs` those of the six costs.
 */
export function applyCostRatiosSql(ratios: Ratios<string>, costs: Record<keyof Costs, string>): string {
  const fields = Object.entries(adjustedFields(ratios, costs, moneySql, sumSql));
  const members = fields.map(([k, v], i) => `'${i ? ',' : '{'}"${k}":', ${jsonNumberSql(v)}`);
  return (
    `CASE WHEN ${ratios.standing_charges} IS NULL OR (${costs.heating_cost_current} IS NULL AND ` +
    `${costs.lighting_cost_current} IS NULL) THEN NULL ELSE concat(${members.join(', ')}, '}')::JSON END`
  );
}

/** The certificate's costs at current (SAP 10.2) prices, or null without a lodgement date or any cost. */
export function adjustCosts(input: CostInputs): AdjustedCosts | null {
  const era = input.lodgement_date ? priceEra(input.lodgement_date, input.new_dwelling) : null;
  const electricHotWater = isElectricHotWater(input.hot_water_description);
  const ratios = ratiosForEra(
    era,
    input.main_fuel,
    input.has_mains_gas,
    input.energy_tariff,
    electricHotWater,
  );
  return applyCostRatios(ratios, input);
}
