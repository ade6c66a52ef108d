// Accounts in SQLite (WAL): API keys, plans, one subscription per key, a credit ledger and request history.
// Everything goes through the AccountStore interface so a shared database can replace SQLite.
//
// Metering is reserve-then-settle. `admit` runs in one BEGIN IMMEDIATE transaction (SQLite's write lock, so it
// is atomic across every connection and process using the file): it renews the period if `renews_at` has
// passed, checks credits and quotas counting what in-flight requests already hold, and reserves the cost.
// `finish` runs after the response: a 2xx turns the reservation into a charge, anything else releases it, and
// the request history row is written in the same transaction (shared by the completions of one event-loop
// turn: group commit). `admitBatched` is `admit` committed with that same turn's transaction, for the HTTP path.
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
import { startCheckpointer } from './checkpointer';
import { groupCommit } from './group-commit';
import {
  refusal,
  renewal,
  renewalDue,
  reservationOf,
  settlementOf,
  termsFor,
  usageReport,
  type Admission,
  type MeteredEndpoint,
  type Plan,
} from './admission';
import { keysAndPlans, type KeysAndPlans } from './keys-plans';
import {
  migrate,
  type EndpointUsageRow,
  type HistoryRow,
  type LedgerRow,
  type LedgerState,
  type SubRow,
} from './schema';

export type { Admission } from './admission';
export type { ApiKeyRecord } from './keys-plans';

/** One request as recorded for `/requests`; the JSON fields are already serialised. */
export interface HistoryInput {
  requestId: string;
  method: string;
  path: string;
  queryParams: string;
  requestBody: string | null;
  requestHeaders: string;
  responseCode: number;
  responseTimeMs: number;
  responseBody: string;
  responseHeaders: string;
  createdAt: string;
}

export interface LedgerEntry {
  id: number;
  endpoint: string;
  /** Reserved: what is held; charged: what was charged (released and expired rows keep what was held). */
  credits: number;
  /** Calls of the endpoint the row stands for (1 but for a batch), held or charged as `credits` is. */
  units: number;
  state: LedgerState;
  periodStart: string;
  requestId: string;
  createdAt: string;
  settledAt: string | null;
}

export interface AccountStore extends KeysAndPlans {
  /**
   * Renews the period if due, then reserves the endpoint's cost (× `units`, default 1: the worst case of a
   * batch), or says why not.
   */
  admit(keyId: number, endpoint: string, requestId: string, at?: Date, units?: number): Admission;
  /**
   * `admit`, run at the end of the current event-loop turn in one transaction with the turn's other
   * admissions and pending completions (one commit instead of one per request); `done` is called after the
   * commit, with the error if the transaction failed (nothing was reserved then).
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
   * Charges (success) or releases a reservation and records the request, atomically; committed with the
   * other completions of the same event-loop turn (see group commit below). A success charges `units` of
   * the units reserved (default: all of them) and releases the others.
   */
  finish(
    keyId: number,
    reservation: number | null,
    success: boolean,
    history: HistoryInput | null,
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
  /** Told when a deferred commit fails (it is retried). */
  onError?: (error: unknown) => void;
  /**
   * How long an authenticated key is remembered in this process, ms (default 1000; 0: look up every time).
   * Revocations and plan changes made through this store take effect at once; made by another process
   * (the CLI, another worker), within this time.
   */
  authCacheMs?: number;
}

/** What a batch of completions moves on a subscription's counters. */
interface SubMove {
  id: number;
  credits: number;
  quota: number;
  charge: number;
  quotaUsed: number;
  count: number;
}

/** What a batch of completions moves on one endpoint's counters of a subscription. */
interface EndpointMove {
  id: number;
  endpoint: string;
  reserved: number;
  count: number;
  charge: number;
}

const safeJson = (text: string | null): unknown => {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return { unparsed: text };
  }
};

/** SQLite's write lock was not had in time (another connection held it): worth retrying as it was. */
const isLockTimeout = (error: unknown): boolean =>
  /^SQLITE_(BUSY|LOCKED)/.test(String((error as { code?: unknown } | null)?.code ?? ''));

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

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

  const q = {
    subByKey: db.prepare<[number], SubRow>('SELECT * FROM subscriptions WHERE key_id = ?'),
    renew: db.prepare(
      `UPDATE subscriptions SET period_index = ?, last_renewed = ?, renews_at = ?, request_count = 0,
       quota_used = 0, credits_used = 0, quota_reserved = 0, credits_reserved = 0 WHERE id = ?`,
    ),
    resetEndpoints: db.prepare(
      `UPDATE endpoint_usage SET request_count = 0, credits_used = 0, reserved_requests = 0
       WHERE subscription_id = ?`,
    ),
    insertRenewal: db.prepare(
      'INSERT INTO renewals (subscription_id, period_start, renewed_at) VALUES (?, ?, ?)',
    ),
    renewalsOf: db.prepare<[number], { period_start: string; renewed_at: string }>(
      'SELECT period_start, renewed_at FROM renewals WHERE subscription_id = ? ORDER BY period_start',
    ),
    endpointUsage: db.prepare<[number], EndpointUsageRow>(
      'SELECT endpoint, request_count, credits_used, reserved_requests FROM endpoint_usage WHERE subscription_id = ?',
    ),
    oneEndpointUsage: db.prepare<[number, string], EndpointUsageRow>(
      `SELECT endpoint, request_count, credits_used, reserved_requests FROM endpoint_usage
       WHERE subscription_id = ? AND endpoint = ?`,
    ),
    reserveSub: db.prepare(
      'UPDATE subscriptions SET credits_reserved = credits_reserved + ?, quota_reserved = quota_reserved + ? WHERE id = ?',
    ),
    reserveEndpoint: db.prepare(
      `INSERT INTO endpoint_usage (subscription_id, endpoint, reserved_requests) VALUES (?, ?, ?)
       ON CONFLICT (subscription_id, endpoint) DO UPDATE SET reserved_requests = reserved_requests + ?`,
    ),
    insertLedger: db.prepare(
      `INSERT INTO credit_ledger (subscription_id, endpoint, request_id, credits, affects_quota, units,
       period_start, state, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, 'reserved', ?)`,
    ),
    ledgerOf: db.prepare<[number], LedgerRow>(
      'SELECT * FROM credit_ledger WHERE subscription_id = ? ORDER BY id',
    ),
    settle: db.prepare<[string, string, number], LedgerRow>(
      `UPDATE credit_ledger SET state = ?, settled_at = ? WHERE id = ? AND state = 'reserved' RETURNING *`,
    ),
    // A charged row of which only some units were answered holds what was charged.
    chargePart: db.prepare('UPDATE credit_ledger SET credits = ?, affects_quota = ?, units = ? WHERE id = ?'),
    settleSub: db.prepare(
      `UPDATE subscriptions SET credits_reserved = credits_reserved - @credits,
       quota_reserved = quota_reserved - @quota, credits_used = credits_used + @charge,
       quota_used = quota_used + @quotaUsed, request_count = request_count + @count WHERE id = @id`,
    ),
    settleEndpoint: db.prepare(
      `UPDATE endpoint_usage SET reserved_requests = reserved_requests - @reserved,
       request_count = request_count + @count, credits_used = credits_used + @charge
       WHERE subscription_id = @id AND endpoint = @endpoint`,
    ),
    expireStale: db.prepare(
      "UPDATE credit_ledger SET state = 'expired', settled_at = ? WHERE state = 'reserved' AND created_at < ?",
    ),
    recountSubs: db.prepare(
      `UPDATE subscriptions SET
       credits_reserved = (SELECT COALESCE(SUM(credits), 0) FROM credit_ledger l WHERE l.subscription_id =
         subscriptions.id AND l.state = 'reserved' AND l.period_start = subscriptions.last_renewed),
       quota_reserved = (SELECT COALESCE(SUM(affects_quota), 0) FROM credit_ledger l WHERE l.subscription_id =
         subscriptions.id AND l.state = 'reserved' AND l.period_start = subscriptions.last_renewed)`,
    ),
    recountEndpoints: db.prepare(
      `UPDATE endpoint_usage SET reserved_requests = (SELECT COALESCE(SUM(l.units), 0) FROM credit_ledger l
         JOIN subscriptions s ON s.id = l.subscription_id WHERE l.subscription_id = endpoint_usage.subscription_id
         AND l.endpoint = endpoint_usage.endpoint AND l.state = 'reserved' AND l.period_start = s.last_renewed)`,
    ),
    insertHistory: db.prepare(
      `INSERT INTO request_history (key_id, request_id, method, path, query_params, request_body, request_headers,
       response_code, response_time, response_body, response_headers, created_at) VALUES (@keyId, @requestId,
       @method, @path, @queryParams, @requestBody, @requestHeaders, @responseCode, @responseTimeMs, @responseBody,
       @responseHeaders, @createdAt)`,
    ),
    pruneHistory: db.prepare(
      `DELETE FROM request_history WHERE key_id = @keyId AND id <= (SELECT id FROM request_history
       WHERE key_id = @keyId ORDER BY id DESC LIMIT 1 OFFSET @keep)`,
    ),
    bucket: db.prepare<[number], { tokens: number; at: number }>(
      'SELECT tokens, at FROM rate_buckets WHERE key_id = ?',
    ),
    saveBucket: db.prepare(
      `INSERT INTO rate_buckets (key_id, tokens, at) VALUES (?, ?, ?)
       ON CONFLICT (key_id) DO UPDATE SET tokens = excluded.tokens, at = excluded.at`,
    ),
    history: db.prepare<[number, number, number], HistoryRow>(
      'SELECT * FROM request_history WHERE key_id = ? ORDER BY id DESC LIMIT ? OFFSET ?',
    ),
  };

  /** The subscription with its period brought up to `at`: a due renewal happens here, recorded once. */
  function current(keyId: number, at: Date): { sub: SubRow; plan: Plan } {
    let sub = q.subByKey.get(keyId);
    if (!sub) throw new Error(`key #${keyId} has no subscription`);
    const plan = planById(sub.plan_id);
    if (renewalDue(sub, at)) {
      const { index, start, renews } = renewal(sub, plan.quotaPeriod, at);
      q.renew.run(index, start, renews, sub.id);
      q.resetEndpoints.run(sub.id);
      q.insertRenewal.run(sub.id, start, at.toISOString());
      sub = q.subByKey.get(keyId)!;
    }
    return { sub, plan };
  }

  type Admit = [keyId: number, endpoint: string, requestId: string, at: Date, units?: number];
  /**
   * Admissions in one transaction, in order, each seeing the reservations of those before it. A key's
   * subscription and endpoint counters are read once and kept here as the reservations move them; what
   * they add is written once per subscription and endpoint, at the end (or before a renewal resets them).
   */
  function admitAll(admits: readonly Admit[]): Admission[] {
    const subs = new Map<number, SubRow>();
    const usages = new Map<string, EndpointUsageRow | undefined>();
    const subMoves = new Map<number, { credits: number; quota: number }>();
    const endpointMoves = new Map<string, { id: number; endpoint: string; n: number }>();
    const write = (subId?: number) => {
      for (const [id, m] of subMoves)
        if (subId === undefined || id === subId) {
          q.reserveSub.run(m.credits, m.quota, id);
          subMoves.delete(id);
        }
      for (const [name, e] of endpointMoves)
        if (subId === undefined || e.id === subId) {
          q.reserveEndpoint.run(e.id, e.endpoint, e.n, e.n);
          endpointMoves.delete(name);
        }
    };
    const results = admits.map(([keyId, name, requestId, at, units = 1]): Admission => {
      const endpoint = byName.get(name);
      if (!endpoint) throw new Error(`unknown endpoint ${name}`);
      let sub = subs.get(keyId);
      if (!sub || renewalDue(sub, at)) {
        // A renewal resets the counters: what is pending is written first, what was read is read again.
        if (sub) {
          write(sub.id);
          for (const name of usages.keys()) if (name.startsWith(`${sub.id} `)) usages.delete(name);
        }
        sub = current(keyId, at).sub;
        subs.set(keyId, sub);
      }
      const plan = planById(sub.plan_id);
      const t = termsFor(plan, endpoint);
      const usageName = `${sub.id} ${name}`;
      if (!usages.has(usageName)) usages.set(usageName, q.oneEndpointUsage.get(sub.id, name));
      const usage = usages.get(usageName);
      const refused = refusal(sub, plan, t, usage, units);
      if (refused) return refused;
      const { credits, quota } = reservationOf(t, units);
      sub.credits_reserved += credits;
      sub.quota_reserved += quota;
      const m = subMoves.get(sub.id) ?? { credits: 0, quota: 0 };
      m.credits += credits;
      m.quota += quota;
      subMoves.set(sub.id, m);
      if (usage) usage.reserved_requests += units;
      else
        usages.set(usageName, {
          endpoint: name,
          request_count: 0,
          credits_used: 0,
          reserved_requests: units,
        });
      const e = endpointMoves.get(usageName) ?? { id: sub.id, endpoint: name, n: 0 };
      e.n += units;
      endpointMoves.set(usageName, e);
      const info = q.insertLedger.run(
        sub.id,
        name,
        requestId,
        credits,
        quota,
        units,
        sub.last_renewed,
        at.toISOString(),
      );
      return { ok: true, reservation: Number(info.lastInsertRowid) };
    });
    write();
    return results;
  }
  const admitTx = db.transaction(
    (keyId: number, endpoint: string, requestId: string, at: Date, units?: number) =>
      admitAll([[keyId, endpoint, requestId, at, units]])[0]!,
  );

  type Finish = [
    keyId: number,
    reservation: number | null,
    success: boolean,
    history: HistoryInput | null,
    units?: number,
  ];
  /**
   * The completions of one transaction: each reservation settled (charged for a success, released
   * otherwise) and its history row written; then the subscription and endpoint counters moved once per
   * subscription and endpoint, and each key's history cut to the newest kept rows, once per key. (Renewals
   * happen only in admissions, so a subscription's id and period are the same all through this.)
   */
  const finishAll = (batch: readonly Finish[]): void => {
    const settledAt = now().toISOString();
    const subs = new Map<number, SubRow | undefined>();
    const subMoves = new Map<number, SubMove>();
    const endpointMoves = new Map<string, EndpointMove>();
    const keys = new Set<number>();
    for (const [keyId, reservation, success, history, units] of batch) {
      // Only a reservation still held is settled (one that expired meanwhile is left as it is).
      const row =
        reservation === null
          ? undefined
          : q.settle.get(success ? 'charged' : 'released', settledAt, reservation);
      if (row) {
        if (!subs.has(keyId)) subs.set(keyId, q.subByKey.get(keyId));
        const sub = subs.get(keyId);
        // A success charges the units answered (all but for a batch); the others are released.
        const { units: charged, credits: charge, quota: quotaUsed } = settlementOf(row, success, units);
        if (success && charged < row.units) q.chargePart.run(charge, quotaUsed, charged, row.id);
        // A reservation from an earlier period was already cleared by the renewal: it is charged to the
        // period it was admitted in (its ledger row says which) and leaves the new period's counts alone.
        if (sub && sub.id === row.subscription_id && sub.last_renewed === row.period_start) {
          let m = subMoves.get(sub.id);
          if (!m)
            subMoves.set(
              sub.id,
              (m = { id: sub.id, credits: 0, quota: 0, charge: 0, quotaUsed: 0, count: 0 }),
            );
          m.credits += row.credits;
          m.quota += row.affects_quota;
          m.charge += charge;
          m.quotaUsed += quotaUsed;
          m.count += charged;
          const name = `${sub.id} ${row.endpoint}`;
          let e = endpointMoves.get(name);
          if (!e)
            endpointMoves.set(
              name,
              (e = { id: sub.id, endpoint: row.endpoint, reserved: 0, count: 0, charge: 0 }),
            );
          e.reserved += row.units;
          e.count += charged;
          e.charge += charge;
        }
      }
      if (history) {
        q.insertHistory.run({ keyId, ...history });
        keys.add(keyId);
      }
    }
    for (const m of subMoves.values()) q.settleSub.run(m);
    for (const e of endpointMoves.values()) q.settleEndpoint.run(e);
    for (const keyId of keys) q.pruneHistory.run({ keyId, keep: REQUESTS_KEPT_PER_KEY });
  };

  // Completions, and the HTTP path's admissions, are group-committed (group-commit.ts): one transaction at
  // the end of each event-loop turn. Every read and `close` first commits what is pending, so a process
  // always reads its own writes; an admission refused while completions are pending commits them and
  // retries (a pending release may be what it needs). A crash can lose one turn's completions: their
  // reservations then expire at the next open (not charged) and their history rows are missing.
  // The completions first (a pending release is then visible to the admissions); each admission sees the
  // reservations of those before it.
  const turnTx = db.transaction((finishes: readonly Finish[], admits: readonly Admit[]): Admission[] => {
    finishAll(finishes);
    return admitAll(admits);
  });
  const finishNow = (f: Finish) => void turnTx.immediate([f], []);
  const commits = groupCommit<Finish, Admit, Admission>({
    commit: (finishes, admits) => turnTx.immediate(finishes, admits),
    isTransient: isLockTimeout,
    // A completion the database refuses (a history row it cannot bind) is settled without its row, so one
    // bad row holds neither the others nor its own charge or release.
    salvage: ([keyId, reservation, success, history, units], error) =>
      history && {
        instead: [keyId, reservation, success, null, units],
        report: new Error(`history row of request ${history.requestId} dropped: ${messageOf(error)}`),
      },
    onError: options.onError,
  });
  const flush = () => commits.flush();

  function admitNow(keyId: number, endpoint: string, requestId: string, at: Date, units?: number): Admission {
    const first = admitTx.immediate(keyId, endpoint, requestId, at, units);
    if (first.ok || !commits.hasPendingWrites()) return first;
    flush();
    return admitTx.immediate(keyId, endpoint, requestId, at, units);
  }

  const rateTx = db.transaction((keyId: number, at: number, config: RateLimitConfig): RateLimitVerdict => {
    const bucket = q.bucket.get(keyId) ?? { tokens: config.burst, at };
    const verdict = takeToken(bucket, config, at);
    q.saveBucket.run(keyId, bucket.tokens, bucket.at);
    return verdict;
  });

  const usageTx = db.transaction((keyId: number, at: Date): UsageResponse => {
    const { sub, plan } = current(keyId, at);
    return usageReport(
      sub,
      plan,
      catalogue,
      new Map(q.endpointUsage.all(sub.id).map((u) => [u.endpoint, u])),
    );
  });

  // Open: built-in plans, a subscription for keys created before plans existed, and reservations left by
  // a process that died mid-request released (in-flight requests of live processes are younger).
  db.transaction(() => {
    ensureBuiltIns();
    const stale = new Date(now().getTime() - (options.staleReservationMs ?? 120_000));
    if (q.expireStale.run(now().toISOString(), stale.toISOString()).changes > 0) {
      q.recountSubs.run();
      q.recountEndpoints.run();
    }
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
    finish(keyId, reservation, success, history, units) {
      const f: Finish = [keyId, reservation, success, history, units];
      if (options.groupCommit === false) return finishNow(f);
      commits.write(f);
    },
    usage: (keyId, at = now()) => (flush(), usageTx.immediate(keyId, at)),
    listRequests: (keyId, limit, offset) =>
      (flush(), q.history.all(keyId, limit, offset)).map((r) => ({
        path: r.path,
        method: r.method,
        query_params: safeJson(r.query_params) as Record<string, string>,
        request_body: safeJson(r.request_body),
        request_headers: safeJson(r.request_headers) as Record<string, string>,
        response_code: r.response_code,
        response_time: r.response_time,
        response_body: safeJson(r.response_body) as Record<string, unknown>,
        response_headers: safeJson(r.response_headers) as Record<string, string>,
        created_at: r.created_at,
      })),
    ledger(keyId) {
      flush();
      const sub = q.subByKey.get(keyId);
      if (!sub) return [];
      return q.ledgerOf.all(sub.id).map((r) => ({
        id: r.id,
        endpoint: r.endpoint,
        credits: r.credits,
        units: r.units,
        state: r.state,
        periodStart: r.period_start,
        requestId: r.request_id,
        createdAt: r.created_at,
        settledAt: r.settled_at,
      }));
    },
    renewals(keyId) {
      flush();
      const sub = q.subByKey.get(keyId);
      return sub
        ? q.renewalsOf.all(sub.id).map((r) => ({ periodStart: r.period_start, renewedAt: r.renewed_at }))
        : [];
    },
    takeRateToken: (keyId, at, config) => rateTx.immediate(keyId, at, config),
    close() {
      commits.close(new Error('the account store is closed'));
      void checkpointer?.stop();
      db.close();
    },
  };
}
