import { getProjectFunnel } from '@reelsmith/core';
import { analyticsInputSchema, projectFunnelSchema } from '@reelsmith/shared';
import { adminReadProcedure } from '../../../trpc.ts';

/** REST: GET /api/admin/analytics/project-funnel — the six wizard steps over projects created in the range. */
export const projectFunnel = adminReadProcedure
  .meta({ summary: 'Six-step project funnel', rest: { method: 'GET', path: '/api/admin/analytics/project-funnel', access: 'admin', inputFrom: 'query' } })
  .input(analyticsInputSchema)
  .output(projectFunnelSchema)
  .query(({ ctx, input }) => getProjectFunnel(ctx.deps, input.timeRange));
