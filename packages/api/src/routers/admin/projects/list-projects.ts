import { listAdminProjects } from '@reelsmith/core';
import { adminProjectsListInputSchema, adminProjectsListSchema } from '@reelsmith/shared';
import { adminReadProcedure } from '../../../trpc.ts';

/** REST: GET /api/admin/projects — every customer's projects, searched and filtered, paged. */
export const list = adminReadProcedure
  .meta({ summary: 'All projects with status, visibility and owner', rest: { method: 'GET', path: '/api/admin/projects', access: 'admin', inputFrom: 'query' } })
  .input(adminProjectsListInputSchema)
  .output(adminProjectsListSchema)
  .query(({ ctx, input }) => listAdminProjects(ctx.deps, input));
