import { HpiRowSchema } from '../../../schemas/area-tables';
import { readHpi } from '../../sources/hpi';
import { sourceDir, sourceFilesIn } from '../../orchestration/sources';
import { stagedTableAsset } from '../staged-table';

export const HPI_TABLE = 'hpi';

export const hpi = stagedTableAsset({
  name: HPI_TABLE,
  description:
    'UK House Price Index full file: every month and area (UK, countries, regions, local authorities)',
  codeVersion: '1',
  owner: 'area-data',
  cadence: 'monthly',
  schema: HpiRowSchema,
  files: (ctx) => sourceFilesIn(sourceDir(ctx, 'hpi'), ['.csv']),
  read: readHpi,
  orderBy: ['area_code', 'date'],
});
