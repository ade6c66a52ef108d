// One month's heat balance: zone temperatures, utilisation, fraction heated and the useful space heating
// requirement (SAP (85)–(98), BREDEM §7–8). Exported on its own so it can be checked line by line against a
// SAP worksheet given that worksheet's H and gains.
import { KWH_PER_WATT_DAY } from './constants';
import { fractionHeated, restDemandTemperature, zoneMeanTemperature } from './temperature';
import type { SpaceHeating } from './types';
import { timeConstant, utilisationFactor } from './utilisation';

export interface HeatBalanceMonth {
  livingAreaTemperature: number;
  restOfDwellingTemperature: number;
  /** Whole-dwelling mean, including the control adjustment (SAP (93)). */
  meanInternalTemperature: number;
  utilisationFactor: number;
  fractionHeated: number;
  /** H × (T_i − T_e), W. */
  heatLossRate: number;
  /** Useful space heating requirement, kWh. */
  spaceHeatingDemand: number;
}

export function heatBalanceMonth(
  h: SpaceHeating,
  thermalMassParameter: number,
  totalFloorArea: number,
  heatTransfer: number,
  gains: number,
  externalTemperature: number,
  days: number,
  month: number,
  season: 'bredem' | 'sap',
): HeatBalanceMonth {
  const hlp = heatTransfer / totalFloorArea;
  const tau = timeConstant(thermalMassParameter, hlp);
  const te = externalTemperature;
  const th1 = h.livingAreaTemperature;
  const t1 = zoneMeanTemperature(h, th1, te, heatTransfer, gains, tau);
  const t2 = zoneMeanTemperature(h, restDemandTemperature(h, hlp), te, heatTransfer, gains, tau);
  const ti = h.livingAreaFraction * t1 + (1 - h.livingAreaFraction) * t2 + (h.temperatureAdjustment ?? 0);
  const eta = utilisationFactor(gains, heatTransfer, ti - te, tau);
  const loss = heatTransfer * (ti - te);
  const f =
    season === 'sap'
      ? month >= 5 && month <= 8
        ? 0
        : 1
      : fractionHeated(th1, te + (eta * gains) / heatTransfer);
  return {
    livingAreaTemperature: t1,
    restOfDwellingTemperature: t2,
    meanInternalTemperature: ti,
    utilisationFactor: eta,
    fractionHeated: f,
    heatLossRate: loss,
    spaceHeatingDemand: KWH_PER_WATT_DAY * days * f * Math.max(0, loss - eta * gains),
  };
}
