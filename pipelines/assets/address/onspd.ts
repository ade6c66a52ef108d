import { resolve } from 'node:path';
import { ONSPD_CODE_FIELDS, adminNamesFor, loadOnspdAdminNames, readOnspd } from '../../sources/onspd';
import type { ColumnSpec } from '../../io/parquet';
import { defineAsset } from '../define';
import { ingestToParquet } from '../../orchestration/ingest';
import { csvFilesIn, sourceDir } from '../../orchestration/sources';
import { notEmpty, quarantineShare, rowCountBand } from '../../orchestration/checks/counts';
import { distinctKeys, nullShare } from '../../orchestration/checks/table';

const NAME_FIELDS = [
  'local_authority_district_name',
  'electoral_area_name',
  'county_name',
  'region_name',
  'country_name',
] as const;

const COLUMNS: ColumnSpec[] = [
  { name: 'postcode', type: 'VARCHAR' },
  { name: 'postcode_7', type: 'VARCHAR' },
  { name: 'postcode_8', type: 'VARCHAR' },
  { name: 'date_of_introduction', type: 'VARCHAR' },
  { name: 'date_of_termination', type: 'VARCHAR' },
  { name: 'user_type', type: 'BIGINT' },
  { name: 'x_coord', type: 'DOUBLE' },
  { name: 'y_coord', type: 'DOUBLE' },
  { name: 'grid_quality', type: 'BIGINT' },
  { name: 'latitude', type: 'DOUBLE' },
  { name: 'longitude', type: 'DOUBLE' },
  ...ONSPD_CODE_FIELDS.map((name): ColumnSpec => ({ name, type: 'VARCHAR' })),
  ...NAME_FIELDS.map((name): ColumnSpec => ({ name, type: 'VARCHAR' })),
  { name: 'lsoa_2011_code', type: 'VARCHAR' },
];

export const onspd = defineAsset({
  name: 'onspd',
  kind: 'staged',
  description: 'ONS Postcode Directory: each postcode with its admin and census area codes and names',
  upstream: [],
  codeVersion: '3',
  owner: 'data-platform',
  cadence: 'quarterly',
  async sources(ctx) {
    const root = sourceDir(ctx, 'onspd');
    const documents = await csvFilesIn(resolve(root, 'Documents')).catch(() => []);
    return [...(await csvFilesIn(resolve(root, 'Data'))), ...documents];
  },
  async materialize(ctx) {
    const root = sourceDir(ctx, 'onspd');
    const files = await csvFilesIn(resolve(root, 'Data'));
    const names = await loadOnspdAdminNames(resolve(root, 'Documents'));
    const result = await ingestToParquet(
      ctx,
      'onspd',
      COLUMNS,
      files.map((f) => readOnspd(f)),
      (r) => ({ ...r, x_coord: r.x, y_coord: r.y, ...adminNamesFor(r, names) }),
      { orderBy: ['postcode'] },
    );
    return { rows: result.rows, outputs: result.outputs, metrics: { quarantined: result.quarantined } };
  },
  // Terminated and some non-geographic postcodes have no grid reference: a small share without coordinates.
  checks: [
    notEmpty(),
    rowCountBand(),
    quarantineShare(),
    nullShare({ postcode: 0, x_coord: 0.02, y_coord: 0.02 }),
    distinctKeys(['postcode']),
  ],
});
