import { EnergyUsageRowSchema } from '../../../schemas/area-tables';
import { readEnergyUsage } from '../../sources/energy-usage';
import { sourceDir, sourceFilesIn } from '../../orchestration/sources';
import { stagedTableAsset } from '../staged-table';

export const ENERGY_USAGE_TABLE = 'energy_usage';

export const energyUsage = stagedTableAsset({
  name: ENERGY_USAGE_TABLE,
  description: 'DESNZ domestic gas and electricity consumption per LSOA and MSOA, every year published',
  codeVersion: '1',
  owner: 'area-data',
  cadence: 'yearly',
  schema: EnergyUsageRowSchema,
  files: (ctx) => sourceFilesIn(sourceDir(ctx, 'energy-usage'), ['.xlsx', '.csv']),
  read: readEnergyUsage,
  orderBy: ['level', 'area_code', 'fuel', 'year'],
});
