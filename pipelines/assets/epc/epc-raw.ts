// Raw EPC tables, as published: England and Wales certificates and recommendations (one VARCHAR column per
// published field; partitioned per local authority folder, one Parquet file per partition under
// staged/<table>/<key>.parquet), and Scottish certificates (key columns plus the whole record as JSON, since Scottish
// extracts vary in their column set).
//
// England and Wales files are staged by the columnar engine's byte scan (transforms/epc/stage-certificates.ts:
// worker threads, `<source_line>,<row as published>` lines, the loader's rows, lines and quarantine exactly),
// and DuckDB's CSV reader turns the staging files into the Parquet file: no record is built in JavaScript.
import { rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { DuckDBInstance } from '../../io/duckdb';
import {
  EW_REGISTER_2025_CERTIFICATE_COLUMNS,
  RAW_EW_COLUMN_ALIASES,
  RAW_EW_CERTIFICATE_COLUMNS,
  RAW_EW_CERTIFICATE_FIELDS,
  RAW_EW_RECOMMENDATION_FIELDS,
  OPTIONAL_RAW_EW_CERTIFICATE_COLUMNS,
} from '../../../schemas/epc';
import { DataError } from '../../io/errors';
import {
  duckdbMemoryLimit,
  duckdbThreads,
  parquetCopyOptions,
  writeParquet,
  type ColumnSpec,
} from '../../io/parquet';
import type { QuarantinedRow } from '../../io/quarantine';
import { halfRunRows } from '../../io/run-files';
import { publishFile, scratchFolder } from '../../io/scratch';
import { type EpcBulkFile, findEpcBulkFiles, planRawRecord } from '../../sources/epc/england-wales';
import { findScottishEpcFiles, readScottishEpc } from '../../sources/epc/scotland';
import {
  stageEnglandWalesCertificates,
  stageEnglandWalesRecommendations,
} from '../../transforms/epc/stage-certificates';
import { notEmpty, quarantineShare, rowCountBand, NATIONAL_BAND } from '../../orchestration/checks/counts';
import { sourceColumns } from '../../orchestration/checks/columns';
import { distinctKeys, nullShare } from '../../orchestration/checks/table';
import { partitionOf, type AssetContext } from '../../orchestration/definition';
import { defineAsset } from '../define';
import { QUARANTINE_COLUMNS, ingestToParquet, quarantinePath, stagedPath } from '../../orchestration/ingest';
import { sourceDir, sourceRelativePath } from '../../orchestration/sources';

const varchar = (name: string): ColumnSpec => ({ name, type: 'VARCHAR' });
const PROVENANCE: ColumnSpec[] = [varchar('source_file'), { name: 'source_line', type: 'BIGINT' }];

export const EW_CERTIFICATE_TABLE = 'epc_england_wales_certificates';
export const EW_RECOMMENDATION_TABLE = 'epc_england_wales_recommendations';
export const SCOTLAND_CERTIFICATE_TABLE = 'epc_scotland_certificates';
/** The staged Scottish table: key columns, the whole record as JSON (extracts differ in their columns). */
export const SCOTLAND_STAGED_COLUMNS: ColumnSpec[] = [
  varchar('osg_reference_number'),
  varchar('building_reference_number'),
  varchar('lodgement_date'),
  { name: 'raw', type: 'JSON' },
  ...PROVENANCE,
];

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
  codeVersion: '5',
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
    const certs = await stageEwTable(ctx, `${EW_CERTIFICATE_TABLE}/${key}`, 'certificates', certificates);
    const recs = await stageEwTable(
      ctx,
      `${EW_RECOMMENDATION_TABLE}/${key}`,
      'recommendations',
      files.filter((f) => f.kind === 'recommendations'),
    );
    return {
      rows: certs.rows,
      outputs: [...certs.outputs, ...recs.outputs],
      metrics: { recommendations: recs.rows, quarantined: certs.quarantined + recs.quarantined },
    };
  },
  checks: [
    sourceColumns(
      [
        // The legacy bulk files (older releases spell HEAT_LOSS_CORRIDOOR) and the 2025+ register export.
        {
          columns: RAW_EW_CERTIFICATE_COLUMNS,
          optional: OPTIONAL_RAW_EW_CERTIFICATE_COLUMNS,
          aliases: RAW_EW_COLUMN_ALIASES,
        },
        { columns: EW_REGISTER_2025_CERTIFICATE_COLUMNS },
      ],
      {
        filesOf: (sources) => sources.filter((f) => /certificates[^/]*\.csv$/i.test(f)),
      },
    ),
    notEmpty(),
    // A partition's file only grows (a year's file every month; an LA folder as certificates are lodged).
    rowCountBand({ below: NATIONAL_BAND.below, above: Infinity }),
    quarantineShare(),
    nullShare({ lmk_key: 0, lodgement_date: 0, postcode: 0.01 }),
    // A month delivered twice: reported here, counted once downstream (by certificate number).
    distinctKeys(['lmk_key'], { severity: 'warning' }),
    distinctKeys(['lmk_key'], { severity: 'warning', level: 'rollup', name: 'distinct_keys_across_files' }),
    notEmpty('rollup'),
    rowCountBand(NATIONAL_BAND, 'rollup'),
  ],
});

const quoteIdent = (name: string): string => `"${name.replaceAll('"', '""')}"`;
const quoteString = (value: string): string => `'${value.replaceAll("'", "''")}'`;

/**
 * Stages England and Wales files of one kind (in the order given) into the Parquet file of `table` and their
 * quarantined rows into its quarantine table: the tables the loader's records would make (one VARCHAR per
 * published field, '' for a blank cell or an absent column; certificates also folder_local_authority, the
 * file's LA folder or null; then source_file, source_line), in file order. The staging files and DuckDB's
 * database live in a scratch folder beside the table.
 */
async function stageEwTable(
  ctx: AssetContext,
  table: string,
  kind: EpcBulkFile['kind'],
  files: readonly EpcBulkFile[],
): Promise<{ rows: number; quarantined: number; outputs: string[] }> {
  const target = stagedPath(ctx, table);
  const certificates = kind === 'certificates';
  const fields = certificates ? RAW_EW_CERTIFICATE_FIELDS : RAW_EW_RECOMMENDATION_FIELDS;
  const stage = certificates ? stageEnglandWalesCertificates : stageEnglandWalesRecommendations;
  const scratch = await scratchFolder(target);
  const rejected: QuarantinedRow[] = [];
  let rows = 0;
  try {
    // One SELECT per file over its staging CSV, the columns mapped by the file's header as the loader maps
    // them (planRawRecord). DuckDB reads an unquoted empty cell as NULL where CsvParser has '': coalesce.
    const selects: string[] = [];
    for (const [i, file] of files.entries()) {
      const staging = `${scratch}/rows-${i}.csv`;
      const relative = sourceRelativePath(ctx, file.path);
      const done = rows;
      const staged = await stage(file.path, staging, {
        onQuarantine: (row) => rejected.push({ ...row, file: relative }),
        onProgress: (n) => ctx.heartbeat({ table, rows: done + n }),
      });
      rows += staged.rows;
      const plan = new Map(planRawRecord(staged.header, fields).entries);
      const cells = [
        ...fields.map((f) => {
          const index = plan.get(f)!;
          return `${index === -1 ? "''" : `coalesce(c${index}, '')`} AS ${quoteIdent(f)}`;
        }),
        ...(certificates
          ? [
              `${file.localAuthorityCode === null ? 'NULL::VARCHAR' : quoteString(file.localAuthorityCode)} ` +
                `AS folder_local_authority`,
            ]
          : []),
        `${quoteString(relative)} AS source_file`,
        'source_line',
      ];
      const columns = [`'source_line': 'BIGINT'`, ...staged.header.map((_, c) => `'c${c}': 'VARCHAR'`)];
      // The longest line allowed is the longest the stager saw, and the reader's buffer a few MB: with an 8 MB
      // max_line_size and DuckDB's buffer for it, a 60,000-certificate partition took 438 MB, now 388–399.
      const maxLine = Math.max(1 << 20, staged.longestLine + 64);
      selects.push(
        `SELECT ${cells.join(', ')} FROM read_csv(${quoteString(staging)}, header = false, ` +
          `auto_detect = false, delim = ',', quote = '"', escape = '"', new_line = '\\n', nullstr = '', ` +
          `allow_quoted_nulls = false, max_line_size = ${maxLine}, buffer_size = ${Math.max(4 << 20, 2 * maxLine)}, ` +
          `columns = {${columns.join(', ')}})`,
      );
    }
    const columns = [
      ...fields.map(varchar),
      ...(certificates ? [varchar('folder_local_authority')] : []),
      ...PROVENANCE,
    ];
    // No file (a partition without recommendations): an empty table of the same columns.
    const empty = `SELECT ${columns.map((c) => `NULL::${c.type} AS ${quoteIdent(c.name)}`).join(', ')} LIMIT 0`;
    const instance = await DuckDBInstance.create(':memory:', {
      threads: duckdbThreads(),
      memory_limit: duckdbMemoryLimit(),
      temp_directory: `${scratch}/spill`,
    });
    const db = await instance.connect();
    const out = `${scratch}/out.parquet`;
    try {
      await db.run('SET autoinstall_known_extensions = false');
      // UNION ALL keeps its inputs' order (insertion order is preserved): the files in the order given.
      await db.run(
        `COPY (${selects.length > 0 ? selects.join(' UNION ALL ') : empty}) TO ${quoteString(out)} ` +
          `(${parquetCopyOptions(columns)})`,
      );
    } finally {
      db.closeSync();
      instance.closeSync();
    }
    await publishFile(out, target);
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
  const quarantine = await writeParquet(quarantinePath(ctx, table), QUARANTINE_COLUMNS, rejected);
  if (rejected.length) ctx.log(`${table}: ${rejected.length} rows quarantined (${quarantine.path})`);
  return { rows, quarantined: rejected.length, outputs: [target, quarantine.path] };
}

/**
 * The Scottish extract is the whole register in one file (~7 KB of JSON a record): it is staged in runs of
 * halfRunRows() records, a file each (io/run-files.ts), so a worker holds one run whatever the extract's size.
 * Staged whole, its rows spilling beyond this limit, a 36,000-record extract took the worker to 481–497 MB
 * (`epc_scotland_raw` forced at scale 20), growing with the extract; in runs of 4,096 338–365 MB and of 8,192
 * 408–414, the CPU within ~5 %. The limit still bounds a run's copy, which needs ~4 row groups' bytes (2,048
 * records each): 128 MB holds records of up to ~15 KB (test/standalone/io/parquet.test.ts).
 */
const SCOTLAND_STAGING_MEMORY = '128MB';

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
      SCOTLAND_STAGED_COLUMNS,
      files.map((f) => readScottishEpc(f)),
      (r, file, line) => ({
        osg_reference_number: r.osg_reference_number ?? null,
        building_reference_number: r.building_reference_number ?? null,
        lodgement_date: r.lodgement_date ?? null,
        raw: r,
        source_file: file,
        source_line: line,
      }),
      { memoryLimit: SCOTLAND_STAGING_MEMORY, runRows: halfRunRows() },
    );
    return { rows: result.rows, outputs: result.outputs, metrics: { quarantined: result.quarantined } };
  },
});
