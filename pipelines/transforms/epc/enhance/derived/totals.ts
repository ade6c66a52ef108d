// Fields computed from other fields of the same certificate.
import { roundTo } from '../values/numbers';

/** CO2 saving if the recommendations were carried out: current minus potential, tonnes per year. */
export function co2ReductionPotential(current: number | null, potential: number | null): number | null {
  return current === null || potential === null ? null : roundTo(current - potential, 3);
}

/** Annual energy, kWh per year: consumption per m² (kWh/m²/year) times total floor area (m²). */
export function totalEnergyConsumption(
  perSquareMetre: number | null,
  floorArea: number | null,
): number | null {
  return perSquareMetre === null || floorArea === null ? null : roundTo(perSquareMetre * floorArea, 2);
}

// The same in SQL (the columnar enhancer): the same double operations, floor(x + 0.5) for Math.round.
export const co2ReductionPotentialSql = (current: string, potential: string): string =>
  `CASE WHEN ${current} IS NULL OR ${potential} IS NULL THEN NULL ELSE floor((${current} - ${potential}) * 1000 + 0.5) / 1000 END`;

export const totalEnergyConsumptionSql = (perSquareMetre: string, floorArea: string): string =>
  `CASE WHEN ${perSquareMetre} IS NULL OR ${floorArea} IS NULL THEN NULL ELSE floor(${perSquareMetre} * ${floorArea} * 100 + 0.5) / 100 END`;
