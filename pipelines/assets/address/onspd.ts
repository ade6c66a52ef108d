import { resolve } from 'node:path';
import { OnspdRowSchema } from '../../../schemas/area-tables';
import { adminNamesFor, loadOnspdAdminNames, readOnspd } from '../../sources/onspd';
import { csvFilesIn, sourceDir } from '../../orchestration/sources';
import { notEmpty, quarantineShare, rowCountBand } from '../../orchestration/checks/counts';
import { distinctKeys, nullShare } from '../../orchestration/checks/table';
import { stagedTableAsset } from '../staged-table';

export const onspd = stagedTableAsset({
  name: 'onspd',
  description: 'ONS Postcode Directory: each postcode with its admin and census area codes and names',
  codeVersion: '3',
  owner: 'data-platform',
  cadence: 'quarterly',
  schema: OnspdRowSchema,
  files: (ctx) => csvFilesIn(resolve(sourceDir(ctx, 'onspd'), 'Data')),
  // The names of the codes come from the Documents folder's lookups (when there are any).
  async sources(ctx) {
    const root = sourceDir(ctx, 'onspd');
    const documents = await csvFilesIn(resolve(root, 'Documents')).catch(() => []);
    return [...(await csvFilesIn(resolve(root, 'Data'))), ...documents];
  },
  prepare: (ctx) => loadOnspdAdminNames(resolve(sourceDir(ctx, 'onspd'), 'Documents')),
  read: readOnspd,
  toRow: (r, _file, names) => ({ ...r, x_coord: r.x, y_coord: r.y, ...adminNamesFor(r, names) }),
  orderBy: ['postcode'],
  // Terminated and some non-geographic postcodes have no grid reference: a small share without coordinates.
  checks: [
    notEmpty(),
    rowCountBand(),
    quarantineShare(),
    nullShare({ postcode: 0, x_coord: 0.02, y_coord: 0.02 }),
    distinctKeys(['postcode']),
  ],
});
