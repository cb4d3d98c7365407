import { createProject } from '@reelsmith/core';
import { createProjectInputSchema, projectSchema } from '@reelsmith/shared';
import { protectedProcedure } from '../../trpc.ts';

/** REST: POST /api/projects */
export const createProcedure = protectedProcedure
  .meta({ summary: 'Start a project (checks the plan, quota and daily cap)', rest: { method: 'POST', path: '/api/projects', access: 'customer', inputFrom: 'body', successStatus: 201, location: '/api/projects/{id}' } })
  .input(createProjectInputSchema)
  .output(projectSchema)
  .mutation(({ ctx, input }) => createProject(ctx.deps, ctx.user.id, input));
