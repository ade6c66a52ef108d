// Fuels: each API fuel's SAP Table 12 fuel, unit price, standing charge and CO2 factor, and the default
// efficiencies of a system burning it. Prices are pounds (GBP). Sources: reference/energy/fuels.md —
// unit prices and CO2 SAP 10.2 (14-03-2025) Table 12 (§2); standing charges from the SAP 10.x Table 12 in
// EnHub (§3), the only standing-charge column found; fuels without one there have none (unmetered fuels).
import type { Fuel } from '../../schemas/api/energy-model';

export interface FuelData {
  /** SAP Table 12 fuel code (fuels.md §1). */
  sapCode: number;
  sapName: string;
  /** GBP per kWh delivered. */
  pricePerKwh: number;
  /** GBP per year, national average; 0 when SAP lists none. */
  standingChargeAnnual: number;
  /** kg CO2e per kWh delivered. */
  co2PerKwh: number;
  family: 'gas' | 'liquid' | 'solid' | 'electricity';
}

const fuel = (
  sapCode: number,
  sapName: string,
  pencePerKwh: number,
  co2PerKwh: number,
  standingChargeAnnual: number,
  family: FuelData['family'],
): FuelData => ({
  sapCode,
  sapName,
  pricePerKwh: Math.round(pencePerKwh * 1e4) / 1e6,
  standingChargeAnnual,
  co2PerKwh,
  family,
});

// prettier-ignore
export const FUELS: Readonly<Record<Fuel, FuelData>> = {
  'Mains Gas':                 fuel(1, 'mains gas', 3.64, 0.21, 88, 'gas'),
  Lpg:                         fuel(2, 'bulk LPG', 6.74, 0.241, 58, 'gas'),
  'Bottled Gas':               fuel(3, 'bottled LPG (main heating)', 9.46, 0.241, 0, 'gas'),
  'Lpg Special':               fuel(9, 'LPG subject to Special Condition 11F', 3.64, 0.241, 95, 'gas'),
  Biogas:                      fuel(7, 'biogas (including anaerobic digestion)', 6.74, 0.024, 70, 'gas'),
  // SAP 10.2's change list does not mention heating oil's CO2; 0.298 is EnHub's SAP 10.x value (fuels.md §2–3).
  Oil:                         fuel(4, 'heating oil', 4.94, 0.298, 0, 'liquid'),
  Biodiesel:                   fuel(71, 'bio-liquid HVO (biodiesel from any biomass source)', 6.79, 0.036, 0, 'liquid'),
  'Rapeseed Oil':              fuel(73, 'bio-liquid FAME (rapeseed oil)', 6.79, 0.018, 0, 'liquid'),
  // Code 74's SAP 10.2 price was not in the excerpt found; EnHub prices it as heating oil, and so do we.
  'Mineral Oil':               fuel(74, 'appliances able to use mineral oil or liquid biofuel', 4.94, 0.298, 0, 'liquid'),
  B30K:                        fuel(75, 'B30K', 5.49, 0.214, 0, 'liquid'),
  Bioethanol:                  fuel(76, 'bioethanol from any biomass source', 47.0, 0.105, 0, 'liquid'),
  'House Coal':                fuel(11, 'house coal', 5.58, 0.395, 0, 'solid'),
  Anthracite:                  fuel(15, 'anthracite', 4.19, 0.395, 0, 'solid'),
  'Smokeless Fuel':            fuel(12, 'manufactured smokeless fuel', 5.91, 0.366, 0, 'solid'),
  'Dual Fuel Anthracite Wood': fuel(10, 'dual fuel appliance (mineral and wood)', 4.77, 0.087, 0, 'solid'),
  'Wood Logs':                 fuel(20, 'wood logs', 5.12, 0.028, 0, 'solid'),
  'Wood Pellets In Bags':      fuel(22, 'wood pellets (in bags)', 6.91, 0.053, 0, 'solid'),
  'Wood Pellets Bulk':         fuel(23, 'wood pellets (bulk supply)', 6.25, 0.053, 0, 'solid'),
  'Wood Chips':                fuel(21, 'wood chips', 3.72, 0.023, 0, 'solid'),
  Electricity:                 fuel(30, 'electricity, standard tariff', 16.49, 0.136, 72, 'electricity'),
};

/** Lighting (and anything electric) is always on the standard tariff. */
export const ELECTRICITY = FUELS.Electricity;

/**
 * Grid electricity's CO2 by month, kg/kWh, January first: SAP 10.2 Table 12d (fuels.md §2, from a SAP 10.2
 * engine's output). Winter electricity is dirtier (0.163) than summer (0.111); the answer's
 * `electricity_co2_equivalent_per_kwh` is their usage-weighted mean, not the annual Table 12 factor 0.136.
 */
export const ELECTRICITY_CO2_MONTHLY: readonly number[] = [
  0.163, 0.16, 0.153, 0.143, 0.132, 0.12, 0.111, 0.112, 0.122, 0.136, 0.151, 0.163,
];

/**
 * Default seasonal efficiencies [main heating, water heating] by fuel family, for a modern system and for
 * an older one (insulation_value 1–2: a poorly insulated home is taken to keep an older boiler). SAP 2009
 * Table 4b winter/summer values (bredem.md §13): condensing combi 84/75, non-condensing combi 74/65; oil
 * condensing 84/72, standard 80/68; solid fuel: Table 4a manual-feed boiler 60 %; electricity: direct
 * acting and immersion, 100 %.
 */
const DEFAULT_EFFICIENCY = {
  gas: { modern: [0.84, 0.75], older: [0.74, 0.65] },
  liquid: { modern: [0.84, 0.72], older: [0.8, 0.68] },
  solid: { modern: [0.6, 0.6], older: [0.6, 0.6] },
  electricity: { modern: [1, 1], older: [1, 1] },
} as const;

export function defaultEfficiencies(f: Fuel, insulationValue: number): { main: number; water: number } {
  const e = DEFAULT_EFFICIENCY[FUELS[f].family][insulationValue <= 2 ? 'older' : 'modern'];
  return { main: e[0], water: e[1] };
}
