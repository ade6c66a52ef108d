import { OS_OPEN_UPRN_COLUMNS, readOsOpenUprn } from '../../sources/os-open-uprn';
import { notEmpty, quarantineShare, rowCountBand } from '../../orchestration/checks/counts';
import { sourceColumns } from '../../orchestration/checks/columns';
import { distinctKeys, insideGreatBritain, nullShare } from '../../orchestration/checks/table';
import { defineAsset } from '../define';
import { ingestToParquet } from '../../orchestration/ingest';
import { csvFilesIn, sourceDir } from '../../orchestration/sources';

export const osOpenUprn = defineAsset({
  name: 'os_open_uprn',
  kind: 'staged',
  description: 'OS Open UPRN address points: UPRN with BNG and ETRS89 coordinates',
  upstream: [],
  codeVersion: '2',
  owner: 'data-platform',
  cadence: 'quarterly',
  sources: (ctx) => csvFilesIn(sourceDir(ctx, 'os-open-uprn')),
  async materialize(ctx) {
    const files = await csvFilesIn(sourceDir(ctx, 'os-open-uprn'));
    const result = await ingestToParquet(
      ctx,
      'os_open_uprn',
      [
        { name: 'uprn', type: 'BIGINT' },
        { name: 'x_coord', type: 'DOUBLE' },
        { name: 'y_coord', type: 'DOUBLE' },
        { name: 'latitude', type: 'DOUBLE' },
        { name: 'longitude', type: 'DOUBLE' },
      ],
      files.map((f) => readOsOpenUprn(f)),
      (r) => ({ uprn: r.uprn, x_coord: r.x, y_coord: r.y, latitude: r.latitude, longitude: r.longitude }),
      { orderBy: ['uprn'] },
    );
    return { rows: result.rows, outputs: result.outputs, metrics: { quarantined: result.quarantined } };
  },
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
