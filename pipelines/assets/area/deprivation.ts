import { DeprivationRowSchema } from '../../../schemas/area-tables';
import { readDeprivation } from '../../sources/deprivation';
import { sourceDir, sourceFilesIn } from '../../orchestration/sources';
import { stagedTableAsset } from '../staged-table';

export const DEPRIVATION_TABLE = 'deprivation';

export const deprivation = stagedTableAsset({
  name: DEPRIVATION_TABLE,
  description:
    'English Indices of Deprivation 2019 (File 7): every domain and sub-domain score, rank and decile per LSOA',
  codeVersion: '1',
  owner: 'area-data',
  cadence: 'yearly',
  schema: DeprivationRowSchema,
  files: (ctx) => sourceFilesIn(sourceDir(ctx, 'deprivation'), ['.csv']),
  read: readDeprivation,
  orderBy: ['lsoa_code'],
});
