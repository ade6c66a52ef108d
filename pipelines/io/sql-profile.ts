// Where a refresh's DuckDB time goes, statement by statement: with PDS_SQL_PROFILE=<file>, every statement
// and stream the process runs is counted under its shape (the text with its literals and numbers blanked, so
// the same query of every tile, chunk and scratch file counts as one), with the process's CPU while it ran,
// and the table is written to <file> when the process exits (tab-separated, most CPU first). This is how
// session 26 found the release's whole-tile work (docs/national.md).
//
// A diagnostic: the CPU is the whole process's, so run one activity at a time (`pds refresh --concurrency 1`).
// A stream's CPU is that of its chunks' fetches; what JavaScript does with the rows between fetches is not
// counted, what other threads do meanwhile (an index's requests in flight) is.
import { writeFileSync } from 'node:fs';
import type * as Api from '@duckdb/node-api';

export interface StatementCost {
  /** The statement's shape: whitespace collapsed, string literals '…', numbers #. */
  shape: string;
  calls: number;
  cpuMs: number;
}

/** A statement's text as counted: the same query over other files, tiles or ranges has the same shape. */
export const statementShape = (sql: string): string =>
  sql
    .replace(/'(?:[^']|'')*'/g, "'…'")
    .replace(/\b\d+(?:\.\d+)?\b/g, '#')
    .replace(/\s+/g, ' ')
    .trim();

const cpuMsSince = (start: NodeJS.CpuUsage): number => {
  const d = process.cpuUsage(start);
  return (d.user + d.system) / 1000;
};

/**
 * Counts every `run` and `stream` of DuckDB connections (and a stream's fetches) from now on, until `stop`.
 * `runAndReadAll` and its kind go through `run`, so each statement counts once.
 */
export function profileStatements(duckdb: Pick<typeof Api, 'DuckDBConnection' | 'DuckDBResult'>): {
  costs(): StatementCost[];
  write(file: string): void;
  stop(): void;
} {
  const costs = new Map<string, StatementCost>();
  const costOf = (sql: unknown): StatementCost => {
    const shape = statementShape(String(sql));
    let cost = costs.get(shape);
    if (!cost) costs.set(shape, (cost = { shape, calls: 0, cpuMs: 0 }));
    return cost;
  };
  const streamed = new WeakMap<object, StatementCost>();
  const connection = duckdb.DuckDBConnection.prototype;
  const result = duckdb.DuckDBResult.prototype;
  const { run, stream } = connection;
  const { fetchChunk } = result;
  connection.run = async function (this: Api.DuckDBConnection, sql, ...rest) {
    const cost = costOf(sql);
    const start = process.cpuUsage();
    try {
      return await run.call(this, sql, ...rest);
    } finally {
      cost.calls++;
      cost.cpuMs += cpuMsSince(start);
    }
  } as typeof run;
  connection.stream = async function (this: Api.DuckDBConnection, sql, ...rest) {
    const cost = costOf(sql);
    const start = process.cpuUsage();
    try {
      const out = await stream.call(this, sql, ...rest);
      streamed.set(out, cost);
      return out;
    } finally {
      cost.calls++;
      cost.cpuMs += cpuMsSince(start);
    }
  } as typeof stream;
  result.fetchChunk = async function (this: Api.DuckDBResult) {
    const start = process.cpuUsage();
    try {
      return await fetchChunk.call(this);
    } finally {
      const cost = streamed.get(this);
      if (cost) cost.cpuMs += cpuMsSince(start);
    }
  };
  const sorted = () => [...costs.values()].sort((a, b) => b.cpuMs - a.cpuMs);
  return {
    costs: sorted,
    write(file) {
      const lines = sorted().map((c) => `${c.calls}\t${Math.round(c.cpuMs)}\t${c.shape}`);
      writeFileSync(file, `calls\tcpu_ms\tstatement\n${lines.join('\n')}\n`);
    },
    stop() {
      Object.assign(connection, { run, stream });
      result.fetchChunk = fetchChunk;
    },
  };
}
