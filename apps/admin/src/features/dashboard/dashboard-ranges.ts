import type { AnalyticsTimeRange, StatsTimeRange } from '@reelsmith/shared';

// Spec §2/§9 dashboard ranges, with the words the selectors show.

export const statsRangeOptions: readonly { value: StatsTimeRange; label: string }[] = [
  { value: 'today', label: 'Today' },
  { value: '7days', label: 'Last 7 days' },
  { value: '30days', label: 'Last 30 days' },
  { value: '90days', label: 'Last 90 days' },
];

export const analyticsRangeOptions: readonly { value: AnalyticsTimeRange; label: string }[] = [
  { value: 'week', label: 'Last week' },
  { value: 'month', label: 'Last month' },
  { value: '3months', label: 'Last 3 months' },
  { value: '6months', label: 'Last 6 months' },
  { value: 'year', label: 'Last year' },
];

export function isStatsRange(value: string | null): value is StatsTimeRange {
  return statsRangeOptions.some((option) => option.value === value);
}

export function isAnalyticsRange(value: string | null): value is AnalyticsTimeRange {
  return analyticsRangeOptions.some((option) => option.value === value);
}

/** Dashboard stats are refetched every 30 s (spec §9). */
export const statsRefreshMs = 30_000;
