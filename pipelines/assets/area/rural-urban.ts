import { readRuralUrban } from '../../sources/rural-urban';
import { defineAsset } from '../define';
import { ingestToParquet } from '../../orchestration/ingest';
import { sourceDir } from '../../orchestration/sources';
import { sourceFilesIn } from '../../orchestration/source-files';

export const RURAL_URBAN_TABLE = 'rural_urban';

export const ruralUrban = defineAsset({
  name: 'rural_urban',
  kind: 'staged',
  description: 'ONS 2011 rural-urban classification of output areas (England and Wales)',
  upstream: [],
  codeVersion: '1',
  owner: 'area-data',
  cadence: 'yearly',
  sources: (ctx) => sourceFilesIn(sourceDir(ctx, 'rural-urban'), ['.csv']),
  async materialize(ctx) {
    const files = await sourceFilesIn(sourceDir(ctx, 'rural-urban'), ['.csv']);
    const result = await ingestToParquet(
      ctx,
      RURAL_URBAN_TABLE,
      [
        { name: 'output_area_code', type: 'VARCHAR' },
        { name: 'rural_urban_classification_code', type: 'VARCHAR' },
        { name: 'rural_urban_classification_10_fold', type: 'VARCHAR' },
        { name: 'rural_urban_classification_2_fold', type: 'VARCHAR' },
      ],
      files.map((f) => readRuralUrban(f)),
      (r) => ({ ...r }),
      { orderBy: ['output_area_code'] },
    );
    return { rows: result.rows, outputs: result.outputs, metrics: { quarantined: result.quarantined } };
  },
});
