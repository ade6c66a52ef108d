// bench:export — `pds export` on a large list: BENCH_EXPORT_ROWS UPRNs (default 1,000,000) drawn from the
// refreshed data's own UPRNs (OS Open UPRN, sampled with repeats) plus BENCH_EXPORT_UNKNOWN of unknown ones
// (default 0.05), with a reference column, written as a CSV list, then exported with every block in each
// configuration of BENCH_EXPORT_RUNS (default parquet,csv,geojson,parquet-json). `-json` adds the blocks as
// stored (--json); being about 200 times the work a row, it runs on a list of BENCH_EXPORT_JSON_ROWS
// (default 20,000) drawn the same way. Reports rows/s, wall and CPU seconds (process.cpuUsage: DuckDB's
// threads included), output size and the unmatched count per run.
//
// It reads the data folder of the last refresh (PDS_DATA_DIR, default .pds/data: run `npm start` or
// `npx pds refresh` first). The lists are kept in .pds/bench/export-<rows>.csv. `--json` prints one object.
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { dataPaths, loadConfig } from '../../pipelines/config';
import { parseBlocks } from '../../pipelines/export/blocks';
import { exportUprns, type ExportFormat } from '../../pipelines/export/uprn-export';

const rows = Number(process.env.BENCH_EXPORT_ROWS ?? 1_000_000);
const jsonRows = Number(process.env.BENCH_EXPORT_JSON_ROWS ?? 20_000);
const unknownShare = Number(process.env.BENCH_EXPORT_UNKNOWN ?? 0.05);
const runs = (process.env.BENCH_EXPORT_RUNS ?? 'parquet,csv,geojson,parquet-json').split(',');
const asJson = process.argv.includes('--json');
const config = loadConfig();
const say = (line: string) => {
  if (!asJson) console.log(line);
};

const uprnTable = resolve(dataPaths(config.dataDir).staged, 'os_open_uprn.parquet');
if (!existsSync(uprnTable)) {
  console.error(`bench:export: no refreshed data in ${config.dataDir}; run \`npx pds refresh\` first`);
  process.exit(1);
}
const dir = resolve('.pds/bench');
mkdirSync(dir, { recursive: true });
const listOf = (n: number) => resolve(dir, `export-${n}.csv`);
let distinct = 0;
{
  const db = await (await DuckDBInstance.create(':memory:')).connect();
  const counted = await db.runAndReadAll(
    `SELECT count(DISTINCT uprn) AS n FROM read_parquet('${uprnTable}')`,
  );
  distinct = Number(counted.getRowObjectsJS()[0]!.n);
  const sizes = new Set([rows, ...(runs.some((r) => r.endsWith('-json')) ? [jsonRows] : [])]);
  for (const size of sizes)
    if (!existsSync(listOf(size)))
      // Row i: an unknown UPRN (beyond any real one) for a share of rows, else a known one picked by a hash of i.
      await db.run(`COPY (
        WITH u AS (SELECT list(DISTINCT uprn ORDER BY uprn) AS l FROM read_parquet('${uprnTable}'))
        SELECT CASE WHEN (hash(i * 7 + 1) % 10000) < ${Math.round(unknownShare * 10000)} THEN 990000000000 + i
                    ELSE l[1 + (hash(i) % len(l))::BIGINT] END AS uprn,
               'ref-' || i AS portfolio_ref
        FROM range(${size}) r(i), u) TO '${listOf(size)}' (FORMAT csv, HEADER true)`);
  db.closeSync();
}
say(
  `bench:export: ${distinct.toLocaleString()} distinct UPRNs in ${config.dataDir}, lists of ${rows.toLocaleString()} ` +
    `(--json: ${jsonRows.toLocaleString()}) with about ${unknownShare * 100} % unknown, every block; ` +
    `${cpus().length} cores, load ${loadavg()[0]!.toFixed(2)}`,
);
say('| run | rows | rows/s | wall s | CPU s | output | unmatched |');
say('|---|---|---|---|---|---|---|');

const results = [];
for (const run of runs) {
  const [format, variant] = run.split('-') as [ExportFormat, string | undefined];
  const json = variant === 'json';
  const out = resolve(dir, `export-out.${format}`);
  const cpu = process.cpuUsage();
  const s = await exportUprns({
    config,
    uprns: listOf(json ? jsonRows : rows),
    blocks: parseBlocks('all'),
    format,
    out,
    json,
  });
  const used = process.cpuUsage(cpu);
  const result = {
    run,
    rows: s.rows,
    rowsPerSecond: Math.round(s.rows / s.seconds),
    wallSeconds: Number(s.seconds.toFixed(2)),
    cpuSeconds: Number(((used.user + used.system) / 1e6).toFixed(2)),
    bytes: s.bytes,
    unmatched: s.unmatched,
  };
  results.push(result);
  say(
    `| ${run} | ${s.rows.toLocaleString()} | ${result.rowsPerSecond.toLocaleString()} | ${result.wallSeconds} | ` +
      `${result.cpuSeconds} | ${(s.bytes / 2 ** 20).toFixed(1)} MB | ${s.unmatched.toLocaleString()} |`,
  );
  rmSync(out, { force: true });
}
if (asJson) console.log(JSON.stringify({ rows, jsonRows, distinct, unknownShare, results }));
