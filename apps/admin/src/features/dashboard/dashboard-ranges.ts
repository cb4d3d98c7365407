import type { AnalyticsTimeRange } from '@reelsmith/shared';

// Spec §2/§9 analytics ranges, with the words the selector shows (the cards and charts use overview-range-state.ts).

export const analyticsRangeOptions: readonly { value: AnalyticsTimeRange; label: string }[] = [
  { value: 'week', label: 'Last week' },
  { value: 'month', label: 'Last month' },
  { value: '3months', label: 'Last 3 months' },
  { value: '6months', label: 'Last 6 months' },
  { value: 'year', label: 'Last year' },
];

export function isAnalyticsRange(value: string | null): value is AnalyticsTimeRange {
  return analyticsRangeOptions.some((option) => option.value === value);
}

/** Dashboard stats are refetched every 30 s (spec §9). */
export const statsRefreshMs = 30_000;
