import { OsOpenUprnRowSchema } from '../../../schemas/area-tables';
import { OS_OPEN_UPRN_COLUMNS, readOsOpenUprn } from '../../sources/os-open-uprn';
import { notEmpty, quarantineShare, rowCountBand } from '../../orchestration/checks/counts';
import { sourceColumns } from '../../orchestration/checks/columns';
import { distinctKeys, insideGreatBritain, nullShare } from '../../orchestration/checks/table';
import { csvFilesIn, sourceDir } from '../../orchestration/sources';
import { stagedTableAsset } from '../staged-table';

export const osOpenUprn = stagedTableAsset({
  name: 'os_open_uprn',
  description: 'OS Open UPRN address points: UPRN with BNG and ETRS89 coordinates',
  codeVersion: '2',
  owner: 'data-platform',
  cadence: 'quarterly',
  schema: OsOpenUprnRowSchema,
  files: (ctx) => csvFilesIn(sourceDir(ctx, 'os-open-uprn')),
  read: readOsOpenUprn,
  toRow: (r) => ({ uprn: r.uprn, x_coord: r.x, y_coord: r.y, latitude: r.latitude, longitude: r.longitude }),
  orderBy: ['uprn'],
  checks: [
    sourceColumns(OS_OPEN_UPRN_COLUMNS),
    notEmpty(),
    rowCountBand(),
    quarantineShare(),
    nullShare({ uprn: 0, x_coord: 0, y_coord: 0, latitude: 0, longitude: 0 }),
    distinctKeys(['uprn']),
    insideGreatBritain({ minx: 'x_coord', miny: 'y_coord', maxx: 'x_coord', maxy: 'y_coord' }),
  ],
});
