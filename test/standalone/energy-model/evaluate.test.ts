// The request → response layer: every building type × fuel × region answers with finite numbers and the
// rules of spec 2.3 hold exactly; defaults land in the published ranges of typical gas use.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  AGE_BANDS,
  BUILDING_TYPES,
  EnergyModelResponseSchema,
  FUELS,
  REGION_NAMES,
  type AgeBand,
  type BuildingType,
  type EnergyModelResponse,
} from '../../../schemas/api/energy-model';
import { evaluateEnergyModel, SAP_PRICES_USED } from '../../../serving/energy-model/evaluate';
import {
  defaultGasUse,
  referenceRange,
  replaceDocsTable,
  TYPICAL_GAS_USE,
  validationTable,
} from '../../../serving/energy-model/validation';

const PAIRS = ['usage', 'cost', 'standing_charges', 'co2_equivalent'] as const;

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
/** Equal to the cent: values are rounded to 2 dp, so "within rounding" is a float-noise tolerance. */
const same = (a: number, b: number) => Math.abs(a - b) < 1e-6;

function checkRules(r: EnergyModelResponse): string[] {
  const bad: string[] = [];
  const rec = r as unknown as Record<string, number | number[]>;
  for (const [k, v] of Object.entries(rec)) {
    if (k === 'parameters') continue;
    const values = Array.isArray(v) ? v : [v];
    if (Array.isArray(v) && v.length !== 12) bad.push(`${k} length`);
    if (!values.every((x) => Number.isFinite(x) && x >= 0)) bad.push(`${k} finite, non-negative`);
    if (k.endsWith('_monthly')) {
      const annual = rec[k.replace(/_monthly$/, '_annual')] as number;
      if (!same(annual, sum(v as number[]))) bad.push(`${k} sums to annual`);
    }
  }
  const parts = (...ks: string[]) => ks.reduce((s, k) => s + (rec[k] as number), 0);
  if (!same(r.total_energy_usage, parts('space_heating_annual', 'hot_water_annual', 'lighting_annual')))
    bad.push('total_energy_usage');
  if (!same(r.total_cost_annual, parts('total_fuel_cost_annual', 'total_standing_charges_annual')))
    bad.push('total_cost');
  r.total_cost_monthly.forEach((c, m) => {
    if (!same(c, r.total_fuel_cost_monthly[m]! + r.total_standing_charges_monthly[m]!))
      bad.push(`total_cost_monthly[${m}]`);
  });
  const electric = r.parameters.primary_fuel === 'Electricity';
  for (const p of PAIRS) {
    const primary = rec[`primary_fuel_${p}_annual`] as number;
    const electricity = rec[`electricity_${p}_annual`] as number;
    const key =
      p === 'usage'
        ? null
        : p === 'standing_charges'
          ? 'total_standing_charges_annual'
          : p === 'cost'
            ? 'total_fuel_cost_annual'
            : 'total_co2_equivalent_annual';
    if (key && !same(rec[key] as number, electric ? electricity : primary + electricity))
      bad.push(`${key} parts`);
  }
  // usage × factor = emissions: the per-kWh factor is the one that produced the annual CO2 (to the rounding
  // of 12 monthly values to the 10 g, and of the factor to 6 dp).
  for (const f of ['primary_fuel', 'electricity']) {
    const usage = rec[`${f}_usage_annual`] as number;
    const gap =
      usage * (rec[`${f}_co2_equivalent_per_kwh`] as number) - (rec[`${f}_co2_equivalent_annual`] as number);
    if (Math.abs(gap) > 0.06 + usage * 5e-7)
      bad.push(`${f} usage × co2 per kWh ≠ co2 (${gap.toFixed(3)} kg)`);
  }
  if (electric) {
    for (const k of Object.keys(rec).filter((k) => k.startsWith('primary_fuel_')))
      if (JSON.stringify(rec[k]) !== JSON.stringify(rec[k.replace('primary_fuel_', 'electricity_')]))
        bad.push(`${k} ≠ electricity`);
    if (!same(r.electricity_usage_annual, r.total_energy_usage)) bad.push('electric usage');
  } else {
    if (!same(r.primary_fuel_usage_annual, r.space_heating_annual + r.hot_water_annual))
      bad.push('primary usage');
    if (JSON.stringify(r.electricity_usage_monthly) !== JSON.stringify(r.lighting_monthly))
      bad.push('electricity = lighting');
  }
  return bad;
}

describe('every building type × fuel × region', () => {
  it('answers every 2.3 field with finite numbers; the 2.3 rules hold exactly', () => {
    let n = 0;
    for (const building_type of BUILDING_TYPES)
      for (const primary_fuel of FUELS)
        for (const location of REGION_NAMES) {
          const r = evaluateEnergyModel({
            location,
            building_type,
            construction_year: 1975,
            primary_fuel,
            building_characteristics: {},
          });
          expect(checkRules(r), `${building_type} ${primary_fuel} ${location}`).toEqual([]);
          n++;
        }
    expect(n).toBe(8 * 20 * 22);
  });

  it('the response validates against the response schema', () => {
    const r = evaluateEnergyModel({
      location: 'EH1 1YZ',
      building_type: 'Tenement',
      building_age_band: '1900-1929',
      primary_fuel: 'Electricity',
      building_characteristics: {},
    });
    expect(EnergyModelResponseSchema.safeParse(r).success).toBe(true);
  });
});

const gasUse = (building_type: BuildingType, location: string, band: AgeBand) =>
  evaluateEnergyModel({
    location,
    building_type,
    building_age_band: band,
    primary_fuel: 'Mains Gas',
    building_characteristics: {},
  });

describe('climate and season, through the API layer', () => {
  it('January needs more space heating than July for every building type, age band and region', () => {
    for (const type of BUILDING_TYPES)
      for (const band of AGE_BANDS)
        for (const region of REGION_NAMES) {
          const m = gasUse(type, region, band).space_heating_monthly;
          expect(m[0], `${type} ${band} ${region}`).toBeGreaterThan(m[6]!);
        }
  });

  it('colder regions need more heat than warmer ones for every building type and age band', () => {
    // Pairs whose heating-season temperatures differ clearly (climate.md Table U1), warmer first.
    const pairs = [
      ['Thames', 'Midlands'],
      ['South England', 'NE England'],
      ['Midlands', 'East Scotland'],
      ['Wales', 'Highlands'],
      ['East Scotland', 'Shetland'],
    ] as const;
    for (const type of BUILDING_TYPES)
      for (const band of AGE_BANDS)
        for (const [warm, cold] of pairs)
          expect(
            gasUse(type, cold, band).space_heating_annual,
            `${type} ${band}: ${cold} > ${warm}`,
          ).toBeGreaterThan(gasUse(type, warm, band).space_heating_annual);
  });
});

describe('electricity CO2 by month (SAP 10.2 Table 12d)', () => {
  it('each month of electricity is counted at that month’s grid factor; the per-kWh field is their effective mean', () => {
    const r = gasUse('Semi-detached', 'Midlands', '1950-1966');
    const factors = [0.163, 0.16, 0.153, 0.143, 0.132, 0.12, 0.111, 0.112, 0.122, 0.136, 0.151, 0.163];
    r.electricity_usage_monthly.forEach((kwh, m) =>
      expect(r.electricity_co2_equivalent_monthly[m]).toBeCloseTo(kwh * factors[m]!, 2),
    );
    // Lighting is mostly winter electricity, so its effective factor is above the annual Table 12 0.136 —
    // and it, not 0.136, turns the year's usage into the year's CO2 (issue 15: 530.14 kWh × 0.136 ≠ 76.51 kg).
    const weighted = sum(r.electricity_usage_monthly.map((kwh, m) => kwh * factors[m]!));
    expect(r.electricity_co2_equivalent_per_kwh).toBeCloseTo(weighted / r.electricity_usage_annual, 6);
    expect(r.electricity_co2_equivalent_per_kwh).toBeGreaterThan(0.136);
    expect(r.electricity_usage_annual * r.electricity_co2_equivalent_per_kwh).toBeCloseTo(
      r.electricity_co2_equivalent_annual,
      1,
    );
    expect(r.primary_fuel_co2_equivalent_per_kwh).toBe(0.21);
    // Mains gas keeps its single annual factor.
    r.primary_fuel_usage_monthly.forEach((kwh, m) =>
      expect(r.primary_fuel_co2_equivalent_monthly[m]).toBeCloseTo(kwh * 0.21, 2),
    );
  });
});

describe('parameters echo what was used', () => {
  it('defaults: floor area by type, occupants by the SAP formula, documented efficiencies and lighting', () => {
    const r = evaluateEnergyModel({
      location: 'sw1a1aa',
      building_type: 'Semi-detached',
      construction_year: 1958,
      primary_fuel: 'Mains Gas',
      building_characteristics: { insulation_value: 4 },
    });
    expect(r.parameters).toEqual({
      location: 'SW1A 1AA',
      climate_region: 'Thames',
      building_type: 'Semi-detached',
      construction_year: 1958,
      building_age_band: '1950-1966',
      total_floor_area: 99.1,
      number_of_occupants: 2.73,
      main_heating_efficiency: 0.84,
      water_heating_efficiency: 0.75,
      low_energy_lighting_proportion: 0.75,
      primary_fuel: 'Mains Gas',
      building_characteristics: {
        exposure_value: 3,
        insulation_value: 4,
        air_leakage_value: 3,
        capacity_value: 1,
        solar_ingress_value: 2,
        occupancy_value: 3,
        living_area_value: 3,
      },
      // No price-cap period given: SAP 10.2 prices, and the parameters say so.
      energy_prices: SAP_PRICES_USED,
    });
  });

  it('given values are used: efficiency, occupants, lighting, floor area', () => {
    const base = {
      location: 'Thames',
      building_type: 'Detached' as const,
      building_age_band: '1983-1990' as const,
      primary_fuel: 'Oil' as const,
      building_characteristics: {},
    };
    const a = evaluateEnergyModel(base);
    const b = evaluateEnergyModel({
      ...base,
      main_heating_efficiency: 0.95,
      water_heating_efficiency: 0.9,
      number_of_occupants: 5,
      low_energy_lighting_proportion: 1,
      total_floor_area: 200,
    });
    expect(b.parameters).toMatchObject({
      main_heating_efficiency: 0.95,
      water_heating_efficiency: 0.9,
      number_of_occupants: 5,
      low_energy_lighting_proportion: 1,
      total_floor_area: 200,
    });
    expect(a.parameters.main_heating_efficiency).toBe(0.84);
    expect(b.hot_water_annual).toBeGreaterThan(a.hot_water_annual * 0.9);
    expect(b.primary_fuel_price_per_kwh).toBe(0.0494);
  });

  it('older, less insulated homes default to an older boiler', () => {
    const r = evaluateEnergyModel({
      location: 'Wales',
      building_type: 'Terraced',
      building_age_band: 'before 1900',
      primary_fuel: 'Mains Gas',
      building_characteristics: { insulation_value: 2 },
    });
    expect(r.parameters).toMatchObject({ main_heating_efficiency: 0.74, water_heating_efficiency: 0.65 });
  });
});

describe('validation against typical gas use (reference/energy/validation.md)', () => {
  it('mains-gas defaults for every building type and age band land inside the reference range', () => {
    for (const row of defaultGasUse('Midlands')) {
      expect(row.byBand).toHaveLength(12);
      for (const { band, gas } of row.byBand) {
        const range = referenceRange(row.type, band);
        expect(gas, `${row.type} ${band}`).toBeGreaterThanOrEqual(range.low);
        expect(gas, `${row.type} ${band}`).toBeLessThanOrEqual(range.high);
      }
    }
  });

  it('pre-1930 detached homes are judged against the NEED pre-1930 detached figures; others by type', () => {
    expect(referenceRange('Detached', 'before 1900')).toMatchObject({ typical: 20400, high: 35100 });
    expect(referenceRange('Detached', '1930-1949')).toBe(TYPICAL_GAS_USE.Detached);
    expect(referenceRange('Semi-detached', 'before 1900')).toBe(TYPICAL_GAS_USE['Semi-detached']);
  });

  it('the docs show the table the code generates (regenerate: npx pds energy-model validate --write-docs)', () => {
    const doc = readFileSync(new URL('../../../docs/energy-model.md', import.meta.url), 'utf8');
    expect(replaceDocsTable(doc, validationTable('Midlands'))).toBe(doc);
  });
});
