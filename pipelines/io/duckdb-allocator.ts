// Imported before the DuckDB library (io/duckdb.ts): its jemalloc reads this when it starts.
process.env.DUCKDB_JE_MALLOC_CONF ??= 'dirty_decay_ms:250,muzzy_decay_ms:0';
