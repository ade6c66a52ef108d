// The credit ledger: reservations made (admission), settled (completion) and expired (a process that died
// mid-request), with the subscription's and endpoints' counters moved to match and each period renewed when
// due. Every function here runs inside a write transaction its caller opens; what to admit and charge is
// decided in admission.ts.
import type Database from 'better-sqlite3';
import { REQUESTS_KEPT_PER_KEY } from '../../schemas/api/requests';
import {
  refusal,
  renewal,
  renewalDue,
  reservationOf,
  settlementOf,
  termsFor,
  type Admission,
  type MeteredEndpoint,
  type Plan,
} from './admission';
import type { EndpointUsageRow, LedgerRow, SubRow } from './schema';

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

/** A history row made into text only when it is written (most rows of a busy key never are). */
export interface HistoryDraft {
  requestId: string;
  render(): HistoryInput;
}

export type HistoryRecord = HistoryInput | HistoryDraft;

export const renderHistory = (r: HistoryRecord): HistoryInput => ('render' in r ? r.render() : r);

export type Admit = [keyId: number, endpoint: string, requestId: string, at: Date, units?: number];

export type Finish = [
  keyId: number,
  reservation: number | null,
  success: boolean,
  history: HistoryInput | null,
  units?: number,
];

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

export interface Ledger {
  /** The subscription with its period brought up to `at`: a due renewal happens here, recorded once. */
  current(keyId: number, at: Date): { sub: SubRow; plan: Plan };
  /** Admissions, in order, each seeing the reservations of those before it. */
  admitAll(admits: readonly Admit[]): Admission[];
  /** Completions: each reservation charged or released, and its request recorded when a row is given. */
  finishAll(batch: readonly Finish[]): void;
  /** History rows, oldest first; then each of their keys' history cut to the newest kept rows. */
  recordHistory(rows: readonly [keyId: number, row: HistoryInput][]): void;
  /** Releases (as expired) reservations made before `before`, and recounts what the periods hold. */
  expireBefore(before: Date): void;
}

export function openLedger(
  db: Database.Database,
  byName: ReadonlyMap<string, MeteredEndpoint>,
  planById: (id: number) => Plan,
  now: () => Date,
): Ledger {
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
  };

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
    const rows: [number, HistoryInput][] = [];
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
      if (history) rows.push([keyId, history]);
    }
    for (const m of subMoves.values()) q.settleSub.run(m);
    for (const e of endpointMoves.values()) q.settleEndpoint.run(e);
    recordHistory(rows);
  };

  function recordHistory(rows: readonly [number, HistoryInput][]): void {
    const keys = new Set<number>();
    for (const [keyId, row] of rows) {
      q.insertHistory.run({ keyId, ...row });
      keys.add(keyId);
    }
    for (const keyId of keys) q.pruneHistory.run({ keyId, keep: REQUESTS_KEPT_PER_KEY });
  }

  function expireBefore(before: Date): void {
    if (q.expireStale.run(now().toISOString(), before.toISOString()).changes > 0) {
      q.recountSubs.run();
      q.recountEndpoints.run();
    }
  }

  return { current, admitAll, finishAll, recordHistory, expireBefore };
}
