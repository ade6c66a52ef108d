// `pds export`: a list of UPRNs (a CSV or Parquet file with a `uprn` column) joined to the per-UPRN block tables
// with DuckDB, written as Parquet, CSV or GeoJSON. Each block's flat columns are read once per distinct UPRN
// (a list that names a UPRN many times costs one read of its block), then joined back to the list in
// its order, keeping the list's own columns. A UPRN that OS Open UPRN does not hold is unmatched: its row
// stays, with nulls, and the summary counts and names a few.
import { rm, stat } from 'node:fs/promises';
import { createReadStream, createWriteStream } from 'node:fs';
import { dirname, extname, resolve } from 'node:path';
import { finished, pipeline } from 'node:stream/promises';
import { DuckDBInstance, type DuckDBConnection } from '../io/duckdb';
import { dataPaths, type ServiceConfig } from '../config';
import { withDeltasOf } from '../io/delta-files';
import { duckdbMemoryLimit } from '../io/parquet';
import { publishFile, scratchFolder } from '../io/scratch';
import { memberSql } from '../io/nested-type';
import { flatSql, type ExportBlock } from './blocks';

export type ExportFormat = 'parquet' | 'csv' | 'geojson';

export interface ExportOptions {
  config: Pick<ServiceConfig, 'dataDir'>;
  /** The list: .parquet, else read as CSV (a header row naming a `uprn` column, any case). */
  uprns: string;
  blocks: readonly ExportBlock[];
  format: ExportFormat;
  out: string;
  /**
   * Each block as it is stored too, a column named after it (default false: 2 to 40 KB a UPRN as JSON, so a
   * large list is written far slower, docs/analysts.md).
   */
  json?: boolean;
  onProgress?: (p: ExportProgress) => void;
}

export interface ExportProgress {
  step: string;
  /** Steps finished, and how far the running one is (0..1), over `steps`. */
  done: number;
  steps: number;
  fraction: number;
}

export interface ExportSummary {
  out: string;
  format: ExportFormat;
  rows: number;
  matched: number;
  /** Rows whose UPRN OS Open UPRN does not hold (well-formed or not). */
  unmatched: number;
  /** Of those, rows whose value is not a UPRN at all (empty, text). */
  invalid: number;
  /** Up to five unmatched values, as written in the list, first seen first. */
  unmatchedExamples: string[];
  columns: string[];
  bytes: number;
  seconds: number;
}

const ident = (name: string): string => `"${name.replaceAll('"', '""')}"`;
const literal = (value: string): string => `'${value.replaceAll("'", "''")}'`;
/** Our columns ahead of the list's; a list column of the same name is kept as input_<name>. */
const LOCATION = ['matched', 'x_coord', 'y_coord', 'latitude', 'longitude'];

function reader(file: string): string {
  const ext = extname(file).toLowerCase();
  if (ext === '.parquet') return `read_parquet(${literal(file)})`;
  return `read_csv(${literal(file)}, header = true, all_varchar = true, auto_detect = true)`;
}

export async function exportUprns(options: ExportOptions): Promise<ExportSummary> {
  const started = performance.now();
  const { blocks, format } = options;
  const json = options.json ?? false;
  const out = resolve(options.out);
  const steps = 3 + blocks.length;
  let done = 0;
  const scratch = await scratchFolder(out);
  const instance = await DuckDBInstance.create(':memory:', {
    memory_limit: duckdbMemoryLimit(),
    temp_directory: `${scratch}/spill`,
  });
  const db = await instance.connect();
  try {
    await db.run('SET autoinstall_known_extensions = false');
    // OS Open UPRN is GeoParquet: its point column is not read, so it stays as written.
    await db.run('SET enable_geoparquet_conversion = false');
    await db.run('SET enable_progress_bar = true');
    await db.run('SET enable_progress_bar_print = false');
    const step = async (name: string, sql: string) => {
      options.onProgress?.({ step: name, done, steps, fraction: done / steps });
      await withProgress(db, sql, (f) =>
        options.onProgress?.({ step: name, done, steps, fraction: (done + f) / steps }),
      );
      done++;
    };

    // 1. The list, numbered in its order, each value parsed as a UPRN (null when it is not one), and its
    // distinct UPRNs.
    const source = reader(resolve(options.uprns));
    const listColumns = (await db.runAndReadAll(`DESCRIBE SELECT * FROM ${source}`))
      .getRowObjectsJS()
      .map((r) => String(r.column_name));
    const uprnColumn = listColumns.find((c) => c.toLowerCase() === 'uprn');
    if (!uprnColumn)
      throw new Error(`${options.uprns}: no uprn column (its columns: ${listColumns.join(', ') || 'none'})`);
    const ours = new Set([
      'uprn',
      ...LOCATION,
      ...blocks.flatMap((b) => [...b.flat.map((c) => c.name), ...(json ? [b.name] : [])]),
    ]);
    const kept = listColumns
      .filter((c) => c !== uprnColumn)
      .map((c) => `l.${ident(c)} AS ${ident(ours.has(c.toLowerCase()) ? `input_${c}` : c)}`);
    await step(
      'read list',
      `CREATE TEMP TABLE list AS SELECT _row, _raw,
         CASE WHEN regexp_full_match(_raw, '[0-9]{1,12}') AND TRY_CAST(_raw AS BIGINT) > 0
           THEN TRY_CAST(_raw AS BIGINT) END AS uprn, * EXCLUDE (_row, _raw)
       FROM (SELECT row_number() OVER () AS _row, trim(CAST(${ident(uprnColumn)} AS VARCHAR)) AS _raw,
               * EXCLUDE (${ident(uprnColumn)}) FROM ${source})`,
    );
    await db.run('CREATE TEMP TABLE wanted AS SELECT DISTINCT uprn FROM list WHERE uprn IS NOT NULL');

    // 2. Where each is: OS Open UPRN's point, as /properties gives it (latitude and longitude by OSTN15).
    const uprnTable = resolve(dataPaths(options.config.dataDir).staged, 'os_open_uprn.parquet');
    await step(
      'location',
      `CREATE TEMP TABLE loc AS SELECT uprn, x_coord, y_coord, latitude, longitude
       FROM ${await parquetSource(uprnTable, 'os_open_uprn')} SEMI JOIN wanted USING (uprn)
       QUALIFY row_number() OVER (PARTITION BY uprn) = 1`,
    );

    // 3. Each block: its flat columns and the block, once per distinct UPRN; then all of them in one table.
    for (const [i, block] of blocks.entries()) {
      const source = await parquetSource(
        block.parquet({ config: options.config as ServiceConfig }),
        block.asset,
      );
      const b = block.member ? memberSql('t.block', block.member) : 't.block';
      // The block as stored: typed nested columns in Parquet and GeoJSON, its JSON text in CSV.
      const stored = format === 'csv' ? 'to_json(b)' : 'b';
      const columns = [
        ...flatSql(block.flat).map((sql, k) => `${sql} AS ${ident(block.flat[k]!.name)}`),
        ...(json ? [`${stored} AS ${ident(block.name)}`] : []),
      ];
      await step(
        block.name,
        `CREATE TEMP TABLE blk_${i} AS SELECT t.uprn, ${columns.join(', ')}
         FROM (SELECT *, ${b} AS b FROM ${source} t SEMI JOIN wanted USING (uprn)) t
         QUALIFY row_number() OVER (PARTITION BY t.uprn) = 1`,
      );
    }
    // Everything found, one row per distinct UPRN, numbered (fid), and each column as one list in fid order.
    const found: [string, string][] = [
      ['matched', 'loc.uprn IS NOT NULL'],
      ...['x_coord', 'y_coord', 'latitude', 'longitude'].map((c): [string, string] => [c, `loc.${c}`]),
      ...blocks.flatMap((b, i) => [
        ...b.flat.map((c): [string, string] => [c.name, `blk_${i}.${ident(c.name)}`]),
        ...(json ? [[b.name, `blk_${i}.${ident(b.name)}`] as [string, string]] : []),
      ]),
    ];
    await db.run(`CREATE TEMP TABLE found AS SELECT row_number() OVER () AS fid, w.uprn,
        ${found.map(([name, sql]) => `${sql} AS ${ident(name)}`).join(', ')}
      FROM wanted w LEFT JOIN loc USING (uprn)
      ${blocks.map((_, i) => `LEFT JOIN blk_${i} ON blk_${i}.uprn = w.uprn`).join(' ')}`);

    // 4. The list in its order with each row's fid (a sort of narrow rows only), then every column looked up
    // by fid in its list: the rows stream out in order, with no join or sort carrying the wide columns (a
    // block as stored is up to tens of KB, and a sort of those ran out of memory at 100,000 rows).
    await db.run(`CREATE TEMP TABLE ordered AS SELECT l.*, f.fid FROM list l
      LEFT JOIN (SELECT uprn, fid FROM found) f USING (uprn) ORDER BY l._row`);
    const joinedWith = (extra: string) => `SELECT ${extra}l.uprn, ${kept.map((k) => `${k}, `).join('')}
        coalesce(a.matched[l.fid], false) AS matched,
        ${found
          .slice(1)
          .map(([name]) => `a.${ident(name)}[l.fid] AS ${ident(name)}`)
          .join(', ')}
      FROM ordered l, (SELECT ${found.map(([name]) => `list(${ident(name)} ORDER BY fid) AS ${ident(name)}`).join(', ')}
        FROM found) a`;
    const joined = joinedWith('');
    const columns = (await db.runAndReadAll(`DESCRIBE ${joined}`))
      .getRowObjectsJS()
      .map((r) => String(r.column_name));
    const tmp = `${scratch}/out${extname(out) || `.${format}`}`;
    if (format === 'geojson') {
      // DuckDB writes the features, one a line, each after a comma but the first; the collection wraps them.
      const body = `${scratch}/features.txt`;
      const properties = columns.map((c) => `${ident(c)} := r.${ident(c)}`).join(', ');
      await step(
        'write',
        `COPY (SELECT CASE WHEN r._row > 1 THEN ',' ELSE '' END || json_object('type', 'Feature',
           'geometry', CASE WHEN r.matched THEN json_object('type', 'Point', 'coordinates',
           json_array(r.longitude, r.latitude)) END, 'properties', to_json(struct_pack(${properties})))::VARCHAR
         FROM (${joinedWith('l._row, ')}) r) TO ${literal(body)}
         (FORMAT csv, HEADER false, QUOTE '', ESCAPE '', DELIMITER '\t')`,
      );
      await featureCollection(body, tmp);
    } else
      await step(
        'write',
        // With the blocks as stored (up to tens of KB a row), smaller row groups keep the writer's buffer small.
        `COPY (${joined}) TO ${literal(tmp)} ${format === 'parquet' ? `(FORMAT parquet, COMPRESSION zstd, ROW_GROUP_SIZE ${json ? 2048 : 122880})` : '(FORMAT csv, HEADER true)'}`,
      );

    const counts = (
      await db.runAndReadAll(`SELECT count(*) AS rows, count(loc.uprn) AS matched,
        count(*) FILTER (WHERE l.uprn IS NULL) AS invalid FROM list l LEFT JOIN loc USING (uprn)`)
    ).getRowObjectsJS()[0]!;
    const examples = (
      await db.runAndReadAll(`SELECT _raw FROM list l ANTI JOIN loc USING (uprn)
        GROUP BY _raw ORDER BY min(_row) LIMIT 5`)
    )
      .getRowObjectsJS()
      .map((r) => String(r._raw ?? ''));
    await publishFile(tmp, out);
    options.onProgress?.({ step: 'done', done: steps, steps, fraction: 1 });
    const rows = Number(counts.rows);
    const matched = Number(counts.matched);
    return {
      out,
      format,
      rows,
      matched,
      unmatched: rows - matched,
      invalid: Number(counts.invalid),
      unmatchedExamples: examples,
      columns,
      bytes: (await stat(out)).size,
      seconds: (performance.now() - started) / 1000,
    };
  } finally {
    db.closeSync();
    instance.closeSync();
    await rm(scratch, { recursive: true, force: true });
  }
}

/** A block table as a DuckDB relation; a clear error when its asset has not been built. */
async function parquetSource(path: string, asset: string): Promise<string> {
  const dir = path.includes('*') ? dirname(path) : path;
  if (!(await stat(dir).catch(() => null)))
    throw new Error(`${asset} has not been built here (${dir}); run \`pds refresh\` first`);
  // A month's changed rows may sit in a delta beside the tiles (io/delta-files.ts): they supersede the tiles'.
  return withDeltasOf(path);
}

/** Runs `sql`, reporting DuckDB's own progress of it (0..1) about every 200 ms while it runs. */
async function withProgress(db: DuckDBConnection, sql: string, report: (f: number) => void): Promise<void> {
  const timer = setInterval(() => {
    const p = db.progress.percentage;
    if (p >= 0) report(Math.min(p, 100) / 100);
  }, 200);
  try {
    await db.run(sql);
  } finally {
    clearInterval(timer);
  }
}

/** The features DuckDB wrote (one a line, comma-separated) wrapped as one RFC 7946 FeatureCollection. */
async function featureCollection(body: string, target: string): Promise<void> {
  const out = createWriteStream(target);
  out.write('{"type":"FeatureCollection","features":[\n');
  await pipeline(createReadStream(body), out, { end: false });
  out.end(']}\n');
  await finished(out);
}
