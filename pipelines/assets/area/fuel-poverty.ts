import { readFuelPoverty } from '../../sources/fuel-poverty';
import { defineAsset } from '../define';
import { ingestToParquet } from '../../orchestration/ingest';
import { sourceDir } from '../../orchestration/sources';
import { sourceFilesIn } from '../../orchestration/source-files';

export const FUEL_POVERTY_TABLE = 'fuel_poverty';

export const fuelPoverty = defineAsset({
  name: 'fuel_poverty',
  kind: 'staged',
  description:
    'DESNZ sub-regional fuel poverty (England): households and fuel poor households per LSOA, local authority and region',
  upstream: [],
  codeVersion: '1',
  owner: 'area-data',
  cadence: 'yearly',
  sources: (ctx) => sourceFilesIn(sourceDir(ctx, 'fuel-poverty'), ['.xlsx']),
  async materialize(ctx) {
    const files = await sourceFilesIn(sourceDir(ctx, 'fuel-poverty'), ['.xlsx']);
    const result = await ingestToParquet(
      ctx,
      FUEL_POVERTY_TABLE,
      [
        { name: 'level', type: 'VARCHAR' },
        { name: 'code', type: 'VARCHAR' },
        { name: 'name', type: 'VARCHAR' },
        { name: 'local_authority_district_code', type: 'VARCHAR' },
        { name: 'local_authority_district_name', type: 'VARCHAR' },
        { name: 'region_name', type: 'VARCHAR' },
        { name: 'household_count', type: 'DOUBLE' },
        { name: 'fuel_poor_household_count', type: 'DOUBLE' },
        { name: 'fuel_poor_household_percentage', type: 'DOUBLE' },
      ],
      files.map((f) => readFuelPoverty(f)),
      (r) => ({ ...r }),
      { orderBy: ['level', 'code'] },
    );
    return { rows: result.rows, outputs: result.outputs, metrics: { quarantined: result.quarantined } };
  },
});
