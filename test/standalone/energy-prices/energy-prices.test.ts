// Energy prices as one dataset: the Annex 9 loader on the generated sample and on the layout pitfalls the
// reference lists (reference/datasets/energy-prices.md §2.1, §6), the p/kWh and p/day derivation (§4), the
// staged asset and its JSON export, the period in force, postcode → price region, and the two answers that
// price energy (area costs in /properties, POST /energy-model) giving the same unit prices for a region.
import { mkdtemp, readFile, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../pipelines/config';
import type { AssetContext } from '../../../pipelines/orchestration/definition';
import { energyPrices } from '../../../pipelines/assets/area/energy-prices';
import { assetByName } from '../../../pipelines/assets/graph';
import { stagedPath } from '../../../pipelines/orchestration/ingest';
import { writeXlsx, type XlsxCellValue } from '../../../pipelines/io/xlsx';
import { queryParquet, parquetPath } from '../../../pipelines/io/parquet';
import {
  PUBLISHED_DD_JUL_SEP_2026,
  SAMPLE_CAP_PERIOD,
  writeEnergyPricesSample,
} from '../../../pipelines/sample-data/energy-prices';
import {
  consumerRates,
  OFGEM_REGIONS,
  parseCapPeriod,
  readEnergyPrices,
  type EnergyPriceRecord,
} from '../../../pipelines/sources/energy-prices';
import { areaEnergyPrices, areaUnitRates } from '../../../pipelines/transforms/area/energy-prices';
import { averageEnergyUsage } from '../../../pipelines/transforms/area/area-block';
import {
  PRICE_REGION_OF_CLIMATE_REGION,
  priceRegionOfPostcode,
} from '../../../pipelines/transforms/energy-prices/regions';
import {
  buildEnergyPriceTable,
  energyPricesJsonPath,
  periodOn,
  readEnergyPriceRows,
  regionPrices,
  type EnergyPriceTable,
} from '../../../pipelines/transforms/energy-prices/table';
import type { EnergyPriceRow } from '../../../schemas/energy-prices';
import { energyModelAnswer } from '../../../serving/energy-model/answer';
import { fixedPrices, watchedPrices } from '../../../serving/energy-model/prices';

async function load(file: string) {
  const records: EnergyPriceRecord[] = [];
  const bad: string[] = [];
  for await (const r of readEnergyPrices(file)) {
    if (r.ok) records.push(r.record);
    else bad.push(r.row.reason);
  }
  return { records, bad };
}
const find = (rs: EnergyPriceRecord[], region: string, method: string, fuel: string) =>
  rs.find((r) => r.region_code === region && r.payment_method === method && r.fuel === fuel)!;

let dir: string;
let sampleFile: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pds-energy-prices-'));
  sampleFile = (await writeEnergyPricesSample(join(dir, 'sample'))).file.path;
});

describe('Annex 9 loader on the generated sample workbook', () => {
  it('reads every region, payment method and meter of the period, with the GB average', async () => {
    const { records, bad } = await load(sampleFile);
    expect(bad).toEqual([]);
    expect(records).toHaveLength(3 * 15 * 3);
    expect(new Set(records.map((r) => r.period_label))).toEqual(new Set([SAMPLE_CAP_PERIOD]));
    expect(records[0]).toMatchObject({ period_start: '2026-07-01', period_end: '2026-09-30' });
    expect(new Set(records.map((r) => r.region_code)).size).toBe(15);
    // `_Benchmark` codes: the kWh come from the sub-labels `m (2,500 kWh)` / `m (9,500 kWh)`.
    expect(find(records, '_C', 'Direct Debit', 'electricity').benchmark_kwh).toBe(2500);
    expect(find(records, '_C', 'Direct Debit', 'gas').benchmark_kwh).toBe(9500);
    expect(find(records, '_C', 'Prepayment', 'electricity_multi_register').benchmark_kwh).toBe(4200);
    // VAT from the `GB average, inc VAT (at 5%)` row.
    expect(new Set(records.map((r) => r.vat_rate))).toEqual(new Set([0.05]));
  });

  it("reproduces Ofgem's published Direct Debit rates of all 14 regions and the GB average (§5.2)", async () => {
    const { records } = await load(sampleFile);
    for (const [name, [eu, es, gu, gs]] of Object.entries(PUBLISHED_DD_JUL_SEP_2026)) {
      const code = OFGEM_REGIONS[name]!;
      const e = find(records, code, 'Direct Debit', 'electricity');
      const g = find(records, code, 'Direct Debit', 'gas');
      expect([e.unit_rate_pence_per_kwh, e.standing_charge_pence_per_day], name).toEqual([eu, es]);
      expect([g.unit_rate_pence_per_kwh, g.standing_charge_pence_per_day], name).toEqual([gu, gs]);
      expect(e.region_name).toBe(name);
    }
    const gb = (fuel: string) => find(records, 'GB', 'Direct Debit', fuel);
    expect([
      gb('electricity').unit_rate_pence_per_kwh,
      gb('electricity').standing_charge_pence_per_day,
    ]).toEqual([26.11, 57.19]);
    expect([gb('gas').unit_rate_pence_per_kwh, gb('gas').standing_charge_pence_per_day]).toEqual([
      7.33, 29.04,
    ]);
    // PPM standing charges are levelised with Direct Debit's (§3.2).
    for (const fuel of ['electricity', 'gas'])
      expect(find(records, '_G', 'Prepayment', fuel).standing_charge_pence_per_day).toBe(
        find(records, '_G', 'Direct Debit', fuel).standing_charge_pence_per_day,
      );
  });
});

describe('derivation of p/kWh and p/day (§4)', () => {
  it('standing = nil × 100 / 365 × (1 + VAT); unit = (benchmark − nil) × 100 / kWh × (1 + VAT), 2 dp once', () => {
    // nil 200 GBP, benchmark 850 GBP at 2,500 kWh, 5 % VAT: 200×100/365×1.05 = 57.534…; 650×100/2500×1.05 = 27.3.
    expect(consumerRates(200, 850, 2500, 0.05)).toEqual({
      unit_rate_pence_per_kwh: 27.3,
      standing_charge_pence_per_day: 57.53,
    });
    // No VAT (electricity, Oct 2026 – Mar 2027, §6.1).
    expect(consumerRates(200, 850, 2500, 0)).toEqual({
      unit_rate_pence_per_kwh: 26,
      standing_charge_pence_per_day: 54.79,
    });
  });

  it('cap period labels: any dash and spacing, month names or abbreviations', () => {
    expect(parseCapPeriod('July 2026 - September 2026')).toEqual({ start: '2026-07-01', end: '2026-09-30' });
    expect(parseCapPeriod('October 2025 – December 2025')).toEqual({
      start: '2025-10-01',
      end: '2025-12-31',
    });
    expect(parseCapPeriod('Jan 2024-Mar 2024')).toEqual({ start: '2024-01-01', end: '2024-03-31' });
    expect(parseCapPeriod('April 2015 - September 2015')).toEqual({ start: '2015-04-01', end: '2015-09-30' });
    expect(parseCapPeriod('P16b')).toBeNull();
  });
});

// Workbooks in the published layout (§2.1) with one pitfall each, written here from the reference, not by
// the sample generator.
interface Layout {
  period?: string;
  /** Rows before the first block (the published sheet: data from row 14). */
  offset?: number;
  /** Benchmark code suffix: '3100kWh' style (pre-2026) or 'Benchmark' (kWh only in the sub-label). */
  benchmark?: 'kwh' | 'label';
  /** Inc-VAT multiplier per fuel for the GB row; undefined leaves the row out. */
  incVat?: { electricity: number; gas: number };
  gbRow?: boolean;
  extraRegion?: string;
  sheetName?: string;
}
function annex9(layout: Layout = {}): Uint8Array {
  const rows: XlsxCellValue[][] = [];
  for (let i = 0; i < (layout.offset ?? 4); i++) rows.push([]);
  rows.push([null, '28AD Charge Restriction Period:', layout.period ?? 'October 2025 - December 2025']);
  rows.push([null, 'Column reference, current charging period:', 28]);
  rows.push([]);
  const kwh = { ElecSingle: 3100, ElecMulti: 4200, Gas: 12000 } as const;
  for (const [label, code] of [
    ['Other Payment Method', 'Other'],
    ['Standard Credit', 'SC'],
    ['PPM', 'PPM'],
  ] as const) {
    rows.push([null, label]);
    const codes = (['ElecSingle', 'ElecMulti', 'Gas'] as const).flatMap((f) => [
      `${f}_${code}_Nil`,
      `${f}_${code}_${layout.benchmark === 'label' ? 'Benchmark' : `${kwh[f]}kWh`}`,
    ]);
    rows.push([null, null, ...codes]);
    rows.push([null, 'Charge Restriction Region', 'Electricity: Single-Rate Metering Arrangement']);
    rows.push([
      null,
      null,
      'Nil kWh',
      'm (3,100 kWh)',
      'Nil kWh',
      'm (4,200 kWh)',
      'Nil kWh',
      'm (12,000 kWh)',
    ]);
    // Region i: elec nil 180+i, bench 180+i+775; multi nil 180+i, bench +900; gas nil 120, bench 120+720.
    const regions = Object.keys(OFGEM_REGIONS);
    if (layout.extraRegion) regions.push(layout.extraRegion);
    const cells = (i: number) => [180 + i, 955 + i, 180 + i, 1080 + i, 120, 840];
    regions.forEach((name, i) => rows.push([null, name, ...cells(i)]));
    const mean = cells(0).map(
      (_, k) => Object.keys(OFGEM_REGIONS).reduce((s, __, i) => s + cells(i)[k]!, 0) / 14,
    );
    if (layout.gbRow !== false) rows.push([null, 'GB average', ...mean]);
    if (layout.incVat)
      rows.push([
        null,
        'GB average, inc VAT (at 5%)',
        ...mean.map((v, k) => v * (k < 4 ? layout.incVat!.electricity : layout.incVat!.gas)),
      ]);
    rows.push([]);
  }
  return writeXlsx([
    { name: 'Cover', rows: [['Annex 9']] },
    { name: layout.sheetName ?? '1a Levelised DTC', rows },
  ]);
}
async function loadLayout(layout: Layout) {
  const file = join(dir, `annex9-${Math.random().toString(36).slice(2)}.xlsx`);
  await writeFile(file, annex9(layout));
  return load(file);
}

describe('Annex 9 layout pitfalls (§2.1, §6)', () => {
  it('finds the blocks by their labels wherever they sit, and `_3100kWh` codes give the benchmark kWh', async () => {
    for (const offset of [2, 11]) {
      const { records, bad } = await loadLayout({ offset });
      expect(bad).toEqual([]);
      expect(records).toHaveLength(3 * 15 * 3);
      const e = find(records, '_A', 'Standard Credit', 'electricity');
      expect(e.benchmark_kwh).toBe(3100);
      // (955 − 180) × 100 / 3100 × 1.05 = 26.25; 180 × 100 / 365 × 1.05 = 51.78.
      expect([e.unit_rate_pence_per_kwh, e.standing_charge_pence_per_day]).toEqual([26.25, 51.78]);
      expect(find(records, '_A', 'Standard Credit', 'gas').benchmark_kwh).toBe(12000);
    }
  });

  it('`_Benchmark` codes take their kWh from the sub-label row', async () => {
    const { records } = await loadLayout({ benchmark: 'label' });
    expect(find(records, '_C', 'Direct Debit', 'electricity').benchmark_kwh).toBe(3100);
    expect(find(records, '_C', 'Direct Debit', 'gas').benchmark_kwh).toBe(12000);
  });

  it('an en dash in the period label', async () => {
    const { records } = await loadLayout({ period: 'October 2026 – December 2026' });
    expect(records[0]).toMatchObject({ period_start: '2026-10-01', period_end: '2026-12-31' });
  });

  it('VAT per fuel from the inc-VAT GB row: no VAT on electricity, 5 % on gas (Oct 2026 – Mar 2027)', async () => {
    const { records } = await loadLayout({ incVat: { electricity: 1, gas: 1.05 } });
    const e = find(records, '_B', 'Direct Debit', 'electricity');
    expect(e.vat_rate).toBe(0);
    expect(e.unit_rate_pence_per_kwh).toBe(25); // 775 × 100 / 3100, no VAT
    expect(find(records, '_B', 'Direct Debit', 'gas').vat_rate).toBe(0.05);
    // Without the inc-VAT row: 5 %.
    const plain = await loadLayout({});
    expect(find(plain.records, '_B', 'Direct Debit', 'electricity').vat_rate).toBe(0.05);
  });

  it('without a GB average row, the GB average is the regions’ unweighted mean (§4)', async () => {
    const { records } = await loadLayout({ gbRow: false });
    const gb = find(records, 'GB', 'Direct Debit', 'electricity');
    expect(gb.nil_gbp_ex_vat).toBeCloseTo(186.5, 6);
    expect(gb.region_name).toBe('GB average');
  });

  it('an unknown region is quarantined, not guessed; a sheet named `1a …` otherwise is still found', async () => {
    const { records, bad } = await loadLayout({
      extraRegion: 'Northern Ireland',
      sheetName: '1a Levelised DTC v2',
    });
    expect(records).toHaveLength(3 * 15 * 3);
    expect(bad).toHaveLength(3);
    expect(bad[0]).toMatch(/unknown region "Northern Ireland"/);
  });
});

const row = (over: Partial<EnergyPriceRow>): EnergyPriceRow => ({
  period_start: '2026-07-01',
  period_end: '2026-09-30',
  period_label: 'July 2026 - September 2026',
  region_code: '_C',
  region_name: 'London',
  payment_method: 'Direct Debit',
  fuel: 'electricity',
  nil_gbp_ex_vat: 0,
  benchmark_gbp_ex_vat: 0,
  benchmark_kwh: 2500,
  vat_rate: 0.05,
  unit_rate_pence_per_kwh: 26.35,
  standing_charge_pence_per_day: 44.78,
  source_file: 'energy-prices/a.xlsx',
  ...over,
});

describe('the price table: the period in force and a region’s prices', () => {
  const rows = [
    row({}),
    row({ fuel: 'gas', unit_rate_pence_per_kwh: 7.5, standing_charge_pence_per_day: 29.52 }),
    row({ region_code: 'GB', region_name: 'GB average', unit_rate_pence_per_kwh: 26.11 }),
    row({ region_code: 'GB', region_name: 'GB average', fuel: 'gas', unit_rate_pence_per_kwh: 7.33 }),
    ...[{}, { fuel: 'gas' as const, unit_rate_pence_per_kwh: 6 }].map((o) =>
      row({
        period_start: '2026-10-01',
        period_end: '2026-12-31',
        period_label: 'October 2026 - December 2026',
        unit_rate_pence_per_kwh: 26.49,
        ...o,
      }),
    ),
  ];
  const table = buildEnergyPriceTable(rows);

  it('the period containing the date; after the last, the last; before the first, the first', () => {
    expect(periodOn(table, '2026-08-15')!.label).toBe('July 2026 - September 2026');
    expect(periodOn(table, '2026-10-01')!.label).toBe('October 2026 - December 2026');
    expect(periodOn(table, '2027-02-01')!.label).toBe('October 2026 - December 2026');
    expect(periodOn(table, '2025-01-01')!.label).toBe('July 2026 - September 2026');
    expect(periodOn({ periods: [] }, '2026-08-15')).toBeNull();
  });

  it("a region's prices, the GB average for no region or one without both fuels; p → GBP", () => {
    const jul = periodOn(table, '2026-08-15')!;
    expect(regionPrices(jul, '_C')!.electricity).toEqual({
      unitPencePerKwh: 26.35,
      standingPencePerDay: 44.78,
      pricePerKwh: 0.2635,
      standingChargeAnnual: 163.45,
    });
    expect(regionPrices(jul, null)!.provenance.region_code).toBe('GB');
    expect(regionPrices(jul, '_P')!.provenance.region_name).toBe('GB average');
    // October has London only (no GB average): another region finds nothing.
    const oct = periodOn(table, '2026-11-01')!;
    expect(regionPrices(oct, '_C')!.gas.unitPencePerKwh).toBe(6);
    expect(regionPrices(oct, '_P')).toBeNull();
  });
});

describe('postcode → price region', () => {
  it.each([
    ['PL26 6BJ', '_L'],
    ['SW1A 1AA', '_C'],
    ['CF10 1AA', '_K'],
    ['BA1 1AA', '_L'],
    ['BA11 1AA', '_H'],
    ['EH1 1AA', '_N'],
    ['FK8 1AA', '_N'],
    ['FK17 8AA', '_P'],
    ['AB10 1AA', '_P'],
    ['LL11 1AA', '_D'],
    ['M1 1AA', '_G'],
    ['W1A 0AX', '_C'],
    ['EC1A 1BB', '_C'],
  ])('%s → %s', (postcode, region) => expect(priceRegionOfPostcode(postcode)).toBe(region));

  it('Northern Ireland, the Isle of Man, the Channel Islands and non-postcodes have none (GB average)', () => {
    for (const p of ['BT1 1AA', 'IM1 1AA', 'JE2 3AB', 'GY1 1AA', '', null, 'not a postcode'])
      expect(priceRegionOfPostcode(p)).toBeNull();
  });

  it('every climate region name has a price region or the GB average', () => {
    expect(Object.keys(PRICE_REGION_OF_CLIMATE_REGION)).toHaveLength(22);
    const codes = new Set([...Object.values(OFGEM_REGIONS), 'GB']);
    for (const code of Object.values(PRICE_REGION_OF_CLIMATE_REGION)) expect(codes).toContain(code);
  });
});

describe('the energy_prices asset and the two answers that price energy', () => {
  let ctx: AssetContext;
  let table: EnergyPriceTable;
  beforeAll(async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'pds-energy-prices-asset-'));
    ctx = { config: loadConfig({ PDS_DATA_DIR: dataDir }), runId: 't', log: () => {}, heartbeat: () => {} };
    await writeEnergyPricesSample(ctx.config.sourcesDir);
    await energyPrices.materialize(ctx);
    table = buildEnergyPriceTable(readEnergyPriceRows(energyPricesJsonPath(dataDir)));
  });

  it('is in the graph, writes the staged table and its JSON export with the same rows', async () => {
    expect(assetByName('energy_prices')).toBe(energyPrices);
    expect(assetByName('uprn_area_blocks').upstream).toContain('energy_prices');
    const staged: Record<string, unknown>[] = [];
    for await (const r of queryParquet(`SELECT * FROM ${parquetPath(stagedPath(ctx, 'energy_prices'))}`))
      staged.push(r);
    const json = readEnergyPriceRows(energyPricesJsonPath(ctx.config.dataDir));
    expect(staged).toHaveLength(135);
    expect(json).toHaveLength(135);
    expect(json[0]!.source_file).toMatch(/^energy-prices\/Annex-9-.*\.xlsx$/);
    expect(table.periods.map((p) => p.label)).toEqual([SAMPLE_CAP_PERIOD]);
  });

  it('/properties area costs and POST /energy-model use the same unit rates for the same postcode', () => {
    const period = periodOn(table, '2026-08-01')!;
    for (const postcode of ['BA2 4AA', 'CF10 1AA', 'FK8 2AA', 'SW1A 1AA', 'PL26 6BJ']) {
      const area = areaUnitRates(areaEnergyPrices(table, '2026-08-01'), postcode)!;
      const model = energyModelAnswer(
        { location: postcode, building_type: 'Flat', construction_year: 1975 },
        period,
      );
      expect(model.electricity_price_per_kwh * 100).toBeCloseTo(area.electricityPencePerKwh, 10);
      expect(model.primary_fuel_price_per_kwh * 100).toBeCloseTo(area.gasPencePerKwh, 10);
      expect(model.parameters.energy_prices).toMatchObject({
        basis: 'Price Cap',
        period: SAMPLE_CAP_PERIOD,
        region_code: area.regionCode,
        payment_method: 'Direct Debit',
      });
    }
    // The area block's costs are usage × those rates.
    const rates = areaUnitRates(areaEnergyPrices(table, '2026-08-01'), 'CF10 1AA')!;
    const stats = averageEnergyUsage(
      'W01001',
      null,
      {
        lsoaElectricity: {
          year: 2024,
          meter_count: 10,
          mean_consumption_kwh: 3000,
          median_consumption_kwh: 2500,
        },
        lsoaGas: { year: 2024, meter_count: 10, mean_consumption_kwh: 11000, median_consumption_kwh: 10000 },
        msoaElectricity: null,
        msoaGas: null,
      },
      rates,
    )!;
    expect(stats.lower_layer_super_output_area!.mean_electricity_cost).toBe(Math.round(3000 * 26.33) / 100);
    expect(stats.lower_layer_super_output_area!.mean_gas_cost).toBe(Math.round(11000 * 7.42) / 100);
  });

  it('energy model: prices and standing charges of the region, payment method and period; parameters say which', () => {
    const period = periodOn(table, '2026-08-01')!;
    const body = { location: 'M1 1AA', building_type: 'Flat', construction_year: 1999 };
    const dd = energyModelAnswer(body, period);
    // North West, Direct Debit: 26.13 p/kWh and 47.61 p/day electricity, 7.24 and 29.17 gas.
    expect(dd.electricity_price_per_kwh).toBe(0.2613);
    expect(dd.primary_fuel_price_per_kwh).toBe(0.0724);
    expect(dd.electricity_standing_charges_annual).toBeCloseTo((47.61 * 365) / 100, 2);
    expect(dd.primary_fuel_standing_charges_annual).toBeCloseTo((29.17 * 365) / 100, 2);
    expect(dd.parameters.energy_prices).toEqual({
      basis: 'Price Cap',
      source: 'Ofgem energy price cap',
      period: 'July 2026 - September 2026',
      period_start: '2026-07-01',
      period_end: '2026-09-30',
      region_code: '_G',
      region_name: 'North West',
      payment_method: 'Direct Debit',
    });
    const sc = energyModelAnswer({ ...body, options: { payment_method: 'Standard Credit' } }, period);
    expect(sc.electricity_price_per_kwh).toBeGreaterThan(dd.electricity_price_per_kwh);
    expect(sc.parameters.energy_prices.payment_method).toBe('Standard Credit');
    // A climate region name spanning several price regions, and Northern Ireland: the GB average.
    for (const location of ['Severn', 'N Ireland']) {
      const gb = energyModelAnswer({ ...body, location }, period);
      expect(gb.parameters.energy_prices.region_code).toBe('GB');
      expect(gb.electricity_price_per_kwh).toBe(0.2611);
    }
    // Oil is not under the cap: SAP 10.2's price; its electricity is the cap's.
    const oil = energyModelAnswer({ ...body, primary_fuel: 'Oil' }, period);
    expect(oil.primary_fuel_price_per_kwh).toBe(0.0494);
    expect(oil.electricity_price_per_kwh).toBe(0.2613);
  });

  it('the SAP 10.2 option (both body forms) prices at SAP Table 12 whatever the table', () => {
    const period = periodOn(table, '2026-08-01')!;
    const spec = energyModelAnswer(
      {
        location: 'M1 1AA',
        building_type: 'Flat',
        construction_year: 1999,
        options: { energy_prices: 'SAP 10.2' },
      },
      period,
    );
    const vendor = energyModelAnswer(
      {
        parameters: {
          location: 'M1 1AA',
          building_type: 'Flat',
          construction_year: 1999,
          energy_prices: 'SAP 10.2',
        },
      },
      period,
    );
    for (const r of [spec, vendor]) {
      expect(r.primary_fuel_price_per_kwh).toBe(0.0364);
      expect(r.electricity_price_per_kwh).toBe(0.1649);
      expect(r.electricity_standing_charges_annual).toBe(72);
      expect(r.parameters.energy_prices).toMatchObject({
        basis: 'SAP 10.2',
        period: null,
        region_code: null,
      });
    }
    expect(() =>
      energyModelAnswer({
        location: 'M1 1AA',
        building_type: 'Flat',
        construction_year: 1999,
        options: { energy_prices: 'cheap' },
      }),
    ).toThrow(/options\.energy_prices|Invalid body/);
  });

  it('serving: the table from the JSON export, re-read when the file changes; none leaves SAP prices', async () => {
    const path = join(dir, 'served.json');
    const source = watchedPrices(path);
    const now = Date.parse('2026-08-01T10:00:00Z');
    expect(source.current(now)).toBeNull();
    await writeFile(path, await readFile(energyPricesJsonPath(ctx.config.dataDir)));
    expect(source.current(now)).toBeNull(); // checked at most every 5 s
    expect(source.current(now + 5_000)!.label).toBe(SAMPLE_CAP_PERIOD);
    const moved = readEnergyPriceRows(path).map((r) => ({
      ...r,
      period_start: '2026-10-01',
      period_end: '2026-12-31',
      period_label: 'October 2026 - December 2026',
    }));
    await writeFile(path, JSON.stringify({ dataset: 'energy-prices', rows: moved }));
    await utimes(path, new Date(), new Date(Date.now() + 60_000));
    expect(source.current(now + 10_000)!.label).toBe('October 2026 - December 2026');
    expect(fixedPrices(table).current(Date.parse('2026-08-01'))!.label).toBe(SAMPLE_CAP_PERIOD);
  });
});
