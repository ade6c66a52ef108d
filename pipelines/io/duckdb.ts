// DuckDB's node API, loaded with its allocator configured: every pipeline module imports DuckDB from here,
// so the setting below is in the environment before the library first allocates.
//
// DuckDB's jemalloc keeps freed pages for ten seconds by default: a partition's query that has finished
// still held ~500 MB of the worker's resident memory when the next began (epc_enhanced, 60,000 certificates:
// 1.8–1.9 GB peak, 1.2–1.3 GB with the pages returned after 250 ms, at the same CPU; docs/national.md). A
// DUCKDB_JE_MALLOC_CONF already set (an operator's tuning) is kept.
import './duckdb-allocator';
import { createRequire } from 'node:module';
import type * as Api from '@duckdb/node-api';

// Loaded by `require` in this module's body, after the setting: in the CLI's bundle (bin/bundle-cli.js) a
// package's static import is hoisted above the code bundled beside it, so the library loaded, and its jemalloc
// read its configuration, before the setting ran (test/standalone/cli/bundle.test.ts).
const duckdb = createRequire(import.meta.url)('@duckdb/node-api') as typeof Api;

export const {
  DuckDBBlobValue,
  DuckDBInstance,
  DuckDBListValue,
  DuckDBMapValue,
  DuckDBStructValue,
  DuckDBTimestampValue,
} = duckdb;
export type DuckDBBlobValue = Api.DuckDBBlobValue;
export type DuckDBInstance = Api.DuckDBInstance;
export type DuckDBListValue = Api.DuckDBListValue;
export type DuckDBMapValue = Api.DuckDBMapValue;
export type DuckDBStructValue = Api.DuckDBStructValue;
export type DuckDBTimestampValue = Api.DuckDBTimestampValue;
export type { DuckDBAppender, DuckDBConnection } from '@duckdb/node-api';
