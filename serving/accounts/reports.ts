// What the accounts database answers about a key: its /usage (the period brought up to date first), its
// recent requests (/requests), its credit ledger and its renewals.
import type Database from 'better-sqlite3';
import type { RequestRecord } from '../../schemas/api/requests';
import type { UsageResponse } from '../../schemas/api/usage';
import { usageReport, type MeteredEndpoint } from './admission';
import type { Ledger } from './ledger';
import type { EndpointUsageRow, HistoryRow, LedgerRow, LedgerState, SubRow } from './schema';

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

export interface Reports {
  usage(keyId: number, at: Date): UsageResponse;
  listRequests(keyId: number, limit: number, offset: number): RequestRecord[];
  ledger(keyId: number): LedgerEntry[];
  /** How many renewals the key's subscription has had (each is recorded once). */
  renewals(keyId: number): { periodStart: string; renewedAt: string }[];
}

const safeJson = (text: string | null): unknown => {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return { unparsed: text };
  }
};

export function openReports(
  db: Database.Database,
  catalogue: readonly MeteredEndpoint[],
  current: Ledger['current'],
): Reports {
  const q = {
    subByKey: db.prepare<[number], SubRow>('SELECT * FROM subscriptions WHERE key_id = ?'),
    renewalsOf: db.prepare<[number], { period_start: string; renewed_at: string }>(
      'SELECT period_start, renewed_at FROM renewals WHERE subscription_id = ? ORDER BY period_start',
    ),
    endpointUsage: db.prepare<[number], EndpointUsageRow>(
      'SELECT endpoint, request_count, credits_used, reserved_requests FROM endpoint_usage WHERE subscription_id = ?',
    ),
    ledgerOf: db.prepare<[number], LedgerRow>(
      'SELECT * FROM credit_ledger WHERE subscription_id = ? ORDER BY id',
    ),
    history: db.prepare<[number, number, number], HistoryRow>(
      'SELECT * FROM request_history WHERE key_id = ? ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?',
    ),
  };

  // A write transaction: a renewal that is due happens first.
  const usageTx = db.transaction((keyId: number, at: Date): UsageResponse => {
    const { sub, plan } = current(keyId, at);
    return usageReport(
      sub,
      plan,
      catalogue,
      new Map(q.endpointUsage.all(sub.id).map((u) => [u.endpoint, u])),
    );
  });

  return {
    usage: (keyId, at) => usageTx.immediate(keyId, at),
    listRequests: (keyId, limit, offset) =>
      q.history.all(keyId, limit, offset).map((r) => ({
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
      const sub = q.subByKey.get(keyId);
      return sub
        ? q.renewalsOf.all(sub.id).map((r) => ({ periodStart: r.period_start, renewedAt: r.renewed_at }))
        : [];
    },
  };
}
