// England and Wales certificates (or recommendations) → a staging CSV for DuckDB: one line per row the
// loader accepts, `<source_line>,<the row's text>\n`, in file order, and the loader's quarantine. DuckDB's
// CSV reader then does the per-row work; here each row costs a byte scan instead of a parse into strings.
// The columnar engine (enhance-columnar.ts) and the raw asset (assets/epc/epc-raw.ts) read it.
//
// The rows, lines and quarantine are those of readEnglandWalesCertificates (readEnglandWalesRecommendations):
// the scanner only accepts rows CsvParser would read plainly and the loader would keep, and hands every
// other row to CsvParser and the loader's toSourceRow (stage-certificates-worker.ts). The file is cut into pieces at line ends
// (stage-certificates-reader.ts), staged on worker threads; a piece that begins inside a row the previous
// piece left open is staged again here with that row in front.
//
// Reading the staging file in DuckDB: read_csv(path, header = false, auto_detect = false, delim = ',',
// quote = '"', escape = '"', new_line = '\n', nullstr = '', allow_quoted_nulls = false,
// max_line_size = <at least the longest row>, columns = {source_line BIGINT, <header columns> VARCHAR}):
// an unquoted empty cell reads as NULL where the loader has '' (coalesce), a quoted one as ''.
import { open, rm, stat } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { decodeBytes, parseCsv, type CsvEncoding } from '../../io/csv-reader';
import { DataError } from '../../io/errors';
import type { QuarantinedRow } from '../../io/quarantine';
import { threadModules } from '../../io/thread-modules';
import {
  planEnglandWalesCertificateRows,
  planEnglandWalesRecommendationRows,
} from '../../sources/epc/england-wales';
import { PieceReader } from './stage-certificates-reader';
import {
  pieceStager,
  type EwFileKind,
  type StageJob,
  type StageMessage,
  type StageResult,
  type StageSetup,
} from './stage-certificates-worker';

export interface StagedCertificates {
  /** The file's header cells (as CsvParser gives them: BOM stripped). */
  header: string[];
  /** Rows written to the staging file. */
  rows: number;
  quarantined: number;
  /** Bytes of the longest staging line (for DuckDB's max_line_size). */
  longestLine: number;
}

/**
 * Files below this size are staged on the calling thread by default: a worker thread cost ~0.75 s of CPU to
 * start with the loader's modules compiled again in it through tsx (from bundles less: io/thread-modules.ts),
 * the scan ~20 ms per MiB.
 */
const WORKER_MIN_BYTES = 64 << 20;

export interface StageOptions {
  /**
   * Worker threads (default: one per core, for files of 64 MiB or more; none for smaller ones); 0 does the
   * work on this thread.
   */
  workers?: number;
  /** Bytes per piece (default 4 MiB). */
  pieceBytes?: number;
  encoding?: CsvEncoding;
  onQuarantine?: (row: QuarantinedRow) => void;
  /** Called as pieces are written, with the rows staged so far. */
  onProgress?: (rows: number) => void;
}

/** A worker thread running stage-certificates-worker.ts (its `code`: thread-modules.ts). */
function startWorker(code: string, setup: StageSetup): Worker {
  return new Worker(code, {
    eval: true,
    workerData: { epcStageWorker: true, setup },
    resourceLimits: { maxOldGenerationSizeMb: 256 },
  });
}

/**
 * Stages one England and Wales certificates file (legacy or 2025+ layout) at `stagingPath`: UTF-8, no
 * header line, one `<source_line>,<row>` line per accepted row, where the row is its text as in the file
 * (CsvRecord.raw; a row with a CR outside its quoted fields is written as its fields instead, quoted
 * where needed). Throws DataError for an empty file, a malformed header or a file of another format.
 */
export function stageEnglandWalesCertificates(
  file: string,
  stagingPath: string,
  options: StageOptions = {},
): Promise<StagedCertificates> {
  return stageEnglandWalesFile('certificates', file, stagingPath, options);
}

/**
 * The same for a recommendations file (legacy or 2025+ layout): the rows, lines and quarantine of
 * readEnglandWalesRecommendations.
 */
export function stageEnglandWalesRecommendations(
  file: string,
  stagingPath: string,
  options: StageOptions = {},
): Promise<StagedCertificates> {
  return stageEnglandWalesFile('recommendations', file, stagingPath, options);
}

async function stageEnglandWalesFile(
  kind: EwFileKind,
  file: string,
  stagingPath: string,
  options: StageOptions,
): Promise<StagedCertificates> {
  const encoding = options.encoding ?? 'utf8';
  const workerCount =
    options.workers ?? ((await stat(file)).size < WORKER_MIN_BYTES ? 0 : availableParallelism());
  const source = await PieceReader.open(file, options.pieceBytes ?? 4 << 20);
  let header: string[];
  try {
    const headerRow = parseCsv(decodeBytes(source.header, encoding))[0];
    if (!headerRow) throw new DataError(`${file}: no header row (empty file)`);
    if (!headerRow.ok) throw new DataError(`${file}: header row is malformed (${headerRow.reason})`);
    header = headerRow.fields;
    // Throws on a file of the wrong format, before any work.
    if (kind === 'certificates') planEnglandWalesCertificateRows(header, file);
    else planEnglandWalesRecommendationRows(header, file);
  } catch (error) {
    await source.close();
    throw error;
  }
  const setup: StageSetup = { kind, file, header, encoding };
  const local = pieceStager(setup);

  const { code } =
    workerCount > 0
      ? await threadModules([new URL('./stage-certificates-worker.ts', import.meta.url)])
      : { code: '' };
  const workers = Array.from({ length: workerCount }, () => startWorker(code, setup));
  const waiting = workers.map(
    () => [] as { resolve: (r: StageResult) => void; reject: (e: unknown) => void }[],
  );
  workers.forEach((worker, w) => {
    worker.on('message', (result: StageResult) => waiting[w]!.shift()?.resolve(result));
    worker.on('error', (error) => waiting[w]!.splice(0).forEach((p) => p.reject(error)));
  });
  const submit = (job: StageJob): Promise<StageResult> => {
    if (workers.length === 0) return Promise.resolve(local.stage(job));
    const w = job.id % workers.length;
    // The piece's buffer is moved to the worker, and comes back with the result.
    return new Promise((resolve, reject) => {
      waiting[w]!.push({ resolve, reject });
      workers[w]!.postMessage({ job } satisfies StageMessage, [job.bytes.buffer as ArrayBuffer]);
    });
  };
  // A written output buffer goes back to the stager that filled it.
  const recycle = (lines: Uint8Array, worker: Worker | undefined): void => {
    const buffer = lines.buffer as ArrayBuffer;
    if (worker) worker.postMessage({ recycle: buffer } satisfies StageMessage, [buffer]);
    else local.recycle(buffer);
  };

  const out = await open(stagingPath, 'w');
  let rows = 0;
  let quarantined = 0;
  let longestLine = 0;
  let carried: StageResult['remainder'] = { bytes: new Uint8Array(0), line: 0 };
  const take = async (job: StageJob, pending: Promise<StageResult>): Promise<void> => {
    const worker = workers[job.id % workers.length];
    let result = await pending;
    if (carried.bytes.length > 0) {
      recycle(result.lines, worker);
      result = local.stage({ ...job, bytes: result.bytes, prefix: carried.bytes, firstLine: carried.line });
    }
    await out.write(result.lines);
    recycle(result.lines, carried.bytes.length > 0 ? undefined : worker);
    rows += result.rows;
    longestLine = Math.max(longestLine, result.longest);
    quarantined += result.quarantined.length;
    for (const row of result.quarantined) options.onQuarantine?.(row);
    options.onProgress?.(rows);
    carried = result.remainder;
    source.giveBack(result.bytes);
  };

  const inFlight: [StageJob, Promise<StageResult>][] = [];
  let ok = false;
  try {
    let id = 0;
    for (let piece = await source.next(); piece; piece = await source.next()) {
      const { bytes, firstLine, last } = piece;
      const job: StageJob = { id: id++, prefix: new Uint8Array(0), bytes, firstLine, last };
      inFlight.push([job, submit(job)]);
      // Two pieces per worker in flight: each has its next one waiting, and memory stays bounded.
      if (inFlight.length >= 2 * Math.max(1, workers.length)) await take(...inFlight.shift()!);
    }
    while (inFlight.length > 0) await take(...inFlight.shift()!);
    ok = true;
  } finally {
    // Pieces still in flight after a failure are abandoned; their promises must not go unhandled.
    for (const [, pending] of inFlight) pending.catch(() => undefined);
    await Promise.all(workers.map((w) => w.terminate()));
    await out.close();
    await source.close();
    if (!ok) await rm(stagingPath, { force: true });
  }
  return { header, rows, quarantined, longestLine };
}
