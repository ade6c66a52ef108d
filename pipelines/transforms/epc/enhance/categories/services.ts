// Energy tariff, mechanical ventilation and heat-loss corridor: short closed lists in mixed spellings.
import type { EnergyTariff, HeatLossCorridor, MechanicalVentilation } from '../../../../../schemas/epc';
import { lookup } from './normalise';
import { memoise } from '../values/memo';

const TARIFF = new Map<string, EnergyTariff>([
  ['single', 'Single'],
  ['standard tariff', 'Single'], // a standard tariff is a single-rate meter
  ['standard', 'Single'],
  ['dual', 'Dual'],
  ['dual (24 hour)', 'Dual (24 hour)'],
  ['24 hour', '24 hour'],
  ['off-peak 7 hour', 'Off-peak 7 hour'],
  ['off peak 7 hour', 'Off-peak 7 hour'],
  ['off-peak 10 hour', 'Off-peak 10 hour'],
  ['off peak 10 hour', 'Off-peak 10 hour'],
  ['off-peak 18 hour', 'Off-peak 18 hour'],
  ['off peak 18 hour', 'Off-peak 18 hour'],
]);

/** Meter type in one spelling; `Unknown`, `unknown` and stray codes such as `5` → null. */
function toEnergyTariffRule(value: string | null | undefined): EnergyTariff | null {
  return lookup(TARIFF, value);
}

const VENTILATION = new Map<string, MechanicalVentilation>([
  ['natural', 'Natural'],
  ['none', 'Natural'], // pre-SAP-12 register: no mechanical ventilation
  ['mechanical, extract only', 'Mechanical, extract only'],
  ['mechanical, supply and extract', 'Mechanical, supply and extract'],
  ['mechanical - heat recovering', 'Mechanical, supply and extract'], // heat recovery needs supply and extract
  ['mechanical - non recovering', 'Mechanical'], // extract-only or balanced: not said
]);

function toMechanicalVentilationRule(value: string | null | undefined): MechanicalVentilation | null {
  return lookup(VENTILATION, value);
}

const CORRIDOR = new Map<string, HeatLossCorridor>([
  ['no corridor', 'No corridor'],
  ['heated corridor', 'Heated corridor'],
  ['unheated corridor', 'Unheated corridor'],
]);

function toHeatLossCorridorRule(value: string | null | undefined): HeatLossCorridor | null {
  return lookup(CORRIDOR, value);
}

export const toEnergyTariff = memoise(toEnergyTariffRule);

export const toMechanicalVentilation = memoise(toMechanicalVentilationRule);

export const toHeatLossCorridor = memoise(toHeatLossCorridorRule);
