import { FuelPovertyRowSchema } from '../../../schemas/area-tables';
import { readFuelPoverty } from '../../sources/fuel-poverty';
import { sourceDir, sourceFilesIn } from '../../orchestration/sources';
import { stagedTableAsset } from '../staged-table';

export const FUEL_POVERTY_TABLE = 'fuel_poverty';

export const fuelPoverty = stagedTableAsset({
  name: FUEL_POVERTY_TABLE,
  description:
    'DESNZ sub-regional fuel poverty (England): households and fuel poor households per LSOA, local authority and region',
  codeVersion: '1',
  owner: 'area-data',
  cadence: 'yearly',
  schema: FuelPovertyRowSchema,
  files: (ctx) => sourceFilesIn(sourceDir(ctx, 'fuel-poverty'), ['.xlsx']),
  read: readFuelPoverty,
  orderBy: ['level', 'code'],
});
