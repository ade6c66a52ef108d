// Staged deprivation indices of Wales (WIMD) and Scotland (SIMD), and the Scottish Postcode Directory's
// urban-rural classes and settlements: one table each, rows keyed on (index, edition, area vintage, area
// code) for the indices, so a newer edition's workbook dropped beside the old one adds rows and the join
// (uprn-area-blocks.ts) picks the newest edition per nation. docs/nations.md.
import { existsSync } from 'node:fs';
import { NationalDeprivationRowSchema, ScottishPostcodeRowSchema } from '../../../schemas/nations-tables';
import { emptyRelation, parquetPath } from '../../io/parquet';
import { parquetColumnsFor } from '../../io/parquet-columns';
import { readScottishPostcodes } from '../../sources/scottish-postcodes';
import { readSimd } from '../../sources/simd';
import { readWimd } from '../../sources/wimd';
import { type AssetContext } from '../../orchestration/definition';
import { stagedPath } from '../../orchestration/ingest';
import { sourceDir, sourceFilesIn } from '../../orchestration/sources';
import { stagedTableAsset } from '../staged-table';

export const WIMD_TABLE = 'wimd';
export const SIMD_TABLE = 'simd';
export const SCOTTISH_POSTCODES_TABLE = 'scottish_postcodes';

const KEY = ['index_name', 'edition', 'area_vintage', 'area_code'];

/**
 * The staged table of these assets as a relation for a join, or an empty one with its columns when it is not
 * staged (a deployment without the Welsh or Scottish sources answers those blocks null, as before).
 */
export function nationTableSql(ctx: Pick<AssetContext, 'config'>, table: string): string {
  const path = stagedPath(ctx as AssetContext, table);
  if (existsSync(path)) return parquetPath(path);
  return emptyRelation(
    parquetColumnsFor(
      table === SCOTTISH_POSTCODES_TABLE ? ScottishPostcodeRowSchema : NationalDeprivationRowSchema,
    ),
  );
}

export const wimd = stagedTableAsset({
  name: WIMD_TABLE,
  description:
    'Welsh Index of Multiple Deprivation (ODS/XLSX ranks workbook): overall rank and published decile, domain ranks, per LSOA, keyed on (index, edition, area vintage)',
  codeVersion: '1',
  owner: 'area-data',
  cadence: 'yearly',
  schema: NationalDeprivationRowSchema,
  files: (ctx) => sourceFilesIn(sourceDir(ctx, 'wimd'), ['.ods', '.xlsx']),
  read: readWimd,
  orderBy: KEY,
});

export const simd = stagedTableAsset({
  name: SIMD_TABLE,
  description:
    'Scottish Index of Multiple Deprivation (XLSX DZ lookup or ranks workbook): overall rank and decile, domain ranks, per Data Zone, keyed on (index, edition, area vintage)',
  codeVersion: '1',
  owner: 'area-data',
  cadence: 'yearly',
  schema: NationalDeprivationRowSchema,
  files: (ctx) => sourceFilesIn(sourceDir(ctx, 'simd'), ['.xlsx']),
  read: readSimd,
  // A published decile before a derived one when both workbooks are given (the join takes the first).
  orderBy: [...KEY, 'decile_derived'],
});

export const scottishPostcodes = stagedTableAsset({
  name: SCOTTISH_POSTCODES_TABLE,
  description:
    'Scottish Postcode Directory (NRS): per postcode its 2011 Data Zone, Scottish Government urban-rural 6- and 8-fold classes and NRS settlement code',
  codeVersion: '1',
  owner: 'area-data',
  cadence: 'yearly',
  schema: ScottishPostcodeRowSchema,
  files: (ctx) => sourceFilesIn(sourceDir(ctx, 'scottish-postcodes'), ['.csv']),
  read: readScottishPostcodes,
  orderBy: ['postcode'],
});
