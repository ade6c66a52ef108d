// DuckDB's node API, loaded with its allocator configured: every pipeline module imports DuckDB from here,
// so the setting below is in the environment before the library first allocates.
//
// DuckDB's jemalloc keeps freed pages for ten seconds by default: a partition's query that has finished
// still held ~500 MB of the worker's resident memory when the next began (epc_enhanced, 60,000 certificates:
// 1.8–1.9 GB peak, 1.2–1.3 GB with the pages returned after 250 ms, at the same CPU; docs/national.md). A
// DUCKDB_JE_MALLOC_CONF already set (an operator's tuning) is kept.
import './duckdb-allocator';

// Named, not `export *`: a bundle (bin/bundle-cli.js) keeps the package outside and can only link names.
export {
  DuckDBBlobValue,
  DuckDBInstance,
  DuckDBListValue,
  DuckDBMapValue,
  DuckDBStructValue,
  DuckDBTimestampValue,
} from '@duckdb/node-api';
export type { DuckDBAppender, DuckDBConnection } from '@duckdb/node-api';
