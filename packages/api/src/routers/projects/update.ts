import { updateProject } from '@reelsmith/core';
import { projectSchema, updateProjectInputSchema } from '@reelsmith/shared';
import { protectedProcedure } from '../../trpc.ts';

/** REST: PUT /api/projects/{id} */
export const updateProcedure = protectedProcedure
  .meta({ summary: 'Save scenes, reel time and step; or the avatar-product choice', rest: { method: 'PUT', path: '/api/projects/{id}', access: 'customer', inputFrom: 'body', etag: true, ifMatch: 'expectedVersion' } })
  .input(updateProjectInputSchema)
  .output(projectSchema)
  .mutation(({ ctx, input }) => updateProject(ctx.deps, ctx.user.id, input));
