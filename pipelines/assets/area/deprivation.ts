import { IOD_DOMAINS, IOD_POPULATIONS, readDeprivation } from '../../sources/deprivation';
import type { ColumnSpec } from '../../io/parquet';
import { defineAsset } from '../define';
import { ingestToParquet } from '../../orchestration/ingest';
import { sourceDir } from '../../orchestration/sources';
import { sourceFilesIn } from '../../orchestration/source-files';

export const DEPRIVATION_TABLE = 'deprivation';

const COLUMNS: ColumnSpec[] = [
  { name: 'lsoa_code', type: 'VARCHAR' },
  { name: 'lsoa_name', type: 'VARCHAR' },
  { name: 'local_authority_district_code', type: 'VARCHAR' },
  { name: 'local_authority_district_name', type: 'VARCHAR' },
  ...IOD_DOMAINS.flatMap(([key]): ColumnSpec[] => [
    { name: `${key}_score`, type: 'DOUBLE' },
    { name: `${key}_rank`, type: 'BIGINT' },
    { name: `${key}_decile`, type: 'BIGINT' },
  ]),
  ...IOD_POPULATIONS.map(([key]): ColumnSpec => ({ name: key, type: 'BIGINT' })),
];

export const deprivation = defineAsset({
  name: 'deprivation',
  kind: 'staged',
  description:
    'English Indices of Deprivation 2019 (File 7): every domain and sub-domain score, rank and decile per LSOA',
  upstream: [],
  codeVersion: '1',
  owner: 'area-data',
  cadence: 'yearly',
  sources: (ctx) => sourceFilesIn(sourceDir(ctx, 'deprivation'), ['.csv']),
  async materialize(ctx) {
    const files = await sourceFilesIn(sourceDir(ctx, 'deprivation'), ['.csv']);
    const result = await ingestToParquet(
      ctx,
      DEPRIVATION_TABLE,
      COLUMNS,
      files.map((f) => readDeprivation(f)),
      (r) => r,
      {
        orderBy: ['lsoa_code'],
      },
    );
    return { rows: result.rows, outputs: result.outputs, metrics: { quarantined: result.quarantined } };
  },
});
