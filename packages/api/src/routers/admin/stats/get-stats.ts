import { getAdminStats } from '@reelsmith/core';
import { adminStatsInputSchema, adminStatsSchema } from '@reelsmith/shared';
import { adminReadProcedure } from '../../../trpc.ts';

/** REST: GET /api/admin/stats — the Overview cards for a range. */
export const get = adminReadProcedure
  .meta({ summary: 'Overview counts: users, revenue, subscriptions, projects', rest: { method: 'GET', path: '/api/admin/stats', access: 'admin', inputFrom: 'query' } })
  .input(adminStatsInputSchema)
  .output(adminStatsSchema)
  .query(({ ctx, input }) => getAdminStats(ctx.deps, input.timeRange, input.from !== undefined && input.to !== undefined ? { from: input.from, to: input.to } : undefined));
