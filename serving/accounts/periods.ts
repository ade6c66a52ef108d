// Quota periods. Period n of a subscription starts n periods after its anchor; months keep the anchor's
// day of month and time, clamped to the month's last day (31 Jan → 28/29 Feb → 31 Mar), so they never drift.
export const QUOTA_PERIODS = ['month', 'week', 'day'] as const;
export type QuotaPeriod = (typeof QUOTA_PERIODS)[number];

const DAY_MS = 86_400_000;

export function periodStart(anchor: Date, n: number, period: QuotaPeriod): Date {
  if (period === 'day') return new Date(anchor.getTime() + n * DAY_MS);
  if (period === 'week') return new Date(anchor.getTime() + n * 7 * DAY_MS);
  const first = new Date(
    Date.UTC(
      anchor.getUTCFullYear(),
      anchor.getUTCMonth() + n,
      1,
      anchor.getUTCHours(),
      anchor.getUTCMinutes(),
      anchor.getUTCSeconds(),
      anchor.getUTCMilliseconds(),
    ),
  );
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(anchor.getUTCDate(), lastDay));
  return first;
}

/** The index of the period containing `at` (never before 0). */
export function periodIndexAt(anchor: Date, at: Date, period: QuotaPeriod, from = 0): number {
  let n = Math.max(0, from);
  while (periodStart(anchor, n + 1, period).getTime() <= at.getTime()) n++;
  return n;
}
