// The materialisation catalog: one row per materialisation of an asset (partition), with what it was built
// from (input fingerprint, code version), what it produced and how long it took. Staleness is decided from
// it, so a refresh rebuilds only what changed. SQLite (WAL), one file under the data folder.
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';

export type MaterializationStatus = 'success' | 'failed';

export interface Materialization {
  id: string;
  asset: string;
  /** '' for unpartitioned assets. */
  partition: string;
  runId: string;
  codeVersion: string;
  /** What the inputs were: source checksums and upstream materialisation ids. */
  inputs: InputFingerprint;
  /** sha256 of `inputs` and `codeVersion`: equal hashes mean the same build. */
  fingerprint: string;
  status: MaterializationStatus;
  rows: number;
  bytes: number;
  outputs: string[];
  metrics: Record<string, number>;
  startedAt: string;
  durationMs: number;
  error: string | null;
}

export interface InputFingerprint {
  sources: { path: string; sha256: string }[];
  /**
   * Upstream materialisations used. `partition` is set when a partition depends on the same partition of its
   * upstream, and in an asset's roll-up (its own partitions, `asset` being itself).
   */
  upstream: {
    asset: string;
    partition?: string;
    materialization: string;
    /**
     * The data version of what the build reads of the upstream, when narrower than its build (a digest of a
     * national table's rows in one tile: Partitioning.version). The fingerprint names it in place of the
     * materialisation, so a new build that left those rows as they were is the same input.
     */
    version?: string;
  }[];
}

/** One check's result on one materialisation (see pipelines/orchestration/checks/check.ts). */
export interface CheckRecord {
  materializationId: string;
  asset: string;
  partition: string;
  runId: string;
  check: string;
  severity: 'blocking' | 'warning';
  passed: boolean;
  accepted: boolean;
  measured: string;
  expected: string;
  where: string | null;
  at: string;
}

export interface FileChecksum {
  path: string;
  size: number;
  mtimeMs: number;
  sha256: string;
}

export interface Catalog {
  record(m: Omit<Materialization, 'id'>): Materialization;
  latest(asset: string, partition?: string): Materialization | null;
  latestSuccess(asset: string, partition?: string): Materialization | null;
  history(asset: string, limit?: number, partition?: string): Materialization[];
  /** The newest materialisation of each partition of an asset (not the roll-up ''), by partition key. */
  partitions(asset: string): Materialization[];
  recordChecks(records: readonly CheckRecord[]): void;
  /**
   * The latest result of each check of each asset (each partition, and '' for an asset as a whole), by asset
   * and partition; only `asset`'s when given.
   */
  latestChecks(asset?: string): CheckRecord[];
  /** Runs `fn` in one transaction (one commit for many records). */
  transaction<T>(fn: () => T): T;
  /** Cached checksum of a file, valid while its size and mtime are unchanged. */
  cachedChecksum(path: string, size: number, mtimeMs: number): string | null;
  rememberChecksum(entry: FileChecksum): void;
  close(): void;
}

interface Row {
  id: string;
  asset: string;
  partition: string;
  run_id: string;
  code_version: string;
  inputs: string;
  fingerprint: string;
  status: MaterializationStatus;
  rows: number;
  bytes: number;
  outputs: string;
  metrics: string;
  started_at: string;
  duration_ms: number;
  error: string | null;
}

interface CheckRow {
  materialization_id: string;
  asset: string;
  partition: string;
  run_id: string;
  name: string;
  severity: 'blocking' | 'warning';
  passed: number;
  accepted: number;
  measured: string;
  expected: string;
  location: string | null;
  at: string;
}

const fromRow = (r: Row): Materialization => ({
  id: r.id,
  asset: r.asset,
  partition: r.partition,
  runId: r.run_id,
  codeVersion: r.code_version,
  inputs: JSON.parse(r.inputs) as InputFingerprint,
  fingerprint: r.fingerprint,
  status: r.status,
  rows: r.rows,
  bytes: r.bytes,
  outputs: JSON.parse(r.outputs) as string[],
  metrics: JSON.parse(r.metrics) as Record<string, number>,
  startedAt: r.started_at,
  durationMs: r.duration_ms,
  error: r.error,
});

export function openCatalog(path: string): Catalog {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  // WAL shares its index through memory, so every process must be on one machine. Workers on several
  // machines sharing the data folder over a network filesystem set PDS_CATALOG_JOURNAL=delete: a rollback
  // journal with file locks, slower per write but safe there (docs/national.md).
  const wal = (process.env.PDS_CATALOG_JOURNAL ?? 'wal').toLowerCase() !== 'delete';
  db.pragma(wal ? 'journal_mode = WAL' : 'journal_mode = DELETE');
  db.pragma('busy_timeout = 10000');
  // NORMAL sync survives a killed process (only a power cut can lose the last commits), and saves an fsync
  // per materialisation, which matters with hundreds of small partitions.
  db.pragma(wal ? 'synchronous = NORMAL' : 'synchronous = FULL');
  db.exec(`
    CREATE TABLE IF NOT EXISTS materializations (
      id TEXT PRIMARY KEY, asset TEXT NOT NULL, partition TEXT NOT NULL, run_id TEXT NOT NULL,
      code_version TEXT NOT NULL, inputs TEXT NOT NULL, fingerprint TEXT NOT NULL, status TEXT NOT NULL,
      rows INTEGER NOT NULL, bytes INTEGER NOT NULL, outputs TEXT NOT NULL, metrics TEXT NOT NULL,
      started_at TEXT NOT NULL, duration_ms INTEGER NOT NULL, error TEXT, seq INTEGER NOT NULL);
    CREATE INDEX IF NOT EXISTS materializations_by_asset ON materializations (asset, partition, seq);
    CREATE INDEX IF NOT EXISTS materializations_by_seq ON materializations (seq);
    CREATE TABLE IF NOT EXISTS check_results (
      seq INTEGER PRIMARY KEY AUTOINCREMENT, materialization_id TEXT NOT NULL, asset TEXT NOT NULL,
      partition TEXT NOT NULL, run_id TEXT NOT NULL, name TEXT NOT NULL, severity TEXT NOT NULL,
      passed INTEGER NOT NULL, accepted INTEGER NOT NULL, measured TEXT NOT NULL, expected TEXT NOT NULL,
      location TEXT, at TEXT NOT NULL);
    CREATE INDEX IF NOT EXISTS check_results_by_asset ON check_results (asset, partition, name, seq);
    CREATE TABLE IF NOT EXISTS file_checksums (
      path TEXT PRIMARY KEY, size INTEGER NOT NULL, mtime_ms REAL NOT NULL, sha256 TEXT NOT NULL);`);
  const insert =
    db.prepare(`INSERT INTO materializations VALUES (@id, @asset, @partition, @run_id, @code_version,
    @inputs, @fingerprint, @status, @rows, @bytes, @outputs, @metrics, @started_at, @duration_ms, @error,
    (SELECT coalesce(max(seq), 0) + 1 FROM materializations))`);
  const latest = db.prepare<[string, string], Row>(
    'SELECT * FROM materializations WHERE asset = ? AND partition = ? ORDER BY seq DESC LIMIT 1',
  );
  const latestSuccess = db.prepare<[string, string], Row>(
    "SELECT * FROM materializations WHERE asset = ? AND partition = ? AND status = 'success' ORDER BY seq DESC LIMIT 1",
  );
  const history = db.prepare<[string, number], Row>(
    'SELECT * FROM materializations WHERE asset = ? ORDER BY seq DESC LIMIT ?',
  );
  const partitionHistory = db.prepare<[string, string, number], Row>(
    'SELECT * FROM materializations WHERE asset = ? AND partition = ? ORDER BY seq DESC LIMIT ?',
  );
  const partitions = db.prepare<[string], Row>(
    `SELECT m.* FROM materializations m
     JOIN (SELECT partition, max(seq) AS seq FROM materializations WHERE asset = ? AND partition <> ''
           GROUP BY partition) last ON m.seq = last.seq
     ORDER BY m.partition`,
  );
  const insertCheck = db.prepare(`INSERT INTO check_results (materialization_id, asset, partition, run_id,
    name, severity, passed, accepted, measured, expected, location, at) VALUES (@materializationId, @asset,
    @partition, @runId, @check, @severity, @passed, @accepted, @measured, @expected, @where, @at)`);
  const latestChecks = db.prepare<[string | null, string | null], CheckRow>(
    `SELECT c.* FROM check_results c
     JOIN (SELECT asset, partition, name, max(seq) AS seq FROM check_results
           WHERE (? IS NULL OR asset = ?) GROUP BY asset, partition, name) last ON c.seq = last.seq
     ORDER BY c.asset, c.partition, c.seq`,
  );
  const checksum = db.prepare<[string, number, number], { sha256: string }>(
    'SELECT sha256 FROM file_checksums WHERE path = ? AND size = ? AND mtime_ms = ?',
  );
  const remember = db.prepare(
    'INSERT OR REPLACE INTO file_checksums VALUES (@path, @size, @mtimeMs, @sha256)',
  );

  return {
    record(m) {
      const id = randomUUID();
      insert.run({
        id,
        asset: m.asset,
        partition: m.partition,
        run_id: m.runId,
        code_version: m.codeVersion,
        inputs: JSON.stringify(m.inputs),
        fingerprint: m.fingerprint,
        status: m.status,
        rows: m.rows,
        bytes: m.bytes,
        outputs: JSON.stringify(m.outputs),
        metrics: JSON.stringify(m.metrics),
        started_at: m.startedAt,
        duration_ms: m.durationMs,
        error: m.error,
      });
      return { ...m, id };
    },
    latest: (asset, partition = '') => {
      const row = latest.get(asset, partition);
      return row ? fromRow(row) : null;
    },
    latestSuccess: (asset, partition = '') => {
      const row = latestSuccess.get(asset, partition);
      return row ? fromRow(row) : null;
    },
    history: (asset, limit = 10, partition) =>
      (partition === undefined
        ? history.all(asset, limit)
        : partitionHistory.all(asset, partition, limit)
      ).map(fromRow),
    partitions: (asset) => partitions.all(asset).map(fromRow),
    recordChecks: (records) =>
      db.transaction(() => {
        for (const r of records)
          insertCheck.run({ ...r, passed: r.passed ? 1 : 0, accepted: r.accepted ? 1 : 0 });
      })(),
    latestChecks: (asset) =>
      latestChecks.all(asset ?? null, asset ?? null).map((r) => ({
        materializationId: r.materialization_id,
        asset: r.asset,
        partition: r.partition,
        runId: r.run_id,
        check: r.name,
        severity: r.severity,
        passed: r.passed === 1,
        accepted: r.accepted === 1,
        measured: r.measured,
        expected: r.expected,
        where: r.location,
        at: r.at,
      })),
    transaction: (fn) => db.transaction(fn)(),
    cachedChecksum: (path, size, mtimeMs) => checksum.get(path, size, mtimeMs)?.sha256 ?? null,
    rememberChecksum: (entry) => void remember.run(entry),
    close: () => db.close(),
  };
}
