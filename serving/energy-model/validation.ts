// Reference ranges of typical annual gas use by building type (reference/energy/validation.md §2) and the
// table of model defaults against them that docs/energy-model.md shows (`pds energy-model validate`).
import { AGE_BANDS, BUILDING_TYPES, type AgeBand, type BuildingType } from '../../schemas/api/energy-model';
import { evaluateEnergyModel } from './evaluate';

export interface GasRange {
  /** Typical (median) annual gas use, kWh: fitted NEED medians for a 3-bedroom home in EPC band D (§2b). */
  typical: number;
  /** Lower end: the type's 1-bedroom fitted median × 0.62, the EPC A/B multiplier (§2b). */
  low: number;
  /** Upper end: the larger of the type's 5+-bedroom fitted median and the NEED 2024 90th percentile (§2a). */
  high: number;
  source: string;
}

const FLAT: GasRange = {
  typical: 8700,
  low: Math.round(5600 * 0.62),
  high: 14100,
  source: 'fitted flat medians 5,600–14,100 (1–5+ bed)',
};

export const TYPICAL_GAS_USE: Readonly<Record<BuildingType, GasRange>> = {
  Detached: {
    typical: 11700,
    low: Math.round(7100 * 0.62),
    high: 25000,
    source: 'fitted detached 7,100–19,500; NEED 2024 detached median 13,600, p90 25,000',
  },
  'Semi-detached': {
    typical: 11000,
    low: Math.round(4100 * 0.62),
    high: 22800,
    source: 'fitted semi 4,100–22,800; NEED all gas-heated p90 19,500',
  },
  Terraced: {
    typical: 9800,
    low: Math.round(4300 * 0.62),
    high: 19500,
    source: 'fitted mid-terrace 4,300–19,100; NEED all gas-heated p90 19,500',
  },
  Flat: FLAT,
  Tenement: FLAT,
  '4-in-block': FLAT,
  'Tower/Slab': FLAT,
  Conversion: FLAT,
};

/** Mains-gas use of each building type's defaults in one region, by age band. */
export function defaultGasUse(location = 'Midlands', bands: readonly AgeBand[] = AGE_BANDS.slice(0, 12)) {
  return BUILDING_TYPES.map((type) => ({
    type,
    range: TYPICAL_GAS_USE[type],
    byBand: bands.map((band) => ({
      band,
      gas: evaluateEnergyModel({
        location,
        building_type: type,
        building_age_band: band,
        primary_fuel: 'Mains Gas',
        building_characteristics: {},
      }).primary_fuel_usage_annual,
    })),
  }));
}

/** The markdown table for the docs. */
export function validationTable(location = 'Midlands'): string {
  const rows = defaultGasUse(location);
  const bands = rows[0]!.byBand.map((b) => b.band);
  const head = `| building type | reference range (typical) | ${bands.join(' | ')} |`;
  const rule = `|---|---|${bands.map(() => '---:').join('|')}|`;
  const body = rows.map(
    (r) =>
      `| ${r.type} | ${r.range.low.toLocaleString('en-GB')}–${r.range.high.toLocaleString('en-GB')} (${r.range.typical.toLocaleString('en-GB')}) | ` +
      r.byBand
        .map(({ gas }) => {
          const text = Math.round(gas).toLocaleString('en-GB');
          return gas < r.range.low || gas > r.range.high ? `**${text}**` : text;
        })
        .join(' | ') +
      ' |',
  );
  return [head, rule, ...body].join('\n');
}
