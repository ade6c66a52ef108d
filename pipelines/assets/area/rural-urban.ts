import { RuralUrbanRowSchema } from '../../../schemas/area-tables';
import { readRuralUrban } from '../../sources/rural-urban';
import { sourceDir, sourceFilesIn } from '../../orchestration/sources';
import { stagedTableAsset } from '../staged-table';

export const RURAL_URBAN_TABLE = 'rural_urban';

export const ruralUrban = stagedTableAsset({
  name: RURAL_URBAN_TABLE,
  description: 'ONS 2011 rural-urban classification of output areas (England and Wales)',
  codeVersion: '1',
  owner: 'area-data',
  cadence: 'yearly',
  schema: RuralUrbanRowSchema,
  files: (ctx) => sourceFilesIn(sourceDir(ctx, 'rural-urban'), ['.csv']),
  read: readRuralUrban,
  orderBy: ['output_area_code'],
});
