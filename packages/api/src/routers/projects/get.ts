import { getProject } from '@reelsmith/core';
import { projectIdInputSchema, projectSchema } from '@reelsmith/shared';
import { protectedProcedure } from '../../trpc.ts';

/** REST: GET /api/projects/{id} */
export const getProcedure = protectedProcedure
  .meta({ summary: 'One of the customer’s projects', rest: { method: 'GET', path: '/api/projects/{id}', access: 'customer', inputFrom: 'path', etag: true } })
  .input(projectIdInputSchema)
  .output(projectSchema)
  .query(({ ctx, input }) => getProject(ctx.deps, ctx.user.id, input.id));
