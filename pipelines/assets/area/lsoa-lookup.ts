import { readLsoaLookup } from '../../sources/lsoa-lookup';
import { defineAsset } from '../define';
import { ingestToParquet } from '../../orchestration/ingest';
import { sourceDir } from '../../orchestration/sources';
import { sourceFilesIn } from '../../orchestration/source-files';

export const LSOA_LOOKUP_TABLE = 'lsoa_lookup';

export const lsoaLookup = defineAsset({
  name: 'lsoa_lookup',
  kind: 'staged',
  description:
    'ONS LSOA (2011) to LSOA (2021) to LAD (2022) lookup for England and Wales: each 2011–2021 LSOA pair with its change indicator (U, S, M, X)',
  upstream: [],
  codeVersion: '1',
  owner: 'area-data',
  cadence: 'yearly',
  sources: (ctx) => sourceFilesIn(sourceDir(ctx, 'lsoa-lookup'), ['.csv']),
  async materialize(ctx) {
    const files = await sourceFilesIn(sourceDir(ctx, 'lsoa-lookup'), ['.csv']);
    const result = await ingestToParquet(
      ctx,
      LSOA_LOOKUP_TABLE,
      [
        { name: 'lsoa11_code', type: 'VARCHAR' },
        { name: 'lsoa11_name', type: 'VARCHAR' },
        { name: 'lsoa21_code', type: 'VARCHAR' },
        { name: 'lsoa21_name', type: 'VARCHAR' },
        { name: 'change_indicator', type: 'VARCHAR' },
        { name: 'local_authority_district_code', type: 'VARCHAR' },
        { name: 'local_authority_district_name', type: 'VARCHAR' },
      ],
      files.map((f) => readLsoaLookup(f)),
      (r) => ({ ...r }),
      { orderBy: ['lsoa21_code', 'lsoa11_code'] },
    );
    return { rows: result.rows, outputs: result.outputs, metrics: { quarantined: result.quarantined } };
  },
});
