// bench:epc — the England and Wales EPC path at national-file scale, on one generated single-file
// certificates.csv of at least BENCH_EPC_ROWS rows (default 1,000,000):
// 1. rows/s (per wall second and per CPU second) for parse + enhance + Parquet write of the enhanced table
//    by the columnar engine (the one `pds epc enhance --format parquet` uses), with the time of each step;
//    for comparison, the per-record engine on one thread: parse alone, parse + enhance, and parse + enhance +
//    Parquet (CSV staging);
// 2. peak resident memory of each pass (and for the per-record passes the RSS at each quarter of it):
//    it must not grow with the file; compare BENCH_EPC_ROWS=1000000 with 2000000;
// 3. the time for all seven epc_stats groupings (one GROUPING SETS pass) over the latest certificate of
//    every property.
// BENCH_EPC_PASSES=columnar,parse,enhance,write,stats picks passes (default columnar,stats).
// The sample generator writes the file once into .pds/bench/epc-<rows> (reused by later runs; BENCH_EPC_FRESH=1
// regenerates). Times depend on load: the load average is printed with the figures.
import { createReadStream, createWriteStream, existsSync, mkdirSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import {
  copyQueryToParquet,
  ParquetTableWriter,
  parquetPath,
  queryParquet,
} from '../../pipelines/io/parquet';
import { generateSampleData } from '../../pipelines/sample-data';
import { readEnglandWalesCertificates } from '../../pipelines/sources/epc/england-wales';
import { countryFromOnsCode } from '../../pipelines/transforms/epc/country';
import { enhanceEnglandWales } from '../../pipelines/transforms/epc/enhance';
import { enhancedFileColumns } from '../../pipelines/transforms/epc/enhance-files';
import { enhanceEnglandWalesFileColumnar } from '../../pipelines/transforms/epc/enhance-columnar';
import { epcStatsSql } from '../../pipelines/transforms/epc/stats-sql';

const targetRows = Number(process.env.BENCH_EPC_ROWS ?? 1_000_000);
const dir = resolve('.pds/bench', `epc-${targetRows}`);
const single = join(dir, 'single-file', 'certificates.csv');

// The generator writes a base sample (BENCH_EPC_BASE_SCALE, default 20: ~110,000 main-file England and Wales
// certificates, a few minutes), and the single file repeats its rows until it has targetRows, each copy
// with its own LMK_KEY (suffix) and UPRN (offset by copy × 7e9, still 12 digits): the real value mix at the
// national file's size, without generating the whole country address by address.
const baseScale = Number(process.env.BENCH_EPC_BASE_SCALE ?? 20);

async function countLines(file: string): Promise<number> {
  let n = 0;
  for await (const _ of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) n++;
  return n;
}

function renumber(line: string, copy: number): string {
  if (copy === 0) return line;
  const firstComma = line.indexOf(',');
  let end = line.length;
  for (let k = 0; k < 3; k++) end = line.lastIndexOf(',', end - 1);
  const uprnEnd = line.indexOf(',', end + 1);
  const uprn = line.slice(end + 1, uprnEnd);
  const newUprn = uprn ? String(Number(uprn) + copy * 7_000_000_000) : '';
  return `${line.slice(0, firstComma)}r${copy}${line.slice(firstComma, end + 1)}${newUprn}${line.slice(uprnEnd)}`;
}

async function buildSingleFile(): Promise<void> {
  if (process.env.BENCH_EPC_FRESH === '1') rmSync(dir, { recursive: true, force: true });
  if (existsSync(single)) return;
  const started = performance.now();
  const manifest = await generateSampleData({
    outDir: join(dir, 'sample'),
    scale: baseScale,
    log: (m) => console.log(`  ${m}`),
  });
  // The single-file layout: every LA's main certificates.csv under one header.
  const parts = manifest.files
    .filter(
      (f) =>
        f.dataset === 'epc-england-wales' && /all-domestic-certificates\/.*\/certificates\.csv$/.test(f.path),
    )
    .map((f) => resolve(join(dir, 'sample'), f.path));
  mkdirSync(join(dir, 'single-file'), { recursive: true });
  const out = createWriteStream(single);
  let written = 0;
  let header = false;
  for (let copy = 0; written < targetRows; copy++) {
    for (const part of parts) {
      let first = true;
      for await (const line of createInterface({ input: createReadStream(part), crlfDelay: Infinity })) {
        if (first) {
          first = false;
          if (header) continue;
          header = true;
        } else if (written++ >= targetRows) break;
        const text = first ? line : renumber(line, copy);
        if (!out.write(`${text}\n`)) await new Promise<void>((r) => out.once('drain', () => r()));
      }
    }
  }
  await new Promise<void>((r) => out.end(() => r()));
  rmSync(join(dir, 'sample'), { recursive: true, force: true });
  console.log(`generated ${single} in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

interface Pass {
  rows: number;
  seconds: number;
  /** Process CPU time (all threads, DuckDB's included): the cost, whatever else the machine runs. */
  cpuSeconds: number;
  peakRssMb: number;
  rssAtQuartersMb: number[];
}

async function pass(
  label: string,
  total: number,
  perRow: ((raw: Parameters<typeof enhanceEnglandWales>[0]) => void) | null,
  finish?: () => Promise<unknown>,
): Promise<Pass> {
  global.gc?.();
  let peak = 0;
  const sample = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  const quarters: number[] = [];
  const started = performance.now();
  const cpuStart = process.cpuUsage();
  let rows = 0;
  for await (const row of readEnglandWalesCertificates(single)) {
    if (!row.ok) continue;
    rows++;
    if (perRow) perRow(row.record);
    if (rows % Math.floor(total / 4) === 0 && quarters.length < 4)
      quarters.push(Math.round(process.memoryUsage().rss / 2 ** 20));
  }
  if (quarters.length < 4) quarters.push(Math.round(process.memoryUsage().rss / 2 ** 20));
  if (finish) await finish();
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuStart);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  clearInterval(sample);
  peak = Math.max(peak, process.memoryUsage().rss);
  const result = {
    rows,
    seconds,
    cpuSeconds,
    peakRssMb: Math.round(peak / 2 ** 20),
    rssAtQuartersMb: quarters,
  };
  console.log(
    `${label.padEnd(34)} ${rows} rows in ${seconds.toFixed(1)} s = ${Math.round(rows / seconds).toLocaleString('en-GB')} rows/s; ` +
      `CPU ${cpuSeconds.toFixed(1)} s = ${Math.round(rows / cpuSeconds).toLocaleString('en-GB')} rows per CPU-second; ` +
      `peak RSS ${result.peakRssMb} MB; RSS at 1/4..4/4: ${quarters.join(', ')} MB`,
  );
  return result;
}

await buildSingleFile();
const lines = (await countLines(single)) - 1;
console.log(
  `file: ${single} (${lines.toLocaleString('en-GB')} data lines); load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);

// BENCH_EPC_PASSES picks the passes: columnar and stats by default; parse, enhance, write (one thread) and
// parallel measure the per-record engine for comparison.
const passes = new Set((process.env.BENCH_EPC_PASSES ?? 'columnar,stats').split(','));
if (passes.has('parse')) await pass('parse (one thread)', lines, null);
if (passes.has('enhance'))
  await pass('parse + enhance (one thread)', lines, (raw) => void enhanceEnglandWales(raw));
const enhancedPath = join(dir, 'epc_enhanced_england_wales.parquet');
if (passes.has('write')) {
  // CSV staging (the EPC tables' writer); BENCH_EPC_STAGING=appender measures DuckDB's appender.
  const staging = process.env.BENCH_EPC_STAGING === 'appender' ? 'appender' : 'csv';
  const writer = await ParquetTableWriter.open(enhancedPath, enhancedFileColumns(), { staging });
  await pass(
    `parse + enhance + Parquet (one thread, ${staging})`,
    lines,
    (raw) => {
      const enhanced = enhanceEnglandWales(raw);
      writer.append(
        Object.assign(enhanced, {
          country: countryFromOnsCode(raw.local_authority),
          source_file: 'x',
          source_line: 0,
        }),
      );
    },
    () => writer.close(),
  );
}
if (passes.has('columnar')) {
  // The national-file engine (transforms/epc/enhance-columnar.ts): rows checked and staged on every core,
  // then DuckDB runs the rules once per distinct value and writes the Parquet file. CPU time is the
  // process's: staging workers' and DuckDB's threads included.
  global.gc?.();
  const samples: number[] = [];
  const sampler = setInterval(() => samples.push(process.memoryUsage().rss), 100);
  const steps: string[] = [];
  let stepStarted = performance.now();
  let stepName = '';
  const started = performance.now();
  const cpuStart = process.cpuUsage();
  const endStep = (next: string) => {
    const now = performance.now();
    if (stepName) steps.push(`${stepName} ${((now - stepStarted) / 1000).toFixed(1)} s`);
    stepName = next;
    stepStarted = now;
  };
  const result = await enhanceEnglandWalesFileColumnar(single, enhancedPath, { onStep: endStep });
  endStep('');
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuStart);
  clearInterval(sampler);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  const mb = (bytes: number) => Math.round(bytes / 2 ** 20);
  console.log(
    `parse + enhance + Parquet (columnar) ${result.rows} rows (${result.quarantined} quarantined) in ` +
      `${seconds.toFixed(1)} s = ${Math.round(result.rows / seconds).toLocaleString('en-GB')} rows/s; ` +
      `CPU ${cpuSeconds.toFixed(1)} s = ${Math.round(result.rows / cpuSeconds).toLocaleString('en-GB')} rows per CPU-second; ` +
      `steps: ${steps.join(', ')}; peak RSS ${mb(Math.max(...samples))} MB`,
  );
}
if (!passes.has('stats')) process.exit(0);

// epc_stats: the latest certificate per property (the bench file has no ONSPD, so the LA is the
// certificate's own and the region is the LA's first letter's country), then all seven groupings.
const latestPath = join(dir, 'epc_latest.parquet');
let started = performance.now();
await copyQueryToParquet(
  `SELECT postcode, split_part(postcode, ' ', 1) AS outcode, local_authority AS local_authority_district_code,
     CASE WHEN local_authority LIKE 'E%' THEN 'E12000009' ELSE 'W92000004' END AS region_code, country,
     property_type, co2_emissions_current, co2_emissions_potential, energy_consumption_per_floor_area_m2_current,
     energy_consumption_per_floor_area_m2_potential, energy_efficiency_current, energy_efficiency_potential,
     energy_rating_current, energy_rating_potential
   FROM ${parquetPath(enhancedPath)}
   QUALIFY row_number() OVER (PARTITION BY coalesce(CAST(uprn AS VARCHAR), building_reference_number)
                              ORDER BY lodgement_datetime DESC NULLS LAST) = 1`,
  latestPath,
);
const latestSeconds = (performance.now() - started) / 1000;
started = performance.now();
const stats = await copyQueryToParquet(epcStatsSql(parquetPath(latestPath)), join(dir, 'epc_stats.parquet'));
const statsSeconds = (performance.now() - started) / 1000;
const groups: string[] = [];
for await (const r of queryParquet(
  `SELECT grouping, count(*) AS n FROM ${parquetPath(stats.path)} GROUP BY 1 ORDER BY 1`,
))
  groups.push(`${r.grouping as string} ${r.n as number}`);
console.log(`latest per property                ${latestSeconds.toFixed(1)} s`);
console.log(
  `epc_stats, all 7 groupings         ${statsSeconds.toFixed(1)} s (${stats.rows} groups: ${groups.join(', ')})`,
);
console.log(
  `load average after                 ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
