// The accounts database's tables, the one migration an older file needs, and the rows as SQLite returns them.
// Counters live on the subscription (the period's totals) and per endpoint; the credit ledger has one row a
// reservation, which moves once from `reserved` to `charged`, `released` or `expired`.
import type Database from 'better-sqlite3';
import type { Standing } from './admission';
import type { QuotaPeriod } from './periods';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS api_keys (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  key_hash TEXT NOT NULL UNIQUE,
  hint TEXT NOT NULL,
  created_at TEXT NOT NULL,
  revoked_at TEXT
);
CREATE TABLE IF NOT EXISTS plans (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  credit_limit INTEGER NOT NULL CHECK (credit_limit >= 0),
  quota INTEGER CHECK (quota IS NULL OR quota >= 0),
  quota_period TEXT NOT NULL,
  endpoints TEXT,
  overrides TEXT NOT NULL DEFAULT '{}',
  created_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS subscriptions (
  id INTEGER PRIMARY KEY,
  key_id INTEGER NOT NULL UNIQUE REFERENCES api_keys(id),
  plan_id INTEGER NOT NULL REFERENCES plans(id),
  anchor_at TEXT NOT NULL,
  period_index INTEGER NOT NULL DEFAULT 0,
  last_renewed TEXT NOT NULL,
  renews_at TEXT NOT NULL,
  request_count INTEGER NOT NULL DEFAULT 0,
  quota_used INTEGER NOT NULL DEFAULT 0,
  credits_used INTEGER NOT NULL DEFAULT 0,
  quota_reserved INTEGER NOT NULL DEFAULT 0,
  credits_reserved INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS endpoint_usage (
  subscription_id INTEGER NOT NULL REFERENCES subscriptions(id),
  endpoint TEXT NOT NULL,
  request_count INTEGER NOT NULL DEFAULT 0,
  credits_used INTEGER NOT NULL DEFAULT 0,
  reserved_requests INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (subscription_id, endpoint)
);
CREATE TABLE IF NOT EXISTS credit_ledger (
  id INTEGER PRIMARY KEY,
  subscription_id INTEGER NOT NULL REFERENCES subscriptions(id),
  endpoint TEXT NOT NULL,
  request_id TEXT NOT NULL,
  credits INTEGER NOT NULL,
  affects_quota INTEGER NOT NULL,
  units INTEGER NOT NULL DEFAULT 1,
  period_start TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('reserved', 'charged', 'released', 'expired')),
  created_at TEXT NOT NULL,
  settled_at TEXT
);
CREATE INDEX IF NOT EXISTS credit_ledger_open ON credit_ledger (state) WHERE state = 'reserved';
CREATE INDEX IF NOT EXISTS credit_ledger_sub ON credit_ledger (subscription_id, id);
CREATE TABLE IF NOT EXISTS renewals (
  subscription_id INTEGER NOT NULL REFERENCES subscriptions(id),
  period_start TEXT NOT NULL,
  renewed_at TEXT NOT NULL,
  PRIMARY KEY (subscription_id, period_start)
);
CREATE TABLE IF NOT EXISTS request_history (
  id INTEGER PRIMARY KEY,
  key_id INTEGER NOT NULL REFERENCES api_keys(id),
  request_id TEXT NOT NULL,
  method TEXT NOT NULL,
  path TEXT NOT NULL,
  query_params TEXT NOT NULL,
  request_body TEXT,
  request_headers TEXT NOT NULL,
  response_code INTEGER NOT NULL,
  response_time INTEGER NOT NULL,
  response_body TEXT NOT NULL,
  response_headers TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS request_history_key ON request_history (key_id, id);
CREATE TABLE IF NOT EXISTS rate_buckets (
  key_id INTEGER PRIMARY KEY REFERENCES api_keys(id),
  tokens REAL NOT NULL,
  at INTEGER NOT NULL
);
`;

/** Creates what is missing and brings a database made by older code up to date. */
export function migrate(db: Database.Database): void {
  db.exec(SCHEMA);
  // A database made before reservations had units: every row it holds is one call.
  if (!(db.pragma('table_info(credit_ledger)') as { name: string }[]).some((c) => c.name === 'units'))
    db.exec('ALTER TABLE credit_ledger ADD COLUMN units INTEGER NOT NULL DEFAULT 1');
}

export type LedgerState = 'reserved' | 'charged' | 'released' | 'expired';

export interface KeyRow {
  id: number;
  name: string;
  key_hash: string;
  hint: string;
  created_at: string;
  revoked_at: string | null;
  plan: string | null;
}

export interface PlanRow {
  id: number;
  name: string;
  credit_limit: number;
  quota: number | null;
  quota_period: QuotaPeriod;
  endpoints: string | null;
  overrides: string;
}

/** A subscription row: its key and plan, and its standing in the current period (admission.ts). */
export interface SubRow extends Standing {
  id: number;
  key_id: number;
  plan_id: number;
}

export interface EndpointUsageRow {
  endpoint: string;
  request_count: number;
  credits_used: number;
  reserved_requests: number;
}

export interface LedgerRow {
  id: number;
  subscription_id: number;
  endpoint: string;
  request_id: string;
  credits: number;
  affects_quota: number;
  units: number;
  period_start: string;
  state: LedgerState;
  created_at: string;
  settled_at: string | null;
}

export interface HistoryRow {
  method: string;
  path: string;
  query_params: string;
  request_body: string | null;
  request_headers: string;
  response_code: number;
  response_time: number;
  response_body: string;
  response_headers: string;
  created_at: string;
}
