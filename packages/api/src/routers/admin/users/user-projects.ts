import { listAdminUserProjects } from '@reelsmith/core';
import { adminUserProjectsInputSchema, adminUserProjectsSchema } from '@reelsmith/shared';
import { adminReadProcedure } from '../../../trpc.ts';

/** REST: GET /api/admin/users/{userId}/projects — a customer's projects with signed final-video links. */
export const projects = adminReadProcedure
  .meta({ summary: "A customer's projects", rest: { method: 'GET', path: '/api/admin/users/{userId}/projects', access: 'admin', inputFrom: 'path' } })
  .input(adminUserProjectsInputSchema)
  .output(adminUserProjectsSchema)
  .query(({ ctx, input }) => listAdminUserProjects(ctx.deps, input.userId));
