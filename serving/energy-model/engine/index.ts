// The engine: a monthly heat balance (BREDEM-2012 method, SAP Appendix U climate) on an explicit dwelling
// description. Pure: same description in, same numbers out; no I/O, no archetype assumptions.
import { EXTERNAL_TEMPERATURE, WIND_SPEED } from '../climate/tables';
import { DAYS } from './constants';
import { annualAppliances, baseInternalGains, solarGainsByMonth } from './gains';
import {
  baseInfiltration,
  effectiveAirChangeRate,
  fabricHeatLoss,
  ventilationHeatLoss,
} from './heat-transfer';
import { heatBalanceMonth } from './heat-balance';
import { dailyHotWaterLitres, hotWaterMonth, monthlyEnergyContent } from './hot-water';
import { annualLighting, LIGHTING_MONTH_WEIGHT, lightingGains } from './lighting';
import type { DwellingDescription, EngineMonthly, EngineResult } from './types';

export type * from './types';

// A literal, not a map over KEYS: the engine runs ~10^5 times a second and a dynamic build shows.
function emptyMonthly(): EngineMonthly {
  return {
    externalTemperature: new Array<number>(12),
    windSpeed: new Array<number>(12),
    airChangeRate: new Array<number>(12),
    ventilationHeatLoss: new Array<number>(12),
    heatTransferCoefficient: new Array<number>(12),
    heatLossParameter: new Array<number>(12),
    internalGains: new Array<number>(12),
    solarGains: new Array<number>(12),
    totalGains: new Array<number>(12),
    utilisationFactor: new Array<number>(12),
    livingAreaTemperature: new Array<number>(12),
    restOfDwellingTemperature: new Array<number>(12),
    meanInternalTemperature: new Array<number>(12),
    fractionHeated: new Array<number>(12),
    heatLossRate: new Array<number>(12),
    spaceHeatingDemand: new Array<number>(12),
    spaceHeatingFuel: new Array<number>(12),
    hotWaterEnergyContent: new Array<number>(12),
    hotWaterDemand: new Array<number>(12),
    hotWaterFuel: new Array<number>(12),
    lighting: new Array<number>(12),
  };
}

/** Throws a RangeError naming the first field that the physics cannot use. */
export function checkDwelling(d: DwellingDescription): void {
  const positive = { totalFloorArea: d.totalFloorArea, storeys: d.storeys, storeyHeight: d.storeyHeight };
  for (const name in positive) {
    const value = positive[name as keyof typeof positive];
    if (!(Number.isFinite(value) && value > 0)) throw new RangeError(`${name} must be a positive number`);
  }
  if (!(d.heating.efficiency > 0)) throw new RangeError('heating.efficiency must be positive');
  if (!(d.hotWater.efficiency > 0)) throw new RangeError('hotWater.efficiency must be positive');
  if (!(d.occupants >= 0)) throw new RangeError('occupants must be zero or more');
  if (!(d.thermalMassParameter > 0)) throw new RangeError('thermalMassParameter must be positive');
  if (!Number.isInteger(d.climateRegion) || d.climateRegion < 0 || d.climateRegion > 21)
    throw new RangeError('climateRegion must be an integer 0..21');
  for (const e of [...d.elements, ...d.windows])
    if (!(e.area >= 0 && e.uValue >= 0))
      throw new RangeError('element areas and U-values must be zero or more');
}

export function runEngine(d: DwellingDescription): EngineResult {
  checkDwelling(d);
  const monthly = emptyMonthly();
  const volume = d.totalFloorArea * d.storeyHeight;
  const { fabricHeatLoss: fabric, thermalBridgingHeatLoss: bridging } = fabricHeatLoss(d);
  const infiltration = baseInfiltration(d.ventilation, volume, d.storeys);
  const litres = d.hotWater.dailyVolumeLitres ?? dailyHotWaterLitres(d.occupants);
  const lightingYear = annualLighting(d);
  const appliancesYear = annualAppliances(d.totalFloorArea, d.occupants);
  const h = d.heating;
  const season = d.heatingSeason ?? 'bredem';
  const annual = {
    spaceHeatingDemand: 0,
    spaceHeatingFuel: 0,
    hotWaterDemand: 0,
    hotWaterFuel: 0,
    lighting: 0,
  };

  const solarByMonth = solarGainsByMonth(d);
  const temperatures = EXTERNAL_TEMPERATURE[d.climateRegion]!;
  const winds = WIND_SPEED[d.climateRegion]!;
  for (let m = 0; m < 12; m++) {
    const te = temperatures[m]!;
    const wind = winds[m]!;
    const ach = effectiveAirChangeRate(infiltration, d.ventilation, wind);
    const hVent = ventilationHeatLoss(ach, volume);
    const H = fabric + bridging + hVent;
    const hlp = H / d.totalFloorArea;

    const water = hotWaterMonth(d.hotWater, monthlyEnergyContent(litres, m), m);
    const light = lightingYear * LIGHTING_MONTH_WEIGHT[m]!;
    const internal = baseInternalGains(d, appliancesYear, m) + lightingGains(light, m) + water.gains;
    const solar = solarByMonth[m]!;
    const gains = internal + solar;
    const b = heatBalanceMonth(
      h,
      d.thermalMassParameter,
      d.totalFloorArea,
      H,
      gains,
      te,
      DAYS[m]!,
      m,
      season,
    );
    const demand = b.spaceHeatingDemand;
    const fuel = demand / h.efficiency;

    monthly.externalTemperature[m] = te;
    monthly.windSpeed[m] = wind;
    monthly.airChangeRate[m] = ach;
    monthly.ventilationHeatLoss[m] = hVent;
    monthly.heatTransferCoefficient[m] = H;
    monthly.heatLossParameter[m] = hlp;
    monthly.internalGains[m] = internal;
    monthly.solarGains[m] = solar;
    monthly.totalGains[m] = gains;
    monthly.utilisationFactor[m] = b.utilisationFactor;
    monthly.livingAreaTemperature[m] = b.livingAreaTemperature;
    monthly.restOfDwellingTemperature[m] = b.restOfDwellingTemperature;
    monthly.meanInternalTemperature[m] = b.meanInternalTemperature;
    monthly.fractionHeated[m] = b.fractionHeated;
    monthly.heatLossRate[m] = b.heatLossRate;
    monthly.spaceHeatingDemand[m] = demand;
    monthly.spaceHeatingFuel[m] = fuel;
    monthly.hotWaterEnergyContent[m] = water.energyContent;
    monthly.hotWaterDemand[m] = water.output;
    monthly.hotWaterFuel[m] = water.fuel;
    monthly.lighting[m] = light;
    annual.spaceHeatingDemand += demand;
    annual.spaceHeatingFuel += fuel;
    annual.hotWaterDemand += water.output;
    annual.hotWaterFuel += water.fuel;
    annual.lighting += light;
  }
  return {
    summary: {
      volume,
      fabricHeatLoss: fabric,
      thermalBridgingHeatLoss: bridging,
      baseInfiltration: infiltration,
      dailyHotWaterLitres: litres,
    },
    monthly,
    annual,
  };
}
