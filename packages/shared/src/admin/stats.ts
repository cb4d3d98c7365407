import { z } from 'zod';

export const STATS_TIME_RANGES = ['today', '7days', '30days', '90days'] as const;
export type StatsTimeRange = (typeof STATS_TIME_RANGES)[number];

export const adminStatsInputSchema = z.object({ timeRange: z.enum(STATS_TIME_RANGES).default('30days') });
export type AdminStatsInput = z.infer<typeof adminStatsInputSchema>;

/** GET /api/admin/stats (admin spec §3, Admin stats). Revenue is in currency units (dollars), like the customer billing API. */
export const adminStatsSchema = z.object({
  users: z.object({ total: z.number().int(), new: z.number().int(), active: z.number().int() }),
  subscriptions: z.object({ totalRevenue: z.number(), activeSubscriptions: z.number().int() }),
  projects: z.object({ total: z.number().int(), today: z.number().int() }),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;
