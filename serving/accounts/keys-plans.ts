// API keys, plans and the one subscription a key has to a plan: creating, listing and revoking keys,
// creating plans, moving a key to another plan, and recognising a presented key.
import type Database from 'better-sqlite3';
import {
  firstRenewal,
  reanchoredRenewal,
  type EndpointOverride,
  type MeteredEndpoint,
  type Plan,
} from './admission';
import { generateApiKey, hashApiKey, hashesEqual, keyHint } from './api-keys';
import { QUOTA_PERIODS } from './periods';
import type { KeyRow, PlanRow, SubRow } from './schema';

export interface ApiKeyRecord {
  id: number;
  name: string;
  hint: string;
  createdAt: string;
  revokedAt: string | null;
  /** The plan of the key's subscription. */
  plan: string | null;
}

export type PlanInput = Omit<Plan, 'id' | 'quota' | 'quotaPeriod' | 'endpoints' | 'overrides'> &
  Partial<Pick<Plan, 'quota' | 'quotaPeriod' | 'endpoints' | 'overrides'>>;

export interface KeysAndPlans {
  /** Creates a key (with a subscription to `plan`, default `default`) and returns it in clear once. */
  createKey(name: string, opts?: { plan?: string }): { key: string; record: ApiKeyRecord };
  /** The active key record for a presented key, or null when unknown or revoked. */
  authenticate(presentedKey: string): ApiKeyRecord | null;
  listKeys(): ApiKeyRecord[];
  revokeKey(id: number): boolean;

  createPlan(plan: PlanInput): Plan;
  listPlans(): Plan[];
  /** Moves a key's subscription to another plan; the current period and its counts carry over. */
  assignPlan(keyId: number, planName: string): void;
}

/** Plans every store has; `default` is what `createKey` assigns unless told otherwise. */
const BUILT_IN_PLANS: PlanInput[] = [
  { name: 'default', creditLimit: 10_000, quota: null, quotaPeriod: 'month' },
  { name: 'demo', creditLimit: 1_000_000, quota: null, quotaPeriod: 'month' },
];

const toRecord = (row: KeyRow): ApiKeyRecord => ({
  id: row.id,
  name: row.name,
  hint: row.hint,
  createdAt: row.created_at,
  revokedAt: row.revoked_at,
  plan: row.plan,
});

const toPlan = (row: PlanRow): Plan => ({
  id: row.id,
  name: row.name,
  creditLimit: row.credit_limit,
  quota: row.quota,
  quotaPeriod: row.quota_period,
  endpoints: row.endpoints === null ? null : (JSON.parse(row.endpoints) as string[]),
  overrides: JSON.parse(row.overrides) as Record<string, EndpointOverride>,
});

export function keysAndPlans(
  db: Database.Database,
  byName: ReadonlyMap<string, MeteredEndpoint>,
  now: () => Date,
  authCacheMs: number,
): {
  admin: KeysAndPlans;
  /** A plan by id, parsed once (plans never change once created: a key moves to another plan instead). */
  planById(id: number): Plan;
  /** Run at open: the built-in plans, and a subscription for keys created before plans existed. */
  ensureBuiltIns(): void;
} {
  const keyWithPlan = `SELECT k.*, p.name AS plan FROM api_keys k LEFT JOIN subscriptions s ON s.key_id = k.id
       LEFT JOIN plans p ON p.id = s.plan_id`;
  const q = {
    insertKey: db.prepare('INSERT INTO api_keys (name, key_hash, hint, created_at) VALUES (?, ?, ?, ?)'),
    keyByHash: db.prepare<[string], KeyRow>(`${keyWithPlan} WHERE k.key_hash = ?`),
    keyById: db.prepare<[number], KeyRow>(`${keyWithPlan} WHERE k.id = ?`),
    allKeys: db.prepare<[], KeyRow>(`${keyWithPlan} ORDER BY k.id`),
    revoke: db.prepare('UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL'),
    keysWithoutSub: db.prepare<[], { id: number; created_at: string }>(
      'SELECT id, created_at FROM api_keys WHERE id NOT IN (SELECT key_id FROM subscriptions)',
    ),
    insertPlan: db.prepare(
      `INSERT INTO plans (name, credit_limit, quota, quota_period, endpoints, overrides, created_at)
       VALUES (@name, @credit_limit, @quota, @quota_period, @endpoints, @overrides, @created_at)`,
    ),
    planByName: db.prepare<[string], PlanRow>('SELECT * FROM plans WHERE name = ?'),
    planById: db.prepare<[number], PlanRow>('SELECT * FROM plans WHERE id = ?'),
    allPlans: db.prepare<[], PlanRow>('SELECT * FROM plans ORDER BY id'),
    insertSub: db.prepare(
      `INSERT INTO subscriptions (key_id, plan_id, anchor_at, last_renewed, renews_at, created_at)
       VALUES (?, ?, ?, ?, ?, ?)`,
    ),
    subByKey: db.prepare<[number], SubRow>('SELECT * FROM subscriptions WHERE key_id = ?'),
    setPlan: db.prepare('UPDATE subscriptions SET plan_id = ? WHERE key_id = ?'),
    reanchor: db.prepare(
      'UPDATE subscriptions SET anchor_at = ?, period_index = 0, renews_at = ? WHERE id = ?',
    ),
  };

  function createPlanRow(plan: PlanInput): Plan {
    const quotaPeriod = plan.quotaPeriod ?? 'month';
    if (!QUOTA_PERIODS.includes(quotaPeriod)) throw new Error(`quota period must be one of ${QUOTA_PERIODS}`);
    for (const name of [...(plan.endpoints ?? []), ...Object.keys(plan.overrides ?? {})])
      if (!byName.has(name)) throw new Error(`unknown endpoint ${name}`);
    q.insertPlan.run({
      name: plan.name,
      credit_limit: plan.creditLimit,
      quota: plan.quota ?? null,
      quota_period: quotaPeriod,
      endpoints: plan.endpoints ? JSON.stringify(plan.endpoints) : null,
      overrides: JSON.stringify(plan.overrides ?? {}),
      created_at: now().toISOString(),
    });
    return toPlan(q.planByName.get(plan.name)!);
  }

  const plans = new Map<number, Plan>();
  function planById(id: number): Plan {
    let plan = plans.get(id);
    if (!plan) plans.set(id, (plan = toPlan(q.planById.get(id)!)));
    return plan;
  }

  function planNamed(name: string): PlanRow {
    const row = q.planByName.get(name);
    if (!row) throw new Error(`no plan named ${name}`);
    return row;
  }

  function subscribe(keyId: number, plan: PlanRow, at: Date): void {
    const anchor = at.toISOString();
    const renews = firstRenewal(at, plan.quota_period).toISOString();
    q.insertSub.run(keyId, plan.id, anchor, anchor, renews, anchor);
  }

  // Authenticated keys by hash (never the key itself), for `authCacheMs`: a hit skips the lookup query.
  const authCache = new Map<string, { record: ApiKeyRecord; until: number }>();

  function ensureBuiltIns(): void {
    for (const plan of BUILT_IN_PLANS) if (!q.planByName.get(plan.name)) createPlanRow(plan);
    const fallback = planNamed('default');
    for (const key of q.keysWithoutSub.all()) subscribe(key.id, fallback, now());
  }

  const admin: KeysAndPlans = {
    createKey(name, opts = {}) {
      const key = generateApiKey();
      const id = db
        .transaction(() => {
          const plan = planNamed(opts.plan ?? 'default');
          const at = now();
          const info = q.insertKey.run(name, hashApiKey(key), keyHint(key), at.toISOString());
          const keyId = Number(info.lastInsertRowid);
          subscribe(keyId, plan, at);
          return keyId;
        })
        .immediate();
      return { key, record: toRecord(q.keyById.get(id)!) };
    },
    authenticate(presentedKey) {
      const hash = hashApiKey(presentedKey);
      const cached = authCacheMs > 0 ? authCache.get(hash) : undefined;
      if (cached && cached.until > Date.now()) return cached.record;
      const row = q.keyByHash.get(hash);
      if (!row || !hashesEqual(row.key_hash, hash) || row.revoked_at) return null;
      const record = toRecord(row);
      if (authCacheMs > 0) {
        if (authCache.size >= 10_000) authCache.clear();
        authCache.set(hash, { record, until: Date.now() + authCacheMs });
      }
      return record;
    },
    listKeys: () => q.allKeys.all().map(toRecord),
    revokeKey: (id) => {
      authCache.clear();
      return q.revoke.run(now().toISOString(), id).changes === 1;
    },

    createPlan: (plan) => db.transaction(() => createPlanRow(plan)).immediate(),
    listPlans: () => q.allPlans.all().map(toPlan),
    assignPlan(keyId, planName) {
      authCache.clear();
      db.transaction(() => {
        const plan = planNamed(planName);
        const sub = q.subByKey.get(keyId);
        if (!sub) throw new Error(`no key #${keyId}`);
        q.setPlan.run(plan.id, keyId);
        if (planById(sub.plan_id).quotaPeriod !== plan.quota_period)
          q.reanchor.run(sub.last_renewed, reanchoredRenewal(sub.last_renewed, plan.quota_period), sub.id);
      }).immediate();
    },
  };
  return { admin, planById, ensureBuiltIns };
}
