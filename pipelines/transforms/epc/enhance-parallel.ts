// England and Wales certificates → enhanced Parquet on every core. A certificates file is cut into pieces
// of a few MiB at line ends; worker threads parse, check and enhance the pieces (enhance-worker.ts) while
// this thread reads the file and writes their CSV staging lines, in file order, to the Parquet writer.
//
// A piece is parsed as if it began on a row, which is wrong only when it begins inside a quoted field that
// spans lines. The parser tells: the piece before ends with that row still open (its remainder). Results
// are taken in order, and a piece whose predecessor left a remainder is parsed again with the remainder in
// front, here: the rows, lines and quarantine are the same as the one-thread reader's.
import { createReadStream } from 'node:fs';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { decodeBytes, parseCsv, type CsvEncoding } from '../../io/csv-reader';
import { DataError } from '../../io/errors';
import type { ParquetTableWriter } from '../../io/parquet';
import type { QuarantinedRow } from '../../io/quarantine';
import { pieceWorker, type PieceJob, type PieceResult, type WorkerSetup } from './enhance-worker';
import type { EpcCountry } from './country';

export interface ParallelEnhanceOptions {
  /** Worker threads (default: one per core); 0 does the work on this thread. */
  workers?: number;
  /** Bytes per piece (default 4 MiB). */
  pieceBytes?: number;
  encoding?: CsvEncoding;
  folderCountry?: EpcCountry | null;
  onQuarantine?: (row: QuarantinedRow) => void;
}

const LF = 10;

interface Piece {
  bytes: Buffer;
  firstLine: number;
  last: boolean;
}

function countLineFeeds(bytes: Buffer): number {
  let n = 0;
  for (let i = bytes.indexOf(LF); i !== -1; i = bytes.indexOf(LF, i + 1)) n++;
  return n;
}

/** The header (first physical line) and the pieces after it, each ending at a line end. */
async function* pieces(file: string, pieceBytes: number): AsyncGenerator<{ header: Buffer } | Piece> {
  let carry: Buffer = Buffer.alloc(0);
  let line = 1;
  let headerDone = false;
  for await (const chunk of createReadStream(file, { highWaterMark: pieceBytes }) as AsyncIterable<Buffer>) {
    carry = carry.length > 0 ? Buffer.concat([carry, chunk]) : chunk;
    if (!headerDone) {
      const nl = carry.indexOf(LF);
      if (nl === -1) continue;
      headerDone = true;
      yield { header: carry.subarray(0, nl + 1) };
      carry = carry.subarray(nl + 1);
      line = 2;
    }
    const end = carry.lastIndexOf(LF);
    if (end === -1 || carry.length < pieceBytes / 2) continue;
    const bytes = carry.subarray(0, end + 1);
    yield { bytes, firstLine: line, last: false };
    line += countLineFeeds(bytes);
    carry = carry.subarray(end + 1);
  }
  if (!headerDone) {
    yield { header: carry };
    carry = Buffer.alloc(0);
  }
  yield { bytes: carry, firstLine: line, last: true };
}

/** A worker thread running enhance-worker.ts (TypeScript: tsx's loader is registered in the thread first). */
function startWorker(setup: WorkerSetup): Worker {
  const api = import.meta.resolve('tsx/esm/api');
  const entry = new URL('./enhance-worker.ts', import.meta.url).href;
  const code = `import(${JSON.stringify(api)}).then((m) => { m.register(); return import(${JSON.stringify(entry)}); });`;
  // A piece needs a few tens of MB; a capped heap is collected sooner instead of growing to V8's default.
  return new Worker(code, {
    eval: true,
    workerData: { epcEnhanceWorker: true, setup },
    resourceLimits: { maxOldGenerationSizeMb: 256 },
  });
}

/**
 * Enhances one England and Wales certificates file into `writer` (opened with enhancedFileColumns() and CSV
 * staging): the records enhanceEpcFile yields, in the same order. Returns the rows written and quarantined.
 */
export async function enhanceEnglandWalesFileInParallel(
  file: string,
  writer: ParquetTableWriter,
  options: ParallelEnhanceOptions = {},
): Promise<{ rows: number; quarantined: number }> {
  const encoding = options.encoding ?? 'utf8';
  const workerCount = options.workers ?? availableParallelism();
  const source = pieces(file, options.pieceBytes ?? 4 << 20);
  const first = (await source.next()).value as { header: Buffer } | undefined;
  const headerRow = parseCsv(decodeBytes(first?.header ?? Buffer.alloc(0), encoding))[0];
  if (!headerRow) throw new DataError(`${file}: no header row (empty file)`);
  if (!headerRow.ok) throw new DataError(`${file}: header row is malformed (${headerRow.reason})`);
  const setup: WorkerSetup = {
    file,
    header: headerRow.fields,
    encoding,
    folderCountry: options.folderCountry ?? null,
  };
  // Plans the rows here too (throws on a file of the wrong format before any worker starts), and parses
  // the pieces that must be parsed again.
  const local = pieceWorker(setup);

  const workers = Array.from({ length: workerCount }, () => startWorker(setup));
  const waiting = workers.map(
    () => [] as { resolve: (r: PieceResult) => void; reject: (e: unknown) => void }[],
  );
  workers.forEach((worker, w) => {
    worker.on('message', (result: PieceResult) => waiting[w]!.shift()?.resolve(result));
    worker.on('error', (error) => waiting[w]!.splice(0).forEach((p) => p.reject(error)));
  });
  const submit = (job: PieceJob): Promise<PieceResult> => {
    if (workers.length === 0) return Promise.resolve(local(job));
    const w = job.id % workers.length;
    return new Promise((resolve, reject) => {
      waiting[w]!.push({ resolve, reject });
      workers[w]!.postMessage(job);
    });
  };

  let rows = 0;
  let quarantined = 0;
  let open = { text: '', line: 0 };
  const take = async (job: PieceJob, pending: Promise<PieceResult>): Promise<void> => {
    let result = await pending;
    if (open.text !== '') result = local({ ...job, prefix: open.text, firstLine: open.line });
    writer.appendCsvLines(result.lines, result.rows);
    rows += result.rows;
    quarantined += result.quarantined.length;
    for (const row of result.quarantined) options.onQuarantine?.(row);
    open = result.remainder;
  };

  const inFlight: [PieceJob, Promise<PieceResult>][] = [];
  try {
    let id = 0;
    for await (const piece of source) {
      const { bytes, firstLine, last } = piece as Piece;
      const job: PieceJob = { id: id++, prefix: '', bytes, firstLine, last };
      inFlight.push([job, submit(job)]);
      // Two pieces per worker in flight: each has its next one waiting, and memory stays bounded.
      if (inFlight.length >= 2 * Math.max(1, workers.length)) await take(...inFlight.shift()!);
    }
    while (inFlight.length > 0) await take(...inFlight.shift()!);
  } finally {
    // Pieces still in flight after a failure are abandoned; their promises must not go unhandled.
    for (const [, pending] of inFlight) pending.catch(() => undefined);
    await Promise.all(workers.map((w) => w.terminate()));
  }
  return { rows, quarantined };
}
