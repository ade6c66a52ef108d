// Raw EPC tables, as published: England and Wales certificates and recommendations (one VARCHAR column per
// published field), and Scottish certificates (key columns plus the whole record as JSON, since Scottish
// extracts vary in their column set).
import { RAW_EW_CERTIFICATE_FIELDS, RAW_EW_RECOMMENDATION_FIELDS } from '../../schemas/epc';
import type { ColumnSpec } from '../io/parquet';
import { DataError } from '../io/errors';
import {
  findEpcBulkFiles,
  readEnglandWalesCertificates,
  readEnglandWalesRecommendations,
} from '../sources/epc/england-wales';
import { findScottishEpcFiles, readScottishEpc } from '../sources/epc/scotland';
import { defineAsset } from './definition';
import { ingestToParquet } from './ingest';
import { sourceDir, sourceRelativePath } from './sources';

const varchar = (name: string): ColumnSpec => ({ name, type: 'VARCHAR' });
const PROVENANCE: ColumnSpec[] = [varchar('source_file'), { name: 'source_line', type: 'BIGINT' }];

export const EW_CERTIFICATE_TABLE = 'epc_england_wales_certificates';
export const EW_RECOMMENDATION_TABLE = 'epc_england_wales_recommendations';
export const SCOTLAND_CERTIFICATE_TABLE = 'epc_scotland_certificates';

export const epcEnglandWalesRaw = defineAsset({
  name: 'epc_england_wales_raw',
  kind: 'staged',
  description: 'EPC England and Wales bulk download: certificates and recommendations as published',
  upstream: [],
  codeVersion: '2',
  owner: 'epc',
  cadence: 'monthly',
  sources: async (ctx) =>
    (await findEpcBulkFiles(sourceDir(ctx, 'epc-england-wales')).catch(() => [])).map((f) => f.path),
  async materialize(ctx) {
    const root = sourceDir(ctx, 'epc-england-wales');
    const files = await findEpcBulkFiles(root).catch(() => []);
    const certificates = files.filter((f) => f.kind === 'certificates');
    if (certificates.length === 0) throw new DataError(`no certificates.csv under ${root}`);
    const laOf = new Map(files.map((f) => [sourceRelativePath(ctx, f.path), f.localAuthorityCode]));
    const certs = await ingestToParquet(
      ctx,
      EW_CERTIFICATE_TABLE,
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
      EW_RECOMMENDATION_TABLE,
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
