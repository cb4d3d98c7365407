import { z } from 'zod';
import { overviewRangeInputSchema } from './overview-range.ts';

export const STATS_TIME_RANGES = ['today', '7days', '30days', '90days'] as const;
export type StatsTimeRange = (typeof STATS_TIME_RANGES)[number];

/**
 * The spec's timeRange, or (an added choice) a custom range of two dates, YYYY-MM-DD, both included,
 * checked as the Overview charts check it; from/to win over timeRange.
 */
export const adminStatsInputSchema = z
  .object({ timeRange: z.enum(STATS_TIME_RANGES).default('30days'), from: overviewRangeInputSchema.shape.from, to: overviewRangeInputSchema.shape.to })
  .superRefine((value, ctx) => {
    const checked = overviewRangeInputSchema.safeParse({ from: value.from, to: value.to });
    if (!checked.success) for (const issue of checked.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
  });
export type AdminStatsInput = z.infer<typeof adminStatsInputSchema>;

/** GET /api/admin/stats (admin spec §3, Admin stats). Revenue is in currency units (dollars), like the customer billing API. */
export const adminStatsSchema = z.object({
  users: z.object({ total: z.number().int(), new: z.number().int(), active: z.number().int() }),
  subscriptions: z.object({ totalRevenue: z.number(), activeSubscriptions: z.number().int() }),
  projects: z.object({ total: z.number().int(), today: z.number().int() }),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;
