// Admission without a database: examples of an endpoint's terms under a plan, the refusals, what a
// reservation holds and a settlement charges, and when a period renews.
import { describe, expect, it } from 'vitest';
import {
  firstRenewal,
  reanchoredRenewal,
  refusal,
  renewal,
  renewalDue,
  reservationOf,
  settlementOf,
  termsFor,
  usageReport,
  type MeteredEndpoint,
  type Plan,
  type Standing,
} from '../../../serving/accounts/admission';

const endpoint = (name: string, creditCost: number, affectsUsagePlanQuota = true): MeteredEndpoint => ({
  name,
  method: 'GET',
  path: `/${name}`,
  description: name,
  creditCost,
  affectsUsagePlanQuota,
});
const epcs = endpoint('epcs', 10);
const usage = endpoint('usage', 0, false);

const plan = (p: Partial<Plan> = {}): Plan => ({
  id: 1,
  name: 'basic',
  creditLimit: 100,
  quota: null,
  quotaPeriod: 'month',
  endpoints: null,
  overrides: {},
  ...p,
});

/** A subscription anchored at 2026-01-31, in its first month, with nothing spent. */
const standing = (s: Partial<Standing> = {}): Standing => ({
  anchor_at: '2026-01-31T09:00:00.000Z',
  period_index: 0,
  last_renewed: '2026-01-31T09:00:00.000Z',
  renews_at: '2026-02-28T09:00:00.000Z',
  request_count: 0,
  quota_used: 0,
  credits_used: 0,
  quota_reserved: 0,
  credits_reserved: 0,
  ...s,
});

describe('terms', () => {
  it('are the catalogue defaults unless the plan overrides them', () => {
    expect(termsFor(plan(), epcs)).toMatchObject({
      allowed: true,
      cost: 10,
      affectsQuota: true,
      quota: null,
    });
    const cheap = plan({
      overrides: { epcs: { credit_cost: 2, quota: 5, affects_usage_plan_quota: false } },
    });
    expect(termsFor(cheap, epcs)).toMatchObject({ allowed: true, cost: 2, affectsQuota: false, quota: 5 });
  });

  it('a plan listing endpoints allows only those, and always usage and requests', () => {
    const narrow = plan({ endpoints: ['location'] });
    expect(termsFor(narrow, epcs).allowed).toBe(false);
    expect(termsFor(narrow, usage).allowed).toBe(true);
    expect(termsFor(narrow, endpoint('requests', 0)).allowed).toBe(true);
  });
});

describe('refusal', () => {
  const t = termsFor(plan(), epcs);

  it('admits while credits used plus held plus the cost stay within the limit', () => {
    expect(refusal(standing({ credits_used: 60, credits_reserved: 30 }), plan(), t, undefined)).toBeNull();
    expect(refusal(standing({ credits_used: 60, credits_reserved: 31 }), plan(), t, undefined)).toEqual({
      ok: false,
      code: 'credits_exhausted',
      message: 'Not enough credits left this period for /epcs (costs 10)',
      retryAt: new Date('2026-02-28T09:00:00.000Z'),
    });
  });

  it('a batch of units costs units × the price, and says so', () => {
    expect(refusal(standing({ credits_used: 50 }), plan(), t, undefined, 5)).toBeNull();
    expect(refusal(standing({ credits_used: 50 }), plan(), t, undefined, 6)).toMatchObject({
      code: 'credits_exhausted',
      message: 'Not enough credits left this period for 6 × /epcs (costs up to 60)',
    });
  });

  it('an endpoint outside the plan is refused with no time to retry at', () => {
    const narrow = plan({ endpoints: [] });
    expect(refusal(standing(), narrow, termsFor(narrow, epcs), undefined)).toEqual({
      ok: false,
      code: 'endpoint_not_in_plan',
      message: 'The basic plan does not include /epcs',
      retryAt: null,
    });
  });

  it('the plan quota counts requests used and held', () => {
    const quota3 = plan({ quota: 3, creditLimit: 1000 });
    const t3 = termsFor(quota3, epcs);
    expect(refusal(standing({ quota_used: 1, quota_reserved: 1 }), quota3, t3, undefined)).toBeNull();
    expect(refusal(standing({ quota_used: 2, quota_reserved: 1 }), quota3, t3, undefined)).toMatchObject({
      code: 'quota_exhausted',
      message: 'The request quota for this period is used up',
    });
    // An endpoint that does not count toward the quota is not held back by it.
    expect(refusal(standing({ quota_used: 3 }), quota3, termsFor(quota3, usage), undefined)).toBeNull();
  });

  it("an endpoint's own quota counts its requests and reservations", () => {
    const own = plan({ overrides: { epcs: { quota: 2 } } });
    const te = termsFor(own, epcs);
    const counts = { request_count: 1, credits_used: 10, reserved_requests: 0 };
    expect(refusal(standing(), own, te, counts)).toBeNull();
    expect(refusal(standing(), own, te, { ...counts, reserved_requests: 1 })).toMatchObject({
      code: 'quota_exhausted',
      message: 'The request quota for /epcs this period is used up',
    });
  });

  it('a free endpoint is never refused for credits', () => {
    expect(refusal(standing({ credits_used: 100 }), plan(), termsFor(plan(), usage), undefined)).toBeNull();
  });
});

describe('what a reservation holds and a settlement charges', () => {
  it('a reservation holds units × the cost, and the units as quota when the endpoint counts', () => {
    expect(reservationOf(termsFor(plan(), epcs), 4)).toEqual({ credits: 40, quota: 4 });
    expect(reservationOf(termsFor(plan(), usage), 1)).toEqual({ credits: 0, quota: 0 });
  });

  it('a success charges what was held; a failure charges nothing', () => {
    const held = { credits: 40, affects_quota: 4, units: 4 };
    expect(settlementOf(held, true)).toEqual({ units: 4, credits: 40, quota: 4 });
    expect(settlementOf(held, false)).toEqual({ units: 0, credits: 0, quota: 0 });
  });

  it('a partly answered batch charges the units answered, never more than were held', () => {
    const held = { credits: 40, affects_quota: 4, units: 4 };
    expect(settlementOf(held, true, 3)).toEqual({ units: 3, credits: 30, quota: 3 });
    expect(settlementOf(held, true, 9)).toEqual({ units: 4, credits: 40, quota: 4 });
    expect(settlementOf(held, true, -1)).toEqual({ units: 0, credits: 0, quota: 0 });
  });
});

describe('periods', () => {
  it('a monthly subscription made on 31 January first renews on the last day of February', () => {
    expect(firstRenewal(new Date('2026-01-31T09:00:00.000Z'), 'month').toISOString()).toBe(
      '2026-02-28T09:00:00.000Z',
    );
    expect(firstRenewal(new Date('2026-01-31T09:00:00.000Z'), 'week').toISOString()).toBe(
      '2026-02-07T09:00:00.000Z',
    );
  });

  it('is due from the renewal instant on', () => {
    expect(renewalDue(standing(), new Date('2026-02-28T08:59:59.999Z'))).toBe(false);
    expect(renewalDue(standing(), new Date('2026-02-28T09:00:00.000Z'))).toBe(true);
  });

  it('a renewal skips to the period containing the time, keeping the anchor day (31 Jan → 31 Mar)', () => {
    expect(renewal(standing(), 'month', new Date('2026-04-15T00:00:00.000Z'))).toEqual({
      index: 2,
      start: '2026-03-31T09:00:00.000Z',
      renews: '2026-04-30T09:00:00.000Z',
    });
  });

  it('a move to another period length re-anchors at the current period start', () => {
    expect(reanchoredRenewal('2026-03-31T09:00:00.000Z', 'day')).toBe('2026-04-01T09:00:00.000Z');
  });
});

describe('the usage report', () => {
  it('lists the allowed endpoints with what is left, counting what is held', () => {
    const p = plan({ quota: 10, endpoints: ['epcs'], overrides: { epcs: { quota: 4 } } });
    const sub = standing({
      request_count: 2,
      quota_used: 2,
      credits_used: 20,
      quota_reserved: 1,
      credits_reserved: 10,
    });
    const used = new Map([['epcs', { request_count: 2, credits_used: 20, reserved_requests: 1 }]]);
    const report = usageReport(sub, p, [epcs, endpoint('location', 5), usage], used);
    expect(report.subscription).toMatchObject({
      requests_remaining: 7,
      credits_remaining: 70,
      credits_used: 20,
    });
    expect(report.endpoints.map((e) => [e.name, e.requests_remaining, e.can_make_request])).toEqual([
      ['epcs', 1, true],
      ['usage', null, true],
    ]);
  });
});
