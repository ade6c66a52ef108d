// Mean internal temperature: living area and rest of dwelling with off-period reductions (SAP Tables 9,
// 9b, 9c; BREDEM §7; bredem.md §10).
import type { SpaceHeating } from './types';
import { utilisationFactor } from './utilisation';

/** Rest-of-dwelling demand temperature (SAP Table 9, HLP capped at 6). */
export function restDemandTemperature(h: SpaceHeating, heatLossParameter: number): number {
  const hlp = Math.min(heatLossParameter, 6);
  const th1 = h.livingAreaTemperature;
  return h.controlType === 1 ? th1 - 0.5 * hlp : th1 - hlp + (hlp * hlp) / 12;
}

/** Mean temperature of a zone heated to `demand` with the pattern's off periods (SAP Table 9b–9c). */
export function zoneMeanTemperature(
  h: SpaceHeating,
  demand: number,
  externalTemperature: number,
  heatTransfer: number,
  gains: number,
  tau: number,
): number {
  const eta = utilisationFactor(gains, heatTransfer, demand - externalTemperature, tau);
  const unheated = externalTemperature + (eta * gains) / heatTransfer;
  const tsc = (1 - h.responsiveness) * (demand - 2) + h.responsiveness * unheated;
  const tc = 4 + 0.25 * tau;
  const weekday = offPeriodDrop(h.pattern.weekdayHoursOff, demand, tsc, tc);
  const weekend = offPeriodDrop(h.pattern.weekendHoursOff, demand, tsc, tc);
  return (5 * (demand - weekday) + 2 * (demand - weekend)) / 7;
}

/** Σ u over a day's off periods (SAP Table 9b). Module-level, not a closure: this runs 48 times a call. */
function offPeriodDrop(hours: readonly number[], demand: number, tsc: number, tc: number): number {
  let u = 0;
  for (const off of hours)
    u +=
      off <= tc ? (0.5 * off * off * (demand - tsc)) / (24 * tc) : ((demand - tsc) * (off - 0.5 * tc)) / 24;
  return u;
}

/** BREDEM-2012 fraction of the month heated (8D–8H): a smooth switch as the free-running temperature nears 4 K below demand. */
export function fractionHeated(livingDemand: number, unheatedTemperature: number): number {
  const threshold = livingDemand - 4;
  const f =
    smoothRamp(threshold + 0.5 - unheatedTemperature) - smoothRamp(threshold - 0.5 - unheatedTemperature);
  return Math.min(1, Math.max(0, f));
}

/** BREDEM 8F–8G: D = x / (1 − e^(−5x)), with its limit 1/5 at x = 0. */
function smoothRamp(x: number): number {
  return Math.abs(x) < 1e-9 ? 0.2 : x / (1 - Math.exp(-5 * x));
}
