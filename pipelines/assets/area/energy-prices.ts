// Staged `energy_prices`: the Ofgem energy price cap's unit rates and standing charges per cap period, region,
// payment method and meter, from every Annex 9 workbook in the `energy-prices` folder (one per period;
// pipelines/sources/energy-prices). Written twice: the Parquet table (analysts, the data dictionary) and its
// JSON export (pipelines/transforms/energy-prices/table.ts), a few hundred rows, which the area block reads
// during the refresh and the API loads at start and re-reads when it changes, so both answers price energy
// from the same rows.
import { rename, writeFile } from 'node:fs/promises';
import type { EnergyPriceRow } from '../../../schemas/energy-prices';
import type { ColumnSpec } from '../../io/parquet';
import { readEnergyPrices, type EnergyPriceRecord } from '../../sources/energy-prices';
import {
  buildEnergyPriceTable,
  ENERGY_PRICES_TABLE,
  energyPricesJsonPath,
  type EnergyPricesFile,
} from '../../transforms/energy-prices/table';
import { defineAsset } from '../define';
import { ingestToParquet } from '../../orchestration/ingest';
import { sourceDir, sourceFilesIn } from '../../orchestration/sources';

export const ENERGY_PRICE_COLUMNS: ColumnSpec[] = [
  { name: 'period_start', type: 'VARCHAR' },
  { name: 'period_end', type: 'VARCHAR' },
  { name: 'period_label', type: 'VARCHAR' },
  { name: 'region_code', type: 'VARCHAR' },
  { name: 'region_name', type: 'VARCHAR' },
  { name: 'payment_method', type: 'VARCHAR' },
  { name: 'fuel', type: 'VARCHAR' },
  { name: 'nil_gbp_ex_vat', type: 'DOUBLE' },
  { name: 'benchmark_gbp_ex_vat', type: 'DOUBLE' },
  { name: 'benchmark_kwh', type: 'DOUBLE' },
  { name: 'vat_rate', type: 'DOUBLE' },
  { name: 'unit_rate_pence_per_kwh', type: 'DOUBLE' },
  { name: 'standing_charge_pence_per_day', type: 'DOUBLE' },
  { name: 'source_file', type: 'VARCHAR' },
];

const ORDER = ['period_start', 'region_code', 'payment_method', 'fuel'] as const;

const compareRows = (a: EnergyPriceRow, b: EnergyPriceRow): number => {
  for (const k of ORDER) {
    const c = a[k].localeCompare(b[k]);
    if (c !== 0) return c;
  }
  return a.source_file.localeCompare(b.source_file);
};

export const energyPrices = defineAsset({
  name: 'energy_prices',
  kind: 'staged',
  description:
    'Ofgem energy price cap (Annex 9 "1a Levelised DTC"): unit rates (p/kWh) and standing charges (p/day), VAT ' +
    'included, per cap period, region (14 + GB average), payment method and meter',
  upstream: [],
  codeVersion: '1',
  owner: 'area-data',
  cadence: 'quarterly',
  sources: (ctx) => sourceFilesIn(sourceDir(ctx, 'energy-prices'), ['.xlsx']),
  async materialize(ctx) {
    const files = await sourceFilesIn(sourceDir(ctx, 'energy-prices'), ['.xlsx']);
    const rows: EnergyPriceRow[] = [];
    const result = await ingestToParquet<EnergyPriceRecord>(
      ctx,
      ENERGY_PRICES_TABLE,
      ENERGY_PRICE_COLUMNS,
      files.map((f) => readEnergyPrices(f)),
      (record, file) => {
        const row: EnergyPriceRow = { ...record, source_file: file };
        rows.push(row);
        return row as unknown as Record<string, unknown>;
      },
      { orderBy: [...ORDER, 'source_file'] },
    );
    rows.sort(compareRows);
    const table = buildEnergyPriceTable(rows);
    if (table.periods.length === 0) ctx.log('energy_prices: no period with both electricity and gas prices');
    const json = energyPricesJsonPath(ctx.config.dataDir);
    const body: EnergyPricesFile = { dataset: 'energy-prices', rows };
    // Renamed into place, so the API never reads a half-written file.
    await writeFile(`${json}.tmp`, `${JSON.stringify(body)}\n`);
    await rename(`${json}.tmp`, json);
    const latest = table.periods.at(-1);
    if (latest) ctx.log(`energy_prices: ${table.periods.length} period(s), latest ${latest.label}`);
    return {
      rows: result.rows,
      outputs: [...result.outputs, json],
      metrics: { quarantined: result.quarantined, periods: table.periods.length },
    };
  },
});
