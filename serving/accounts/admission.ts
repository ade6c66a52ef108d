// What decides whether a request is admitted and what it costs, without a database: an endpoint's terms under
// a plan, the refusal (if any) given a subscription's standing, what a reservation holds and what its
// settlement charges, when a period renews, and the /usage answer. The store (ledger.ts) reads the counters,
// asks here, and writes what this says.
//
// The standing and counts are the columns of their rows (schema.ts), so a row is passed as it is read.
import type { EndpointDefinition } from '../../schemas/api/endpoints';
import type { UsageResponse } from '../../schemas/api/usage';
import { periodIndexAt, periodStart, type QuotaPeriod } from './periods';

export type MeteredEndpoint = Pick<
  EndpointDefinition,
  'name' | 'method' | 'path' | 'description' | 'creditCost' | 'affectsUsagePlanQuota'
>;

/** Per-plan changes to an endpoint's catalogue defaults. */
export interface EndpointOverride {
  credit_cost?: number;
  /** Requests allowed per period for this endpoint alone; null or absent: no quota of its own. */
  quota?: number | null;
  affects_usage_plan_quota?: boolean;
}

export interface Plan {
  id: number;
  name: string;
  creditLimit: number;
  /** Requests per period that count toward the plan quota; null: unlimited. */
  quota: number | null;
  quotaPeriod: QuotaPeriod;
  /** Endpoint names the plan may use; null: all. `usage` and `requests` are always allowed. */
  endpoints: string[] | null;
  overrides: Record<string, EndpointOverride>;
}

export type AdmissionRefusal = 'credits_exhausted' | 'quota_exhausted' | 'endpoint_not_in_plan';

type Refused = { ok: false; code: AdmissionRefusal; message: string; retryAt: Date | null };

export type Admission = { ok: true; reservation: number } | Refused;

/** Endpoints every plan may use, so a caller can always see its own status. */
const ALWAYS_ALLOWED = ['usage', 'requests'];

/** An endpoint's terms under a plan: catalogue defaults with the plan's overrides. */
interface Terms {
  endpoint: MeteredEndpoint;
  allowed: boolean;
  cost: number;
  affectsQuota: boolean;
  quota: number | null;
}

export function termsFor(plan: Plan, endpoint: MeteredEndpoint): Terms {
  const o = plan.overrides[endpoint.name] ?? {};
  return {
    endpoint,
    allowed:
      plan.endpoints === null ||
      plan.endpoints.includes(endpoint.name) ||
      ALWAYS_ALLOWED.includes(endpoint.name),
    cost: o.credit_cost ?? endpoint.creditCost,
    affectsQuota: o.affects_usage_plan_quota ?? endpoint.affectsUsagePlanQuota,
    quota: o.quota ?? null,
  };
}

/** A subscription's period and its counters in it (used: settled; reserved: held by requests in flight). */
export interface Standing {
  anchor_at: string;
  period_index: number;
  last_renewed: string;
  renews_at: string;
  request_count: number;
  quota_used: number;
  credits_used: number;
  quota_reserved: number;
  credits_reserved: number;
}

/** One endpoint's counts in the period; absent: none yet. */
interface EndpointCounts {
  request_count: number;
  credits_used: number;
  reserved_requests: number;
}

/**
 * Why `units` calls of an endpoint are refused now, or null: admitted. What requests in flight hold counts as
 * spent, so admissions that run concurrently can never together exceed a limit.
 */
export function refusal(
  sub: Standing,
  plan: Plan,
  t: Terms,
  usage: EndpointCounts | undefined,
  units = 1,
): Refused | null {
  const retryAt = new Date(sub.renews_at);
  if (!t.allowed)
    return {
      ok: false,
      code: 'endpoint_not_in_plan',
      message: `The ${plan.name} plan does not include ${t.endpoint.path}`,
      retryAt: null,
    };
  if (t.cost > 0 && sub.credits_used + sub.credits_reserved + t.cost * units > plan.creditLimit)
    return {
      ok: false,
      code: 'credits_exhausted',
      message:
        units === 1
          ? `Not enough credits left this period for ${t.endpoint.path} (costs ${t.cost})`
          : `Not enough credits left this period for ${units} × ${t.endpoint.path} (costs up to ${t.cost * units})`,
      retryAt,
    };
  if (t.affectsQuota && plan.quota !== null && sub.quota_used + sub.quota_reserved + units > plan.quota)
    return {
      ok: false,
      code: 'quota_exhausted',
      message: 'The request quota for this period is used up',
      retryAt,
    };
  if (t.quota !== null && (usage?.request_count ?? 0) + (usage?.reserved_requests ?? 0) + units > t.quota)
    return {
      ok: false,
      code: 'quota_exhausted',
      message: `The request quota for ${t.endpoint.path} this period is used up`,
      retryAt,
    };
  return null;
}

/** What a reservation of `units` calls holds: their whole cost, and as many quota requests if they count. */
export const reservationOf = (t: Terms, units: number): { credits: number; quota: number } => ({
  credits: t.cost * units,
  quota: t.affectsQuota ? units : 0,
});

/** A reservation as its ledger row holds it. */
interface Held {
  credits: number;
  affects_quota: number;
  units: number;
}

/**
 * What settling a reservation charges: for a success, the units answered (default all, at most those held)
 * at the held price per unit; nothing otherwise. What is not charged is released.
 */
export function settlementOf(
  held: Held,
  success: boolean,
  answered?: number,
): { units: number; credits: number; quota: number } {
  const units = success ? Math.max(0, Math.min(answered ?? held.units, held.units)) : 0;
  if (units === held.units) return { units, credits: held.credits, quota: held.affects_quota };
  return {
    units,
    credits: (held.credits / held.units) * units,
    quota: (held.affects_quota / held.units) * units,
  };
}

/** When a subscription made at `at` first renews. */
export const firstRenewal = (at: Date, period: QuotaPeriod): Date => periodStart(at, 1, period);

export const renewalDue = (sub: Pick<Standing, 'renews_at'>, at: Date): boolean =>
  at.getTime() >= Date.parse(sub.renews_at);

/** The period containing `at`, for a subscription whose period is due to renew (its counters start at 0). */
export function renewal(
  sub: Pick<Standing, 'anchor_at' | 'period_index'>,
  period: QuotaPeriod,
  at: Date,
): { index: number; start: string; renews: string } {
  const anchor = new Date(sub.anchor_at);
  const index = periodIndexAt(anchor, at, period, sub.period_index);
  return {
    index,
    start: periodStart(anchor, index, period).toISOString(),
    renews: periodStart(anchor, index + 1, period).toISOString(),
  };
}

/**
 * A move to a plan with a different period length re-anchors at the current period's start: the period and
 * its counts carry over, and the next renewal is one new period after that start.
 */
export const reanchoredRenewal = (lastRenewed: string, period: QuotaPeriod): string =>
  periodStart(new Date(lastRenewed), 1, period).toISOString();

/** The /usage answer: the period's totals and, for each endpoint the plan allows, its terms and counts. */
export function usageReport(
  sub: Standing,
  plan: Plan,
  catalogue: readonly MeteredEndpoint[],
  used: ReadonlyMap<string, EndpointCounts>,
): UsageResponse {
  const endpoints = catalogue
    .map((e) => termsFor(plan, e))
    .filter((t) => t.allowed)
    .map((t) => {
      const u = used.get(t.endpoint.name);
      return {
        name: t.endpoint.name,
        path: t.endpoint.path,
        method: t.endpoint.method,
        description: t.endpoint.description,
        affects_usage_plan_quota: t.affectsQuota,
        can_make_request: refusal(sub, plan, t, u) === null,
        credit_cost: t.cost,
        credits_used: u?.credits_used ?? 0,
        request_count: u?.request_count ?? 0,
        requests_remaining:
          t.quota === null
            ? null
            : Math.max(0, t.quota - (u?.request_count ?? 0) - (u?.reserved_requests ?? 0)),
      };
    });
  return {
    subscription: {
      last_renewed: sub.last_renewed,
      request_count: sub.request_count,
      quota_period: plan.quotaPeriod,
      quota: plan.quota,
      quota_used: sub.quota_used,
      requests_remaining:
        plan.quota === null ? null : Math.max(0, plan.quota - sub.quota_used - sub.quota_reserved),
      credit_limit: plan.creditLimit,
      credits_used: sub.credits_used,
      credits_remaining: Math.max(0, plan.creditLimit - sub.credits_used - sub.credits_reserved),
      renews_at: sub.renews_at,
    },
    endpoints,
  };
}
