// Enhanced EPCs: every raw certificate through the enhancement rules. Writes the typed analyst tables (one
// column per enhanced field, types from the zod schemas) and a per-certificate table that carries raw and
// enhanced records together for building the per-UPRN documents.
//
// Partitioned as epc_england_wales_raw is (its keys: one per LA folder or register-export year), plus one
// partition for Scotland. An England and Wales partition reads its own staged partition through the
// columnar engine (DuckDB, each rule once per distinct value; the raw asset already quarantined its rows) and
// writes its own files of both tables in that one pass (a file per run of PDS_RUN_ROWS rows past that), so a
// new certificates-<year>.csv re-enhances only its rows. Scotland's partition goes through the same engine,
// with its own rules, from its staged JSON records.
import { existsSync, readdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { EnhancedEpcSchema, EnhancedScottishEpcSchema } from '../../../schemas/epc';
import { duckdbThreads, emptyRelation, parquetPath, type ColumnSpec } from '../../io/parquet';
import { parquetColumnsFor } from '../../io/parquet-columns';
import { halfRunRows, runRows } from '../../io/run-files';
import {
  CERTIFICATE_TABLE_COLUMNS,
  enhanceStagedEnglandWalesColumnar,
  enhanceStagedScotlandColumnar,
} from '../../transforms/epc/enhance-columnar';
import { partitionOf, type AssetContext, type MaterializeResult } from '../../orchestration/definition';
import { defineAsset } from '../define';
import { EW_CERTIFICATE_TABLE, SCOTLAND_CERTIFICATE_TABLE, epcEnglandWalesRaw } from './epc-raw';
import { derivedPath, stagedPath } from '../../orchestration/ingest';

export const EPC_CERTIFICATES_TABLE = 'epc_certificates';
export const EPC_ENHANCED_EW_TABLE = 'epc_enhanced_england_wales';
export const EPC_ENHANCED_SCOTLAND_TABLE = 'epc_enhanced_scotland';
/** The Scottish partition's key (England and Wales keys are LA codes, years or `all`). */
export const SCOTLAND_PARTITION = 'scotland';

const COUNTRY: ColumnSpec = { name: 'country', type: 'VARCHAR' };
export const EW_ENHANCED_COLUMNS: ColumnSpec[] = [...parquetColumnsFor(EnhancedEpcSchema), COUNTRY];
export const SCOTLAND_ENHANCED_COLUMNS: ColumnSpec[] = [
  ...parquetColumnsFor(EnhancedScottishEpcSchema),
  COUNTRY,
];
export { CERTIFICATE_TABLE_COLUMNS };

/** The glob of a table written one file per partition (`derived/<table>/<key>.parquet`). */
export const derivedGlob = (ctx: AssetContext, table: string): string =>
  join(dirname(derivedPath(ctx, table)), table, '*.parquet');

/** A relation over a partitioned table's files; an empty one of `columns` while there is no file. */
export function partitionedTable(glob: string, columns: readonly ColumnSpec[]): string {
  const dir = dirname(glob);
  if (existsSync(dir) && readdirSync(dir).some((f) => f.endsWith('.parquet'))) return parquetPath(glob);
  return emptyRelation(columns);
}

// The worker's DuckDB threads (one a partition by default), not the machine's: `pds epc enhance` alone uses all.
const engineOptions = () => ({ threads: Number(duckdbThreads()), runRows: runRows() });

async function enhanceEnglandWalesPartition(ctx: AssetContext, key: string): Promise<MaterializeResult> {
  const { rows, files } = await enhanceStagedEnglandWalesColumnar(
    stagedPath(ctx, `${EW_CERTIFICATE_TABLE}/${key}`),
    {
      enhanced: { path: derivedPath(ctx, `${EPC_ENHANCED_EW_TABLE}/${key}`), columns: EW_ENHANCED_COLUMNS },
      certificates: derivedPath(ctx, `${EPC_CERTIFICATES_TABLE}/${key}`),
    },
    { ...engineOptions(), onStep: (step) => ctx.heartbeat({ partition: key, step }) },
  );
  // The single files of the unpartitioned asset (code version 3 and before) would only mislead.
  await rm(derivedPath(ctx, EPC_ENHANCED_EW_TABLE), { force: true });
  await rm(derivedPath(ctx, EPC_CERTIFICATES_TABLE), { force: true });
  return {
    rows,
    outputs: [...files.enhanced, ...files.certificates],
    metrics: { england_wales: rows, runs: files.certificates.length },
  };
}

async function enhanceScotlandPartition(ctx: AssetContext): Promise<MaterializeResult> {
  const { rows, files } = await enhanceStagedScotlandColumnar(
    stagedPath(ctx, SCOTLAND_CERTIFICATE_TABLE),
    {
      enhanced: { path: derivedPath(ctx, EPC_ENHANCED_SCOTLAND_TABLE), columns: SCOTLAND_ENHANCED_COLUMNS },
      certificates: derivedPath(ctx, `${EPC_CERTIFICATES_TABLE}/${SCOTLAND_PARTITION}`),
    },
    // Runs of half as many: a Scottish run carries each record's published JSON (~7 KB) through its result,
    // where England and Wales' is built as it is copied. Forced at scale 20: 556–601 MB against 639–652 at
    // runRows(), for ~1.4 CPU-s more (7.4 → 8.8).
    {
      ...engineOptions(),
      runRows: halfRunRows(),
      onStep: (step) => ctx.heartbeat({ partition: SCOTLAND_PARTITION, step }),
    },
  );
  return {
    rows,
    outputs: [...files.enhanced, ...files.certificates],
    metrics: { scotland: rows, runs: files.certificates.length },
  };
}

export const epcEnhanced = defineAsset({
  name: 'epc_enhanced',
  kind: 'derived',
  description: 'EPCs cleaned and typed by the enhancement rules (spec 2.10), England and Wales and Scotland',
  upstream: ['epc_england_wales_raw', 'epc_scotland_raw'],
  // 5: a large partition written in runs, a file each (io/run-files.ts). 6: adjusted costs' whole amounts
  // written as JSON.stringify writes them (72, not 72.0), so a record's text is stored in the blocks as read.
  // 7: Scotland through the columnar engine. 8: epc_certificates' records as JSON text (VARCHAR).
  codeVersion: '8',
  owner: 'epc',
  cadence: 'monthly',
  partitioning: {
    kind: 'local-authority',
    // epc_england_wales_raw's keys (aligned: a partition reads that asset's same-key partition) and Scotland.
    keys: async (ctx) => [...(await epcEnglandWalesRaw.partitioning!.keys(ctx)), SCOTLAND_PARTITION],
    // Each partition depends on the one upstream it reads: Scotland's extract does not rebuild England and
    // Wales, and a new England and Wales partition does not rebuild Scotland.
    reads: (key, upstream) =>
      upstream === (key === SCOTLAND_PARTITION ? 'epc_scotland_raw' : 'epc_england_wales_raw'),
  },
  async materialize(ctx) {
    const key = partitionOf(ctx);
    return key === SCOTLAND_PARTITION
      ? enhanceScotlandPartition(ctx)
      : enhanceEnglandWalesPartition(ctx, key);
  },
});
