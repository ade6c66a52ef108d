import { LsoaLookupRowSchema } from '../../../schemas/area-tables';
import { readLsoaLookup } from '../../sources/lsoa-lookup';
import { sourceDir, sourceFilesIn } from '../../orchestration/sources';
import { stagedTableAsset } from '../staged-table';

export const LSOA_LOOKUP_TABLE = 'lsoa_lookup';

export const lsoaLookup = stagedTableAsset({
  name: LSOA_LOOKUP_TABLE,
  description:
    'ONS LSOA (2011) to LSOA (2021) to LAD (2022) lookup for England and Wales: each 2011–2021 LSOA pair with its change indicator (U, S, M, X)',
  codeVersion: '1',
  owner: 'area-data',
  cadence: 'yearly',
  schema: LsoaLookupRowSchema,
  files: (ctx) => sourceFilesIn(sourceDir(ctx, 'lsoa-lookup'), ['.csv']),
  read: readLsoaLookup,
  orderBy: ['lsoa21_code', 'lsoa11_code'],
});
