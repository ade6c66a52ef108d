// DuckDB's node API, loaded with its allocator configured: every pipeline module imports DuckDB from here.
//
// DuckDB's jemalloc keeps freed pages for ten seconds by default: a partition's query that has finished
// still held ~500 MB of the worker's resident memory when the next began (epc_enhanced, 60,000 certificates:
// 1.8–1.9 GB peak, 1.2–1.3 GB with the pages returned after 250 ms, at the same CPU; docs/national.md). And
// it keeps them per arena, four a core, taken by threads in turn: a slot's successive statements run on
// different threads of libuv's pool, each filling an arena of its own (Scotland's enhancement alone peaked
// ~50 MB lower with one arena than with eight). So one arena a thread running statements at once: an activity
// slot's (PDS_ACTIVITY_SLOTS, set by bin/pds.js) times DuckDB's threads (PDS_DUCKDB_THREADS, io/parquet.ts).
// A DUCKDB_JE_MALLOC_CONF set otherwise (an operator's tuning) is kept; one this module set in a parent process
// (a test's, a bench's: PDS_DUCKDB_MALLOC_CONF marks it) is not, since that process's slots were its own.
import { createRequire } from 'node:module';
import { isMainThread } from 'node:worker_threads';
import type * as Api from '@duckdb/node-api';
import { profileStatements } from './sql-profile';

const setHere = process.env.DUCKDB_JE_MALLOC_CONF;
if (setHere === undefined || setHere === process.env.PDS_DUCKDB_MALLOC_CONF) {
  const arenas = Number(process.env.PDS_ACTIVITY_SLOTS) * Number(process.env.PDS_DUCKDB_THREADS ?? 1);
  const conf = `dirty_decay_ms:250,muzzy_decay_ms:0${Number.isInteger(arenas) && arenas > 0 ? `,narenas:${arenas}` : ''}`;
  process.env.DUCKDB_JE_MALLOC_CONF = process.env.PDS_DUCKDB_MALLOC_CONF = conf;
}

// Loaded by `require` after the setting, not by a static import: jemalloc reads it when the library loads, and
// the CLI's bundle (bin/bundle-cli.mjs) hoists a package's static import above every line of the code bundled
// beside it (test/standalone/cli/bundle.test.ts).
const duckdb = createRequire(import.meta.url)('@duckdb/node-api') as typeof Api;

// PDS_SQL_PROFILE=<file>: the CPU of every statement, written at exit (sql-profile.ts). The main thread's
// statements only: a worker thread's exit would write over the file.
const profileFile = process.env.PDS_SQL_PROFILE;
if (profileFile && isMainThread) {
  const profile = profileStatements(duckdb);
  process.on('exit', () => profile.write(profileFile));
}

export const {
  DuckDBBlobValue,
  DuckDBListValue,
  DuckDBMapValue,
  DuckDBStructValue,
  DuckDBTimestampValue,
  DuckDBTypeId,
} = duckdb;

/**
 * DuckDB's instance with the pipelines' defaults, whoever opens it. The external file cache off: DuckDB keeps
 * the blocks of the files an instance reads in its buffer pool (a cache meant for remote files), and it kept
 * ~57 MB of a local scratch file through all of Scotland's enhancement runs, ~75 MB of the process's peak
 * with the allocator's share (scale 80 alone: 549 → 474 MB, at the same CPU). The operating system's page
 * cache already holds local files.
 */
export class DuckDBInstance extends duckdb.DuckDBInstance {
  static override create(path?: string, options: Record<string, string> = {}): Promise<Api.DuckDBInstance> {
    return duckdb.DuckDBInstance.create(path, { enable_external_file_cache: 'false', ...options });
  }
}
export type {
  DuckDBAppender,
  DuckDBBlobVector,
  DuckDBConnection,
  DuckDBDataChunk,
  DuckDBType,
  DuckDBVector,
} from '@duckdb/node-api';
