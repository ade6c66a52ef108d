// Staged deprivation indices of Wales (WIMD) and Scotland (SIMD), and the Scottish Postcode Directory's
// urban-rural classes and settlements: one table each, rows keyed on (index, edition, area vintage, area
// code) for the indices, so a newer edition's workbook dropped beside the old one adds rows and the join
// (uprn-area-blocks.ts) picks the newest edition per nation. docs/nations.md.
import { existsSync } from 'node:fs';
import { emptyRelation, parquetPath, type ColumnSpec } from '../../io/parquet';
import { NATIONAL_DEPRIVATION_COLUMNS } from '../../sources/deprivation/nations';
import { readScottishPostcodes } from '../../sources/scottish-postcodes';
import { readSimd } from '../../sources/simd';
import { readWimd } from '../../sources/wimd';
import { type AssetContext } from '../../orchestration/definition';
import { defineAsset } from '../define';
import { ingestToParquet, stagedPath } from '../../orchestration/ingest';
import { sourceDir } from '../../orchestration/sources';
import { sourceFilesIn } from '../../orchestration/source-files';

export const WIMD_TABLE = 'wimd';
export const SIMD_TABLE = 'simd';
export const SCOTTISH_POSTCODES_TABLE = 'scottish_postcodes';

const KEY = ['index_name', 'edition', 'area_vintage', 'area_code'];

export const SCOTTISH_POSTCODE_COLUMNS: ColumnSpec[] = [
  { name: 'postcode', type: 'VARCHAR' },
  { name: 'date_of_deletion', type: 'VARCHAR' },
  { name: 'data_zone_2011_code', type: 'VARCHAR' },
  { name: 'urban_rural_edition', type: 'VARCHAR' },
  { name: 'urban_rural_6_fold_code', type: 'BIGINT' },
  { name: 'urban_rural_8_fold_code', type: 'BIGINT' },
  { name: 'settlement_edition', type: 'VARCHAR' },
  { name: 'settlement_code', type: 'VARCHAR' },
];

/**
 * The staged table of these assets as a relation for a join, or an empty one with its columns when it is not
 * staged (a deployment without the Welsh or Scottish sources answers those blocks null, as before).
 */
export function nationTableSql(ctx: Pick<AssetContext, 'config'>, table: string): string {
  const path = stagedPath(ctx as AssetContext, table);
  if (existsSync(path)) return parquetPath(path);
  return emptyRelation(
    table === SCOTTISH_POSTCODES_TABLE ? SCOTTISH_POSTCODE_COLUMNS : NATIONAL_DEPRIVATION_COLUMNS,
  );
}

export const wimd = defineAsset({
  name: 'wimd',
  kind: 'staged',
  description:
    'Welsh Index of Multiple Deprivation (ODS/XLSX ranks workbook): overall rank and published decile, domain ranks, per LSOA, keyed on (index, edition, area vintage)',
  upstream: [],
  codeVersion: '1',
  owner: 'area-data',
  cadence: 'yearly',
  sources: (ctx) => sourceFilesIn(sourceDir(ctx, 'wimd'), ['.ods', '.xlsx']),
  async materialize(ctx) {
    const files = await sourceFilesIn(sourceDir(ctx, 'wimd'), ['.ods', '.xlsx']);
    const result = await ingestToParquet(
      ctx,
      WIMD_TABLE,
      NATIONAL_DEPRIVATION_COLUMNS,
      files.map((f) => readWimd(f)),
      (r) => ({ ...r }),
      { orderBy: KEY },
    );
    return { rows: result.rows, outputs: result.outputs, metrics: { quarantined: result.quarantined } };
  },
});

export const simd = defineAsset({
  name: 'simd',
  kind: 'staged',
  description:
    'Scottish Index of Multiple Deprivation (XLSX DZ lookup or ranks workbook): overall rank and decile, domain ranks, per Data Zone, keyed on (index, edition, area vintage)',
  upstream: [],
  codeVersion: '1',
  owner: 'area-data',
  cadence: 'yearly',
  sources: (ctx) => sourceFilesIn(sourceDir(ctx, 'simd'), ['.xlsx']),
  async materialize(ctx) {
    const files = await sourceFilesIn(sourceDir(ctx, 'simd'), ['.xlsx']);
    const result = await ingestToParquet(
      ctx,
      SIMD_TABLE,
      NATIONAL_DEPRIVATION_COLUMNS,
      files.map((f) => readSimd(f)),
      (r) => ({ ...r }),
      // A published decile before a derived one when both workbooks are given (the join takes the first).
      { orderBy: [...KEY, 'decile_derived'] },
    );
    return { rows: result.rows, outputs: result.outputs, metrics: { quarantined: result.quarantined } };
  },
});

export const scottishPostcodes = defineAsset({
  name: 'scottish_postcodes',
  kind: 'staged',
  description:
    'Scottish Postcode Directory (NRS): per postcode its 2011 Data Zone, Scottish Government urban-rural 6- and 8-fold classes and NRS settlement code',
  upstream: [],
  codeVersion: '1',
  owner: 'area-data',
  cadence: 'yearly',
  sources: (ctx) => sourceFilesIn(sourceDir(ctx, 'scottish-postcodes'), ['.csv']),
  async materialize(ctx) {
    const files = await sourceFilesIn(sourceDir(ctx, 'scottish-postcodes'), ['.csv']);
    const result = await ingestToParquet(
      ctx,
      SCOTTISH_POSTCODES_TABLE,
      SCOTTISH_POSTCODE_COLUMNS,
      files.map((f) => readScottishPostcodes(f)),
      (r) => ({ ...r }),
      { orderBy: ['postcode'] },
    );
    return { rows: result.rows, outputs: result.outputs, metrics: { quarantined: result.quarantined } };
  },
});
