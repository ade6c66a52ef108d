import { readEnergyUsage } from '../../sources/energy-usage';
import { defineAsset } from '../define';
import { ingestToParquet } from '../../orchestration/ingest';
import { sourceDir } from '../../orchestration/sources';
import { sourceFilesIn } from '../../orchestration/source-files';

export const ENERGY_USAGE_TABLE = 'energy_usage';

export const energyUsage = defineAsset({
  name: 'energy_usage',
  kind: 'staged',
  description: 'DESNZ domestic gas and electricity consumption per LSOA and MSOA, every year published',
  upstream: [],
  codeVersion: '1',
  owner: 'area-data',
  cadence: 'yearly',
  sources: (ctx) => sourceFilesIn(sourceDir(ctx, 'energy-usage'), ['.xlsx', '.csv']),
  async materialize(ctx) {
    const files = await sourceFilesIn(sourceDir(ctx, 'energy-usage'), ['.xlsx', '.csv']);
    const result = await ingestToParquet(
      ctx,
      ENERGY_USAGE_TABLE,
      [
        { name: 'level', type: 'VARCHAR' },
        { name: 'area_code', type: 'VARCHAR' },
        { name: 'fuel', type: 'VARCHAR' },
        { name: 'year', type: 'BIGINT' },
        { name: 'meter_count', type: 'DOUBLE' },
        { name: 'total_consumption_kwh', type: 'DOUBLE' },
        { name: 'mean_consumption_kwh', type: 'DOUBLE' },
        { name: 'median_consumption_kwh', type: 'DOUBLE' },
      ],
      files.map((f) => readEnergyUsage(f)),
      (r) => ({ ...r }),
      { orderBy: ['level', 'area_code', 'fuel', 'year'] },
    );
    return { rows: result.rows, outputs: result.outputs, metrics: { quarantined: result.quarantined } };
  },
});
