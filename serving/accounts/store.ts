// Accounts in SQLite (WAL): API keys, plans, one subscription per key, a credit ledger and request history.
// Everything goes through the AccountStore interface so a shared database can replace SQLite. This module
// opens the database and composes the parts: schema.ts (tables), keys-plans.ts (keys, plans, subscriptions),
// admission.ts (what is admitted and what it costs, pure), ledger.ts (reservations and settlements),
// reports.ts (usage, requests, ledger) and group-commit.ts (one commit per event-loop turn).
//
// Metering is reserve-then-settle. `admit` runs in one BEGIN IMMEDIATE transaction (SQLite's write lock, so it
// is atomic across every connection and process using the file): it renews the period if `renews_at` has
// passed, checks credits and quotas counting what in-flight requests already hold, and reserves the cost.
// `finish` runs after the response: a 2xx turns the reservation into a charge, anything else releases it, and
// the request history row is written in the same transaction. Group commit is this store's option
// (`groupCommit`, on by default): the completions and `admitBatched` admissions of one event-loop turn share
// one transaction.
//
// A reservation may hold several `units` of an endpoint (POST /batch: one per UPRN asked): it reserves
// units × the cost, the quota and the endpoint's requests, and its settlement charges the units actually
// answered (at most those reserved) and releases the rest, in the same one settlement.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { ENDPOINTS } from '../../schemas/api/endpoints';
import { REQUESTS_KEPT_PER_KEY, type RequestRecord } from '../../schemas/api/requests';
import type { UsageResponse } from '../../schemas/api/usage';
import { takeToken, type RateLimitConfig, type RateLimitVerdict } from '../rate-limit';
import type { Admission, MeteredEndpoint } from './admission';
import { startCheckpointer } from './checkpointer';
import { groupCommit } from './group-commit';
import { historyBuffer, type HistoryEntry } from './history-buffer';
import { keysAndPlans, type KeysAndPlans } from './keys-plans';
import { openLedger, renderHistory, type Admit, type Finish, type HistoryRecord } from './ledger';
import { openReports, type LedgerEntry } from './reports';
import { migrate } from './schema';

export type { Admission } from './admission';
export type { ApiKeyRecord } from './keys-plans';
export type { HistoryDraft, HistoryInput, HistoryRecord } from './ledger';

export interface AccountStore extends KeysAndPlans {
  /**
   * Renews the period if due, then reserves the endpoint's cost (× `units`, default 1: the worst case of a
   * batch), or says why not.
   */
  admit(keyId: number, endpoint: string, requestId: string, at?: Date, units?: number): Admission;
  /**
   * `admit`, answered through `done` once committed, with the error if the commit failed (nothing was
   * reserved then). The store may commit it with other admissions and completions (group commit).
   */
  admitBatched(
    keyId: number,
    endpoint: string,
    requestId: string,
    at: Date,
    done: (error: unknown, admission?: Admission) => void,
    units?: number,
  ): void;
  /**
   * Charges (success) or releases a reservation, once, and records the request; the store may commit the
   * settlement later with others (group commit: at the end of the turn) and write the history row later
   * still (history-buffer.ts: within `historyFlushMs`), but its own reads see both. A success charges
   * `units` of the units reserved (default: all of them) and releases the others.
   */
  finish(
    keyId: number,
    reservation: number | null,
    success: boolean,
    history: HistoryRecord | null,
    units?: number,
  ): void;
  usage(keyId: number, at?: Date): UsageResponse;
  listRequests(keyId: number, limit: number, offset: number): RequestRecord[];
  ledger(keyId: number): LedgerEntry[];
  /** How many renewals the key's subscription has had (each is recorded once). */
  renewals(keyId: number): { periodStart: string; renewedAt: string }[];
  /**
   * Takes a token from the key's rate-limit bucket kept in this database (at: ms since the epoch), in a
   * write transaction of its own: every process sharing the file draws on the one bucket
   * (rate-limit.ts `sharedTokenBucket`, for the workers of one `pds serve`).
   */
  takeRateToken(keyId: number, at: number, config: RateLimitConfig): RateLimitVerdict;
  close(): void;
}

export interface AccountStoreOptions {
  endpoints?: readonly MeteredEndpoint[];
  /** Reservations older than this are from a process that died mid-request; released at open. */
  staleReservationMs?: number;
  /** How often the background thread checkpoints the WAL; 0: SQLite's automatic checkpoints instead. */
  checkpointIntervalMs?: number;
  /**
   * Commit the completions and batched admissions of one event-loop turn together (default true); false:
   * one transaction each, `admitBatched` admitting at once.
   */
  groupCommit?: boolean;
  /**
   * How long a history row may wait to be written, ms (default 1000); a key's rows past its newest kept ones
   * are dropped unwritten. Group commit only: without it a row is written with its settlement.
   */
  historyFlushMs?: number;
  /** Told when a deferred commit fails (it is retried) and when a history row is dropped. */
  onError?: (error: unknown) => void;
  /**
   * How long an authenticated key is remembered in this process, ms (default 1000; 0: look up every time).
   * Revocations and plan changes made through this store take effect at once; made by another process
   * (the CLI, another worker), within this time.
   */
  authCacheMs?: number;
}

/** SQLite's write lock was not had in time (another connection held it): worth retrying as it was. */
const isLockTimeout = (error: unknown): boolean =>
  /^SQLITE_(BUSY|LOCKED)/.test(String((error as { code?: unknown } | null)?.code ?? ''));

export function openAccountStore(
  path: string,
  now: () => Date = () => new Date(),
  options: AccountStoreOptions = {},
): AccountStore {
  const catalogue = options.endpoints ?? ENDPOINTS;
  const byName = new Map(catalogue.map((e) => [e.name, e]));
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  // WAL + NORMAL: a commit is durable once the WAL is written (survives a process crash); only a power
  // loss can lose the last commits. FULL would fsync every request's two commits.
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  // Checkpoints run in a worker thread (see checkpointer.ts); this threshold (~40 MB of WAL) is a fallback.
  const checkpointer =
    path === ':memory:' || options.checkpointIntervalMs === 0
      ? null
      : startCheckpointer(path, options.checkpointIntervalMs);
  db.pragma(`wal_autocheckpoint = ${checkpointer ? 10_000 : 1_000}`);
  db.pragma('foreign_keys = ON');
  migrate(db);
  const { admin, planById, ensureBuiltIns } = keysAndPlans(db, byName, now, options.authCacheMs ?? 1000);
  const ledger = openLedger(db, byName, planById, now);
  const reports = openReports(db, catalogue, ledger.current);

  // Completions, and the HTTP path's admissions, are group-committed (group-commit.ts): one transaction at
  // the end of each event-loop turn. Every read and `close` first commits what is pending, so a process
  // always reads its own writes; an admission refused while completions are pending commits them and
  // retries (a pending release may be what it needs). A crash can lose one turn's completions (their
  // reservations then expire at the next open, not charged) and up to `historyFlushMs` of history rows.
  // The completions first (a pending release is then visible to the admissions); each admission sees the
  // reservations of those before it.
  const turnTx = db.transaction((finishes: readonly Finish[], admits: readonly Admit[]): Admission[] => {
    ledger.finishAll(finishes);
    return ledger.admitAll(admits);
  });
  const finishNow = (f: Finish) => void turnTx.immediate([f], []);
  const commits = groupCommit<Finish, Admit, Admission>({
    commit: (finishes, admits) => turnTx.immediate(finishes, admits),
    isTransient: isLockTimeout,
    onError: options.onError,
  });
  const historyTx = db.transaction((rows: readonly HistoryEntry[]) => ledger.recordHistory(rows));
  const history = historyBuffer({
    keep: REQUESTS_KEPT_PER_KEY,
    flushMs: options.historyFlushMs ?? 1000,
    write: (rows) => historyTx.immediate(rows),
    isTransient: isLockTimeout,
    onError: options.onError,
  });
  const flush = () => commits.flush();

  const admitTx = db.transaction((admit: Admit): Admission => ledger.admitAll([admit])[0]!);
  const admitNow = (...admit: Admit): Admission => {
    const first = admitTx.immediate(admit);
    if (first.ok || !commits.hasPendingWrites()) return first;
    flush();
    return admitTx.immediate(admit);
  };

  // Each key's rate-limit bucket, shared by every process using the file.
  const bucket = db.prepare<[number], { tokens: number; at: number }>(
    'SELECT tokens, at FROM rate_buckets WHERE key_id = ?',
  );
  const saveBucket = db.prepare(
    `INSERT INTO rate_buckets (key_id, tokens, at) VALUES (?, ?, ?)
     ON CONFLICT (key_id) DO UPDATE SET tokens = excluded.tokens, at = excluded.at`,
  );
  const rateTx = db.transaction((keyId: number, at: number, config: RateLimitConfig): RateLimitVerdict => {
    const held = bucket.get(keyId) ?? { tokens: config.burst, at };
    const verdict = takeToken(held, config, at);
    saveBucket.run(keyId, held.tokens, held.at);
    return verdict;
  });

  // Open: built-in plans, a subscription for keys created before plans existed, and reservations left by
  // a process that died mid-request released (in-flight requests of live processes are younger).
  db.transaction(() => {
    ensureBuiltIns();
    ledger.expireBefore(new Date(now().getTime() - (options.staleReservationMs ?? 120_000)));
  }).immediate();

  return {
    ...admin,
    admit: (keyId, endpoint, requestId, at = now(), units) => admitNow(keyId, endpoint, requestId, at, units),
    admitBatched(keyId, endpoint, requestId, at, done, units) {
      if (!byName.has(endpoint)) throw new Error(`unknown endpoint ${endpoint}`);
      if (options.groupCommit === false) {
        // No batching at all: admitted now, in a transaction of its own (the A/B baseline).
        let admission: Admission;
        try {
          admission = admitNow(keyId, endpoint, requestId, at, units);
        } catch (error) {
          return done(error);
        }
        return done(null, admission);
      }
      commits.request([keyId, endpoint, requestId, at, units], done);
    },
    finish(keyId, reservation, success, row, units) {
      if (options.groupCommit === false)
        return finishNow([keyId, reservation, success, row && renderHistory(row), units]);
      commits.write([keyId, reservation, success, null, units]);
      if (row) history.add(keyId, row);
    },
    usage: (keyId, at = now()) => (flush(), reports.usage(keyId, at)),
    listRequests: (keyId, limit, offset) => (
      flush(),
      history.flush(),
      reports.listRequests(keyId, limit, offset)
    ),
    ledger: (keyId) => (flush(), reports.ledger(keyId)),
    renewals: (keyId) => (flush(), reports.renewals(keyId)),
    takeRateToken: (keyId, at, config) => rateTx.immediate(keyId, at, config),
    close() {
      commits.close(new Error('the account store is closed'));
      history.close();
      void checkpointer?.stop();
      db.close();
    },
  };
}
