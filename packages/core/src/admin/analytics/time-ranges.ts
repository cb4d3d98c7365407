import type { AnalyticsTimeRange, StatsTimeRange } from '@reelsmith/shared';

const DAY_MS = 86_400_000;

/** Midnight UTC of the day `now` falls on: "today" means the server's UTC day. */
export function startOfUtcDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/** Where a dashboard stats range starts: today from UTC midnight, the others as rolling windows. */
export function statsRangeStart(range: StatsTimeRange, now: Date): Date {
  if (range === 'today') return startOfUtcDay(now);
  const days = range === '7days' ? 7 : range === '30days' ? 30 : 90;
  return new Date(now.getTime() - days * DAY_MS);
}

const analyticsDays: Record<AnalyticsTimeRange, number> = { week: 7, month: 30, '3months': 90, '6months': 180, year: 365 };

/** Where an analytics range starts: a rolling window of 7, 30, 90, 180 or 365 days. */
export function analyticsRangeStart(range: AnalyticsTimeRange, now: Date): Date {
  return new Date(now.getTime() - analyticsDays[range] * DAY_MS);
}

/** A rolling window of whole days ending now. */
export function daysAgo(now: Date, days: number): Date {
  return new Date(now.getTime() - days * DAY_MS);
}
