import {
  customRangeProblem,
  isoDateOf,
  overviewRangeMessages,
  OVERVIEW_PRESETS,
  resolveOverviewRange,
  type AdminStatsInput,
  type OverviewPreset,
  type OverviewRangeInput,
  type StatsTimeRange,
} from '@reelsmith/shared';

// The Overview's one range (cards and charts), kept in the address: ?range=30d or ?from=YYYY-MM-DD&to=YYYY-MM-DD.

export type OverviewRange = { preset: OverviewPreset } | { from: string; to: string };

export const defaultOverviewRange: OverviewRange = { preset: '30d' };

export const CUSTOM_RANGE = 'custom';

export const overviewRangeOptions: readonly { value: OverviewPreset | typeof CUSTOM_RANGE; label: string }[] = [
  { value: 'today', label: 'Today' },
  { value: '7d', label: 'Last 7 days' },
  { value: '30d', label: 'Last 30 days' },
  { value: '90d', label: 'Last 90 days' },
  { value: '365d', label: 'Last year' },
  { value: CUSTOM_RANGE, label: 'Custom range' },
];

export function isOverviewPreset(value: string | null): value is OverviewPreset {
  return (OVERVIEW_PRESETS as readonly string[]).includes(value ?? '');
}

/** Today's date in UTC: the server counts whole UTC days, so the picker's last day is this one. */
export function utcToday(now = new Date()): string {
  return isoDateOf(now);
}

/**
 * The range the address names, and why a custom one was refused (then the default is used). A
 * missing or unknown ?range is the default without complaint.
 */
export function rangeFromSearch(params: URLSearchParams, today: string): { range: OverviewRange; problem: string | null } {
  const from = params.get('from');
  const to = params.get('to');
  if (from !== null || to !== null) {
    const problem = from && to ? customRangeProblem(from, to, today) : overviewRangeMessages.bothDates;
    return problem || !from || !to ? { range: defaultOverviewRange, problem } : { range: { from, to }, problem: null };
  }
  const preset = params.get('range');
  return { range: isOverviewPreset(preset) ? { preset } : defaultOverviewRange, problem: null };
}

/** The address's query for a range. */
export function rangeToSearch(range: OverviewRange): Record<string, string> {
  return 'from' in range ? { from: range.from, to: range.to } : { range: range.preset };
}

const statsPresets: Partial<Record<OverviewPreset, StatsTimeRange>> = { today: 'today', '7d': '7days', '30d': '30days', '90d': '90days' };

/** The cards' call: the spec's timeRange where one matches, else the range's dates. */
export function statsInputOf(range: OverviewRange, today: string): AdminStatsInput {
  const timeRange = 'preset' in range ? statsPresets[range.preset] : undefined;
  if (timeRange) return { timeRange };
  const days = resolveOverviewRange(range, today);
  return { timeRange: '30days', from: days.from, to: days.to };
}

/** The charts' call. */
export function seriesInputOf(range: OverviewRange): OverviewRangeInput {
  return 'from' in range ? { from: range.from, to: range.to } : { range: range.preset };
}
