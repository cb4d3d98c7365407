import { z } from 'zod';

// The Overview's range (charts and cards): a preset window of whole UTC days ending today, or a custom
// range of two dates (UTC days, both included). docs/decisions.md "Overview charts".

export const OVERVIEW_PRESETS = ['today', '7d', '30d', '90d', '365d'] as const;
export type OverviewPreset = (typeof OVERVIEW_PRESETS)[number];

/** Days each preset covers, today included. */
export const overviewPresetDays: Record<OverviewPreset, number> = { today: 1, '7d': 7, '30d': 30, '90d': 90, '365d': 365 };

/** A custom range may cover at most two years (731 days, a leap day included). */
export const OVERVIEW_MAX_SPAN_DAYS = 731;

export const overviewRangeMessages = {
  badDate: 'Dates must be real calendar dates written YYYY-MM-DD.',
  bothDates: 'A custom range needs both a start date and an end date.',
  order: 'The start date must be on or before the end date.',
  tooLong: `A custom range can cover at most ${OVERVIEW_MAX_SPAN_DAYS} days (two years).`,
  future: 'The range cannot end in the future.',
} as const;

const DAY_MS = 86_400_000;
const isoDatePattern = /^\d{4}-\d{2}-\d{2}$/;

/** Midnight UTC of a YYYY-MM-DD date, or null when it is not a real calendar date. */
export function parseIsoDate(value: string): Date | null {
  if (!isoDatePattern.test(value)) return null;
  const date = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value ? null : date;
}

/** The UTC calendar date of an instant, YYYY-MM-DD. */
export function isoDateOf(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

/** The number of days from one date to another, both included. */
export function spanDays(from: Date, to: Date): number {
  return Math.round((to.getTime() - from.getTime()) / DAY_MS) + 1;
}

/**
 * Why a custom range cannot be used, or null when it can: both real dates, in order, at most two
 * years, not past today (the server's UTC date, which the date picker also uses as its limit).
 */
export function customRangeProblem(from: string, to: string, today: string): string | null {
  const start = parseIsoDate(from);
  const end = parseIsoDate(to);
  if (!start || !end) return overviewRangeMessages.badDate;
  if (start.getTime() > end.getTime()) return overviewRangeMessages.order;
  if (spanDays(start, end) > OVERVIEW_MAX_SPAN_DAYS) return overviewRangeMessages.tooLong;
  if (to > today) return overviewRangeMessages.future;
  return null;
}

export type OverviewBucket = 'day' | 'week' | 'month';

/** Days up to three months are charted per day, up to a year per week (Monday), longer per month. */
export function bucketForSpan(days: number): OverviewBucket {
  if (days <= 92) return 'day';
  if (days <= 366) return 'week';
  return 'month';
}

/** The whole UTC days a range covers: a preset ends today; a custom range is what it names. */
export function resolveOverviewRange(range: { preset: OverviewPreset } | { from: string; to: string }, today: string): { from: string; to: string } {
  if ('from' in range) return { from: range.from, to: range.to };
  const end = parseIsoDate(today)!;
  return { from: isoDateOf(new Date(end.getTime() - (overviewPresetDays[range.preset] - 1) * DAY_MS)), to: today };
}

const isoDateSchema = z.string().trim().max(10, overviewRangeMessages.badDate).refine((v) => parseIsoDate(v) !== null, overviewRangeMessages.badDate);

/**
 * ?range=30d, or ?from=YYYY-MM-DD&to=YYYY-MM-DD (a custom range wins over a preset). Order and span
 * are checked here; "not in the future" needs the server's clock and is checked by the service.
 */
export const overviewRangeInputSchema = z
  .object({
    range: z.enum(OVERVIEW_PRESETS, { error: `The range must be one of ${OVERVIEW_PRESETS.join(', ')}.` }).optional(),
    from: isoDateSchema.optional(),
    to: isoDateSchema.optional(),
  })
  .superRefine((value, ctx) => {
    if ((value.from === undefined) !== (value.to === undefined)) {
      ctx.addIssue({ code: 'custom', message: overviewRangeMessages.bothDates, path: [value.from === undefined ? 'from' : 'to'] });
      return;
    }
    if (value.from !== undefined && value.to !== undefined) {
      // Far-future "today": only order and span are judged here.
      const problem = customRangeProblem(value.from, value.to, '9999-12-31');
      if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['to'] });
    }
  });
export type OverviewRangeInput = z.input<typeof overviewRangeInputSchema>;

/** The range a parsed input names: the custom dates when given, else the preset (30 days by default). */
export function overviewRangeOf(input: z.output<typeof overviewRangeInputSchema>): { preset: OverviewPreset } | { from: string; to: string } {
  if (input.from !== undefined && input.to !== undefined) return { from: input.from, to: input.to };
  return { preset: input.range ?? '30d' };
}

export const overviewSeriesPointSchema = z.object({
  /** The bucket's first day (UTC), YYYY-MM-DD. */
  date: z.string(),
  signups: z.number().int(),
  /** Currency units (dollars), net of refunds. */
  revenue: z.number(),
  projects: z.number().int(),
  videos: z.number().int(),
});
export type OverviewSeriesPoint = z.infer<typeof overviewSeriesPointSchema>;

/** GET /api/admin/stats/series: one point per bucket, empty buckets as 0. */
export const overviewSeriesSchema = z.object({
  from: z.string(),
  to: z.string(),
  bucket: z.enum(['day', 'week', 'month']),
  points: z.array(overviewSeriesPointSchema),
});
export type OverviewSeries = z.infer<typeof overviewSeriesSchema>;
