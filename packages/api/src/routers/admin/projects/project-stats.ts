import { getAdminProjectStats } from '@reelsmith/core';
import { adminProjectStatsSchema } from '@reelsmith/shared';
import { adminReadProcedure } from '../../../trpc.ts';

/** REST: GET /api/admin/projects/stats — total, today's and completed projects. */
export const stats = adminReadProcedure
  .meta({ summary: 'Project counts', rest: { method: 'GET', path: '/api/admin/projects/stats', access: 'admin' } })
  .output(adminProjectStatsSchema)
  .query(({ ctx }) => getAdminProjectStats(ctx.deps));
