import { HPI_NUMERIC_FIELDS, readHpi } from '../../sources/hpi';
import type { ColumnSpec } from '../../io/parquet';
import { defineAsset } from '../define';
import { ingestToParquet } from '../../orchestration/ingest';
import { sourceDir } from '../../orchestration/sources';
import { sourceFilesIn } from '../../orchestration/source-files';

export const HPI_TABLE = 'hpi';

export const hpi = defineAsset({
  name: 'hpi',
  kind: 'staged',
  description:
    'UK House Price Index full file: every month and area (UK, countries, regions, local authorities)',
  upstream: [],
  codeVersion: '1',
  owner: 'area-data',
  cadence: 'monthly',
  sources: (ctx) => sourceFilesIn(sourceDir(ctx, 'hpi'), ['.csv']),
  async materialize(ctx) {
    const files = await sourceFilesIn(sourceDir(ctx, 'hpi'), ['.csv']);
    const columns: ColumnSpec[] = [
      { name: 'date', type: 'VARCHAR' },
      { name: 'region_name', type: 'VARCHAR' },
      { name: 'area_code', type: 'VARCHAR' },
      ...HPI_NUMERIC_FIELDS.map((name): ColumnSpec => ({ name, type: 'DOUBLE' })),
    ];
    const result = await ingestToParquet(
      ctx,
      HPI_TABLE,
      columns,
      files.map((f) => readHpi(f)),
      (r) => r,
      {
        orderBy: ['area_code', 'date'],
      },
    );
    return { rows: result.rows, outputs: result.outputs, metrics: { quarantined: result.quarantined } };
  },
});
