// Request → response: resolve location, age band and defaults, build the archetype dwelling, run the
// engine, then price and carbon-count the fuels. Rounded once, here: monthly values to 2 dp, annual values
// as the sum of the rounded months, totals as sums of their rounded parts — so the spec's rules hold exactly.
import type {
  BuildingCharacteristics,
  EnergyModelInput,
  EnergyModelResponse,
} from '../../schemas/api/energy-model';
import { BAND_INDEX, bandForYear } from './archetypes/age-bands';
import { BUILDING_SHAPES } from './archetypes/building-types';
import { archetypeDwelling } from './archetypes/index';
import { DAYS } from './engine/constants';
import { runEngine } from './engine/index';
import { occupancyFromFloorArea } from './engine/occupancy';
import { defaultEfficiencies, ELECTRICITY, ELECTRICITY_CO2_MONTHLY, FUELS } from './fuels';
import { resolveLocation } from './location';
import { regionPrices, type PricePeriod } from '../../pipelines/transforms/energy-prices/table';

/** The parameters' `energy_prices` for SAP 10.2 prices: one shared object, so the hot path allocates none. */
export const SAP_PRICES_USED: EnergyModelResponse['parameters']['energy_prices'] = Object.freeze({
  basis: 'SAP 10.2',
  source: 'SAP 10.2 Table 12',
  period: null,
  period_start: null,
  period_end: null,
  region_code: null,
  region_name: null,
  payment_method: null,
});

/** Default share of low-energy lighting (our assumption: most fittings in the current stock are low energy). */
export const DEFAULT_LOW_ENERGY_LIGHTING = 0.75;

// Helpers are plain module functions with loops: closures here would cost more than the physics.
function round(x: number, dp: number): number {
  const f = 10 ** dp;
  return Math.round(x * f) / f;
}
function r2(x: number): number {
  return Math.round(x * 100) / 100;
}
function sum(xs: readonly number[]): number {
  let s = 0;
  for (let i = 0; i < xs.length; i++) s += xs[i]!;
  return r2(s);
}
function rounded(xs: readonly number[]): number[] {
  const out = new Array<number>(12);
  for (let i = 0; i < 12; i++) out[i] = r2(xs[i]!);
  return out;
}
function add(a: readonly number[], b: readonly number[]): number[] {
  const out = new Array<number>(12);
  for (let i = 0; i < 12; i++) out[i] = r2(a[i]! + b[i]!);
  return out;
}
function times(a: readonly number[], k: number): number[] {
  const out = new Array<number>(12);
  for (let i = 0; i < 12; i++) out[i] = r2(a[i]! * k);
  return out;
}
function product(a: readonly number[], b: readonly number[]): number[] {
  const out = new Array<number>(12);
  for (let i = 0; i < 12; i++) out[i] = r2(a[i]! * b[i]!);
  return out;
}
/** An annual amount over the months by days, rounded cumulatively so the months add up to the annual figure. */
function spreadByDays(annual: number): number[] {
  const out = new Array<number>(12);
  let cumulative = 0;
  let previous = 0;
  for (let i = 0; i < 12; i++) {
    cumulative += (annual * DAYS[i]!) / 365;
    const rounded = r2(cumulative);
    out[i] = r2(rounded - previous);
    previous = rounded;
  }
  return out;
}
function zeros(): number[] {
  return new Array<number>(12).fill(0);
}

interface Account {
  usage: number[];
  cost: number[];
  standing: number[];
  co2: number[];
  /** kg CO2e per kWh that turns the year's usage into its CO2 (for monthly factors, their usage-weighted mean). */
  co2PerKwh: number;
}

/**
 * The one factor that turns a year's usage into its CO2 under monthly factors: Σ usage·factor / Σ usage, to
 * 6 dp, so `usage_annual × co2_equivalent_per_kwh = co2_equivalent_annual` holds to rounding. With no usage,
 * the factors' plain mean.
 */
function effectiveFactor(usage: readonly number[], factors: readonly number[]): number {
  let kwh = 0;
  let kg = 0;
  for (let i = 0; i < 12; i++) {
    kwh += usage[i]!;
    kg += usage[i]! * factors[i]!;
  }
  if (kwh === 0) return round(factors.reduce((a, b) => a + b, 0) / 12, 6);
  return round(kg / kwh, 6);
}

/** `co2`: one factor for the year, or twelve (grid electricity's monthly factors). */
function account(
  usage: number[],
  price: number,
  standingAnnual: number,
  co2: number | readonly number[],
): Account {
  return {
    usage,
    cost: times(usage, price),
    standing: spreadByDays(standingAnnual),
    co2: typeof co2 === 'number' ? times(usage, co2) : product(usage, co2),
    co2PerKwh: typeof co2 === 'number' ? co2 : effectiveFactor(usage, co2),
  };
}

/**
 * `period`: the price-cap period to cost with (serving/energy-model/prices.ts gives the one in force); null, or
 * `energy_prices: "SAP 10.2"` in the request, costs every fuel at SAP 10.2 prices. With a period, mains gas
 * and electricity take the cap's unit rate and standing charge for the location's region (else the GB
 * average) and the payment method; other fuels, which the cap does not cover, keep SAP 10.2 prices.
 */
export function evaluateEnergyModel(
  input: EnergyModelInput,
  period: PricePeriod | null = null,
): EnergyModelResponse {
  const { location, region, name: regionName, priceRegion } = resolveLocation(input.location);
  const cap =
    period && input.energy_prices !== 'SAP 10.2'
      ? regionPrices(period, priceRegion, input.payment_method ?? 'Direct Debit')
      : null;
  const ageBand = input.building_age_band ?? bandForYear(input.construction_year!);
  const shape = BUILDING_SHAPES[input.building_type];
  const characteristics: BuildingCharacteristics = { ...shape.defaults, ...input.building_characteristics };
  const floorArea = input.total_floor_area ?? shape.defaultFloorArea;
  const occupants = input.number_of_occupants ?? round(occupancyFromFloorArea(floorArea), 2);
  const fuel = FUELS[input.primary_fuel];
  const defaults = defaultEfficiencies(input.primary_fuel, characteristics.insulation_value);
  const mainEfficiency = input.main_heating_efficiency ?? defaults.main;
  const waterEfficiency = input.water_heating_efficiency ?? defaults.water;
  const lowEnergy = input.low_energy_lighting_proportion ?? DEFAULT_LOW_ENERGY_LIGHTING;

  const result = runEngine(
    archetypeDwelling({
      buildingType: input.building_type,
      band: BAND_INDEX[ageBand],
      totalFloorArea: floorArea,
      occupants,
      characteristics,
      mainHeatingEfficiency: mainEfficiency,
      waterHeatingEfficiency: waterEfficiency,
      lowEnergyLightingProportion: lowEnergy,
      climateRegion: region,
    }),
  );

  const space = rounded(result.monthly.spaceHeatingFuel);
  const water = rounded(result.monthly.hotWaterFuel);
  const lighting = rounded(result.monthly.lighting);
  const heating = add(space, water);
  const isElectric = input.primary_fuel === 'Electricity';
  const electricityPrice = cap ? cap.electricity.pricePerKwh : ELECTRICITY.pricePerKwh;
  const capGas = cap !== null && input.primary_fuel === 'Mains Gas';
  const fuelPrice = capGas ? cap.gas.pricePerKwh : fuel.pricePerKwh;
  const electricity = account(
    isElectric ? add(heating, lighting) : lighting,
    electricityPrice,
    cap ? cap.electricity.standingChargeAnnual : ELECTRICITY.standingChargeAnnual,
    ELECTRICITY_CO2_MONTHLY,
  );
  const primary = isElectric
    ? electricity
    : account(
        heating,
        fuelPrice,
        capGas ? cap.gas.standingChargeAnnual : fuel.standingChargeAnnual,
        fuel.co2PerKwh,
      );
  // Electricity as primary fuel is one supply, counted once in the totals.
  const other: Account = isElectric
    ? { usage: zeros(), cost: zeros(), standing: zeros(), co2: zeros(), co2PerKwh: 0 }
    : electricity;
  const fuelCost = add(primary.cost, other.cost);
  const standing = add(primary.standing, other.standing);
  const totalCost = add(fuelCost, standing);
  const co2 = add(primary.co2, other.co2);

  const spaceAnnual = sum(space);
  const waterAnnual = sum(water);
  const lightingAnnual = sum(lighting);
  return {
    parameters: {
      location,
      climate_region: regionName,
      building_type: input.building_type,
      construction_year: input.construction_year ?? null,
      building_age_band: ageBand,
      total_floor_area: floorArea,
      number_of_occupants: occupants,
      main_heating_efficiency: mainEfficiency,
      water_heating_efficiency: waterEfficiency,
      low_energy_lighting_proportion: lowEnergy,
      primary_fuel: input.primary_fuel,
      building_characteristics: characteristics,
      energy_prices: cap ? cap.provenance : SAP_PRICES_USED,
    },
    total_energy_usage: r2(spaceAnnual + waterAnnual + lightingAnnual),
    space_heating_annual: spaceAnnual,
    space_heating_monthly: space,
    hot_water_annual: waterAnnual,
    hot_water_monthly: water,
    lighting_annual: lightingAnnual,
    lighting_monthly: lighting,
    primary_fuel_price_per_kwh: isElectric ? electricityPrice : fuelPrice,
    primary_fuel_co2_equivalent_per_kwh: primary.co2PerKwh,
    primary_fuel_usage_annual: sum(primary.usage),
    primary_fuel_usage_monthly: primary.usage,
    primary_fuel_cost_annual: sum(primary.cost),
    primary_fuel_cost_monthly: primary.cost,
    primary_fuel_standing_charges_annual: sum(primary.standing),
    primary_fuel_standing_charges_monthly: primary.standing,
    primary_fuel_co2_equivalent_annual: sum(primary.co2),
    primary_fuel_co2_equivalent_monthly: primary.co2,
    electricity_price_per_kwh: electricityPrice,
    electricity_co2_equivalent_per_kwh: electricity.co2PerKwh,
    electricity_usage_annual: sum(electricity.usage),
    electricity_usage_monthly: electricity.usage,
    electricity_cost_annual: sum(electricity.cost),
    electricity_cost_monthly: electricity.cost,
    electricity_standing_charges_annual: sum(electricity.standing),
    electricity_standing_charges_monthly: electricity.standing,
    electricity_co2_equivalent_annual: sum(electricity.co2),
    electricity_co2_equivalent_monthly: electricity.co2,
    total_fuel_cost_annual: sum(fuelCost),
    total_fuel_cost_monthly: fuelCost,
    total_standing_charges_annual: sum(standing),
    total_standing_charges_monthly: standing,
    total_cost_annual: sum(totalCost),
    total_cost_monthly: totalCost,
    total_co2_equivalent_annual: sum(co2),
    total_co2_equivalent_monthly: co2,
  };
}
