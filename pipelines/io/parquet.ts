// Parquet files written and read through DuckDB (built-in Parquet support, works offline).
//
// A writer streams rows into a DuckDB table in a scratch folder (io/scratch.ts: beside the target, or on the
// worker's local disk) so memory stays bounded (DuckDB spills to disk there), COPYs it to a file in that
// folder and moves it over the target: a reader never sees a half-written file, and a retried activity
// simply overwrites.
import { AsyncLocalStorage } from 'node:async_hooks';
import { closeSync, openSync, writeSync } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { createHash, randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import {
  DuckDBBlobValue,
  DuckDBInstance,
  DuckDBListValue,
  DuckDBMapValue,
  DuckDBStructValue,
  DuckDBTimestampValue,
  DuckDBTypeId,
  type DuckDBAppender,
  type DuckDBBlobVector,
  type DuckDBConnection,
  type DuckDBDataChunk,
  type DuckDBType,
  type DuckDBVector,
} from './duckdb';
import { geoParquetPlan, reservedGeoMetadata, type GeoParquetPlan, type GeoStats } from './geoparquet';
import { fillFooterValue } from './parquet-footer';
import { duckdbType, fromJsonSql, type NestedType } from './nested-type';
import { deltaFilesOf, withDelta } from './delta-files';
import { publishRuns, runFilesOf, runRows } from './run-files';
import { localScratchRoot, publishFile, scratchFolder } from './scratch';

export type ColumnType = 'VARCHAR' | 'DOUBLE' | 'BIGINT' | 'BOOLEAN' | 'TIMESTAMP' | 'JSON' | 'BLOB';

export interface ColumnSpec {
  name: string;
  type: ColumnType;
  /** A point table's BNG easting ('x') or northing ('y'): the table is written as GeoParquet points. */
  point?: 'x' | 'y';
  /**
   * A JSON column stored as typed nested columns (STRUCT, LIST, MAP) of this type: written as JSON text and
   * converted on the copy to Parquet (io/nested-type.ts). The text itself can be kept beside the table
   * (ParquetWriterOptions.texts).
   */
  nested?: NestedType;
  /** A VARCHAR column holding JSON text (a document of KBs): its rows are grouped as a JSON column's. */
  jsonText?: boolean;
}

/** A staged JSON text column as its Parquet value: JSON, or the typed nested value. */
const jsonColumnSql = (name: string, c: ColumnSpec): string =>
  c.nested ? fromJsonSql(name, c.nested) : `${name}::JSON`;

export interface ParquetWriteResult {
  path: string;
  rows: number;
  bytes: number;
  /** The texts file written beside the table (ParquetWriterOptions.texts). */
  texts?: string;
}

/**
 * Where a table's block texts are kept: `texts/` beside its file. The table holds the typed block for
 * analysts; the properties documents are built from the text the writer serialised, as it was, so they
 * need neither DuckDB's to_json of the typed value nor a reshaping of it into the writer's form (twice the
 * cost of the whole properties index: docs/national.md). Two folders deep, the files are no table of the
 * analysts' catalog (catalogViews).
 */
export const blockTextsPath = (path: string): string => join(dirname(path), 'texts', basename(path));

/**
 * Rewrites the texts of a table rebuilt as its kept rows then its fresh ones (`kept`: a query of the kept
 * UPRNs): the texts of those from `table`'s (every run of it), then the fresh files', as one file in place
 * of the runs. Before the table itself (see the writer).
 */
export async function writeKeptAndFreshTexts(
  table: string,
  kept: string,
  fresh: readonly string[],
): Promise<void> {
  const texts = blockTextsPath(table);
  const scratch = await scratchFolder(texts);
  try {
    const file = join(scratch, basename(texts));
    await copyQueryToParquet(
      `SELECT * FROM ${runsRelation(texts) ?? parquetPath(texts)} WHERE uprn IN (${kept})
       UNION ALL SELECT * FROM ${parquetFiles(fresh.map(blockTextsPath))}`,
      file,
      { asTexts: true },
    );
    await publishRuns([file], texts);
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** What a block texts file holds: a key (`uprn`) and `text`, the block as its writer serialised it. */
export interface BlockTexts {
  /** The key column written beside the text. */
  key: string;
}

/** The single nested column of a table that keeps its block texts. */
function textsColumn(columns: readonly ColumnSpec[], path: string): ColumnSpec {
  const nested = columns.filter((c) => c.nested);
  if (nested.length !== 1) throw new Error(`parquet ${path}: block texts need exactly one nested column`);
  return nested[0]!;
}

const quoteIdent = (name: string): string => `"${name.replaceAll('"', '""')}"`;
/** A SQL string literal. */
export const quoteString = (value: string): string => `'${value.replaceAll("'", "''")}'`;

/**
 * A JSON column's value that is JSON text already: written as it is, not serialised again (a writer that
 * builds its JSON from pieces it serialised once, e.g. statistics shared by many rows).
 */
export class JsonText {
  constructor(readonly text: string) {}
}
const jsonOf = (value: unknown): string => (value instanceof JsonText ? value.text : JSON.stringify(value));

/**
 * A block serialised once, with the SHA-1 of its text (`block_digest`): equal digests, equal blocks, so the
 * properties index tells which documents changed without reading the typed blocks back. SHA-1, not MD5: with
 * the CPU's SHA instructions it is about twice as fast (a scale-20 refresh digests ~1.3 GB of these texts).
 */
export function digestedBlock(block: unknown): { block: JsonText | null; block_digest: string | null } {
  if (block === null || block === undefined) return { block: null, block_digest: null };
  const text = JSON.stringify(block);
  return { block: new JsonText(text), block_digest: createHash('sha1').update(text).digest('hex') };
}

/**
 * A tile's block rows (`uprn`, `tile` and digestedBlock's columns), each block built by `build` as the writer
 * takes its row: a 30,000-UPRN tile's block texts built ahead of the writer were ~250 MB of a worker's heap.
 * `computeMs` is the time spent in `build` so far.
 */
export function digestedBlockRows<P extends { uprn: number }>(
  points: readonly P[],
  tile: string,
  build: (point: P) => unknown,
): { rows: Iterable<object>; computeMs(): number } {
  let ms = 0;
  const rows = function* () {
    for (const point of points) {
      const started = performance.now();
      const block = build(point);
      ms += performance.now() - started;
      yield { uprn: point.uprn, tile, ...digestedBlock(block) };
    }
  };
  return { rows: rows(), computeMs: () => ms };
}

// JSON columns are staged as VARCHAR and cast on COPY, so nested values reach Parquet as JSON strings (or,
// for a column with a nested type, as that type's typed columns).
const stagedType = (type: ColumnType): string => (type === 'JSON' ? 'VARCHAR' : type);

// DuckDB's buffer pool defaults to 80% of RAM, per instance: cap it (PDS_DUCKDB_MEMORY_LIMIT) so that a
// writer or a query spills to its temp directory instead of growing with the data, and a worker's memory is
// set by the limit, not by the region (issue 14). The default is 1 GB: every per-UPRN step works in chunks of
// a few thousand UPRNs or over narrow columns and builds a 30,000-UPRN tile within it (docs/national.md). A
// caller whose query needs more room passes its own floor in MB (the columnar EPC engine: 2 GB).
export const duckdbMemoryLimit = (floorMb = 1024): string =>
  process.env.PDS_DUCKDB_MEMORY_LIMIT ?? `${floorMb}MB`;

// A worker's parallelism is its partitions, one per activity slot, each on one DuckDB thread
// (PDS_DUCKDB_THREADS): a second thread cost a query 30-50 % more CPU and gained no wall time (2 cores:
// epc_enhanced's largest partition at scale 20, 7.8-8.4 → 5.0-5.3 CPU-s, wall 5.2-5.4 → 4.8-5.1 s; a
// 30,000-UPRN tile's typed EPC blocks at their copy, 1.2-1.5 → 1.1 GB and 19-22 → 17.6-18 CPU-s;
// docs/national.md). One thread also writes a query's rows in the query's order.
export const duckdbThreads = (): string => process.env.PDS_DUCKDB_THREADS ?? '1';

// DuckDB reads a GeoParquet column (ours carry `geo` metadata, io/geoparquet.ts) as its GEOMETRY type; the
// pipeline reads and writes WKB bytes, so its own instances see the column as written (BLOB). Analysts'
// DuckDB (pipelines/catalog/analyst-catalog.ts) keeps the conversion and gets geometry with its CRS.
// And none downloads an extension of its own accord (autoinstall off): every one it uses is built in.
const INSTANCE_SETTINGS = ['autoinstall_known_extensions = false', 'enable_geoparquet_conversion = false'];

// A build reads the same files in several queries (a DESCRIBE then its COPY, a digest pass then the rows), and
// parsing a typed block table's footer costs as much as a narrow query: its instance keeps the footers it read
// (a DESCRIBE and COPY over a tile's EPC and area blocks: 34 → 17 ms). DuckDB trusts a kept footer only while
// the file's modification time is unchanged and over 10 s old, so a file a build rewrites is read again. Only
// the build's instance, which closes with it: the small queries' would keep every file's footer for good.
const BUILD_INSTANCE_SETTINGS = [...INSTANCE_SETTINGS, 'parquet_metadata_cache = true'];

async function createInstance(
  path: string,
  spill: string,
  memoryLimit: string,
  settings = INSTANCE_SETTINGS,
): Promise<DuckDBInstance> {
  const instance = await DuckDBInstance.create(path, {
    threads: duckdbThreads(),
    memory_limit: memoryLimit,
    temp_directory: spill,
  });
  const connection = await instance.connect();
  try {
    await connection.run(settings.map((setting) => `SET GLOBAL ${setting}`).join('; '));
  } catch (error) {
    instance.closeSync();
    throw error;
  } finally {
    connection.closeSync();
  }
  return instance;
}

/**
 * A DuckDB connection to its own instance. `close` closes both: an instance left to the garbage collector
 * keeps its buffer pool (up to the memory limit) until a major GC, which a worker with a small JS heap
 * seldom runs, so a partitioned asset's process grew by one limit per partition it built.
 */
interface OwnedConnection {
  connection: DuckDBConnection;
  close(): void;
}

/** A build's instance (withBuildInstance): opened by its first query, closed when the build ends. */
interface BuildScope {
  instance?: Promise<DuckDBInstance>;
  spill: string;
}
const buildScope = new AsyncLocalStorage<BuildScope>();

/**
 * Runs `fn` (one asset's or partition's build) with one DuckDB instance for the queries it reads and copies
 * in memory, closed when it ends: opening and closing an instance costs ~10 ms of CPU, and a build ran up to
 * a dozen queries, each on an instance of its own (a monthly release at scale 20: ~200 instances).
 */
export async function withBuildInstance<T>(fn: () => Promise<T>): Promise<T> {
  const scope: BuildScope = { spill: join(localScratchRoot() ?? tmpdir(), `pds-build-${randomUUID()}`) };
  try {
    return await buildScope.run(scope, fn);
  } finally {
    if (scope.instance) (await scope.instance.catch(() => undefined))?.closeSync();
    await rm(scope.spill, { recursive: true, force: true });
  }
}

/** A connection to an instance of its own (OwnedConnection). */
async function openOwnInstance(
  path: string,
  spill: string,
  memoryLimit = duckdbMemoryLimit(),
): Promise<OwnedConnection> {
  const instance = await createInstance(path, spill, memoryLimit);
  const connection = await instance.connect();
  const close = () => {
    connection.closeSync();
    instance.closeSync();
  };
  return { connection, close };
}

/** A connection for an in-memory query: to the build's instance within withBuildInstance, else its own. */
async function openQueryInstance(spill: string): Promise<OwnedConnection> {
  const scope = buildScope.getStore();
  if (!scope) return openOwnInstance(':memory:', spill);
  scope.instance ??= createInstance(':memory:', scope.spill, duckdbMemoryLimit(), BUILD_INSTANCE_SETTINGS);
  const connection = await (await scope.instance).connect();
  return { connection, close: () => connection.closeSync() };
}

// Unique per writer: two writers of the same table (say, two runs in one worker) never share scratch space.
// The staged rows live in an in-memory database (its spill in the scratch folder): a database file would put
// them through a write-ahead log and checkpoints for a file deleted once the Parquet file is written.
async function openScratch(
  path: string,
  memoryLimit = duckdbMemoryLimit(),
): Promise<OwnedConnection & { dir: string }> {
  const dir = await scratchFolder(path);
  return { dir, ...(await openOwnInstance(':memory:', `${dir}/spill`, memoryLimit)) };
}

/**
 * The process's instance for small queries (queryRows: a count, a file's columns, a tile's UPRN ranges), a
 * connection each. Opening and closing an instance costs ~30 ms of CPU, what six such queries cost on an open
 * one, and a monthly release at scale 20 opened ~200 for them. Only small queries: the queries that read or
 * write a partition's rows keep an instance each, whose memory goes when it closes. One instance for those
 * too saved a further ~7 CPU-s of the release, but a full refresh's peak rose from ~1.07 to 1.43 GB (its
 * freed pages stayed with the process from one asset to the next, file cache off or not).
 */
let smallQueries: Promise<DuckDBInstance> | undefined;

async function openSmallQueries(): Promise<OwnedConnection> {
  smallQueries ??= (async () => {
    const instance = await createInstance(
      ':memory:',
      join(localScratchRoot() ?? tmpdir(), `pds-small-queries-${randomUUID()}`),
      APPENDER_MEMORY_LIMIT(),
    );
    // Closed with the process, so that DuckDB removes its spill folder.
    process.once('exit', () => instance.closeSync());
    return instance;
  })();
  const connection = await (await smallQueries).connect();
  return { connection, close: () => connection.closeSync() };
}

/**
 * What a writer's stageBy can do on its instance before the query that stages rows: the tables that query
 * reads, dropped once it has run.
 */
export interface StagingScope {
  /** Creates table `name` holding the rows of `sql` (over Parquet files). */
  createTableAs(name: string, sql: string): Promise<void>;
  /** Creates table `name` of `columns` holding `rows` (as a writer stages them). */
  createTable(name: string, columns: readonly ColumnSpec[], rows: Iterable<object>): Promise<void>;
  /** The rows of a query, as queryParquet gives them; read them all before the next statement. */
  rows(sql: string): AsyncGenerator<Record<string, unknown>>;
}

export interface ParquetWriterOptions {
  /**
   * How rows reach DuckDB. 'appender' (default): value by value through DuckDB's appender. 'csv': each row
   * becomes one line of a typed CSV file in the scratch folder, which DuckDB's (parallel, native) CSV reader
   * turns into the Parquet file on close. For wide tables (~130 columns) 'csv' costs a fraction of the
   * appender's CPU, whose per-value native calls dominate there. Both write the same values.
   */
  staging?: 'appender' | 'csv';
  /** Also write `<key>, <the nested column's text> AS text` to blockTextsPath(path), in the same order. */
  texts?: BlockTexts;
  /** The appender's DuckDB memory limit (default 256 MB, or the configured limit): the staged rows spill beyond it. */
  memoryLimit?: string;
}

/**
 * An appender's DuckDB needs little more than one row group a thread while it copies the staged rows out in
 * their order, so it gets 256 MB (or the configured limit): beyond it the staged table goes to the scratch
 * folder. Under the general 1 GB a tile of 30,000 EPC blocks kept its staged rows in memory until the copy.
 */
const APPENDER_MEMORY_LIMIT = (): string => process.env.PDS_DUCKDB_MEMORY_LIMIT ?? '256MB';

/**
 * A fill's tables dropped (stageBy) return their memory at once: DuckDB flushes its allocator after a bulk free
 * this large (512 MB by default), where jemalloc kept the pages until the copy out had allocated its own
 * beside them. The EPC blocks' chunk of 4,096 UPRNs frees ~130 MB of certificates' texts: ST17 and ST76 at
 * scale 20 forced, three each alternating, 547–607 → 539–572 MB, ~1 % more CPU (docs/national.md).
 */
const STAGED_TABLES_FLUSH = '32MB';

/** Rows buffered before a write to the CSV staging file. */
const CSV_FLUSH_ROWS = 1000;

export class ParquetTableWriter {
  private rows = 0;
  private pending: string[] = [];
  /** About how many bytes the appender holds since it last flushed (appendValue's count). */
  private unflushed = 0;
  /** Closed or abandoned: its scratch is gone. */
  private done = false;
  /** The instance has the general memory limit (stageBy's queries), not the appender's. */
  private queryLimit = false;

  private constructor(
    private readonly path: string,
    private readonly columns: readonly ColumnSpec[],
    private readonly scratchDir: string,
    private readonly db: OwnedConnection,
    private readonly appender: DuckDBAppender | undefined,
    private readonly csv: { file: string; fd: number; line: (row: object) => string } | undefined,
    private readonly texts: BlockTexts | undefined,
  ) {}

  static async open(
    path: string,
    columns: readonly ColumnSpec[],
    options: ParquetWriterOptions = {},
  ): Promise<ParquetTableWriter> {
    if (columns.length === 0) throw new Error(`parquet ${path}: no columns`);
    if (options.texts) textsColumn(columns, path);
    await mkdir(dirname(path), { recursive: true });
    const csv = options.staging === 'csv';
    // CSV staging keeps its rows on disk; DuckDB's CSV reader sizes its buffers by the longest line allowed.
    const { dir, ...db } = await openScratch(
      path,
      csv ? duckdbMemoryLimit() : (options.memoryLimit ?? APPENDER_MEMORY_LIMIT()),
    );
    if (csv) {
      const file = `${dir}/rows.csv`;
      return new ParquetTableWriter(
        path,
        columns,
        dir,
        db,
        undefined,
        {
          file,
          fd: openSync(file, 'w'),
          line: csvLineFor(columns),
        },
        options.texts,
      );
    }
    const ddl = columns.map((c) => `${quoteIdent(c.name)} ${stagedType(c.type)}`).join(', ');
    await db.connection.run(`CREATE TABLE stage (${ddl})`);
    const appender = await db.connection.createAppender('stage');
    return new ParquetTableWriter(path, columns, dir, db, appender, undefined, options.texts);
  }

  get rowCount(): number {
    return this.rows;
  }

  private flush(): void {
    if (!this.csv || this.pending.length === 0) return;
    this.pending.push('');
    writeSync(this.csv.fd, this.pending.join('\n'));
    this.pending = [];
  }

  /** The relation the COPY reads: the staged table, or the CSV file with the staged columns' types. */
  private stagedRelation(): string {
    return this.csv ? stagedCsvRelation(this.csv.file, this.columns) : 'stage';
  }

  /** The staged column converted to its Parquet type. */
  private selectColumn(c: ColumnSpec): string {
    if (this.csv) return `${fromStagedCsv(c)} AS ${quoteIdent(c.name)}`;
    const name = quoteIdent(c.name);
    return c.type === 'JSON' ? `${jsonColumnSql(name, c)} AS ${name}` : name;
  }

  append(row: object): void {
    if (this.csv) {
      this.pending.push(this.csv.line(row));
      this.rows += 1;
      if (this.pending.length >= CSV_FLUSH_ROWS) this.flush();
      return;
    }
    const appender = this.appender!;
    this.unflushed += appendRow(appender, this.columns, row);
    this.rows += 1;
    if (this.unflushed >= APPENDER_FLUSH_BYTES) {
      appender.flushSync();
      this.unflushed = 0;
    }
  }

  /**
   * Stages the rows of a query on the writer's own instance, after those staged so far: `fill` makes there the
   * tables the query reads (StagingScope) and returns it (its columns named as the table's), or several run
   * in turn; the tables are dropped once they have run. For rows whose large values are already in DuckDB:
   * they are staged without being copied into JavaScript and back (the EPC blocks' certificate records,
   * uprn-epc-blocks.ts).
   */
  async stageBy(fill: (scope: StagingScope) => Promise<string | readonly string[]>): Promise<number> {
    if (!this.appender) throw new Error(`parquet ${this.path}: rows staged by a query need the appender`);
    const { connection } = this.db;
    // The rows appended so far go first; the query's reads and joins get the general limit, as a query has.
    this.appender.flushSync();
    this.unflushed = 0;
    if (!this.queryLimit) {
      await connection.run(`SET memory_limit = ${quoteString(duckdbMemoryLimit())}`);
      await connection.run(`SET allocator_bulk_deallocation_flush_threshold = '${STAGED_TABLES_FLUSH}'`);
    }
    this.queryLimit = true;
    const tables: string[] = [];
    try {
      const select = await fill({
        createTableAs: async (name, sql) => {
          tables.push(name);
          await connection.run(`CREATE TABLE ${quoteIdent(name)} AS ${sql}`);
        },
        createTable: async (name, columns, rows) => {
          const ddl = columns.map((c) => `${quoteIdent(c.name)} ${stagedType(c.type)}`).join(', ');
          tables.push(name);
          await connection.run(`CREATE TABLE ${quoteIdent(name)} (${ddl})`);
          const appender = await connection.createAppender(name);
          try {
            for (const row of rows) appendRow(appender, columns, row);
          } finally {
            appender.closeSync();
          }
        },
        rows: (sql) => rowsOf(connection, sql),
      });
      let rows = 0;
      for (const query of typeof select === 'string' ? [select] : select) {
        const inserted = await connection.runAndReadAll(`INSERT INTO stage BY NAME ${query}`);
        rows += Number(inserted.getRows()[0]?.[0] ?? 0);
      }
      this.rows += rows;
      return rows;
    } finally {
      // The next fill's tables take their place, and the copy out does not share the memory with them.
      for (const name of tables) await connection.run(`DROP TABLE IF EXISTS ${quoteIdent(name)}`);
    }
  }

  /**
   * Writes the Parquet file (zstd, sorted as given) and removes the scratch database. `before`: rows written
   * ahead of the staged ones, in the table's columns (`rows`) and as its texts (`texts`: the key and `text`),
   * so a table's delta is written once with the rows it carries (io/fresh-rows.ts); not with a sort.
   */
  async close(options: { orderBy?: string[]; before?: RowsBefore } = {}): Promise<ParquetWriteResult> {
    this.done = true;
    this.appender?.closeSync();
    this.flush();
    if (this.csv) closeSync(this.csv.fd);
    const geo = geoParquetPlan(this.columns);
    const { before } = options;
    let rows = this.rows;
    if (before && (options.orderBy?.length || geo?.extraSelect.length))
      throw new Error(`parquet ${this.path}: rows before the staged ones in a sorted or spatial table`);
    const select = [...this.columns.map((c) => this.selectColumn(c)), ...(geo?.extraSelect ?? [])].join(', ');
    const order = options.orderBy?.length ? ` ORDER BY ${options.orderBy.map(quoteIdent).join(', ')}` : '';
    const tmp = `${this.scratchDir}/out.parquet`;
    const textsPath = this.texts ? blockTextsPath(this.path) : undefined;
    try {
      // The texts first, as staged (a plain streaming copy under the staging limit), published first: a
      // table is never newer than its texts (a kept row's text is its block's).
      if (this.texts) {
        const textsTmp = `${this.scratchDir}/texts.parquet`;
        const column = textsColumn(this.columns, this.path).name;
        const { key } = this.texts;
        const staged = withTextsBefore(before, `${this.stagedRelation()}${order}`, key, column);
        await this.db.connection.run(copyTextsSql(staged, key, column, textsTmp));
        await publishFile(textsTmp, blockTextsPath(this.path));
      }
      // A sort merges runs of whole rows, and typing nested columns parses a slice of JSON texts (512 blocks
      // of up to tens of KB, stageSlices) at once: either gets the general limit (and spills beyond it).
      if (order || this.columns.some((c) => c.nested))
        await this.db.connection.run(`SET memory_limit = ${quoteString(duckdbMemoryLimit())}`);
      const sliced = !order && !this.csv && this.columns.some((c) => c.type === 'JSON');
      const staged = sliced
        ? await stageSlices(this.db.connection, select, this.rows)
        : `SELECT ${select} FROM ${this.stagedRelation()}${order}`;
      const source = withRowsBefore(before, staged);
      rows = await copyToParquet(this.db.connection, source, tmp, parquetCopyOptions(this.columns), geo);
      await publishFile(tmp, this.path);
    } finally {
      this.db.close();
      await rm(this.scratchDir, { recursive: true, force: true });
    }
    return {
      path: this.path,
      rows,
      bytes: (await stat(this.path)).size,
      ...(textsPath ? { texts: textsPath } : {}),
    };
  }

  /** Abandons the write: no file appears at the target path (none once it was closed). */
  async abort(): Promise<void> {
    if (this.done) return;
    this.done = true;
    try {
      this.appender?.closeSync();
      if (this.csv) closeSync(this.csv.fd);
    } finally {
      this.db.close();
      await rm(this.scratchDir, { recursive: true, force: true });
    }
  }
}

/**
 * A CSV file of lines written by csvLineFor(columns), as a DuckDB relation with the staged types: unquoted
 * empty cells are null, quoted ones ("") empty strings; no sniffing, every type is given.
 */
export function stagedCsvRelation(file: string, columns: readonly ColumnSpec[]): string {
  const types = columns.map((c) => `${quoteString(c.name)}: ${quoteString(csvStagedType(c.type))}`);
  return (
    `read_csv(${quoteString(file)}, header = false, auto_detect = false, delim = ',', ` +
    `quote = '"', escape = '"', new_line = '\\n', nullstr = '', allow_quoted_nulls = false, ` +
    `max_line_size = 8388608, columns = {${types.join(', ')}})`
  );
}

/** Rows of the stage a JSON column is parsed for at a time (stageSlices). */
const JSON_SLICE_ROWS = 512;

/**
 * The staged rows as `select` gives them, read in slices of JSON_SLICE_ROWS rows, in order. Parsing JSON texts
 * (a cast to JSON or a typed block) works a vector at a time, and a scan's vector is 2,048 rows: 2,048 EPC
 * blocks of ~15 KB took ~400 MB more to type, 512 ~140 MB more, at the same CPU. A rowid range makes the
 * scan's vectors that small; a UNION ALL into an order-preserving COPY keeps its branches in order.
 */
async function stageSlices(connection: DuckDBConnection, select: string, rows: number): Promise<string> {
  await connection.run(
    `CREATE TEMP MACRO stage_slice(lo) AS TABLE SELECT ${select} FROM stage WHERE rowid >= lo AND rowid < lo + ${JSON_SLICE_ROWS}`,
  );
  const slices = Math.max(1, Math.ceil(rows / JSON_SLICE_ROWS));
  return Array.from({ length: slices }, (_, i) => `FROM stage_slice(${i * JSON_SLICE_ROWS})`).join(
    ' UNION ALL ',
  );
}

/** A column of stagedCsvRelation converted to its Parquet type. */
export function fromStagedCsv(c: ColumnSpec): string {
  const name = quoteIdent(c.name);
  if (c.type === 'JSON') return jsonColumnSql(name, c);
  if (c.type === 'TIMESTAMP') return `make_timestamp(${name})`;
  if (c.type === 'BLOB') return `unhex(${name})`;
  return name;
}

// CSV staging: timestamps travel as epoch microseconds (exact, any year; make_timestamp on COPY), bytes as
// hex (unhex on COPY), JSON as its text.
const csvStagedType = (type: ColumnType): string =>
  type === 'TIMESTAMP' ? 'BIGINT' : type === 'BLOB' ? 'VARCHAR' : stagedType(type);

const NEEDS_QUOTES = /[",\n\r]/;

/** A string as a CSV cell: quoted when it holds a delimiter, and when empty (an unquoted empty cell is null). */
export function csvText(text: string): string {
  if (text === '') return '""';
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * A value as the CSV cell of a column of each type: the same coercions as the appender (appendValue), so both
 * stagings write the same Parquet values. Null and undefined are an empty cell.
 */
const CSV_CELLS: Record<ColumnType, (value: unknown, name: string) => string> = {
  VARCHAR: (value) =>
    value === null || value === undefined ? '' : csvText(typeof value === 'string' ? value : String(value)),
  JSON: (value) => (value === null || value === undefined ? '' : csvText(jsonOf(value))),
  DOUBLE: (value) => {
    if (value === null || value === undefined) return '';
    const n = Number(value);
    return n === 0 && 1 / n < 0 ? '-0' : String(n);
  },
  BIGINT: (value) => {
    if (value === null || value === undefined) return '';
    return typeof value === 'number' && Number.isSafeInteger(value)
      ? String(value)
      : String(BigInt(value as number | string | bigint));
  },
  BOOLEAN: (value) => (value === null || value === undefined ? '' : value ? 'true' : 'false'),
  BLOB: (value, name) => {
    if (value === null || value === undefined) return '';
    if (!(value instanceof Uint8Array)) throw new Error(`column ${name}: not bytes`);
    return csvText(Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex'));
  },
  TIMESTAMP: (value, name) => {
    if (value === null || value === undefined) return '';
    const ms = value instanceof Date ? value.getTime() : Date.parse(String(value));
    if (Number.isNaN(ms)) throw new Error(`column ${name}: not a timestamp: ${String(value)}`);
    return ms === 0 ? '0' : `${ms}000`;
  },
};

/**
 * One CSV staging line per row (no terminator), compiled once per column list to straight-line code with
 * each column's name as a literal (a loop reading ~130 properties by computed name costs several times
 * more). The cells go into one reused array joined once: a chain of + would build ~260 string fragments per
 * row for the collector. Column names enter the code only as JSON string literals.
 */
export function csvLineFor(columns: readonly ColumnSpec[]): (row: object) => string {
  const names = columns.map((c) => c.name);
  const cells = new Array<string>(columns.length);
  // One function per type, each called from its own site: no switch on the type per cell.
  const body = columns
    .map((c, i) => `c[${i}] = f.${c.type}(r[${JSON.stringify(c.name)}], n[${i}]);`)
    .join('\n');
  const fill = new Function('f', 'n', 'c', 'r', body) as (
    f: typeof CSV_CELLS,
    n: readonly string[],
    c: string[],
    r: object,
  ) => void;
  return (row) => {
    fill(CSV_CELLS, names, cells, row);
    return cells.join(',');
  };
}

/**
 * Bytes an appender holds before it is flushed into its table. DuckDB's appender keeps its rows in a buffer of
 * its own, outside the instance's memory limit, until ~200,000 rows or its close: 145,543 Scottish
 * certificates of ~4 KB took a worker to 1.38 GB. Flushed, they go to the table, which spills beyond the limit.
 */
const APPENDER_FLUSH_BYTES = 32 << 20;

/** Appends `row`'s value of each column as its type, and ends the row; returns about how many bytes it took. */
function appendRow(appender: DuckDBAppender, columns: readonly ColumnSpec[], row: object): number {
  const values = row as Readonly<Record<string, unknown>>;
  let bytes = 0;
  for (const column of columns) bytes += appendValue(appender, column, values[column.name]);
  appender.endRow();
  return bytes;
}

/** Appends `value` as the column's type; returns about how many bytes it took (a string's length, else 8). */
function appendValue(appender: DuckDBAppender, column: ColumnSpec, value: unknown): number {
  if (value === null || value === undefined) {
    appender.appendNull();
    return 1;
  }
  switch (column.type) {
    case 'VARCHAR': {
      const text = String(value);
      appender.appendVarchar(text);
      return text.length;
    }
    case 'JSON': {
      const text = jsonOf(value);
      appender.appendVarchar(text);
      return text.length;
    }
    case 'DOUBLE':
      appender.appendDouble(Number(value));
      return 8;
    case 'BIGINT':
      appender.appendBigInt(BigInt(value as number | string | bigint));
      return 8;
    case 'BOOLEAN':
      appender.appendBoolean(Boolean(value));
      return 1;
    case 'BLOB':
      // Geometry columns hold WKB (pipelines/io/spatial/wkb.ts).
      if (!(value instanceof Uint8Array)) throw new Error(`column ${column.name}: not bytes`);
      appender.appendBlob(value);
      return value.byteLength;
    case 'TIMESTAMP': {
      const ms = value instanceof Date ? value.getTime() : Date.parse(String(value));
      if (Number.isNaN(ms)) throw new Error(`column ${column.name}: not a timestamp: ${String(value)}`);
      appender.appendTimestamp(new DuckDBTimestampValue(BigInt(ms) * 1000n));
      return 8;
    }
  }
}

/**
 * zstd at level 1 rather than DuckDB's default 3: our tables' bytes within a few per cent either way (a tile's
 * certificates 26.6 MB both), for less CPU to write (`epc_by_tile` 4.08–4.25 → 3.84–4.13 CPU-s a 60,000-certificate
 * partition; a tile's typed blocks and wide rows 2–15 %). Reading costs the same.
 */
export const ZSTD_COPY_OPTION = 'COMPRESSION zstd, COMPRESSION_LEVEL 1';

/**
 * Rows of a row group of documents (rows of 10–30 KB of JSON, WKB or JSON text): DuckDB's least, since it rounds a
 * smaller `ROW_GROUP_SIZE` up to its vector's 2,048 rows.
 */
export const DOCUMENT_ROW_GROUP_ROWS = 2048;

/**
 * The COPY options for a table of `columns`. DuckDB holds a whole row group per writing thread before it
 * flushes it, so the group's rows are sized by what a row carries: documents (JSON, WKB, JSON text) of 10–30 KB
 * a row in 2,048-row groups (a 10 km tile's 30,000 EPC blocks in the default 122,880 were one ~450 MB group,
 * and a London tile's would not fit at all), ~130 typed columns in 16,384, narrow rows in the default. zstd for
 * what is kept; `lz4_raw` for a local file written once and read a few times (cheaper both ways, larger).
 */
export function parquetCopyOptions(
  columns: readonly Pick<ColumnSpec, 'type' | 'jsonText'>[],
  compression: 'zstd' | 'lz4_raw' = 'zstd',
): string {
  const rows = columns.some((c) => c.type === 'JSON' || c.type === 'BLOB' || c.jsonText)
    ? DOCUMENT_ROW_GROUP_ROWS
    : columns.length > 60
      ? 16_384
      : 122_880;
  return `FORMAT parquet, ${compression === 'zstd' ? ZSTD_COPY_OPTION : `COMPRESSION ${compression}`}, ROW_GROUP_SIZE ${rows}`;
}

/** A block texts file's rows carry a block of JSON each, written once and read once a refresh: LZ4 costs
 * less CPU than zstd both ways (a 30,000-UPRN tile's EPC texts: ~1.3 CPU-s less), for larger files. */
const TEXTS_COPY_OPTIONS = `FORMAT parquet, COMPRESSION lz4_raw, ROW_GROUP_SIZE ${DOCUMENT_ROW_GROUP_ROWS}`;

/**
 * Rows a writer writes ahead of its own, so a table's delta is written once with the rows it carries
 * (io/fresh-rows.ts): in the table's columns (`rows`), and as its texts (`texts`: the key and `text`).
 */
export interface RowsBefore {
  rows: string;
  texts?: string;
}

/** The rows of `query` after `before`'s: an order-preserving COPY keeps the branches of a UNION ALL in order. */
const withRowsBefore = (before: RowsBefore | undefined, query: string): string =>
  before ? `FROM (${before.rows}) UNION ALL BY NAME FROM (${query})` : query;

/** `relation` (rows with `key` and the text `column`) after `before`'s texts, when it has any. */
const withTextsBefore = (
  before: RowsBefore | undefined,
  relation: string,
  key: string,
  column: string,
): string =>
  before?.texts
    ? `(SELECT ${quoteIdent(key)}, text AS ${quoteIdent(column)} FROM (${before.texts})
        UNION ALL SELECT ${quoteIdent(key)}, ${quoteIdent(column)} FROM ${relation})`
    : relation;

/** The COPY writing a texts file at `file`: `key` and the JSON text column `column` (as `text`) of `relation`. */
const copyTextsSql = (relation: string, key: string, column: string, file: string): string =>
  `COPY (SELECT ${quoteIdent(key)}, ${quoteIdent(column)} AS text FROM ${relation}) TO ${quoteString(file)} (${TEXTS_COPY_OPTIONS})`;

/**
 * COPY `query` to `file` (`format`: the COPY's options). A spatial table's GeoParquet metadata depends on its
 * rows: it is reserved in the footer, read from the written file's narrow columns and filled in
 * (io/parquet-footer.ts), rather than from a second run of the query (a tile of properties_wide: its joins
 * twice, ~45 % of the asset).
 */
async function copyToParquet(
  connection: DuckDBConnection,
  query: string,
  file: string,
  format: string,
  geo: GeoParquetPlan | undefined,
): Promise<number> {
  const reserved = geo && reservedGeoMetadata(geo);
  const kv = reserved ? `, KV_METADATA {geo: ${quoteString(reserved.placeholder)}}` : '';
  // COPY answers the rows it wrote.
  const copied = await connection.runAndReadAll(`COPY (${query}) TO ${quoteString(file)} (${format}${kv})`);
  const rows = Number(copied.getRows()[0]?.[0] ?? 0);
  if (!geo || !reserved) return rows;
  const row = (await connection.runAndReadAll(geo.statsSql(parquetPath(file)))).getRowObjectsJS()[0] ?? {};
  const stats: GeoStats = {
    headers: (row.headers as string[] | null) ?? null,
    xmin: (row.xmin as number | null) ?? null,
    ymin: (row.ymin as number | null) ?? null,
    xmax: (row.xmax as number | null) ?? null,
    ymax: (row.ymax as number | null) ?? null,
  };
  await fillFooterValue(file, reserved.placeholder, reserved.fill(stats));
  return rows;
}

/** A query's result columns as ColumnSpecs (what GeoParquet needs to know: which are BLOBs). */
async function describeColumns(connection: DuckDBConnection, sql: string): Promise<ColumnSpec[]> {
  const rows = (await connection.runAndReadAll(`DESCRIBE ${sql}`)).getRowObjectsJS();
  return rows.map((r) => ({ name: String(r.column_name), type: describedType(String(r.column_type)) }));
}

/** A described column's type as parquetCopyOptions and GeoParquet need it: a nested one (a typed block)
 * sizes row groups as a JSON one does. */
const describedType = (type: string): ColumnType =>
  type === 'BLOB' || type === 'DOUBLE'
    ? type
    : type === 'JSON' || /^(STRUCT|MAP)\(/.test(type)
      ? 'JSON'
      : 'VARCHAR';

/**
 * Writes the result of a DuckDB query (over read_parquet(...) relations) straight to a Parquet file, without
 * passing rows through JavaScript: the same scratch-and-rename as the writer, so readers never see a partial
 * file. Returns the row count. A list of queries writes their rows one query after another. `columns` (the
 * table's declared columns, from its schema) marks a point table's x/y for GeoParquet; a WKB geometry column
 * is found from the query itself.
 */
export async function copyQueryToParquet(
  source: string | readonly string[],
  path: string,
  options: {
    columns?: readonly ColumnSpec[];
    /** The query's `column` is a block's JSON text: written typed (`type`), its text kept beside it. */
    texts?: BlockTexts & { column: string; type: NestedType };
    /** The query gives a texts file's rows (a key and `text`): written as block texts are. */
    asTexts?: boolean;
    /** With `texts`: rows written ahead of the query's (ParquetTableWriter.close's `before`). */
    before?: RowsBefore;
    /**
     * On an instance of its own, closed after the copy, rather than the build's: for a copy over a whole tile
     * whose joins' memory the build's later steps should not start on (the index's digests of a tile).
     */
    ownInstance?: boolean;
    /**
     * A list of queries each copied to scratch on an instance of its own, then read in their order: each
     * sorts or joins only its own rows (in one statement, a UNION ALL, DuckDB may hold all of them at once).
     */
    inRuns?: boolean;
  } = {},
): Promise<ParquetWriteResult> {
  await mkdir(dirname(path), { recursive: true });
  const dir = await scratchFolder(path);
  // An in-memory database: the copy creates no table, and its sorts spill to the scratch folder.
  const { connection, close } = options.ownInstance
    ? await openOwnInstance(':memory:', `${dir}/spill`)
    : await openQueryInstance(`${dir}/spill`);
  const tmp = `${dir}/out.parquet`;
  const queries = typeof source === 'string' ? [source] : source;
  let sql = queries.join(' UNION ALL ');
  // Each statement on an instance of its own: the buffers one filled are given back before the next (on one
  // instance, the area blocks of scale 20 peaked at 1.2–1.4 GB instead of 0.9).
  const runEach = async (steps: readonly string[]) => {
    for (const step of steps) {
      const once = await openOwnInstance(':memory:', `${dir}/spill`);
      try {
        await once.connection.run(step);
      } finally {
        once.close();
      }
    }
  };
  // The queries streamed to files in the scratch folder, a file each, each query sorting only its own rows.
  const staged = queries.map((_, i) => `${dir}/staged.${i}.parquet`);
  const stageSql = queries.map((q, i) => `COPY (${q}) TO ${quoteString(staged[i]!)} (${TEXTS_COPY_OPTIONS})`);
  try {
    if (options.texts) {
      // Staged, then the text column read from them twice.
      const { key, column, type } = options.texts;
      const { before } = options;
      const textsTmp = `${dir}/texts.parquet`;
      await runEach([
        ...stageSql,
        copyTextsSql(withTextsBefore(before, parquetFiles(staged), key, column), key, column, textsTmp),
      ]);
      await publishFile(textsTmp, blockTextsPath(path));
      sql = `SELECT * REPLACE (${fromJsonSql(quoteIdent(column), type)} AS ${quoteIdent(column)}) FROM ${parquetFiles(staged)}`;
      sql = withRowsBefore(before, sql);
    } else if (options.before) throw new Error(`parquet ${path}: rows before a query's need its texts`);
    else if (options.inRuns && queries.length > 1) {
      await runEach(stageSql);
      sql = `SELECT * FROM ${parquetFiles(staged)}`;
    }
    const columns = options.columns ?? (await describeColumns(connection, sql));
    const geo = geoParquetPlan(columns);
    const query = geo?.extraSelect.length ? `SELECT *, ${geo.extraSelect.join(', ')} FROM (${sql})` : sql;
    const format = options.asTexts ? TEXTS_COPY_OPTIONS : parquetCopyOptions(columns);
    const rows = await copyToParquet(connection, query, tmp, format, geo);
    await publishFile(tmp, path);
    return {
      path,
      rows,
      bytes: (await stat(path)).size,
      ...(options.texts ? { texts: blockTextsPath(path) } : {}),
    };
  } finally {
    close();
    await rm(dir, { recursive: true, force: true });
  }
}

/** Writes all rows of an (async) iterable to one Parquet file. */
export async function writeParquet(
  path: string,
  columns: readonly ColumnSpec[],
  rows: Iterable<object> | AsyncIterable<object>,
  options: { orderBy?: string[] } & WriterOptions = {},
): Promise<ParquetWriteResult> {
  return (await openFilledWriter(path, columns, rows, options)).close(options);
}

/**
 * Writes all rows of an (async) iterable to one Parquet file, holding at most `runRows` of them at once: a
 * writer stages its rows in DuckDB until it closes, so they are written in runs to scratch, then copied in
 * their order into the one file (a 120,000-UPRN tile's 25,000 area blocks of ~7 KB staged at once took the
 * worker ~250 MB more).
 */
export async function writeParquetInRuns(
  path: string,
  columns: readonly ColumnSpec[],
  rows: Iterable<object> | AsyncIterable<object>,
  runRows: number,
): Promise<ParquetWriteResult> {
  const scratch = await scratchFolder(path);
  try {
    const { files } = await writeParquetRuns(join(scratch, basename(path)), columns, rows, { runRows });
    return await copyQueryToParquet(`SELECT * FROM ${parquetFiles(files)}`, path, { columns });
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** What the helpers below pass to each writer they open (ParquetWriterOptions). */
type WriterOptions = Pick<ParquetWriterOptions, 'texts' | 'memoryLimit'>;

/** A writer holding all of `rows`, not yet closed (abandoned if reading them fails). */
export const openFilledWriter = (
  path: string,
  columns: readonly ColumnSpec[],
  rows: Iterable<object> | AsyncIterable<object>,
  options: WriterOptions = {},
): Promise<ParquetTableWriter> =>
  openWriterFilledBy(
    path,
    columns,
    async (writer) => {
      for await (const row of rows) writer.append(row);
    },
    options,
  );

/** Fills one writer: appends rows or stages them by query (ParquetTableWriter.stageBy). */
export type WriterFill = (writer: ParquetTableWriter) => Promise<void>;

/** A writer filled by `fill`, not yet closed (abandoned if `fill` fails). */
export async function openWriterFilledBy(
  path: string,
  columns: readonly ColumnSpec[],
  fill: WriterFill,
  options: WriterOptions = {},
): Promise<ParquetTableWriter> {
  const writer = await ParquetTableWriter.open(path, columns, {
    texts: options.texts,
    memoryLimit: options.memoryLimit,
  });
  try {
    await fill(writer);
    return writer;
  } catch (error) {
    await writer.abort();
    throw error;
  }
}

/**
 * Writes `rows` as the runs of the table `path` (io/run-files.ts): a file each `runRows` rows, and with
 * `texts` each run's texts beside it, in place of the runs the table had. A writer holds one run's rows: a
 * 30,000-UPRN tile's EPC blocks in one file took its worker ~1.3–1.8 GB at the copy out.
 */
export async function writeParquetRuns(
  path: string,
  columns: readonly ColumnSpec[],
  rows: Iterable<object> | AsyncIterable<object>,
  options: WriterOptions & { runRows: number },
): Promise<{ rows: number; files: string[]; texts: string[] }> {
  const source = Symbol.asyncIterator in rows ? rows[Symbol.asyncIterator]() : rows[Symbol.iterator]();
  let next = await source.next();
  // A run for as long as rows are left: each fill takes up to runRows of them.
  async function* runs(): AsyncGenerator<WriterFill> {
    while (!next.done)
      yield async (writer) => {
        while (!next.done && writer.rowCount < options.runRows) {
          writer.append(next.value);
          next = await source.next();
        }
      };
  }
  try {
    return await writeFilledRuns(path, columns, runs(), options);
  } finally {
    if (!next.done) await source.return?.();
  }
}

/**
 * Writes the runs of the table `path` (io/run-files.ts), a file each of `runs` filled on a writer of its own
 * (an empty table when there are none), with `texts` each run's texts beside it, in place of the runs the
 * table had.
 */
export async function writeFilledRuns(
  path: string,
  columns: readonly ColumnSpec[],
  runs: Iterable<WriterFill> | AsyncIterable<WriterFill>,
  options: WriterOptions,
): Promise<{ rows: number; files: string[]; texts: string[] }> {
  const scratch = await scratchFolder(path);
  const built: ParquetWriteResult[] = [];
  let writer: ParquetTableWriter | undefined;
  const open = () =>
    ParquetTableWriter.open(join(scratch, `${built.length}.parquet`), columns, {
      texts: options.texts,
      memoryLimit: options.memoryLimit,
    });
  try {
    for await (const fill of runs) {
      writer = await open();
      await fill(writer);
      built.push(await writer.close());
      writer = undefined;
    }
    if (built.length === 0) built.push(await (await open()).close());
    // The texts first: a table is never newer than its texts.
    const texts = options.texts
      ? await publishRuns(
          built.map((b) => b.texts!),
          blockTextsPath(path),
        )
      : [];
    const files = await publishRuns(
      built.map((b) => b.path),
      path,
    );
    return { rows: built.reduce((n, b) => n + b.rows, 0), files, texts };
  } catch (error) {
    await writer?.abort();
    throw error;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/**
 * A tile's block rows (digestedBlockRows') as the runs of the table `path`, their texts beside them: a
 * writer stages one run of PDS_RUN_ROWS blocks, so a tile's memory does not grow with its UPRNs (a
 * 120,000-UPRN tile's location blocks staged in one file took its worker to 1.44 GB; in runs of 32,768,
 * 0.58; a 30,000-UPRN tile's 0.50–0.54 GB in one run of 32,768 and 0.36 in runs of 8,192, the same CPU).
 */
export const writeTileBlocks = (
  path: string,
  columns: readonly ColumnSpec[],
  rows: Iterable<object>,
): Promise<{ rows: number; files: string[]; texts: string[] }> =>
  writeParquetRuns(path, columns, rows, { texts: { key: 'uprn' }, runRows: runRows() });

/**
 * Runs a query over Parquet files and streams the result rows as plain JSON values (timestamps as ISO
 * strings, JSON columns parsed, nested values as objects and arrays). `sql` refers to files with
 * read_parquet('...').
 */
export async function* queryParquet(sql: string): AsyncGenerator<Record<string, unknown>> {
  yield* query(sql, openQueryInstance, rowsOf);
}

/** The rows of a small query (a count, a file's columns, a few aggregates), as queryParquet gives them. */
export async function queryRows(sql: string): Promise<Record<string, unknown>[]> {
  const { connection, close } = await openSmallQueries();
  try {
    const rows: Record<string, unknown>[] = [];
    for await (const row of rowsOf(connection, sql)) rows.push(row);
    return rows;
  } finally {
    close();
  }
}

/**
 * The rows of each query in turn (as queryParquet), each on an instance of its own: a partition read in
 * chunks (a query per range of UPRNs) then holds one chunk's memory at a time. One instance kept for every
 * chunk grew chunk by chunk (the largest tile's documents: ~0.8 GB after the first of 8 chunks, 1.5 GB at
 * the end; an instance each: ~1.1 GB throughout, for the same CPU).
 */
export async function* queryParquetEach(sqls: Iterable<string>): AsyncGenerator<Record<string, unknown>> {
  for (const sql of sqls) yield* query(sql, (spill) => openOwnInstance(':memory:', spill), rowsOf);
}

/** A query's BLOB values held in DuckDB's result chunks (holdBlobs). */
export interface HeldBlobs {
  /** The value a reference names, copied out of its chunk; null for -1 or a NULL. */
  bytes(ref: number): Buffer | null;
  /** Frees the chunks' memory and closes the query's instance; the references are void after. */
  release(): void;
}

/** Rows a reference allows a chunk (DuckDB's chunks hold 2,048). */
const HELD_CHUNK_ROWS = 65_536;

/**
 * Runs a query of `(key BIGINT, tag INTEGER, value BLOB)` rows and keeps its result chunks as DuckDB gave
 * them, calling `each` with every row's key, tag and a reference to its value. The values are not copied
 * into JavaScript until asked for (`bytes`), and `release` frees them at once: buffers copied up front stay
 * behind as garbage until V8's next full collection, which does not count DuckDB's memory (a tile's indexing
 * held two ranges' texts that way).
 */
export async function holdBlobs(
  sql: string,
  each: (key: number, tag: number, ref: number) => void,
): Promise<HeldBlobs> {
  const spill = querySpill();
  const { connection, close } = await openOwnInstance(':memory:', spill);
  const chunks: DuckDBDataChunk[] = [];
  const release = () => {
    // A chunk's memory is otherwise freed only when the garbage collector finalises it.
    for (const chunk of chunks) chunk.reset();
    chunks.length = 0;
    close();
    rm(spill, { recursive: true, force: true }).catch(() => undefined);
  };
  try {
    const result = await connection.stream(sql);
    for (;;) {
      const chunk = await result.fetchChunk();
      if (!chunk || chunk.rowCount === 0) break;
      const base = chunks.length * HELD_CHUNK_ROWS;
      chunks.push(chunk);
      const [keys, tags] = [chunk.getColumnVector(0), chunk.getColumnVector(1)];
      for (let r = 0; r < chunk.rowCount; r++)
        each(Number(keys.getItem(r)), Number(tags.getItem(r)), base + r);
    }
  } catch (error) {
    release();
    throw error;
  }
  return {
    bytes: (ref) => {
      if (ref < 0) return null;
      // The chunk keeps the vectors it made.
      const values = chunks[Math.floor(ref / HELD_CHUNK_ROWS)]!.getColumnVector(2) as DuckDBBlobVector;
      return bufferOf(values.getItemBytes(ref % HELD_CHUNK_ROWS));
    },
    release,
  };
}

/** A chunk of a query's result, column by column: `columns[name][r]` is row r's value (queryParquet's). */
export interface ColumnChunk {
  rows: number;
  /** The columns' names in the query's order. */
  names: string[];
  columns: Record<string, unknown[]>;
}

/**
 * The rows of a query as queryParquet gives them, a chunk at a time and column by column: for a reader that
 * builds objects of its own (a tile's certified properties), one object a row instead of two.
 */
export async function* queryParquetChunks(sql: string): AsyncGenerator<ColumnChunk> {
  yield* query(sql, openQueryInstance, chunksOf);
}

/** A folder for a query's instance to spill to, of its own (removed by whoever opened the instance). */
const querySpill = (): string => join(localScratchRoot() ?? tmpdir(), `pds-query-${randomUUID()}`);

async function* query<T>(
  sql: string,
  open: (spill: string) => Promise<OwnedConnection>,
  read: (connection: DuckDBConnection, sql: string) => AsyncGenerator<T>,
): AsyncGenerator<T> {
  // An in-memory database spills only where it is given a folder: without one, a sort or join larger than the
  // memory limit fails instead of spilling (uprn_epc_blocks at 100,000 UPRNs under a 1 GB limit).
  const spill = querySpill();
  const { connection, close } = await open(spill);
  try {
    yield* read(connection, sql);
  } finally {
    close();
    await rm(spill, { recursive: true, force: true });
  }
}

async function* chunksOf(connection: DuckDBConnection, sql: string): AsyncGenerator<ColumnChunk> {
  const result = await connection.stream(sql);
  const names = result.columnNames();
  const readers = result.columnTypes().map(columnReader);
  for (;;) {
    const chunk = await result.fetchChunk();
    if (!chunk || chunk.rowCount === 0) break;
    const rows = chunk.rowCount;
    const columns: Record<string, unknown[]> = {};
    readers.forEach((read, c) => (columns[names[c]!] = read(chunk.getColumnVector(c), rows)));
    yield { rows, names, columns };
  }
}

async function* rowsOf(connection: DuckDBConnection, sql: string): AsyncGenerator<Record<string, unknown>> {
  for await (const { rows, names, columns } of chunksOf(connection, sql)) {
    const values = names.map((name) => columns[name]!);
    for (let r = 0; r < rows; r++) {
      const row: Record<string, unknown> = {};
      for (let c = 0; c < names.length; c++) row[names[c]!] = values[c]![r];
      yield row;
    }
  }
}

/** Reads a chunk's column of `rows` values as queryParquet gives them (toJsonValue's). */
type ColumnReader = (vector: DuckDBVector, rows: number) => unknown[];

/**
 * The reader of a column of this type: a value read and converted in one loop, by a conversion chosen once
 * per column, not tried type by type for every value (a tile's certified properties, 85,000 rows of 19
 * columns: ~480 → ~375 ms).
 */
function columnReader(type: DuckDBType): ColumnReader {
  if (type.typeId === DuckDBTypeId.BLOB)
    return (vector, rows) => blobBuffers(vector as DuckDBBlobVector, rows);
  const convert = converterOf(type);
  return (vector, rows) => {
    const out = new Array<unknown>(rows);
    for (let r = 0; r < rows; r++) out[r] = convert(vector.getItem(r));
    return out;
  };
}

/** toJsonValue for one type: the plain types as they come, BIGINT as a number, the others through it. */
function converterOf(type: DuckDBType): (value: unknown) => unknown {
  if (type.alias === 'JSON') return (value) => toJsonValue(value, true);
  if (PLAIN_TYPES.has(type.typeId)) return (value) => value;
  if (type.typeId === DuckDBTypeId.BIGINT) return (value) => (value === null ? null : Number(value));
  return (value) => toJsonValue(value, false);
}

/** Types whose values the node API gives as queryParquet gives them: strings, numbers, booleans or null. */
const PLAIN_TYPES: ReadonlySet<number> = new Set([
  DuckDBTypeId.VARCHAR,
  DuckDBTypeId.DOUBLE,
  DuckDBTypeId.FLOAT,
  DuckDBTypeId.INTEGER,
  DuckDBTypeId.SMALLINT,
  DuckDBTypeId.TINYINT,
  DuckDBTypeId.UINTEGER,
  DuckDBTypeId.USMALLINT,
  DuckDBTypeId.UTINYINT,
  DuckDBTypeId.BOOLEAN,
]);

/**
 * A BLOB column's values as Buffers (BLOBs are bytes: WKB geometry, block texts read without decoding). The
 * node API's getItem copies each value twice, out of DuckDB and then into a Buffer (properties_index at scale
 * 20: 55–58 CPU-s that way, 49–51 this way); getItemBytes copies it once, into memory a Buffer then views. A
 * value of 12 bytes or less comes as a view of the chunk's own memory instead, so it is copied.
 */
function blobBuffers(vector: DuckDBBlobVector, rows: number): (Buffer | null)[] {
  const out: (Buffer | null)[] = new Array<Buffer | null>(rows);
  for (let r = 0; r < rows; r++) out[r] = bufferOf(vector.getItemBytes(r));
  return out;
}

/** A BLOB value's bytes as a Buffer of its own (blobBuffers). */
function bufferOf(bytes: Uint8Array | null): Buffer | null {
  if (bytes === null) return null;
  return bytes.byteLength <= 12
    ? Buffer.from(bytes)
    : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function toJsonValue(value: unknown, isJson: boolean): unknown {
  if (value === null || value === undefined) return null;
  if (isJson && typeof value === 'string') return JSON.parse(value);
  if (typeof value === 'bigint') return Number(value);
  if (value instanceof DuckDBTimestampValue) return new Date(Number(value.micros / 1000n)).toISOString();
  // BLOBs (WKB geometry) come back as bytes, not DuckDB's escaped text form.
  if (value instanceof DuckDBBlobValue) return value.bytes;
  if (value instanceof DuckDBStructValue)
    return Object.fromEntries(Object.entries(value.entries).map(([k, v]) => [k, toJsonValue(v, false)]));
  if (value instanceof DuckDBListValue) return value.items.map((v) => toJsonValue(v, false));
  if (value instanceof DuckDBMapValue)
    return Object.fromEntries(value.entries.map(({ key, value: v }) => [String(key), toJsonValue(v, false)]));
  if (typeof value === 'object' && 'toString' in value) return value.toString();
  return value;
}

export const parquetPath = (path: string): string => `read_parquet(${quoteString(path)})`;

/** A relation over these Parquet files, in this order, with read_parquet's `options` (`union_by_name = true`). */
export const parquetFiles = (files: readonly string[], options = ''): string =>
  `read_parquet([${files.map(quoteString).join(', ')}]${options ? `, ${options}` : ''})`;

/** The table `path` over its run files (io/run-files.ts) and its delta (delta-files.ts), or null when none exists. */
export function runsRelation(path: string): string | null {
  const files = runFilesOf(path);
  return files.length === 0 ? null : withDelta(files, deltaFilesOf(path));
}

/**
 * The table `path` over its run files and delta for one UPRN range at a time, or null when no run exists: a
 * range reads only the run files whose UPRNs meet it (by their footers' statistics, read once here). A filter
 * alone prunes row groups but still opens every run file's footer, and a typed block table's footer is large:
 * ST76's 15 flood block runs at scale 80 cost ~0.25 s a query.
 */
export async function runsByUprnRange(
  path: string,
): Promise<((range: readonly [number, number]) => string) | null> {
  const files = runFilesOf(path);
  if (files.length === 0) return null;
  const spans = new Map<string, [number, number]>();
  for (const r of await queryRows(
    `SELECT file_name, min(stats_min_value::BIGINT) AS lo, max(stats_max_value::BIGINT) AS hi
     FROM parquet_metadata([${files.map(quoteString).join(', ')}]) WHERE path_in_schema = 'uprn' GROUP BY file_name`,
  ))
    spans.set(String(r.file_name), [Number(r.lo), Number(r.hi)]);
  const delta = deltaFilesOf(path);
  return ([lo, hi]) => {
    // A file without statistics (no rows) is read: it costs little and is never wrongly left out.
    const meeting = files.filter((f) => {
      const span = spans.get(f);
      return !span || (span[1] >= lo && span[0] <= hi);
    });
    return withDelta(meeting.length > 0 ? meeting : files.slice(0, 1), delta);
  };
}

/** A relation with these columns and no rows: a table none of whose files was written (yet). */
export const emptyRelation = (columns: readonly ColumnSpec[]): string =>
  `(SELECT ${columns.map((c) => `CAST(NULL AS ${c.nested ? duckdbType(c.nested) : c.type}) AS ${quoteIdent(c.name)}`).join(', ')} WHERE false)`;

/** True when a Parquet file has the column (a file written by older code may not). */
export async function hasColumn(path: string, column: string): Promise<boolean> {
  return (await columnTypeOf(path, column)) !== null;
}

/** A column's DuckDB type in a Parquet file (e.g. `STRUCT(...)`), or null when the file has no such column. */
export async function columnTypeOf(path: string, column: string): Promise<string | null> {
  const rows = await queryRows(`DESCRIBE SELECT * FROM ${parquetPath(path)}`);
  const found = rows.find((row) => row.column_name === column);
  return found ? String(found.column_type) : null;
}

/** How many rows a query returns. */
export async function countRows(sql: string): Promise<number> {
  const [row] = await queryRows(`SELECT count(*) AS n FROM (${sql})`);
  return Number(row?.n ?? 0);
}

/**
 * How many rows each query returns (none for null), in one statement: a count's own set-up (~5 ms) is most
 * of what a small tile's count costs, and a build asks several at once.
 */
export async function countRowsOf<K extends string>(
  sqls: Record<K, string | null>,
): Promise<Record<K, number>> {
  const keys = (Object.keys(sqls) as K[]).filter((k) => sqls[k] !== null);
  const [row] = keys.length
    ? await queryRows(
        `SELECT ${keys.map((k, i) => `(SELECT count(*) FROM (${sqls[k]})) AS c${i}`).join(', ')}`,
      )
    : [];
  const counts = Object.fromEntries(Object.keys(sqls).map((k) => [k, 0])) as Record<K, number>;
  keys.forEach((k, i) => (counts[k] = Number(row?.[`c${i}`] ?? 0)));
  return counts;
}

/**
 * The UPRNs a query returns (a `uprn` column), in order, cut into consecutive ranges of at most `size`: a
 * worker builds one range at a time, and a file sorted by UPRN gives each range only its own row groups.
 */
export const uprnRanges = (uprnsSql: string, size: number): Promise<[number, number][]> =>
  keyRanges<number>(uprnsSql, 'uprn', size);

/** As uprnRanges, for the distinct values of any column `key` of `sql`. */
export async function keyRanges<T>(sql: string, key: string, size: number): Promise<[T, T][]> {
  const k = quoteIdent(key);
  const rows = await queryRows(`SELECT min(${k}) AS first, max(${k}) AS last
    FROM (SELECT ${k}, (row_number() OVER (ORDER BY ${k}) - 1) // ${size} AS k FROM (${sql}))
    GROUP BY k ORDER BY k`);
  return rows.map((r) => [r.first as T, r.last as T]);
}
