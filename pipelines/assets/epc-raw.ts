// Raw EPC tables, as published: England and Wales certificates and recommendations (one VARCHAR column per
// published field; partitioned per local authority folder, one Parquet file per partition under
// staged/<table>/<key>.parquet), and Scottish certificates (key columns plus the whole record as JSON, since Scottish
// extracts vary in their column set).
import { RAW_EW_CERTIFICATE_FIELDS, RAW_EW_RECOMMENDATION_FIELDS } from '../../schemas/epc';
import type { ColumnSpec } from '../io/parquet';
import { DataError } from '../io/errors';
import { dirname, join } from 'node:path';
import {
  type EpcBulkFile,
  findEpcBulkFiles,
  readEnglandWalesCertificates,
  readEnglandWalesRecommendations,
} from '../sources/epc/england-wales';
import { findScottishEpcFiles, readScottishEpc } from '../sources/epc/scotland';
import { defineAsset, partitionOf, type AssetContext } from './definition';
import { ingestToParquet, stagedPath } from './ingest';
import { sourceDir, sourceRelativePath } from './sources';

const varchar = (name: string): ColumnSpec => ({ name, type: 'VARCHAR' });
const PROVENANCE: ColumnSpec[] = [varchar('source_file'), { name: 'source_line', type: 'BIGINT' }];

export const EW_CERTIFICATE_TABLE = 'epc_england_wales_certificates';
export const EW_RECOMMENDATION_TABLE = 'epc_england_wales_recommendations';
export const SCOTLAND_CERTIFICATE_TABLE = 'epc_scotland_certificates';

/**
 * The partition of a bulk file: its local authority (the LA folder layout), else its lodgement year (the
 * 2025+ single-folder layout, one file per year), else `all` (one national file).
 */
export const ewPartitionOf = (f: EpcBulkFile): string =>
  f.localAuthorityCode ?? (f.year !== null ? String(f.year) : 'all');

// Planning asks for every partition's files: walk the download once per run, not once per partition.
let bulkFiles: { key: string; files: Promise<EpcBulkFile[]> } | undefined;
function ewBulkFiles(ctx: AssetContext): Promise<EpcBulkFile[]> {
  const root = sourceDir(ctx, 'epc-england-wales');
  const key = `${ctx.runId}\0${root}`;
  if (bulkFiles?.key !== key) bulkFiles = { key, files: findEpcBulkFiles(root).catch(() => []) };
  return bulkFiles.files;
}

/** One staged table's partition files, for readers: `read_parquet` over this glob. */
export const ewStagedGlob = (ctx: AssetContext, table: string): string =>
  join(dirname(stagedPath(ctx, table)), table, '*.parquet');

export const epcEnglandWalesRaw = defineAsset({
  name: 'epc_england_wales_raw',
  kind: 'staged',
  description:
    'EPC England and Wales bulk download: certificates and recommendations as published, one partition per local authority folder',
  upstream: [],
  codeVersion: '4',
  owner: 'epc',
  cadence: 'monthly',
  partitioning: {
    kind: 'local-authority',
    keys: async (ctx) => {
      const files = await ewBulkFiles(ctx);
      // No partitions would make an empty table that hides the missing download: say so instead.
      if (!files.some((f) => f.kind === 'certificates'))
        throw new DataError(`no certificates.csv under ${sourceDir(ctx, 'epc-england-wales')}`);
      return files.map(ewPartitionOf);
    },
    sources: async (ctx, key) =>
      (await ewBulkFiles(ctx)).filter((f) => ewPartitionOf(f) === key).map((f) => f.path),
  },
  async materialize(ctx) {
    const key = partitionOf(ctx);
    const root = sourceDir(ctx, 'epc-england-wales');
    // Listed afresh: a retried activity may run in another run's cache window.
    const files = (await findEpcBulkFiles(root).catch(() => [])).filter((f) => ewPartitionOf(f) === key);
    const certificates = files.filter((f) => f.kind === 'certificates');
    if (certificates.length === 0)
      throw new DataError(`no certificates.csv for partition ${key} under ${root}`);
    const laOf = new Map(files.map((f) => [sourceRelativePath(ctx, f.path), f.localAuthorityCode]));
    const certs = await ingestToParquet(
      ctx,
      `${EW_CERTIFICATE_TABLE}/${key}`,
      [...RAW_EW_CERTIFICATE_FIELDS.map(varchar), varchar('folder_local_authority'), ...PROVENANCE],
      certificates.map((f) => readEnglandWalesCertificates(f.path)),
      (r, file, line) => ({
        ...r,
        folder_local_authority: laOf.get(file) ?? null,
        source_file: file,
        source_line: line,
      }),
    );
    const recs = await ingestToParquet(
      ctx,
      `${EW_RECOMMENDATION_TABLE}/${key}`,
      [...RAW_EW_RECOMMENDATION_FIELDS.map(varchar), ...PROVENANCE],
      files.filter((f) => f.kind === 'recommendations').map((f) => readEnglandWalesRecommendations(f.path)),
      (r, file, line) => ({ ...r, source_file: file, source_line: line }),
    );
    return {
      rows: certs.rows,
      outputs: [...certs.outputs, ...recs.outputs],
      metrics: { recommendations: recs.rows, quarantined: certs.quarantined + recs.quarantined },
    };
  },
});

export const epcScotlandRaw = defineAsset({
  name: 'epc_scotland_raw',
  kind: 'staged',
  description: 'Scottish domestic EPC extract: certificates as published (two header rows resolved)',
  upstream: [],
  codeVersion: '2',
  owner: 'epc',
  cadence: 'quarterly',
  sources: (ctx) => findScottishEpcFiles(sourceDir(ctx, 'epc-scotland')).catch(() => []),
  async materialize(ctx) {
    const dir = sourceDir(ctx, 'epc-scotland');
    const files = await findScottishEpcFiles(dir).catch(() => {
      throw new DataError(`source folder not found: ${dir}`);
    });
    if (files.length === 0) throw new DataError(`no Scottish EPC CSV in ${dir}`);
    const result = await ingestToParquet(
      ctx,
      SCOTLAND_CERTIFICATE_TABLE,
      [
        varchar('osg_reference_number'),
        varchar('building_reference_number'),
        varchar('lodgement_date'),
        { name: 'raw', type: 'JSON' },
        ...PROVENANCE,
      ],
      files.map((f) => readScottishEpc(f)),
      (r, file, line) => ({
        osg_reference_number: r.osg_reference_number ?? null,
        building_reference_number: r.building_reference_number ?? null,
        lodgement_date: r.lodgement_date ?? null,
        raw: r,
        source_file: file,
        source_line: line,
      }),
    );
    return { rows: result.rows, outputs: result.outputs, metrics: { quarantined: result.quarantined } };
  },
});
